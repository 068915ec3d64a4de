"""The values the lists of Famiglia's slash commands offer (autocomplete) carry the game
and the moment they were offered for: ``g<game id>s<action count>:`` and then the value.
A value picked before the game moved on, or a command Discord sent twice, is then
refused as stale instead of naming a card at a later moment (``/famiglia refresh
card:#1 A1`` sent twice discarded two cards: the second found another A1 at #1), and a
value offered in the channel's previous game (a draft sent after the rematch) is refused
instead of moving the next game once it has come as far. A value typed by hand carries
no mark and means the game as it is. What a command's fixed choices name is read by
:func:`chosen`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeVar

from bot.services.reads import Refusal

#: a value as offered: its game and moment (ASCII digits, no leading zero), the value
MARKED = re.compile(r"g([1-9][0-9]{0,18})s(0|[1-9][0-9]{0,9}):(.*)", re.ASCII | re.DOTALL)
MIXED = "Those values were offered at different moments of the game: pick them again."
OTHER_GAME = (
    "That was offered in another game, not the one you play here now; nothing was done."
    " Pick again from the list the option offers now."
)

#: the game and the action count a value was offered for
Moment = tuple[int, int]

T = TypeVar("T")


def chosen(choices: Mapping[str, T], value: object, default: T) -> T:
    """What ``value`` names among a command's fixed ``choices``; ``default`` for any
    other value, a forged client's list, object or number too."""
    return choices.get(value, default) if isinstance(value, str) else default


def offered(game_id: int, action_count: int, value: str) -> str:
    """``value`` as the list offers it in game ``game_id`` at ``action_count``."""
    return f"g{game_id}s{action_count}:{value}"


def unmarked(value: str) -> str:
    """``value`` without its mark (a value typed by hand is returned as it is)."""
    match = MARKED.fullmatch(value)
    return value if match is None else match.group(3)


def moment_of(values: Mapping[str, str | None]) -> tuple[Moment | None, dict[str, str | None]]:
    """The game and action count the marked values were offered at (None: none is
    marked) and every value unmarked; a Refusal when two were offered at different
    moments."""
    moments: set[Moment] = set()
    plain: dict[str, str | None] = {}
    for name, value in values.items():
        match = None if value is None else MARKED.fullmatch(value)
        if match is not None:
            moments.add((int(match.group(1)), int(match.group(2))))
            value = match.group(3)
        plain[name] = value
    if len(moments) > 1:
        raise Refusal(MIXED)
    return (moments.pop() if moments else None), plain


def check_game(moment: Moment | None, game_id: int) -> int | None:
    """The action count of ``moment`` for a move in ``game_id`` (None: unmarked); a
    Refusal when the values were offered in another game."""
    if moment is None:
        return None
    if moment[0] != game_id:
        raise Refusal(OTHER_GAME)
    return moment[1]
