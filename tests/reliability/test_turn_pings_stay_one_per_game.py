"""The "your turn" pings of a game (cogs/turn_pings.py) under the interleavings a busy
bot meets: two showings of a game at once (two quick moves, a repair beside a move)
leave one ping, the latest; a showing of an older version that comes late neither pings
for a turn that is over nor deletes the newer ping; a ping whose delete failed (a 5xx
after discord.py's retries, a timeout) is deleted with the next one instead of staying
for good, while one already gone is forgotten."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.turn_pings import TurnPings


class _Records:
    """The store's turn pings, in memory."""

    def __init__(self) -> None:
        self.kept: dict[int, set[int]] = {}

    async def turn_ping_sent(self, game_id: int, message_id: int) -> list[int]:
        self.kept.setdefault(game_id, set()).add(message_id)
        return sorted(self.kept[game_id])

    async def turn_pings(self, game_id: int) -> list[int]:
        return sorted(self.kept.get(game_id, set()))

    async def turn_pings_deleted(self, game_id: int, message_ids: list[int]) -> list[int]:
        left = self.kept.pop(game_id, set()) - set(message_ids)
        if left:
            self.kept[game_id] = left
        return sorted(left)


def _http_error(status: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="injected")
    return discord.HTTPException(response, "injected")  # type: ignore[arg-type]


class _Channel:
    """A channel whose sends may wait for a gate and whose deletes may fail."""

    def __init__(self) -> None:
        self.live: dict[int, str] = {}  # message id -> text, as the channel shows
        self.next_id = 100
        self.gates: dict[str, asyncio.Event] = {}
        self.delete_fails: list[BaseException] = []

    async def send(self, text: str, **_: Any) -> Any:
        gate = self.gates.get(text)
        if gate is not None:
            await gate.wait()
        self.next_id += 1
        self.live[self.next_id] = text
        return SimpleNamespace(id=self.next_id)

    def get_partial_message(self, message_id: int) -> Any:
        async def delete() -> None:
            if self.delete_fails:
                raise self.delete_fails.pop(0)
            if message_id not in self.live:
                raise discord.NotFound(SimpleNamespace(status=404, reason="gone"), "gone")  # type: ignore[arg-type]
            del self.live[message_id]

        return SimpleNamespace(delete=delete)


@pytest.fixture
def parts() -> tuple[TurnPings, _Channel, _Records]:
    records = _Records()
    return TurnPings(records), _Channel(), records  # type: ignore[arg-type]


