"""What the image and the embed share: ordering, grouping and naming of public cards.

Every renderer sorts its own inputs here, so the table looks the same however the
engine happened to order a play area (and never depends on anything but public fields).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.famiglia.cards import FAMILY_NAMES, LETTERS, VP, parse_code
from engine.famiglia.view_models import PlayerView, SeatView, StreetCard

#: Family emoji in family order F, A, B, M (red, blue, yellow, green).
FAMILY_EMOJI: tuple[str, str, str, str] = ("🟥", "🟦", "🟨", "🟩")


@dataclass(frozen=True, slots=True)
class Group:
    """One kind of card and how many copies of it lie together."""

    code: str
    count: int

    @property
    def kind(self) -> int:
        return parse_code(self.code)

    @property
    def vp(self) -> int:
        return VP[self.kind]


def group_cards(codes: list[str] | tuple[str, ...]) -> list[Group]:
    """Identical cards grouped, in kind order (family F, A, B, M, then rank)."""
    counts = Counter(parse_code(c) for c in codes)
    return [Group(f"{LETTERS[k // 5]}{k % 5}", n) for k, n in sorted(counts.items())]


def street_in_order(view: PlayerView) -> list[StreetCard]:
    """The Street, leftmost (oldest) first, whatever order the list arrived in."""
    return sorted(view.street, key=lambda s: s.index)


def is_lowered(card: StreetCard) -> bool:
    return card.effective_rank < card.rank


def family_index(code: str) -> int:
    return parse_code(code) // 5


def card_token(code: str, effective_rank: int | None = None) -> str:
    """Text form of a card: family emoji + code, e.g. "🟨B2", or "🟨B2→0" when lowered."""
    token = f"{FAMILY_EMOJI[family_index(code)]}{code}"
    if effective_rank is not None and effective_rank != int(code[1]):
        token += f"→{effective_rank}"
    return token


def group_token(group: Group) -> str:
    token = card_token(group.code)
    return token if group.count == 1 else f"{token}×{group.count}"


def long_name(code: str) -> str:
    """E.g. "Mercenary 2"."""
    return f"{FAMILY_NAMES[family_index(code)]} {code[1]}"


def seat_name(view: PlayerView, names: tuple[str, str], seat: int) -> str:
    """The name shown for a seat; the solo robot gets a name if the caller gave none."""
    name = " ".join(names[seat].split())  # no newlines or runs of blanks in labels
    if not name:
        name = "Robot gangster" if view.seats[seat].is_robot else f"Player {seat + 1}"
    return name


def robot_label(view: PlayerView, seat: SeatView) -> str:
    """The tag shown after a robot seat's name, e.g. "robot, level 3"."""
    if not seat.is_robot:
        return ""
    return f"robot, level {view.level}" if view.level is not None else "robot"


def is_over(view: PlayerView) -> bool:
    """Whether the game of ``view`` is over: ended by its rules (``view.result`` says who
    won) or given up or lost on time (nobody to move; the store keeps who won)."""
    return view.decision == "over"


def utf16_len(text: str | None) -> int:
    """Length in UTF-16 code units: the strictest reading of Discord's limits."""
    return len(text.encode("utf-16-le")) // 2 if text else 0


def clip(text: str, limit: int) -> str:
    """Text cut to at most ``limit`` UTF-16 units, ending in an ellipsis when cut."""
    if utf16_len(text) <= limit:
        return text
    out = text[: max(limit - 1, 0)]
    while out and utf16_len(out) > limit - 1:
        out = out[:-1]
    return out + "…"
