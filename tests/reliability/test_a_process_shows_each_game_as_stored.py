"""Two processes on one PostgreSQL database and one game (a rolling restart: both serve
the game's shard for a while). Process A keeps the game it last wrote; process B moves
it on. What A then shows or offers (a hand, a counter window's prompt, the decisions
of ``/familybusiness play``, a repaired table) and which game a command in the channel
means are the game as stored, not A's old copy; a move A checks on its copy was already
safe (every write carries its version)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest

from bot.services.games import GameService, Moved
from bot.services.modes import DuelOptions
from bot.services.multi_games import MultiService
from bot.services.multi_rules import rules_of
from cogs.famiglia import FamigliaCog
from cogs.family_business.flows import FamilyBusinessFlows
from cogs.game_answers import Flows
from cogs.repair import TableRepair
from db import GameRow, Store
from engine.famiglia import GameState
from engine.family_business import GAME as FB

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GUILD = 1 << 22
ANN, BOB = 11, 22


class _Answers:
    """An interaction's response, as the flows use it: what was sent is listed."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: Any = None, **kwargs: Any) -> None:
        self.sent.append({"content": content, **kwargs})

    async def edit_message(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)


def _interaction(user_id: int, channel_id: int = 0) -> Any:
    answers = _Answers()
    return SimpleNamespace(
        user=SimpleNamespace(id=user_id),
        message=None,
        channel_id=channel_id,
        guild=None,
        response=answers,
        followup=SimpleNamespace(send=answers.send_message),
    )


@pytest.fixture
async def processes(postgres_url: str) -> AsyncIterator[tuple[GameService, GameService]]:
    """Processes A and B: each its own connections, locks and kept games."""
    stores = [await Store.open(postgres_url, clock=lambda: START) for _ in range(2)]
    services = tuple(
        GameService(
            store,
            turn_timeout=timedelta(hours=24),
            challenge_timeout=timedelta(minutes=10),
            clock=lambda: START,
            rng=random.Random(i),
        )
        for i, store in enumerate(stores)
    )
    yield services  # type: ignore[misc]
    for store in stores:
        await store.close()


async def _duel(service: GameService, channel: int) -> GameRow:
    moved = await service.start(
        "duel", guild_id=GUILD, channel_id=channel, players=(ANN, BOB),
        options=DuelOptions(names=("Ann", "Bob")),
    )  # fmt: skip
    return (await service.answer_challenge(moved.game.id, BOB, "accept")).game


async def _turn_passed(service: GameService, game: GameRow) -> GameRow:
    """``service`` plays the player to move until the turn passes: the game as stored."""
    rules = service.rules(game)
    for _ in range(50):
        state = GameState.from_json(game.state_json)
        passing = [a for a in state.legal_actions() if _passes(rules, state, a)]
        action = passing[0] if passing else state.legal_actions()[0]
        player = game.players[state.current]
        moved = await service.play(game.id, player, game.action_count, lambda s, a=action: [a])
        game = moved.game
        if passing:
            return game
    raise AssertionError("the turn never passed")


def _passes(rules: Any, state: GameState, action: Any) -> bool:
    after = rules.copy(state)
    rules.apply(after, action, state.current)
    return bool(rules.awaiting(after) != rules.awaiting(state))


async def test_a_hand_shows_no_moves_of_a_turn_another_process_played(processes) -> None:
    a, b = processes
    game = await _duel(a, 100)  # A started it: A keeps it
    first = GameState.from_json(game.state_json).current
    await _turn_passed(b, game)
    asked = _interaction(game.players[first])
    await Flows(None, a, 10).show_hand(asked, game.id)
    view = asked.response.sent[-1]["view"]
    ids = [c.custom_id for c in view.children if getattr(c, "custom_id", None)]
    assert len(ids) == 1  # no longer their turn: only the Update button


async def test_a_repair_draws_the_table_as_stored_not_as_kept(processes) -> None:
    a, b = processes
    game = await _duel(a, 101)
    stored = await _turn_passed(b, game)
    shown: list[Moved] = []

    async def show(moved: Moved) -> None:
        shown.append(moved)

    await TableRepair(a, show).show_stored(game.id)
    assert shown[0].game.version == stored.version


async def test_a_command_means_the_channels_game_as_stored(processes) -> None:
    a, b = processes
    old = await _duel(a, 102)  # A keeps it as the channel's open game
    await b.forfeit(old.id, ANN)  # in B: Ann gives up, and a new game begins there
    new = await _duel(b, 102)
    state = GameState.from_json(new.state_json)
    mover = new.players[state.current]
    flows = Flows(None, a, 10)
    shown: list[int] = []

    async def after_move(interaction: Any, moved: Moved) -> None:
        shown.append(moved.game.id)

    flows.tables.of = lambda game: SimpleNamespace(after_move=after_move)  # type: ignore[method-assign]
    cog = FamigliaCog(flows)
    assert (await cog._game_of(_interaction(mover, 102))).id == old.id  # A's copy: tried first
    assert (await cog._game_of(_interaction(mover, 102), stored=True)).id == new.id
    asked = _interaction(mover, 102)
    await cog._move(asked, "pass")  # the old game is over: the move goes to the new one
    assert asked.response.sent == [] and shown == [new.id]
    assert (await b.game(new.id)).action_count == new.action_count + 1


async def _family_business(service: GameService, channel: int) -> tuple[MultiService, GameRow]:
    multi = MultiService(
        service, window=timedelta(seconds=60), lobby_timeout=timedelta(minutes=15),
        rng=random.Random(channel),
    )  # fmt: skip

    async def decide(game: GameRow, state: Any, seat: int, strength: str) -> Any:
        return random.Random(game.action_count * 7 + seat).choice(FB.legal_actions(state, seat))

    multi.decide = decide
    lobby = await multi.open_lobby(GUILD, channel, ANN, "Ann", 4, "family_business")
    await multi.join(lobby.game.id, BOB, "Bob")
    await multi.add_ai(lobby.game.id, ANN, "easy")
    return multi, (await multi.start(lobby.game.id, ANN)).game


async def _until_a_window_asks_a_person(multi: MultiService, game_id: int) -> tuple[Any, int]:
    rng = random.Random(3)
    for _ in range(4000):
        game, state = await multi.load(game_id)
        assert game.status == "active"
        rules = rules_of(game.game)
        people = [s for s in FB.awaiting(state) if not game.seats[s].played_by_ai]
        if rules.window_open(state) and people:
            return state, people[0]
        if multi.ai_seat_awaited(game, state) is not None:
            await multi.ai_step(game_id)
            continue
        action = rng.choice(FB.legal_actions(state, people[0]))
        await multi.play(game_id, game.players[people[0]], FB.dump_action(action))
    raise AssertionError("no window asked a person")


async def test_a_window_another_process_opened_is_offered_here(processes) -> None:
    a, b = processes
    in_a, game = await _family_business(a, 600)  # A started it and keeps it
    in_b = MultiService(
        b, window=timedelta(seconds=60), lobby_timeout=timedelta(minutes=15),
        rng=random.Random(1),
    )  # fmt: skip
    in_b.decide = in_a.decide
    state, seat = await _until_a_window_asks_a_person(in_b, game.id)  # B plays on
    flows = FamilyBusinessFlows(None, in_a)  # type: ignore[arg-type]
    person = game.players[seat]
    asked = _interaction(person)
    await flows.show_window(asked, game.id, rules_of(game.game).moment(state))
    assert asked.response.sent[-1].get("view") is not None  # the prompt, not "closed"
    offered = await flows.decisions(game.id, person)
    assert len(offered) == len(FB.legal_actions(state, seat))
