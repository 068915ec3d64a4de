"""Two bot processes on one PostgreSQL database: the database decides every race.

Each "process" here is its own GameService with its own store (its own connection
pool) and its own in-process locks, so nothing in memory keeps them apart: a move both
make at once is stored once and refused once with a clear message, a deadline both
timers see is acted on once, a reminder is sent once. States stay equal to their
replayed logs throughout.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.services.games import CONFLICT, STALE, GameService, Moved, Notice, Refusal
from bot.services.modes import DuelOptions
from bot.services.replay import replay_state
from db import GameRow, Store
from engine.famiglia import Action, GameState

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TURN = timedelta(hours=24)
GUILD = 1 << 22


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def bots(postgres_url: str) -> AsyncIterator[tuple[GameService, GameService, Clock]]:
    clock = Clock()
    stores = [await Store.open(postgres_url, clock=clock) for _ in range(2)]
    services = [
        GameService(
            s,
            turn_timeout=TURN,
            challenge_timeout=timedelta(minutes=10),
            clock=clock,
            rng=random.Random(i),
        )
        for i, s in enumerate(stores)
    ]
    yield services[0], services[1], clock
    for s in stores:
        await s.close()


async def started(bot: GameService, channel: int) -> GameRow:
    options = DuelOptions(names=("Ann", "Bob"))
    moved = await bot.start(
        "duel", guild_id=GUILD, channel_id=channel, players=(11, 22), options=options
    )
    row = moved.game
    return (await bot.answer_challenge(row.id, 22, "accept")).game


async def check_replays(bot: GameService, game_id: int) -> GameRow:
    game = await bot.game(game_id)
    log = [a.action_json for a in await bot.store.action_log(game_id)]
    assert [a.seq for a in await bot.store.action_log(game_id)] == list(range(len(log)))
    assert replay_state(game, log).to_json() == game.state_json
    return game


async def test_the_same_move_from_two_processes_is_stored_once(bots) -> None:
    a, b, _ = bots
    game = await started(a, 100)
    refusals: list[str] = []
    for _ in range(30):
        state = GameState.from_json(game.state_json)
        if state.over:
            break
        user, seq = game.players[state.current], game.action_count
        rng_seed = random.random()

        def build(s: GameState, seed: float = rng_seed) -> list[Action]:
            return [random.Random(seed).choice(s.legal_actions())]

        outcomes = await asyncio.gather(
            a.play(game.id, user, seq, build), b.play(game.id, user, seq, build),
            return_exceptions=True,
        )  # fmt: skip
        moved = [o for o in outcomes if isinstance(o, Moved)]
        refused = [o for o in outcomes if isinstance(o, Refusal)]
        assert len(moved) == 1 and len(refused) == 1, outcomes
        refusals.append(str(refused[0]))
        game = await check_replays(a, game.id)
        assert game.action_count == seq + 1 and game == moved[0].game
    # the double of a move that ended the game is told so
    assert refusals and set(refusals) <= {STALE, CONFLICT, "That game is over."}


async def test_a_deadline_both_timers_see_is_acted_on_once(bots) -> None:
    a, b, clock = bots
    games = [await started(a, 200 + i) for i in range(6)]
    clock.now = START + TURN / 2 + timedelta(seconds=1)
    reminders = await asyncio.gather(a.due(), b.due())
    assert sorted(n.moved.game.id for ns in reminders for n in ns) == [g.id for g in games]
    clock.now = START + TURN + timedelta(seconds=1)
    timeouts: list[list[Notice]] = await asyncio.gather(a.due(), b.due())
    assert sorted(n.moved.game.id for ns in timeouts for n in ns) == [g.id for g in games]
    assert {n.kind for ns in timeouts for n in ns} == {"timeout"}
    for game in games:
        after = await check_replays(b, game.id)
        assert after.status == "forfeited" and after.version == game.version + 1
        assert (await b.store.get_result(game.id)).reason == "timeout"
    assert await a.due() == [] and await b.due() == []


async def test_a_move_racing_the_other_processes_timer_gives_one_outcome(bots) -> None:
    a, b, clock = bots
    games = [await started(a, 300 + i) for i in range(8)]
    clock.now = START + TURN  # due at this very instant, and the player moves now

    def first_legal(s: GameState) -> list[Action]:
        return [s.legal_actions()[0]]

    async def move(game: GameRow) -> Moved | Refusal:
        state = GameState.from_json(game.state_json)
        try:
            return await a.play(
                game.id, game.players[state.current], game.action_count, first_legal
            )
        except Refusal as refusal:
            return refusal

    moves = await asyncio.gather(*(move(g) for g in games), b.due())
    timed_out = moves[-1]
    # reminders may go out as well; only a timeout decides a game
    notices = {n.moved.game.id for n in timed_out if n.kind == "timeout"}  # type: ignore[union-attr]
    for game, outcome in zip(games, moves[:-1], strict=True):
        after = await check_replays(a, game.id)
        assert (after.status == "forfeited") == (game.id in notices)
        if isinstance(outcome, Moved):  # the move came first
            assert after.action_count == 1
            if outcome.turn_passed:  # the next turn has a fresh clock: nobody timed out
                assert after.status == "active"
            # else the same turn went on, its clock still ran out: a timeout after the move
        else:  # the timeout came first: the move is refused, the game is over
            assert str(outcome) in (STALE, CONFLICT, "That game is over.")
            assert after.status == "forfeited" and after.action_count == 0


def counting_reads(store: Store) -> list[str]:
    """Record the name of every read this store is asked for from now on."""
    reads: list[str] = []
    for name in ("get_game", "action_log", "active_games", "get_result"):
        original = getattr(store, name)

        async def counted(*args: object, _name: str = name, _original=original, **kw: object):
            reads.append(_name)
            return await _original(*args, **kw)

        setattr(store, name, counted)
    return reads


def pick(seed: float):
    def build(s: GameState) -> list[Action]:
        return [random.Random(seed).choice(s.legal_actions())]

    return build


async def test_a_move_on_a_game_this_process_knows_reads_nothing(bots) -> None:
    a, _, _ = bots
    game = await started(a, 400)
    reads = counting_reads(a.store)
    for i in range(20):
        state = GameState.from_json(game.state_json)
        if state.over:
            break
        game = (await a.play(game.id, game.players[state.current], game.action_count, pick(i))).game
    assert reads == []
    await check_replays(a, game.id)


async def test_a_game_the_other_process_moved_is_read_again_not_refused(bots) -> None:
    a, b, _ = bots
    game = await started(a, 500)
    await a.load(game.id)  # a keeps the game at this version
    state = GameState.from_json(game.state_json)
    moved = await b.play(game.id, game.players[state.current], game.action_count, pick(1))
    # a's kept copy is now behind; the next player's fresh button still works through a
    now = moved.game
    seat = GameState.from_json(now.state_json).current
    again = await a.play(now.id, now.players[seat], now.action_count, pick(2))
    assert again.game.version == now.version + 1
    # and the button drawn before b's move is refused as stale, on the stored game
    with pytest.raises(Refusal, match="earlier moment"):
        await a.play(now.id, now.players[seat], game.action_count, pick(3))
    await check_replays(a, game.id)


def same_turn_decision(bot: GameService, game: GameRow) -> Action | None:
    """A decision of the player to move after which the same player decides again."""
    rules = bot.rules(game)
    state = GameState.from_json(game.state_json)
    for action in state.legal_actions():
        after = rules.copy(state)
        rules.apply(after, action, state.current)
        if not rules.is_over(after) and rules.awaiting(after) == rules.awaiting(state):
            return action
    return None


@pytest.mark.parametrize("database", ["postgres", "sqlite"])
async def test_a_turns_reminder_is_sent_once_when_the_other_process_moves_within_the_turn(
    database: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Process A claims the half-time reminder; process B, whose copy of the game predates
    the claim (claiming bumps no version), then commits a decision within the same turn:
    the reminder stays sent, and A's timer does not send it again."""
    clock = Clock()
    url = (
        request.getfixturevalue("postgres_url")
        if database == "postgres"
        else str(tmp_path / "g.db")
    )
    stores = [await Store.open(url, clock=clock) for _ in range(2)]
    a, b = (
        GameService(s, turn_timeout=TURN, challenge_timeout=timedelta(minutes=10), clock=clock,
                    rng=random.Random(i))
        for i, s in enumerate(stores)
    )  # fmt: skip
    try:
        game = await started(a, 300)
        for i in range(200):  # moves until the player to move has a decision within the turn
            found = same_turn_decision(a, game)
            if found is not None:
                break
            state = GameState.from_json(game.state_json)
            action = random.Random(i).choice(state.legal_actions())
            game = (
                await a.play(game.id, game.players[state.current], game.action_count,
                             lambda s, action=action: [action])
            ).game  # fmt: skip
        assert found is not None and game.deadline is not None
        await b.load(game.id)  # B knows the game too (two processes, e.g. a rolling restart)
        clock.now = game.deadline - TURN / 2 + timedelta(minutes=1)
        assert [n.kind for n in await a.due()] == ["reminder"]
        mover = game.players[GameState.from_json(game.state_json).current]
        moved = await b.play(game.id, mover, game.action_count, lambda s: [found])
        assert not moved.turn_passed
        clock.now += timedelta(minutes=1)
        assert [n.kind for n in await a.due()] == [] and [n.kind for n in await b.due()] == []
    finally:
        for s in stores:
            await s.close()


async def test_a_table_the_other_process_posted_again_is_the_one_edited(bots) -> None:
    """A rolling restart: the new process posts a game's table again (``/famiglia board``)
    while the old one still answers moves. The old one edits the table the move's row
    names, not the one it had set itself, which is now a link to the new one."""
    a, b, _ = bots
    game = await started(a, 600)
    await a.records.set_table_message(game.id, 600, 71)
    assert await a.records.table_message_id(game) == 71  # an older read: what a set
    await b.records.set_table_message(game.id, 600, 72)
    state = GameState.from_json(game.state_json)
    moved = await a.play(game.id, game.players[state.current], game.action_count, pick(1))
    assert await a.records.table_message_id(moved.game) == 72
    assert await a.records.table_message_id(game) == 72  # a read older than b's post
    await a.records.set_table_message(game.id, 600, 73)  # and a posts once more
    assert await a.records.table_message_id(moved.game) == 73
    state = GameState.from_json(moved.game.state_json)
    user = moved.game.players[state.current]
    again = await b.play(game.id, user, moved.game.action_count, pick(2))
    assert await b.records.table_message_id(again.game) == 73  # b's move reads a's post
