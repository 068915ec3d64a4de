"""Build engine states from readable card codes for scenario tests.

    s = make(street="M4 A3", hands=("M1*2 B2", ""), draw="F1 F2")

Codes are a family letter (F, A, B, M) and a rank, optionally ``*n`` for n copies.
Zones not given are empty; the cards not placed anywhere go to ``rest`` (by default
the *bottom* of the draw pile, so the draw pile's given top cards stay on top), so the
60 cards are always conserved. Draw-pile strings list the pile bottom-to-top: the last
code is the top card, as in ``GameState.draw``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Literal

import pytest

from engine.famiglia import GameState, IllegalAction
from engine.famiglia.actions import Action, Pay, RobotTurn, Take
from engine.famiglia.cards import DECK_COUNTS, N_KINDS, code, parse_code
from engine.famiglia.events import Event

Rest = Literal["draw", "discard", "area0", "area1", "hand0", "hand1"]


def cards(text: str) -> list[int]:
    """Kinds from codes such as ``"M4 A3 F0*2"``, in the order written."""
    out: list[int] = []
    for word in text.split():
        name, _, times = word.partition("*")
        out.extend([parse_code(name)] * (int(times) if times else 1))
    return out


def counts(text: str) -> list[int]:
    """Counts per kind (a hand or a play area) from codes."""
    c = [0] * N_KINDS
    for k in cards(text):
        c[k] += 1
    return c


def codes(zone: Iterable[int] | list[int], *, is_counts: bool = True) -> str:
    """Sorted codes of a counts list (or of a list of kinds with ``is_counts=False``)."""
    if is_counts:
        zone = list(zone)
        kinds = [k for k in range(N_KINDS) for _ in range(zone[k])]
    else:
        kinds = sorted(zone)
    return " ".join(code(k) for k in kinds)


def row(zone: list[int]) -> str:
    """Codes of an ordered zone (Street, draw or discard pile), order kept."""
    return " ".join(code(k) for k in zone)


def totals(s: GameState) -> list[int]:
    """Copies per kind over every zone of ``s``."""
    c = [0] * N_KINDS
    for k in s.draw + s.discard + s.street:
        c[k] += 1
    for seat in (0, 1):
        for k in range(N_KINDS):
            c[k] += s.hands[seat][k] + s.areas[seat][k]
    return c


def conserved(s: GameState) -> bool:
    """Rule 1.1/1.2: 60 cards, 5/4/3/2/1 copies of each rank in every family."""
    return totals(s) == list(DECK_COUNTS)


def make(
    *,
    street: str = "",
    hands: tuple[str, str] = ("", ""),
    areas: tuple[str, str] = ("", ""),
    draw: str = "",
    discard: str = "",
    rest: Rest = "draw",
    switched: bool = False,
    current: int = 0,
    first: int = 0,
    mode: Literal["duel", "solo"] = "duel",
    level: int | None = None,
    seed: int = 7,
) -> GameState:
    """A state at the start of ``current``'s turn with exactly the given zones."""
    s = GameState.new(seed, mode=mode, first=first, level=level)
    s.street = cards(street)
    s.hands = [counts(hands[0]), counts(hands[1])]
    s.areas = [counts(areas[0]), counts(areas[1])]
    s.draw = cards(draw)
    s.discard = cards(discard)
    left = [DECK_COUNTS[k] - n for k, n in enumerate(totals(s))]
    if any(n < 0 for n in left):
        extra = " ".join(code(k) for k in range(N_KINDS) if left[k] < 0)
        raise ValueError(f"more copies than the deck has: {extra}")
    spare = [k for k in range(N_KINDS) for _ in range(left[k])]
    random.Random(seed).shuffle(spare)
    if rest == "draw":
        s.draw[:0] = spare
    elif rest == "discard":
        s.discard.extend(spare)
    else:
        zone = s.areas if rest.startswith("area") else s.hands
        for k in spare:
            zone[int(rest[-1])][k] += 1
    s.switched = switched
    s.first = first
    s.current = current
    s.passes = 0
    s.turns_left = -1
    s.turn = 1
    s.turns_done = [0, 0]
    s.over = False
    s.reset_turn()
    assert conserved(s)
    return s


def play(s: GameState, *actions: Action) -> list[Event]:
    """Apply actions in order; all events."""
    events: list[Event] = []
    for action in actions:
        events.extend(s.apply(action))
    return events


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def legal_types(s: GameState) -> set[str]:
    return {a.type for a in s.legal_actions()}


def refused(s: GameState, action: Action, *words: str) -> str:
    """Apply an illegal action: IllegalAction naming ``words``, state unchanged."""
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    msg = str(err.value)
    assert s.to_dict() == before
    for w in words:
        assert w.lower() in msg.lower(), msg
    return msg


def take_indices(s: GameState) -> list[int]:
    return [a.index for a in s.legal_actions() if isinstance(a, Take)]


def pays(s: GameState) -> set[tuple[int, str]]:
    return {(a.wild, a.exhaust) for a in s.legal_actions() if isinstance(a, Pay)}


#: Robot play areas that meet the level-3 thresholds of Steps 1, 2, 3 (and 4):
#: 7 zeros, 5 ones, 4 twos, 2 threes.
SEVEN_ZEROS = "F0*2 A0*2 B0*2 M0"
FIVE_ONES = SEVEN_ZEROS + " A1*2 B1 M1 F1"
FOUR_TWOS = FIVE_ONES + " A2 B2 M2 F2"
SATED = FOUR_TWOS + " A3 B3"


def robot(street: str, area: str = "F0 A0 B0 M0", **kw: object) -> GameState:
    """A solo game (level 3 unless ``level=``) with the robot to move."""
    kw.setdefault("rest", "area0")
    return make(
        mode="solo",
        level=kw.pop("level", 3),
        street=street,
        areas=("", area),
        current=1,
        first=kw.pop("first", 0),
        **kw,
    )


def robot_turn(s: GameState) -> tuple[int, str | None, list[Event]]:
    """The robot's turn: (step, code of the card taken or None, events)."""
    ev = play(s, RobotTurn())
    step = next(e.amount for e in ev if e.kind == "robot_step")
    taken = [code(e.card) for e in ev if e.kind == "take"]
    return step, (taken[0] if taken else None), ev
