"""Two processes on one PostgreSQL database (a rolling restart: both serve the shard).
Process A keeps the game as it last wrote it; process B changes it. A click that A then
decides (a Family Business lobby's Join, Leave, Add or Remove AI, Start or Cancel; a
person leaving a started Family Business game; a Famiglia forfeit or challenge answer)
is decided again on the game as stored, so the user sees what the game says: done, or
the game's own reason.

Before, only a move was decided again: the others were refused with "That move is no
longer possible: the game changed a moment ago." although nothing raced the click (or
with the old copy's reason, e.g. "You have no seat in this lobby." to someone who had
joined through B). A second refusal stands: that is a real race."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.services.games import CONFLICT, GameService
from bot.services.modes import DuelOptions
from bot.services.multi_games import MultiService
from bot.services.reads import Refusal
from db import GameRow, Store
from db.rows import ROBOT
from engine.famiglia import GameState
from engine.family_business import GAME as FB

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GUILD = 1 << 22
ANN, BOB, CY, DEE = 11, 22, 33, 44
FAMILY_BUSINESS = "family_business"


def _multi(service: GameService, seed: int) -> MultiService:
    multi = MultiService(
        service,
        window=timedelta(seconds=60),
        lobby_timeout=timedelta(minutes=15),
        rng=random.Random(seed),
    )

    async def decide(game: GameRow, state: Any, seat: int, strength: str) -> Any:
        return random.Random(game.action_count * 7 + seat).choice(FB.legal_actions(state, seat))

    multi.decide = decide
    return multi


@pytest.fixture
async def processes(postgres_url: str) -> AsyncIterator[tuple[MultiService, MultiService]]:
    """Processes A and B (their Family Business services; ``.base`` the game service):
    each its own connections, locks and kept games."""
    stores = [await Store.open(postgres_url, clock=lambda: START) for _ in range(2)]
    services = [
        GameService(
            store,
            turn_timeout=timedelta(hours=24),
            challenge_timeout=timedelta(minutes=10),
            clock=lambda: START,
            rng=random.Random(i),
        )
        for i, store in enumerate(stores)
    ]
    yield _multi(services[0], 10), _multi(services[1], 11)
    for store in stores:
        await store.close()


async def _lobby_kept_by_a(a: MultiService, channel: int) -> int:
    """A lobby of Ann and Bob that A opened and last wrote (A keeps it)."""
    lobby = await a.open_lobby(GUILD, channel, ANN, "Ann", 4, FAMILY_BUSINESS)
    await a.join(lobby.game.id, BOB, "Bob")
    return lobby.game.id


async def test_a_join_after_a_join_through_the_other_process_takes_its_seat(processes) -> None:
    a, b = processes
    game_id = await _lobby_kept_by_a(a, 700)
    await b.join(game_id, CY, "Cy")
    joined = await a.join(game_id, DEE, "Dee")  # nothing races this click
    assert [s.user_id for s in joined.game.seats] == [ANN, BOB, CY, DEE]


async def test_a_person_who_joined_through_the_other_process_can_leave(processes) -> None:
    a, b = processes
    game_id = await _lobby_kept_by_a(a, 701)
    await b.join(game_id, CY, "Cy")
    left = await a.leave_lobby(game_id, CY)  # A's copy has no seat of Cy's
    assert [s.user_id for s in left.game.seats] == [ANN, BOB]


async def test_the_host_adds_and_removes_ai_seats_after_the_other_process_wrote(
    processes,
) -> None:
    a, b = processes
    game_id = await _lobby_kept_by_a(a, 702)
    await b.join(game_id, CY, "Cy")
    added = await a.add_ai(game_id, ANN, "hard")
    assert [s.user_id for s in added.game.seats] == [ANN, BOB, CY, ROBOT]
    await b.leave_lobby(game_id, BOB)
    removed = await a.remove_ai(game_id, ANN)
    assert [s.user_id for s in removed.game.seats] == [ANN, CY]


async def test_the_host_starts_with_the_seats_taken_through_the_other_process(
    processes,
) -> None:
    a, b = processes
    game_id = await _lobby_kept_by_a(a, 703)
    await b.join(game_id, CY, "Cy")
    started = await a.start(game_id, ANN)
    assert started.game.status == "active" and started.game.players == (ANN, BOB, CY)


async def test_the_host_cancels_after_the_other_process_wrote(processes) -> None:
    a, b = processes
    game_id = await _lobby_kept_by_a(a, 704)
    await b.join(game_id, CY, "Cy")
    cancelled = await a.cancel(game_id, ANN)
    assert cancelled.ended and cancelled.game.status == "cancelled"


async def test_a_join_of_a_lobby_the_other_process_closed_says_it_is_closed(processes) -> None:
    a, b = processes
    game_id = await _lobby_kept_by_a(a, 705)
    await b.cancel(game_id, ANN)
    with pytest.raises(Refusal) as refused:
        await a.join(game_id, CY, "Cy")
    assert "lobby is closed" in str(refused.value)


async def test_a_person_leaves_a_game_the_other_process_moved_on(processes) -> None:
    a, b = processes
    game_id = await _lobby_kept_by_a(a, 706)
    await a.join(game_id, CY, "Cy")
    game = (await a.start(game_id, ANN)).game  # A keeps the game as dealt
    _, state = await b.load(game_id)
    seat = FB.awaiting(state)[0]
    action = FB.legal_actions(state, seat)[0]
    await b.play(game_id, game.players[seat], FB.dump_action(action))  # B moves it on
    leaver = next(p for i, p in enumerate(game.players) if i != seat)
    left = await a.leave(game_id, leaver)
    stored = await b.base.game(game_id)
    assert stored.version == left.game.version
    assert stored.seats[game.players.index(leaver)].left_place is not None


async def _duel_kept_by_a(a: GameService, channel: int) -> GameRow:
    moved = await a.start(
        "duel",
        guild_id=GUILD,
        channel_id=channel,
        players=(ANN, BOB),
        options=DuelOptions(names=("Ann", "Bob")),
    )
    return (await a.answer_challenge(moved.game.id, BOB, "accept")).game


async def test_a_forfeit_after_the_other_process_moved_gives_the_game_up(processes) -> None:
    (a, b) = (processes[0].base, processes[1].base)
    game = await _duel_kept_by_a(a, 707)
    state = GameState.from_json(game.state_json)
    mover = game.players[state.current]
    await b.play(game.id, mover, game.action_count, lambda s: [s.legal_actions()[-1]])
    done = await a.forfeit(game.id, ANN)
    assert done.game.status == "forfeited" and done.ended


async def test_an_answer_to_a_challenge_the_other_process_closed_says_it_is_closed(
    processes,
) -> None:
    (a, b) = (processes[0].base, processes[1].base)
    moved = await a.start(
        "duel",
        guild_id=GUILD,
        channel_id=708,
        players=(ANN, BOB),
        options=DuelOptions(names=("Ann", "Bob")),
    )
    await a.load(moved.game.id)  # A keeps the challenge
    await b.answer_challenge(moved.game.id, ANN, "cancel")
    with pytest.raises(Refusal) as refused:
        await a.answer_challenge(moved.game.id, BOB, "accept")
    assert str(refused.value) == "That challenge is no longer open."


async def test_a_click_that_really_races_twice_is_refused_after_one_more_try(
    processes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each time A writes, B has written just before: A decides twice, then says so."""
    a, b = processes
    game_id = await _lobby_kept_by_a(a, 709)
    real = a.store.set_status
    newcomers = [(CY, "Cy"), (DEE, "Dee")]
    tries: list[int] = []

    async def raced(game_id: int, **changes: Any) -> GameRow:
        tries.append(changes["expected_version"])
        if newcomers:
            await b.join(game_id, *newcomers.pop(0))
        return await real(game_id, **changes)

    monkeypatch.setattr(a.store, "set_status", raced)
    with pytest.raises(Refusal) as refused:
        await a.add_ai(game_id, ANN, "easy")
    assert str(refused.value) == CONFLICT
    assert len(tries) == 2 and tries[1] > tries[0]  # once more, on the game as stored
    seats = (await b.base.game(game_id)).seats
    assert [s.user_id for s in seats] == [ANN, BOB, CY, DEE]  # B's joins stand; no AI
