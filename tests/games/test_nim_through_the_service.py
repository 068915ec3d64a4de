"""The toy Nim game plays whole games through the same GameService, store and turn timer
as Famiglia, with no Discord code: the game and its modes are registered by passing
them to the service, which reads every row through the engine's Game protocol.

Two-seat games run as the ``duel`` mode stores them (a two-person game with the turn
clock), three-seat games as ``multi`` (seats); both on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel

from bot.services.games import GameService, Refusal
from bot.services.mode_protocol import (
    GameMode,
    Lapse,
    ModeDefaults,
    Opening,
    Player,
    StartContext,
    StartOptions,
    loss_record,
    outcome_record,
)
from bot.services.replay import replay_state
from db.rows import GameRow, Mode, Reason, ResultRecord, Seat
from db.store import Store
from engine.game import Game, Outcome

from .toy_nim import NIM, NimOptions, NimState, NimTake

TURN = timedelta(minutes=5)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class NimStart(StartOptions):
    heaps: tuple[int, ...] = (3, 4, 5)


class NimMode(ModeDefaults):
    """Nim between people: timed turns, the sole taker of the last counter wins."""

    name: ClassVar[Mode] = "duel"
    game: ClassVar[str] = NIM.name
    Options: ClassVar[type[StartOptions]] = NimStart
    two_people: ClassVar[bool] = True
    dm_only: ClassVar[bool] = False
    busy: ClassVar[str] = "This channel has a game already."
    invalid: ClassVar[str] = "Heaps are numbers of counters."

    def game_options(self, options: StartOptions) -> BaseModel:
        assert isinstance(options, NimStart)
        return NimOptions(seats=len(options.names), heaps=options.heaps, first=0)

    async def refusal(
        self, context: StartContext, players: Sequence[int], channel_id: int, options: StartOptions
    ) -> str | None:
        if await context.store.active_game_in_channel(channel_id) is not None:
            return "This channel has a game already."
        return None

    def opening(
        self, context: StartContext, guild_id: int | None, awaiting: Sequence[int]
    ) -> Opening:
        return Opening("active", context.now + context.turn_timeout)

    def started(self, context: StartContext, players: Sequence[int]) -> None:
        return None

    def player(self, game: GameRow, seat: int) -> Player:
        return "person"

    def timed(self, game: GameRow, awaiting: Sequence[int]) -> bool:
        return True

    def in_dm(self, game: GameRow) -> bool:
        return False

    def scored(self, game: GameRow, state: Any, outcome: Outcome) -> ResultRecord:
        return outcome_record(outcome)

    def lost(self, game: GameRow, state: Any, seats: Sequence[int], reason: Reason) -> ResultRecord:
        return loss_record(len(game.players), seats, reason)


class NimAmongSeats(NimMode):
    """Nim for three or more: the game's seats are written as a ``multi`` game's."""

    name: ClassVar[Mode] = "multi"

    def opening(
        self, context: StartContext, guild_id: int | None, awaiting: Sequence[int]
    ) -> Opening:
        seats = tuple(Seat(user_id=100 + i, name=f"P{i}") for i in range(3))
        return Opening("active", context.now + context.turn_timeout, seats=seats)


GAMES: dict[str, Game[Any, Any]] = {NIM.name: NIM}
MODES: dict[str, GameMode] = {"duel": NimMode(), "multi": NimAmongSeats()}


@pytest.fixture(params=["sqlite", "postgresql"])
async def service(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameService]:
    target = str(tmp_path / "nim.db")
    if request.param == "postgresql":
        target = str(request.getfixturevalue("postgres_url"))
    clock = Clock()
    store = await Store.open(target, clock=clock)
    yield GameService(
        store,
        turn_timeout=TURN,
        challenge_timeout=TURN,
        clock=clock,
        rng=random.Random(7),
        games=GAMES,
        modes=MODES,
    )
    await store.close()


async def start(service: GameService, players: tuple[int, ...], mode: str = "duel") -> GameRow:
    names = tuple(f"P{i}" for i in range(len(players)))
    options = service.options(mode, names=names, heaps=(2, 3))
    moved = await service.start(mode, guild_id=1, channel_id=10, players=players, options=options)
    assert moved.game.game == "nim" and moved.game.status == "active"
    return moved.game


async def play_out(service: GameService, game: GameRow, rng: random.Random) -> GameRow:
    """Random legal takes by whoever is awaited, through the service, to the end."""
    while game.status == "active":
        _, state = await service.load(game.id)
        (seat,) = NIM.awaiting(state)
        take = rng.choice(list(NIM.legal_actions(state, seat)))
        moved = await service.play(
            game.id, game.players[seat], game.action_count, lambda _s, t=take: [t]
        )
        assert moved.game.action_count == game.action_count + 1
        game = moved.game
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_whole_nim_games_are_played_stored_and_scored_by_the_service(
    service: GameService, seed: int
):
    game = await play_out(service, await start(service, (11, 22)), random.Random(seed))
    assert game.status == "finished" and game.deadline is None
    log = [row.action_json for row in await service.store.action_log(game.id)]
    state: NimState = replay_state(game, log, GAMES, MODES)
    assert NIM.dump_state(state) == game.state_json  # the log replays to the stored state
    result = await service.store.get_result(game.id)
    assert result is not None and result.reason == "score"
    assert result.winner == state.winner == state.log[-1]  # who took the last counter


async def test_a_three_seat_nim_game_is_played_to_its_placing(service: GameService):
    game = await start(service, (100, 101, 102), mode="multi")
    assert len(game.seats) == 3
    game = await play_out(service, game, random.Random(4))
    state = service.state_of(game)
    result = await service.store.get_result(game.id)
    assert result is not None and result.winner == state.winner
    assert result.places[state.winner] == 1 and sorted(result.places) == [1, 2, 2]


async def test_a_move_out_of_turn_or_against_the_rules_is_refused_and_changes_nothing(
    service: GameService,
):
    game = await start(service, (11, 22))
    with pytest.raises(Refusal, match="not your turn"):
        await service.play(game.id, 22, 0, lambda _s: [NimTake(heap=0, count=1)])
    with pytest.raises(Refusal, match="does not hold so many"):
        await service.play(game.id, 11, 0, lambda _s: [NimTake(heap=0, count=3)])
    with pytest.raises(Refusal, match="not playing"):
        await service.play(game.id, 33, 0, lambda _s: [NimTake(heap=0, count=1)])
    stored = await service.store.get_game(game.id)
    assert stored is not None and stored.version == game.version and stored.action_count == 0


async def test_the_turn_timer_ends_a_nim_game_whose_seat_awaited_ran_out_of_time(
    service: GameService,
):
    game = await start(service, (11, 22))
    moved = await service.play(game.id, 11, 0, lambda _s: [NimTake(heap=0, count=1)])
    assert moved.turn_passed and moved.game.deadline == service.clock() + TURN
    assert await service.due() == []  # not yet
    clock = service.clock
    assert isinstance(clock, Clock)
    clock.now += TURN + timedelta(seconds=1)
    (notice,) = [n for n in await service.due() if n.kind == "timeout"]
    assert notice.moved.ended and notice.moved.game.status == "forfeited"
    result = await service.store.get_result(game.id)
    assert result is not None and result.reason == "timeout" and result.winner == 0


class NimRounds(NimAmongSeats):
    """Nim for three whose log names each action's seat, which passes a silent seat's
    turn with the smallest take instead of ending the game, and whose controls carry
    the counters left (the mode's moment)."""

    seated_log: ClassVar[bool] = True

    def reminds(self, state: NimState) -> bool:
        return False

    def moment(self, state: NimState) -> int | None:
        return sum(state.heaps)

    def gives_up(self, game: GameRow, state: NimState, seat: int) -> Lapse:
        """A person who gives up hands their seat to a program; the others play on."""
        seats = list(game.seats)
        seats[seat] = seats[seat].model_copy(update={"ai": "easy"})
        return Lapse(seats=tuple(seats), actor=game.players[seat])

    def lapse(self, game: GameRow, state: NimState, awaiting: Sequence[int]) -> Lapse:
        heap = next(h for h, n in enumerate(state.heaps) if n)
        return Lapse(moves=tuple((seat, NimTake(heap=heap, count=1)) for seat in awaiting))


def rounds(service: GameService) -> GameService:
    return service.sharing({"multi": NimRounds()})


async def test_a_mode_whose_log_names_seats_replays_from_it(service: GameService):
    """A log entry names the seat that acted (several may be awaited at once)."""
    nim = rounds(service)
    game = await play_out(nim, await start(nim, (100, 101, 102), mode="multi"), random.Random(2))
    log = [row.action_json for row in await nim.store.action_log(game.id)]
    first = json.loads(log[0])
    assert set(first) == {"seat", "action"} and first["action"].keys() == {"heap", "count"}
    state = replay_state(game, log, GAMES, {"multi": NimRounds()})
    assert NIM.dump_state(state) == game.state_json
    assert len((await nim.replayed(game)).events(len(log))) == len(log)


async def test_at_the_deadline_the_mode_plays_the_silent_seat_and_the_game_goes_on(
    service: GameService,
):
    nim = rounds(service)
    game = await start(nim, (100, 101, 102), mode="multi")
    clock = nim.clock
    assert isinstance(clock, Clock)
    clock.now += TURN + timedelta(seconds=1)
    (notice,) = await nim.due()
    moved = notice.moved
    assert notice.kind == "timeout" and not moved.ended and moved.game.status == "active"
    assert moved.game.action_count == 1 and moved.turn_passed
    assert moved.game.deadline == clock.now + TURN and moved.game.reminder_at is None
    assert await service.store.get_result(game.id) is None


async def test_a_control_drawn_for_an_earlier_moment_is_refused(service: GameService):
    nim = rounds(service)
    game = await start(nim, (100, 101, 102), mode="multi")
    _, state = await nim.load(game.id)
    (seat,) = NIM.awaiting(state)
    take = [NimTake(heap=0, count=1)]
    with pytest.raises(Refusal, match="earlier moment"):
        await nim.play(game.id, game.players[seat], None, lambda _s: take, moment=4)
    moved = await nim.play(game.id, game.players[seat], None, lambda _s: take, moment=5)
    assert moved.game.action_count == 1


async def test_a_service_for_other_modes_shares_the_locks_and_the_kept_games(
    service: GameService,
):
    nim = rounds(service)
    game = await start(service, (100, 101, 102), mode="multi")
    assert nim.lock(game.id) is service.lock(game.id)
    moved = await nim.play(game.id, 100, 0, lambda _s: [NimTake(heap=0, count=1)])
    kept, _ = await service.load(game.id)
    assert kept.version == moved.game.version  # what one wrote, the other reads


async def test_a_program_decides_outside_the_lock_and_thinks_again_after_a_change(
    service: GameService,
):
    game = await start(service, (11, 22))
    thought: list[int] = []

    def awaited(row: GameRow, state: NimState) -> int | None:
        return NIM.awaiting(state)[0] if row.status == "active" else None

    async def think(row: GameRow, state: NimState, seat: int) -> NimTake:
        thought.append(seat)
        if len(thought) == 1:  # a person moves while the program thinks
            await service.play(game.id, 11, None, lambda _s: [NimTake(heap=0, count=1)])
        return NimTake(heap=1, count=1)

    moved = await service.decided(game.id, awaited, think)
    assert moved is not None and thought == [0, 1]  # thought again for the seat now awaited
    assert moved.game.action_count == 2
    log = await service.store.action_log(game.id)
    assert [row.actor for row in log] == [11, 0]  # committed as the program's
    assert await service.decided(game.id, lambda _r, _s: None, think) is None


async def test_a_mode_may_go_on_without_a_person_who_gives_up(service: GameService):
    nim = rounds(service)
    game = await start(nim, (100, 101, 102), mode="multi")
    moved = await nim.forfeit(game.id, 101)
    assert not moved.ended and moved.game.status == "active"
    assert moved.game.seats[1].played_by_ai and not moved.game.seats[0].played_by_ai
    assert await service.store.get_result(game.id) is None
