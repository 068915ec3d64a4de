"""The mode registry: each mode's typed start options are stored with the keys and
values the first release wrote, and every game row that release wrote reads back into
its mode's options; the turn clock and the table's place are the mode's answers."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.services.modes import (
    MODES,
    AiOptions,
    DuelOptions,
    SoloOptions,
    mode_of,
    options_of,
    stored_options,
)
from db.rows import ROBOT, GameRow
from db.store import Store
from engine.famiglia import new_game
from tests.upgrade.release_world import DATABASE, manifest

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def level_of(mode: str) -> int | None:
    return 3 if mode == "solo" else None


def engine_mode(mode: str) -> str:
    return "solo" if mode == "solo" else "duel"


def row(mode: str, options: dict[str, Any], *, guild: int | None = 5, current: int = 0) -> Any:
    players = (11, 22) if mode == "duel" else (11, ROBOT)
    state = new_game(1, mode=engine_mode(mode), first=current, level=level_of(mode))
    return GameRow(
        id=1,
        mode=mode,  # type: ignore[arg-type]
        guild_id=guild,
        channel_id=7,
        players=players,
        status="active",
        seed=1,
        options=options,
        state_json=state.to_json(),
        version=0,
        action_count=0,
        table_channel_id=None,
        table_message_id=None,
        deadline=None,
        reminder_at=None,
        reminder_sent=False,
        created_at=NOW,
        updated_at=NOW,
        finished_at=None,
    )


def test_new_games_store_the_options_the_first_release_wrote():
    assert stored_options(DuelOptions(names=("Ann", "Bob"))) == {
        "names": ["Ann", "Bob"],
        "first": None,
        "level": None,
    }
    assert stored_options(SoloOptions(names=("Ann", "Robot gangster"), first=1, level=3)) == {
        "names": ["Ann", "Robot gangster"],
        "first": 1,
        "level": 3,
    }
    assert stored_options(AiOptions(names=("Ann", "AI (hard)"), first=0, strength="hard")) == {
        "names": ["Ann", "AI (hard)"],
        "first": 0,
        "level": None,
        "strength": "hard",
    }


async def test_every_game_of_the_release_fixture_reads_into_its_modes_options(tmp_path):
    copy = tmp_path / "famiglia.db"
    shutil.copy(DATABASE, copy)
    store = await Store.open(str(copy))
    try:
        games = [await store.get_game(game_id) for game_id in manifest()["games"].values()]
    finally:
        await store.close()
    assert {game.mode for game in games if game is not None} == set(MODES)
    for game in games:
        assert game is not None
        options = options_of(game)
        assert isinstance(options, MODES[game.mode].Options)
        assert stored_options(options) == game.options, (game.mode, game.options)


def test_options_no_release_wrote_fall_back_to_the_modes_defaults():
    options = options_of(row("ai", {"names": ["Ann", "AI"], "strength": "impossible"}))
    assert isinstance(options, AiOptions) and options.strength == "medium"
    assert options.names == ("Ann", "AI")


@pytest.mark.parametrize(
    ("mode", "guild", "current", "timed", "in_dm"),
    [
        ("duel", 5, 0, True, False),
        ("solo", 5, 0, False, True),  # started from a server, played in our DMs
        ("ai", 5, 0, True, False),  # the person's turn in a channel
        ("ai", 5, 1, False, False),  # the AI's own turn
        ("ai", None, 0, False, True),  # in our DMs the game waits for its player
    ],
)
def test_each_mode_says_who_plays_against_the_clock_and_where_its_table_lives(
    mode: str, guild: int | None, current: int, timed: bool, in_dm: bool
):
    game = row(mode, {}, guild=guild, current=current)
    assert mode_of(game).timed(game, (current,)) is timed
    assert mode_of(game).in_dm(game) is in_dm
