"""The downtime grace given at start-up (the deadline that passed while the bot was down
moved an hour on) holds against a process still running with its copy of the game (a
rolling restart): that process's next step within the turn wrote the old deadline back,
and the player lost on time at the deadline the grace replaced."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest

from bot.services.games import GameService
from bot.services.modes import DuelOptions
from db import Store
from engine.famiglia import GameState
from tests.reliability.test_two_bots_one_database import (
    GUILD,
    TURN,
    Clock,
    same_turn_decision,
)

GRACE = timedelta(minutes=60)


@pytest.mark.parametrize("database", ["postgres", "sqlite"])
async def test_grace_given_at_start_up_survives_the_old_processes_next_decision(
    database: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    clock = Clock()
    url = (
        request.getfixturevalue("postgres_url")
        if database == "postgres"
        else str(tmp_path / "g.db")
    )
    old_store = await Store.open(url, clock=clock)
    old = GameService(
        old_store,
        turn_timeout=TURN,
        challenge_timeout=timedelta(minutes=10),
        clock=clock,
        rng=random.Random(1),
    )
    new_store = None
    try:
        moved = await old.start(
            "duel",
            guild_id=GUILD,
            channel_id=9,
            players=(11, 22),
            options=DuelOptions(names=("Ann", "Bob")),
        )
        game = (await old.answer_challenge(moved.game.id, 22, "accept")).game
        found = None
        for i in range(200):
            found = same_turn_decision(old, game)
            if found is not None:
                break
            state = GameState.from_json(game.state_json)
            action = random.Random(i).choice(state.legal_actions())
            game = (
                await old.play(
                    game.id, game.players[state.current], game.action_count, lambda s, a=action: [a]
                )
            ).game
        assert found is not None
        old_deadline = game.deadline
        clock.now = old_deadline - timedelta(minutes=10)  # the turn ends in 10 minutes
        # the new process of a rolling restart starts on the same database
        new_store = await Store.open(url, clock=clock)
        extended = await new_store.extend_deadlines(clock() + GRACE)
        assert extended == [game.id]
        told = await new_store.get_game(game.id)
        promised = told.deadline
        assert promised == clock() + GRACE, promised
        # the player, on the old process (it still serves the shard), decides within the turn
        mover = game.players[GameState.from_json(game.state_json).current]
        after = await old.play(game.id, mover, game.action_count, lambda s: [found])
        assert not after.turn_passed
        stored = await new_store.get_game(game.id)
        # the player was told they have until `promised`
        clock.now = old_deadline + timedelta(seconds=1)
        notices = await old.due()
        status = (await new_store.get_game(game.id)).status
        assert stored.deadline == promised and status == "active", (
            f"deadline written back to {stored.deadline} (promised {promised}); "
            f"at {clock.now} the game is {status} ({[n.kind for n in notices]})"
        )
    finally:
        await old_store.close()
        if new_store is not None:
            await new_store.close()
