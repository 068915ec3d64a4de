"""The process the crash tests kill: plays duel games through GameService on a database.

    python tests/reliability/crash_child.py <database> <seed> [games]

``<database>`` is a SQLite file or a ``postgresql://`` URL. It resumes every open game
it finds, opens new ones until ``games`` are running, and plays random legal moves, one
action per ``GameService.play`` call: exactly the path the cogs use (load -> engine ->
version-checked commit). On PostgreSQL several of these processes share the games: each
picks its next game among all the open ones, so they race for the same moves and a
process whose move lost is refused. Lines it prints, each flushed:

    R                       ready: the store is open, play starts
    G <game>                a game was created and accepted (committed)
    B <game> <seq>          about to play the action with this sequence number
    C <game> <seq>          that action is committed (the "done" a player would see)
    E <game>                the game ended (committed)
    X <game> <seq>          that action was refused: the other process moved first
    T <verb>                a write transaction starts a statement (BEGIN, INSERT, UPDATE,
                            COMMIT...)

``FAMIGLIA_CRASH_JITTER_MS`` (test-only) sleeps a random 0..N ms before each SQL
statement of a write, so the parent's kills land inside transactions.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from datetime import timedelta
from typing import Any

from bot.services.games import GameService, Refusal
from bot.services.modes import DuelOptions
from db import GameRow, Store
from db.postgres_db import PgTx, PostgresDatabase, is_postgres_url
from engine.famiglia import Action, GameState

STRANGER = 999


def emit(line: str) -> None:
    """One whole line straight to the pipe: no buffer that a SIGKILL could lose or tear."""
    os.write(1, (line + "\n").encode())


def tracer(rng: random.Random, jitter_ms: float) -> object:
    reading = False  # inside a read snapshot (plain BEGIN ... COMMIT): not reported

    def trace(statement: str) -> None:
        nonlocal reading
        words = statement.split()
        verb = words[0].upper() if words else "?"
        if verb == "BEGIN" and len(words) == 1:
            reading = True
        elif reading:
            reading = verb != "COMMIT"
        elif verb in ("BEGIN", "INSERT", "UPDATE", "COMMIT", "ROLLBACK"):
            if jitter_ms > 0:
                time.sleep(rng.uniform(0, jitter_ms) / 1000)
            emit(f"T {verb}")

    return trace


def trace_postgres(rng: random.Random, jitter_ms: float) -> None:
    """The PostgreSQL store reports (and, with jitter, slows) each step of a write."""

    async def step(verb: str) -> None:
        if jitter_ms > 0:
            await asyncio.sleep(rng.uniform(0, jitter_ms) / 1000)
        emit(f"T {verb}")

    def traced_writer(write: Any) -> Any:
        async def traced_write(self: PostgresDatabase, fn: Any) -> Any:
            async def traced(tx: PgTx) -> Any:
                await step("BEGIN")
                out = await fn(tx)
                await step("COMMIT")  # the transaction commits as this returns
                return out

            return await write(self, traced)

        return traced_write

    # a plain move is one statement on its own (write_alone): BEGIN, the statement
    # (WITH), COMMIT mark its steps as they do a transaction's
    for writer in ("write", "write_alone"):
        setattr(PostgresDatabase, writer, traced_writer(getattr(PostgresDatabase, writer)))
    for name in ("execute", "executemany", "fetch", "fetchrow"):

        def wrap(original: Any) -> Any:
            async def traced(self: PgTx, sql: str, *args: object) -> Any:
                verb = sql.split()[0].upper()
                if verb in ("INSERT", "UPDATE", "WITH"):
                    await step(verb)
                return await original(self, sql, *args)

            return traced

        setattr(PgTx, name, wrap(getattr(PgTx, name)))


async def open_game(service: GameService, rng: random.Random) -> GameRow:
    a, b = rng.randrange(1, 10**6), rng.randrange(10**6, 2 * 10**6)
    channel = rng.randrange(1, 2**40)
    row = (
        await service.start(
            "duel",
            guild_id=1,
            channel_id=channel,
            players=(a, b),
            options=DuelOptions(names=("A", "B")),
        )
    ).game
    moved = await service.answer_challenge(row.id, b, "accept")
    emit(f"G {moved.game.id}")
    return moved.game


async def play_one(
    service: GameService, game: GameRow, rng: random.Random, shared: bool = False
) -> GameRow | None:
    """One random legal action by the seat to move; the game after it, None once over.
    ``shared``: other processes play the same games, so a refusal is a lost race."""
    state = GameState.from_json(game.state_json)
    user = game.players[state.current]

    def build(s: GameState) -> list[Action]:
        return [rng.choice(s.legal_actions())]

    if rng.random() < 0.05:  # now and then a stranger tries: refused, nothing written
        try:
            await service.play(game.id, STRANGER, None, build)
        except Refusal:
            pass
        else:
            raise AssertionError("a stranger's move was accepted")
    seq = game.action_count
    emit(f"B {game.id} {seq}")
    try:
        moved = await service.play(game.id, user, seq, build)
    except Refusal:
        if not shared:  # alone, nothing can have moved the game meanwhile
            raise
        emit(f"X {game.id} {seq}")
        return await service.game(game.id)
    emit(f"C {game.id} {seq}")
    if moved.ended:
        emit(f"E {game.id}")
        return None
    return moved.game


async def main(target: str, seed: int, games: int) -> None:
    rng = random.Random(seed)
    jitter = float(os.environ.get("FAMIGLIA_CRASH_JITTER_MS", "0"))
    shared = is_postgres_url(target)
    store = await Store.open(target)
    if shared:
        trace_postgres(random.Random(seed + 1), jitter)
    else:
        await store._conn.set_trace_callback(tracer(random.Random(seed + 1), jitter))
    service = GameService(
        store,
        turn_timeout=timedelta(hours=24),
        challenge_timeout=timedelta(minutes=10),
        clock=store._clock,
        rng=rng,
    )
    running = [g for g in await store.active_games() if g.status == "active"]
    emit("R")
    try:
        while True:
            if shared:  # the other processes' games too, as they stand now
                running = [g for g in await store.active_games() if g.status == "active"]
            while len(running) < games:
                running.append(await open_game(service, rng))
            i = rng.randrange(len(running))
            after = await play_one(service, running[i], rng, shared)
            if after is None or after.status != "active":
                running.pop(i)
            else:
                running[i] = after
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 3))
