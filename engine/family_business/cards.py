"""The 56 action cards of Family Business (rules 1.5, RULING R1) and what each admits.

A card is identified by its type code (an int); the cards of one type are
interchangeable, so a hand, the draw pile and the discard pile are lists of codes.
"""

from __future__ import annotations

from typing import Final

CONTRACT: Final = 0
CONTRACT_NO_MOB_POWER: Final = 1
CONTRACT_NO_FAMILY_INFLUENCE: Final = 2
CONTRACT_IRON_CLAD: Final = 3
PRIORITY_CONTRACT: Final = 4
DOUBLE_CONTRACT: Final = 5
HIT: Final = 6
MASSACRE: Final = 7
DOUBLE_CROSS: Final = 8
MOB_WAR: Final = 9
AMBUSH: Final = 10
VENDETTA: Final = 11
TURNCOAT: Final = 12
LAM: Final = 13
POLICE_PROTECTION: Final = 14
SUBSTITUTION: Final = 15
INTRIGUE: Final = 16
TRUCE: Final = 17
PAY_OFF: Final = 18
CRACKDOWN: Final = 19
MOB_POWER: Final = 20
FAMILY_INFLUENCE: Final = 21
FINGER: Final = 22
SAFE_HOUSE: Final = 23

N_TYPES: Final = 24
DECK_SIZE: Final = 56
HAND_LIMIT: Final = 6  # rule 4.2
START_HAND: Final = 5  # rule 3.2
GANG_SIZE: Final = 9  # rule 1.2

#: stable names used in JSON actions and the terminal
KEYS: Final[tuple[str, ...]] = (
    "contract",
    "contract_no_mob_power",
    "contract_no_family_influence",
    "contract_no_counters",
    "priority_contract",
    "double_contract",
    "hit",
    "massacre",
    "double_cross",
    "mob_war",
    "ambush",
    "vendetta",
    "turncoat",
    "take_it_on_the_lam",
    "police_protection",
    "substitution",
    "intrigue",
    "truce",
    "pay_off",
    "federal_crackdown",
    "mob_power",
    "family_influence",
    "finger",
    "safe_house",
)
CODE_OF: Final[dict[str, int]] = {k: i for i, k in enumerate(KEYS)}

NAMES: Final[tuple[str, ...]] = (
    "Contract",
    "Contract (no Mob Power)",
    "Contract (no Family Influence)",
    "Contract (no counters)",
    "Priority Contract",
    "Double Contract",
    "Hit",
    "St. Valentine's Day Massacre",
    "Double Cross",
    "Mob War",
    "Ambush",
    "Vendetta",
    "Turncoat",
    "Take It On the Lam",
    "Police Protection",
    "Substitution",
    "Intrigue",
    "Truce",
    "Pay Off",
    "Federal Crackdown",
    "Mob Power",
    "Family Influence",
    "Finger",
    "Safe House",
)

GERMAN: Final[tuple[str, ...]] = (
    "Auftrag",
    "Auftrag, ohne Bandenmacht",
    "Auftrag, kein Familieneinfluss",
    "Auftrag, ohne Konter",
    "Auftrag mit Vorrang",
    "Doppelauftrag",
    "Exekution",
    "Valentinstag-Massaker",
    "Betrug",
    "Bandenkrieg",
    "Hinterhalt",
    "Vendetta",
    "Überläufer",
    "Die Fliege machen",
    "Polizeischutz",
    "Austausch",
    "Intrige",
    "Waffenstillstand",
    "Schmiergeld",
    "Razzia",
    "Bandenmacht",
    "Familieneinfluss",
    "Verpfeifen",
    "Unterschlupf",
)

#: copies of each type in the deck (table 1.5)
COUNTS: Final[tuple[int, ...]] = (
    12,
    3,
    2,
    1,
    3,
    3,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    4,
    2,
    2,
    2,
    1,
    1,
    1,
    3,
    6,
    2,
    1,
)

ATTACK: Final = "attack"
RESCUE: Final = "rescue"
COUNTER: Final = "counter"
KIND: Final[tuple[str, ...]] = (ATTACK,) * 13 + (RESCUE,) * 7 + (COUNTER,) * 4

#: the counter cards each card admits (table 1.5, rules 5.1 and 10): empty = no window
COUNTERS_ALLOWED: Final[tuple[frozenset[int], ...]] = (
    frozenset((FAMILY_INFLUENCE, MOB_POWER)),
    frozenset((FAMILY_INFLUENCE,)),
    frozenset((MOB_POWER,)),
    frozenset(),
    frozenset((FAMILY_INFLUENCE, MOB_POWER)),
    frozenset((FAMILY_INFLUENCE, MOB_POWER)),
    *(frozenset(),) * 5,
    frozenset((SAFE_HOUSE,)),
    frozenset(),
    frozenset((FINGER,)),
    *(frozenset(),) * 10,
)

CONTRACTS: Final = frozenset(
    (CONTRACT, CONTRACT_NO_MOB_POWER, CONTRACT_NO_FAMILY_INFLUENCE, CONTRACT_IRON_CLAD)
)
#: every kind of Contract (rules 8.1-8.3): each names one opposing gang
ANY_CONTRACT: Final = CONTRACTS | {PRIORITY_CONTRACT, DOUBLE_CONTRACT}
COUNTER_CARDS: Final = frozenset((MOB_POWER, FAMILY_INFLUENCE, FINGER, SAFE_HOUSE))

#: English gang names (rule 1.2), by seat; cosmetic
GANGS: Final[tuple[str, ...]] = (
    "Capone Mob",
    "New York Mob",
    "Moran Gang",
    "Murder Inc.",
    "Purple Gang",
    "Bank Robbers",
)


def full_deck() -> list[int]:
    """The 56 cards as type codes, in code order (shuffle before use)."""
    return [code for code, n in enumerate(COUNTS) for _ in range(n)]


def opens_window(card: int) -> bool:
    """Whether playing ``card`` for effect opens a counter window (rule 5.1)."""
    return bool(COUNTERS_ALLOWED[card])


assert sum(COUNTS) == DECK_SIZE
assert len(KEYS) == len(NAMES) == len(GERMAN) == len(COUNTS) == len(KIND) == N_TYPES
assert len(COUNTERS_ALLOWED) == N_TYPES
