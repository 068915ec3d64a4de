"""The values the lists of Famiglia's slash commands offer (autocomplete) carry the
moment they were offered for: ``s<action count>:`` and then the value. A value picked
before the game moved on, or a command Discord sent twice, is then refused as stale
instead of naming a card at a later moment (``/famiglia refresh card:#1 A1`` sent twice
discarded two cards: the second found another A1 at #1). A value typed by hand carries
no mark and means the game as it is."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.services.reads import Refusal

#: a value as offered: its moment (ASCII digits, no leading zero) and the value
MARKED = re.compile(r"s(0|[1-9][0-9]{0,9}):(.*)", re.ASCII | re.DOTALL)
MIXED = "Those values were offered at different moments of the game: pick them again."


def offered(action_count: int, value: str) -> str:
    """``value`` as the list offers it at ``action_count``."""
    return f"s{action_count}:{value}"


def unmarked(value: str) -> str:
    """``value`` without its moment (a value typed by hand is returned as it is)."""
    match = MARKED.fullmatch(value)
    return value if match is None else match.group(2)


def moment_of(values: Mapping[str, str | None]) -> tuple[int | None, dict[str, str | None]]:
    """The action count the marked values were offered at (None: none is marked) and
    every value unmarked; a Refusal when two were offered at different moments."""
    moments = set()
    plain: dict[str, str | None] = {}
    for name, value in values.items():
        match = None if value is None else MARKED.fullmatch(value)
        if match is not None:
            moments.add(int(match.group(1)))
            value = match.group(2)
        plain[name] = value
    if len(moments) > 1:
        raise Refusal(MIXED)
    return (moments.pop() if moments else None), plain
