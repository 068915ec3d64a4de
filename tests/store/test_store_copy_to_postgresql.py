"""``python -m bot migrate --to postgresql://…``: a SQLite database with played games,
results and ratings moves into an empty PostgreSQL database whole, checked by replay;
a database that is not empty, or a game that does not replay, keeps the target empty."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from bot.__main__ import main
from db import ResultRecord, Store
from engine.famiglia import dump_action, new_game, result

from .hand_clock import FakeClock


async def _play(store: Store, players: tuple[int, int], seed: int, moves: int | None) -> int:
    """A duel played with random legal actions: to its end (``moves`` None) or ``moves``
    moves in. Each action is committed as the bot commits a move."""
    rng = random.Random(seed)
    state = new_game(seed, mode="duel")
    game = await store.create_game(
        mode="duel",
        guild_id=7,
        channel_id=5000 + seed,
        players=players,
        seed=seed,
        state_json=state.to_json(),
        status="active",
        options={"names": [f"p{players[0]}", f"p{players[1]}"]},
    )
    played = 0
    while not state.over and (moves is None or played < moves):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played += 1
        record = None
        if state.over:
            standing = result(state)
            record = ResultRecord(totals=tuple(standing.totals), winner=standing.winner)
        game = await store.commit_move(
            game.id,
            expected_version=game.version,
            actor=players[0],
            actions=[dump_action(action)],
            state_json=state.to_json(),
            status="finished" if state.over else "active",
            deadline=None,
            result=record,
        )
    return game.id


async def _fill(path: str) -> None:
    async with await Store.open(path, clock=FakeClock()) as store:
        for seed, players in enumerate([(1, 2), (2, 3), (1, 3), (3, 1)]):
            await _play(store, players, seed, None)
        await _play(store, (4, 5), 10, 6)  # a game in progress
        await store.create_game(
            mode="duel",
            guild_id=7,
            channel_id=9,
            players=(6, 7),
            seed=11,
            state_json=new_game(11).to_json(),
            status="challenge",
        )


async def _everything(target: str) -> tuple[object, ...]:
    """All a player or the bot can read of the database, through the store."""
    async with await Store.open(target) as store:
        games = [await store.get_game(i) for i in range(1, 7)]
        logs = [await store.action_log(i) for i in range(1, 7)]
        results = [await store.get_result(i) for i in range(1, 7)]
        return (
            games,
            logs,
            results,
            await store.stored_ratings(),
            await store.rating_board(),
            [await store.player_stats(u) for u in range(1, 8)],
            await store.display_names(list(range(1, 8))),
        )


@pytest.fixture
def sqlite_file(tmp_path: Path) -> str:
    path = str(tmp_path / "famiglia.db")
    asyncio.run(_fill(path))
    return path


def test_migrate_copies_everything_and_checks_each_game(
    sqlite_file: str, postgres_url: str, capsys
) -> None:
    assert main(["migrate", "--from", sqlite_file, "--to", postgres_url]) == 0
    out = capsys.readouterr().out
    assert "6 games" in out and "6 games replayed" in out
    before, after = asyncio.run(_everything(sqlite_file)), asyncio.run(_everything(postgres_url))
    assert after == before
    assert all(g is not None for g in after[0])  # type: ignore[union-attr]

    async def go_on() -> None:
        async with await Store.open(postgres_url) as store:
            assert await store.recompute_ratings() == await store.stored_ratings()
            fresh = await store.create_game(
                mode="duel", guild_id=7, channel_id=77, players=(8, 9), seed=1,
                state_json="{}",
            )  # fmt: skip
            assert fresh.id == 7  # ids go on after the copied ones

    asyncio.run(go_on())


def test_migrate_refuses_a_database_that_is_not_empty(
    sqlite_file: str, postgres_url: str, capsys
) -> None:
    assert main(["migrate", "--from", sqlite_file, "--to", postgres_url]) == 0
    copied = asyncio.run(_everything(postgres_url))
    assert main(["migrate", "--from", sqlite_file, "--to", postgres_url]) == 1
    assert "not empty" in capsys.readouterr().out
    assert asyncio.run(_everything(postgres_url)) == copied


def test_a_game_that_does_not_replay_keeps_the_target_empty(
    sqlite_file: str, postgres_url: str, capsys
) -> None:
    raw = sqlite3.connect(sqlite_file)
    raw.execute("UPDATE games SET state = ? WHERE id = 2", (new_game(99).to_json(),))
    raw.commit()
    raw.close()
    assert main(["migrate", "--from", sqlite_file, "--to", postgres_url]) == 1
    out = capsys.readouterr().out
    assert "game 2: its state is not its replayed log" in out and "nothing was copied" in out

    async def empty() -> bool:
        async with await Store.open(postgres_url) as store:
            return await store.active_games() == [] and await store.get_game(1) is None

    assert asyncio.run(empty())


def test_migrate_without_a_sqlite_file_says_so(tmp_path: Path, postgres_url: str, capsys) -> None:
    missing = str(tmp_path / "nothing.db")
    assert main(["migrate", "--from", missing, "--to", postgres_url]) == 1
    assert f"no SQLite database file at {missing}" in capsys.readouterr().out
    assert not Path(missing).exists()


def test_migrate_from_a_file_that_is_not_sqlite_says_so(
    tmp_path: Path, postgres_url: str, capsys
) -> None:
    garbage = tmp_path / "notes.db"
    garbage.write_text("not a database")
    assert main(["migrate", "--from", str(garbage), "--to", postgres_url]) == 1
    assert "cannot be read as an SQLite database" in capsys.readouterr().out


def test_migrate_to_a_server_that_is_not_there_says_so_without_the_password(
    sqlite_file: str, capsys
) -> None:
    target = "postgresql://f:hunter2@127.0.0.1:1/x"
    assert main(["migrate", "--from", sqlite_file, "--to", target]) == 1
    out = capsys.readouterr().out
    assert "could not reach postgresql://…@127.0.0.1:1/x" in out and "hunter2" not in out


def test_migrate_to_a_url_its_password_breaks_says_how_to_write_it(
    sqlite_file: str, capsys
) -> None:
    """A password holding # ended the copy in a traceback quoting its tail; one holding @
    in a failed lookup of its tail as the host."""
    for password in ("hun#ter2", "hun@ter2"):
        target = f"postgresql://f:{password}@127.0.0.1:1/x"
        assert main(["migrate", "--from", sqlite_file, "--to", target]) == 1
        out = capsys.readouterr().out
        assert "cannot be read as user:password@host" in out and "%23" in out
        assert "ter2" not in out


def test_migrate_to_a_url_of_another_database_says_so_before_copying(
    sqlite_file: str, capsys
) -> None:
    """A mysql:// target was first announced as "copying … into postgresql://…@x"."""
    assert main(["migrate", "--from", sqlite_file, "--to", "mysql://u:pw@x/db"]) == 1
    out = capsys.readouterr().out
    assert out.strip() == "migrate: the target must be a postgresql:// URL. Nothing was copied."


def test_migrate_leaves_its_source_file_as_it_was(
    sqlite_file: str, postgres_url: str, tmp_path: Path
) -> None:
    """The source is the backup the README says to keep: the copy reads it, at whatever
    schema it is, and writes nothing to it (it was opened with this code's migrations)."""
    raw = sqlite3.connect(sqlite_file)
    raw.execute("PRAGMA user_version = 4")  # as a file of an earlier release reads
    raw.execute("DROP TABLE pending_rebuilds")
    raw.execute("DROP TABLE turn_pings")
    raw.commit()
    raw.close()
    before = Path(sqlite_file).read_bytes()
    assert main(["migrate", "--from", sqlite_file, "--to", postgres_url]) == 0
    assert Path(sqlite_file).read_bytes() == before


def test_migrate_refuses_a_file_that_is_no_database_of_the_bot(
    tmp_path: Path, postgres_url: str, capsys
) -> None:
    """An empty file was made a database of the bot and reported copied."""
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert main(["migrate", "--from", str(empty), "--to", postgres_url]) == 1
    assert "not a database of this bot" in capsys.readouterr().out
    assert empty.read_bytes() == b""
