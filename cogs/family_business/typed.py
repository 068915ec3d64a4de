"""The values ``/familybusiness play`` offers and reads: each decision's action JSON
marked with the moment it was offered for, so that a value picked before the game moved
on is refused as stale instead of landing on a later decision (a No counter picked in
one window answering the next), and read only when it is exactly such a value."""

from __future__ import annotations

import re

from bot.services.reads import Refusal
from db.rows import GameRow

#: a value ``/familybusiness play`` offers: "w<turn>:" for a window's answer, "s<action
#: count>:" for a step of a turn, then the action's JSON (ASCII digits, no leading zero)
TYPED = re.compile(r"(?:w(0|[1-9][0-9]*)|s(0|[1-9][0-9]*)):(\{.*\})", re.ASCII | re.DOTALL)
NOT_OFFERED = (
    "That is not a move of this game: start typing after `decision:` and pick one of the"
    " decisions the list offers."
)


def typed_value(game: GameRow, window: int | None, action_json: str) -> str:
    """The value offered for ``action_json``: marked with the window's moment, or with
    the game's action count for a step of a turn (a value offered before the game moved
    on is then refused as stale, never applied to a later decision)."""
    mark = f"w{window}" if window is not None else f"s{game.action_count}"
    return f"{mark}:{action_json}"


def read_typed(value: str) -> tuple[int | None, int | None, str]:
    """(window moment, action count, action JSON) of a value :func:`typed_value` made;
    Refusal for any other text."""
    match = TYPED.fullmatch(value)
    if match is None:
        raise Refusal(NOT_OFFERED)
    window, seq, action_json = match.groups()
    return (
        None if window is None else int(window),
        None if seq is None else int(seq),
        action_json,
    )