async def test_two_showings_at_once_leave_the_latest_ping(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    pings, channel, _ = parts
    channel.gates["Alice"] = gate = asyncio.Event()  # Alice's ping is slow to post
    first = asyncio.create_task(pings.ping(channel, 1, 5, "Alice", 11))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    second = asyncio.create_task(pings.ping(channel, 1, 6, "Bob", 22))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    gate.set()
    await asyncio.gather(first, second)
    assert list(channel.live.values()) == ["Bob"]


async def test_a_showing_of_an_older_version_that_comes_late_changes_nothing(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    pings, channel, _ = parts
    await pings.ping(channel, 1, 6, "Bob", 22)  # type: ignore[arg-type]
    await pings.ping(channel, 1, 5, "Alice", 11)  # type: ignore[arg-type]
    await pings.drop(channel, 1, 4)  # type: ignore[arg-type]
    assert list(channel.live.values()) == ["Bob"]
    await pings.drop(channel, 1, 7)  # type: ignore[arg-type]  # the game ended
    assert channel.live == {}


async def test_a_ping_whose_delete_failed_is_deleted_with_the_next(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    pings, channel, records = parts
    await pings.ping(channel, 1, 5, "Alice", 11)  # type: ignore[arg-type]
    channel.delete_fails = [_http_error(503)]
    await pings.ping(channel, 1, 6, "Bob", 22)  # type: ignore[arg-type]
    assert sorted(channel.live.values()) == ["Alice", "Bob"]  # for now
    await pings.ping(channel, 1, 7, "Alice again", 11)  # type: ignore[arg-type]
    assert list(channel.live.values()) == ["Alice again"]
    channel.delete_fails = [TimeoutError()]
    await pings.drop(channel, 1, 8)  # type: ignore[arg-type]  # the end: not deleted yet
    assert records.kept == {1: set(channel.live)}  # kept for the next try
    await pings.drop(channel, 1, 9)  # type: ignore[arg-type]
    assert channel.live == {} and records.kept == {}


async def test_a_ping_already_gone_is_forgotten(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    pings, channel, records = parts
    await pings.ping(channel, 1, 5, "Alice", 11)  # type: ignore[arg-type]
    channel.live.clear()  # a moderator deleted it
    await pings.drop(channel, 1, 6)  # type: ignore[arg-type]
    assert records.kept == {}


async def test_the_same_version_shown_again_pings_nobody_twice(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    """A repair retrying a failed table edit showed the game again and pinged each time."""
    pings, channel, _ = parts
    for _ in range(3):
        await pings.ping(channel, 1, 5, "Alice", 11)  # type: ignore[arg-type]
    assert channel.next_id == 101 and list(channel.live.values()) == ["Alice"]


async def test_a_failed_delete_does_not_count_as_a_ping_of_its_version(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    """A time running out drops the turn's ping and pings the next person at the same
    version: a delete that failed there must not read as "this version was pinged"."""
    pings, channel, _ = parts
    await pings.ping(channel, 1, 5, "Alice", 11)  # type: ignore[arg-type]
    channel.delete_fails.append(_http_error(503))
    await pings.drop(channel, 1, 6)  # type: ignore[arg-type]
    await pings.ping(channel, 1, 6, "Bob", 22)  # type: ignore[arg-type]
    assert list(channel.live.values()) == ["Bob"]


async def test_the_reminder_replaces_its_turns_ping_and_a_repair_pings_no_more(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    pings, channel, _ = parts
    await pings.ping(channel, 1, 5, "Alice", 11)  # type: ignore[arg-type]
    await pings.ping(channel, 1, 5, "⏰ Alice", 11, again=True)  # type: ignore[arg-type]
    await pings.ping(channel, 1, 5, "Alice", 11)  # type: ignore[arg-type]
    assert list(channel.live.values()) == ["⏰ Alice"]


async def test_a_ping_the_other_process_kept_goes_with_this_ones_next_drop(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    """Two processes on one store (a rolling restart): the one that had deleted the
    game's pings took it to have none, and the other's reminder of a turn that was
    over stayed in the channel for good."""
    old, channel, records = parts
    new = TurnPings(records)  # type: ignore[arg-type]
    await old.ping(channel, 1, 3, "your turn", 11)  # type: ignore[arg-type]
    await old.drop(channel, 1, 4)  # type: ignore[arg-type]  # the AI thinks
    await new.ping(channel, 1, 5, "⏰ still your turn", 11, again=True)  # type: ignore[arg-type]
    await old.drop(channel, 1, 6)  # type: ignore[arg-type]  # the turn is over
    assert channel.live == {} and records.kept == {}


async def test_a_ping_the_other_process_sent_meanwhile_goes_with_this_ones_next(
    parts: tuple[TurnPings, _Channel, _Records],
) -> None:
    """The other's ping is learnt from the store's answer and deleted with the next
    drop, not at once: it may be that process's ping of a newer turn."""
    old, channel, records = parts
    new = TurnPings(records)  # type: ignore[arg-type]
    await old.ping(channel, 1, 3, "Alice", 11)  # type: ignore[arg-type]
    await new.ping(channel, 1, 4, "Bob", 22)  # type: ignore[arg-type]
    await old.ping(channel, 1, 5, "Alice again", 11)  # type: ignore[arg-type]
    assert sorted(channel.live.values()) == ["Alice again", "Bob"]
    await old.ping(channel, 1, 6, "Carol", 33)  # type: ignore[arg-type]
    assert list(channel.live.values()) == ["Carol"]
    assert records.kept == {1: set(channel.live)}
