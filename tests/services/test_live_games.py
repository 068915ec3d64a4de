"""The open games this process keeps in memory (issue 17, a faster move): which one is
open in a channel comes from there too, and never outlives the game being kept."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.services.live import LiveGames
from db.rows import GameRow, Status
from engine.famiglia import GameState, new_game

NOW = datetime(2026, 1, 1, tzinfo=UTC)
STATE: GameState = new_game(1, mode="duel")


def row(game_id: int, channel_id: int, status: Status = "active", version: int = 1) -> GameRow:
    return GameRow(
        id=game_id,
        mode="duel",
        guild_id=5,
        channel_id=channel_id,
        players=(11, 22),
        status=status,
        seed=1,
        options={},
        state_json=STATE.to_json(),
        version=version,
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


def test_the_kept_open_game_of_a_channel_is_found_at_its_last_version():
    live = LiveGames()
    live.keep(row(1, 70), STATE)
    live.keep(row(1, 70, version=2), STATE)
    found = live.in_channel(70)
    assert found is not None and (found.id, found.version) == (1, 2)
    assert live.in_channel(71) is None


def test_a_game_that_ended_or_was_forgotten_is_no_longer_the_channels_game():
    live = LiveGames()
    live.keep(row(1, 70), STATE)
    live.keep(row(1, 70, "finished", version=2), STATE)
    assert live.in_channel(70) is None
    live.keep(row(2, 70), STATE)  # the rematch
    live.forget(2)  # e.g. another process moved it: its version check failed
    assert live.in_channel(70) is None


def test_forgetting_an_older_game_leaves_the_newer_game_of_its_channel():
    live = LiveGames()
    live.keep(row(1, 70), STATE)
    live.keep(row(2, 70), STATE)
    live.forget(1)
    found = live.in_channel(70)
    assert found is not None and found.id == 2


def test_the_least_recently_used_game_and_its_channel_are_forgotten_first():
    live = LiveGames(keep=2)
    for game_id in (1, 2, 3):
        live.keep(row(game_id, 70 + game_id), STATE)
    assert live.in_channel(71) is None and not live.kept(1)
    assert [live.in_channel(c).id for c in (72, 73)] == [2, 3]  # type: ignore[union-attr]
