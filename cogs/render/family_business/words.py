"""What every Family Business text shares: gang marks, seat labels, card lists, times.

Pure functions of public facts (and of the one hand a private text is for)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from cogs.render.common import clip
from cogs.safe_text import shown
from engine.family_business import cards as C

#: One colour per gang, by seat (rule 1.2's gangs are cosmetic).
GANG_MARK: tuple[str, ...] = ("🟥", "🟦", "🟩", "🟨", "🟪", "🟫")
KIND_MARK = {C.ATTACK: "🔴", C.RESCUE: "🟢", C.COUNTER: "🔵"}
NAME_LIMIT = 48
#: Why a game ended that the rules had not ended yet (every person left or lost their
#: turns to the AI: the service ends it, bot.services.multi_mode ``abandoned``).
ABANDONED = (
    "No person is still playing, so the game ended here: the gangs still in it share the"
    " top place, and people who left are placed where they left."
)


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, as the table shows it: a name per seat and a note per seat
    (``""``, ``"AI, hard"``, ``"left — the AI plays on"``)."""

    names: tuple[str, ...]
    notes: tuple[str, ...]

    def name(self, seat: int) -> str:
        """The seat's name as message text: clipped and escaped (no markdown, no ping)."""
        return shown(clip(self.names[seat], NAME_LIMIT))

    def label(self, seat: int) -> str:
        note = self.notes[seat]
        return f"{self.name(seat)} ({note})" if note else self.name(seat)


def gang_token(g: int) -> str:
    return f"{GANG_MARK[g]} {C.GANGS[g]}"


def card_name(code: int) -> str:
    return f"{KIND_MARK[C.KIND[code]]} {C.NAMES[code]}"


def cards_text(codes: Sequence[int]) -> str:
    """Cards grouped by kind, in code order, with their count: ``🔴 Contract ×2``."""
    counts = Counter(codes)
    return ", ".join(card_name(c) + (f" ×{n}" if n > 1 else "") for c, n in sorted(counts.items()))


def when(at: datetime) -> str:
    """A time every reader sees in their own zone: ``<t:…:t>`` and ``(<t:…:R>)``."""
    stamp = int(at.timestamp())
    return f"<t:{stamp}:t> (<t:{stamp}:R>)"


def choices_text(choices: Sequence[tuple[str, int]]) -> str:
    """A card's fixed choices in words: gangs by name, list entries by position."""
    parts = []
    for kind, arg in choices:
        if kind == "position":
            parts.append(f"hit-list position {arg}")
        else:
            parts.append(C.GANGS[arg])
    return ", ".join(parts)
