"""``python -m bot`` with a token Discord refuses, a database that cannot be opened or a
Discord it cannot reach says so in one line, without the database's password, and exits
1: each printed a traceback of 30 to 80 lines. A bug keeps its traceback."""

from __future__ import annotations

import sqlite3

import asyncpg
import discord
import pytest

from bot import __main__ as entry
from bot.__main__ import main, start_failure

URL = "postgresql://famiglia:hunter2@db.example:5432/famiglia"


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (discord.LoginFailure("Improper token has been passed."), "Discord refused the token"),
        (asyncpg.InvalidPasswordError("password authentication failed"), "refused the bot"),
        (ConnectionRefusedError(111, "Connection refused"), "could not be opened"),
        (sqlite3.OperationalError("unable to open database file"), "could not be opened"),
    ],
)
def test_each_start_failure_is_one_line_without_the_password(
    error: BaseException, words: str
) -> None:
    text = start_failure(error, URL)
    assert text is not None and words in text and "\n" not in text
    assert "hunter2" not in text


def test_a_bug_keeps_its_traceback() -> None:
    assert start_failure(RuntimeError("a bug"), URL) is None


def test_the_bot_says_why_it_did_not_start_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", f"{tmp_path}/famiglia.db")

    def refused(self: object, token: str, **_: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr("bot.app.FamigliaBot.run", refused)
    monkeypatch.setattr(entry, "setup_logging", lambda level: None)
    monkeypatch.setattr(entry, "schedule_for_a_long_run", lambda: None)
    assert main([]) == 1
    assert "Discord refused the token" in capsys.readouterr().err
