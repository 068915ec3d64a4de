"""The position of the reference model (tests/family_business/reference_rules.py): the
rules table 1.5 and the zones of section 2, written from the rules file."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

GANG_SIZE = 9
HAND_LIMIT = 6
NO_WAR, SINGLE, DOUBLE = 0, 1, 2

# table 1.5: key -> (copies, counters allowed)
MP, FI, FINGER, SAFE = "mob_power", "family_influence", "finger", "safe_house"
TABLE: dict[str, tuple[int, frozenset[str]]] = {
    "contract": (12, frozenset({FI, MP})),
    "contract_no_mob_power": (3, frozenset({FI})),
    "contract_no_family_influence": (2, frozenset({MP})),
    "contract_no_counters": (1, frozenset()),
    "priority_contract": (3, frozenset({FI, MP})),
    "double_contract": (3, frozenset({FI, MP})),
    "hit": (1, frozenset()),
    "massacre": (1, frozenset()),
    "double_cross": (1, frozenset()),
    "mob_war": (1, frozenset()),
    "ambush": (1, frozenset()),
    "vendetta": (1, frozenset({SAFE})),
    "turncoat": (1, frozenset()),
    "take_it_on_the_lam": (4, frozenset({FINGER})),
    "police_protection": (2, frozenset()),
    "substitution": (2, frozenset()),
    "intrigue": (2, frozenset()),
    "truce": (1, frozenset()),
    "pay_off": (1, frozenset()),
    "federal_crackdown": (1, frozenset()),
    MP: (3, frozenset()),
    FI: (6, frozenset()),
    FINGER: (2, frozenset()),
    SAFE: (1, frozenset()),
}
COUNTERS = frozenset({MP, FI, FINGER, SAFE})
ONE_GANG = frozenset(
    {
        "contract",
        "contract_no_mob_power",
        "contract_no_family_influence",
        "contract_no_counters",
        "priority_contract",
        "double_contract",
    }
)
ORDERS = frozenset({"double_cross", "vendetta", "intrigue"})

Choice = tuple[Any, ...]
Play = tuple[str, Choice]


@dataclass
class Position:
    n: int
    live: list[bool]
    at_large: list[int]
    hit: list[int]  # gang ids, position 1 first
    war: int
    hands: list[Counter[str]]  # known cards
    draw: list[str]  # known order, top last (empty once ``shuffled``)
    discard: Counter[str]
    active: int
    unknown: list[int] = field(default_factory=list)  # cards drawn from a reshuffled pile
    shuffled: bool = False
    draw_count: int = 0  # size of the draw pile once ``shuffled``
    mystery: Counter[str] = field(default_factory=Counter)
    over: bool = False
    winner: int | None = None
    draw_between: tuple[int, ...] = ()
    eliminated: list[tuple[int, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.unknown:
            self.unknown = [0] * self.n

    # rule 2.1, 2.2
    def in_play(self, g: int) -> int:
        return self.at_large[g] + self.hit.count(g)

    def opposing(self, seat: int) -> list[int]:
        return [g for g in range(self.n) if self.live[g] and g != seat]

    def live_gangs(self) -> list[int]:
        return [g for g in range(self.n) if self.live[g]]

    def total(self) -> int:
        return sum(self.in_play(g) for g in self.live_gangs())

    def draw_size(self) -> int:
        return self.draw_count if self.shuffled else len(self.draw)
