"""The values ``/familybusiness play`` offers and reads: each decision's action JSON
marked with the game and the moment it was offered for, so that a value picked before
the game moved on is refused as stale instead of landing on a later decision (a No
counter picked in one window answering the next), or on the next game of the channel
once it has come as far (a draft left in the input box when a game ended, sent after
Play again), and read only when it is exactly such a value."""

from __future__ import annotations

import re

from bot.services.reads import Refusal
from db.rows import GameRow

#: a value ``/familybusiness play`` offers: "g<game id>" then "w<turn>:" for a window's
#: answer or "s<action count>:" for a step of a turn, then the action's JSON (ASCII
#: digits, no leading zero, as many as the bot writes; an action's JSON is short)
TYPED = re.compile(
    r"g([1-9][0-9]{0,17})(?:w(0|[1-9][0-9]{0,8})|s(0|[1-9][0-9]{0,8})):(\{.{0,200}\})",
    re.ASCII | re.DOTALL,
)
NOT_OFFERED = (
    "That is not a move of this game: start typing after `decision:` and pick one of the"
    " decisions the list offers."
)
OTHER_GAME = (
    "That was offered in another game, not the one you play here now; nothing was done."
    " Pick again from the list `decision:` offers now."
)


def typed_value(game: GameRow, window: int | None, action_json: str) -> str:
    """The value offered for ``action_json``: marked with the window's moment, or with
    the game's action count for a step of a turn (a value offered before the game moved
    on is then refused as stale, never applied to a later decision)."""
    mark = f"w{window}" if window is not None else f"s{game.action_count}"
    return f"g{game.id}{mark}:{action_json}"


def read_typed(value: object, game_id: int) -> tuple[int | None, int | None, str]:
    """(window moment, action count, action JSON) of a value :func:`typed_value` made
    for game ``game_id``; Refusal for any other text or value (a forged client may send
    any type), or a value of another game."""
    match = TYPED.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise Refusal(NOT_OFFERED)
    game, window, seq, action_json = match.groups()
    if int(game) != game_id:
        raise Refusal(OTHER_GAME)
    return (
        None if window is None else int(window),
        None if seq is None else int(seq),
        action_json,
    )
