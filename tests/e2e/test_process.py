"""The bot process: settings from .env, and a clear exit without a token."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import intents
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def _bot(tmp_path: Path, settings: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` run in ``tmp_path`` with these settings in its environment."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env | settings,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_the_bot_exits_at_once_and_says_how_to_get_one(tmp_path: Path):
    done = _bot(tmp_path, {})
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "discord.com/developers" in done.stderr
    assert "famiglia play" in done.stderr


def test_settings_that_are_not_valid_are_named_without_their_values(tmp_path: Path):
    secret = "postgresql+asyncpg://famiglia:hunter2@db:5432/famiglia"
    done = _bot(tmp_path, {"DATABASE_URL": secret, "LOG_LEVEL": "verbose", "DISCORD_TOKEN": "x"})
    assert done.returncode == 2
    assert "DATABASE_URL: DATABASE_URL must be a postgresql:// URL" in done.stderr
    assert "LOG_LEVEL: Input should be 'DEBUG'" in done.stderr
    assert "hunter2" not in done.stderr + done.stdout and "Traceback" not in done.stderr


def test_a_database_url_whose_password_breaks_it_is_refused_without_showing_it(
    tmp_path: Path,
) -> None:
    """A generated password holding / # or ? split the URL at the wrong place: the
    start ended in a traceback quoting part of the password as a port or a query (one
    holding @ in a host lookup of the password's tail)."""
    for password in ("hun/ter2", "hun#ter2", "hun?ter2", "12/hunter2", "hun@ter2"):
        url = f"postgresql://famiglia:{password}@db:5432/famiglia"
        done = _bot(tmp_path, {"DATABASE_URL": url, "DISCORD_TOKEN": "x"})
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert "DATABASE_URL cannot be read" in done.stderr and "%2F" in done.stderr
        assert "ter2" not in done.stderr + done.stdout
    for url in (
        "postgresql://famiglia:hun%2Fter2@db:5432/famiglia",
        "postgresql:///famiglia",
        "postgresql://famiglia:pw@db1:5432,db2:5433/famiglia",  # a failover list
        "postgresql://famiglia:pw@[::1]:5432/famiglia",
    ):
        Settings(_env_file=None, database_url=url)  # type: ignore[call-arg]


def test_a_shard_count_past_any_bot_is_refused(tmp_path: Path) -> None:
    """SHARD_COUNT=99999999999 (a typo) grew the process by 700 MB a second until the
    kernel killed it, without a word."""
    done = _bot(tmp_path, {"SHARD_COUNT": "99999999999", "DISCORD_TOKEN": "x"})
    assert done.returncode == 2 and "SHARD_COUNT: Input should be less than or equal" in done.stderr


def test_durations_out_of_bounds_are_refused_before_anything_starts(tmp_path: Path):
    """``inf`` or 1e15 passed the checks and overflowed the clock at start-up."""
    bounds = {"TURN_TIMEOUT_HOURS": "inf", "COUNTER_WINDOW_SECONDS": "1e15"}
    done = _bot(tmp_path, {"DISCORD_TOKEN": "x", "DOWNTIME_GRACE_MINUTES": "1e15"} | bounds)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    for name in ("TURN_TIMEOUT_HOURS", "COUNTER_WINDOW_SECONDS", "DOWNTIME_GRACE_MINUTES"):
        assert f"{name}: Input should be less than or equal to" in done.stderr


def test_settings_come_from_the_env_file_with_safe_defaults(tmp_path: Path, monkeypatch):
    for name in (
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "DATABASE_URL",
        "DEV_GUILD_ID",
        "TURN_TIMEOUT_HOURS",
        "CHALLENGE_TIMEOUT_MINUTES",
        "LOG_LEVEL",
    ):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    monkeypatch.chdir(tmp_path)
    defaults = Settings()
    assert defaults.discord_token is None and defaults.dev_guild_id is None
    assert str(defaults.database_path) == "famiglia.db"
    assert defaults.database_url is None and defaults.store_target == "famiglia.db"
    assert defaults.turn_timeout.total_seconds() == 24 * 3600
    assert defaults.challenge_timeout.total_seconds() == 600
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=42\nTURN_TIMEOUT_HOURS=2\n")
    custom = Settings()
    assert custom.discord_token is not None and custom.discord_token.get_secret_value() == "abc"
    assert custom.dev_guild_id == 42 and custom.turn_timeout.total_seconds() == 7200
    assert "abc" not in repr(custom)  # the token never shows in logs


def test_no_privileged_intents():
    flags = intents()
    assert not (flags.members or flags.presences or flags.message_content)


def test_the_ai_time_caps_in_env_example_and_readme_are_the_strengths_caps():
    from engine.famiglia.ai import STRENGTHS

    caps = ", ".join(f"{name} {b.time_cap:g}" for name, b in STRENGTHS.items())
    example = " ".join((ROOT / ".env.example").read_text().replace("#", " ").split())
    readme = (ROOT / "README.md").read_text()
    assert f"(empty: {caps})" in example
    assert f"(empty: {caps})" in readme


def test_shard_settings_name_the_shards_this_process_runs(monkeypatch):
    for name in ("SHARD_COUNT", "SHARD_IDS", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    one = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (one.shards().count, sorted(one.shards().ids)) == (1, [0])
    url = "postgresql://bot@db/famiglia"
    two = Settings(_env_file=None, shard_count=4, shard_ids="1, 3", database_url=url)  # type: ignore[call-arg]
    assert (two.shards().count, sorted(two.shards().ids)) == (4, [1, 3])
    assert sorted(Settings(_env_file=None, shard_count=2).shards().ids) == [0, 1]  # type: ignore[call-arg]
    for wrong in (
        {"shard_ids": "0"},
        {"shard_count": 2, "shard_ids": "2"},
        {"shard_count": 2, "shard_ids": "one"},
        {"database_url": "mysql://x"},
    ):
        with pytest.raises(ValueError):
            Settings(_env_file=None, **wrong)  # type: ignore[arg-type]


def test_the_bot_process_makes_full_garbage_collections_rare(monkeypatch):
    """A full collection stops the event loop for as long as it scans every object:
    the process asks for one only after FULL_AFTER middle-generation collections, and
    keeps CPython's thresholds for the young generations."""
    import gc

    import bot.__main__ as process
    import bot.app
    from bot.collector import FULL_AFTER

    started: list[str] = []
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setattr(process, "setup_logging", lambda level: None)
    monkeypatch.setattr(bot.app.FamigliaBot, "run", lambda self, token, **kw: started.append(token))
    before = gc.get_threshold()
    try:
        assert process.main([]) == 0
        assert started == ["abc"]
        assert gc.get_threshold() == (before[0], before[1], FULL_AFTER)
    finally:
        gc.set_threshold(*before)
