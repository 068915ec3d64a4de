"""Cards: four families, ranks 0-4, victory points (rules sections 1 and 2).

A card *kind* is an int 0..19: ``family * 5 + rank``. Cards of one kind are
interchangeable, so hands and play areas are counts per kind.
"""

from __future__ import annotations

from typing import Final

from engine.famiglia.codes import Family

FAMILIES: Final = tuple(Family)
RANKS: Final = (0, 1, 2, 3, 4)
N_KINDS: Final = 20

LETTERS: Final = "FABM"
FAMILY_NAMES: Final = ("La Famiglia", "Accountant", "Brute", "Mercenary")

#: Rule 1.2: copies of each rank inside one family.
COPIES_PER_RANK: Final = (5, 4, 3, 2, 1)

#: Rule 2 (RULING): the red 4 is worth 15; kept in one constant so it can change.
RED_FOUR_VP: Final = 15
_OTHER_VP: Final = (0, 1, 3, 6, 10)
_RED_VP: Final = (1, 3, 6, 10, RED_FOUR_VP)


def kind(family: int, rank: int) -> int:
    return family * 5 + rank


def rank_of(k: int) -> int:
    return k % 5


#: VP of every kind, indexed by kind.
VP: Final = tuple(
    (_RED_VP if f == Family.FAMIGLIA else _OTHER_VP)[r] for f in FAMILIES for r in RANKS
)

#: Rule 1.3: each starting set is one 0 of each family.
STARTING_SET: Final = tuple(kind(f, 0) for f in FAMILIES)

#: The whole deck as kind -> copies (60 cards).
DECK_COUNTS: Final = tuple(COPIES_PER_RANK[r] for _f in FAMILIES for r in RANKS)


def draw_deck() -> list[int]:
    """The 52 cards of the draw pile (rule 1.3): the deck less both starting sets."""
    cards: list[int] = []
    for k in range(N_KINDS):
        copies = DECK_COUNTS[k] - (2 if rank_of(k) == 0 else 0)
        cards.extend([k] * copies)
    return cards


def code(k: int) -> str:
    """Short name of a kind: family letter + rank, e.g. ``"M2"``."""
    return f"{LETTERS[k // 5]}{k % 5}"


def name(k: int) -> str:
    """Long name, e.g. ``"Mercenary 2"``."""
    return f"{FAMILY_NAMES[k // 5]} {k % 5}"


_CODES: Final = {code(k): k for k in range(N_KINDS)}


def parse_code(text: str) -> int:
    """Kind from a code such as ``"m2"`` or ``"F0"``; raises ValueError otherwise."""
    k = _CODES.get(text.strip().upper())
    if k is None:
        raise ValueError(f"{text!r} is not a card: use a family letter F/A/B/M and a rank 0-4")
    return k
