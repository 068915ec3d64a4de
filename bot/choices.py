"""The legal choices of a decision, as lists a UI can show and values it can parse back.

Nothing here knows a rule: every list comes from the engine's ``legal_actions()``,
labelled by the engine's ``label()``. An action travels through Discord as its compact
*key* (``"8.3.0"`` = take the Street card at index 3), so a select value or a button id
stays short; a value typed by hand may also be the exact label or a unique prefix of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine import GameState, IllegalAction, label
from engine.actions import (
    Action,
    BruteAmount,
    BruteTarget,
    ExchangeGive,
    ExchangeTake,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Take,
    from_key,
)
from engine.cards import code

#: Action types grouped the way the slash commands and the controls group them.
MOVE_TYPES = ("refresh", "accountant", "brute", "take", "pass")

#: Which decision asks for actions of each type.
DECISION_OF: dict[str, str] = {
    "refresh": "main",
    "accountant": "main",
    "brute": "main",
    "take": "main",
    "pass": "main",
    "exchange_take": "exchange_take",
    "exchange_done": "exchange_take",
    "exchange_give": "exchange_give",
    "brute_target": "brute_target",
    "brute_amount": "brute_amount",
    "pay": "pay",
}


@dataclass(frozen=True, slots=True)
class Choice:
    label: str  # <= 80 characters, what the player reads
    value: str  # the action key, e.g. "8.3.0"
    action: Action


def key_text(action: Action) -> str:
    return ".".join(str(part) for part in action.key())


def parse_key(text: str) -> Action | None:
    """The action a key string names, or None for anything malformed."""
    parts = text.strip().split(".")
    if len(parts) != 3 or not all(p.isdigit() and len(p) <= 3 for p in parts):
        return None
    try:
        return from_key((int(parts[0]), int(parts[1]), int(parts[2])))
    except (ValueError, TypeError):
        return None


#: The most of a typed value a refusal repeats (a message holds at most 2000 characters).
ECHO = 60


def short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


_POSITION = re.compile(r" \(#\d+\)")


def choices(state: GameState, kinds: Iterable[str] | None = None) -> list[Choice]:
    """The legal actions now, optionally only of some types, one per distinct label.

    In a duel the Street's order means nothing, so identical cards at different
    positions are one choice (the leftmost stands for all) and a list never grows past
    the number of distinct cards. Solo games keep every position: the robot's
    "leftmost" makes them differ.
    """
    wanted = None if kinds is None else set(kinds)
    seen: set[str] = set()
    out: list[Choice] = []
    for action in state.legal_actions():
        if wanted is not None and action.type not in wanted:
            continue
        text = short(label(state, action))
        same = _POSITION.sub("", text) if state.mode == "duel" else text
        if same in seen:
            continue
        seen.add(same)
        out.append(Choice(text, key_text(action), action))
    return out


def resolve(state: GameState, kinds: Iterable[str], text: str) -> Action:
    """The legal action of one of ``kinds`` that ``text`` names (key, label or prefix).

    Raises IllegalAction with a message for the player when nothing legal matches.
    """
    options = choices(state, kinds)
    action = parse_key(text)
    if action is not None:
        for choice in options:
            if choice.action == action:
                return choice.action
        # A key for an equivalent duplicate (same label) is just as good.
        if action in state.legal_actions() and action.type in set(kinds):
            return action
    wanted = text.strip().casefold()
    if wanted:
        exact = [c for c in options if c.label.casefold() == wanted]
        if exact:
            return exact[0].action
        prefixed = [c for c in options if c.label.casefold().startswith(wanted)]
        if len(prefixed) == 1:
            return prefixed[0].action
        word = re.compile(rf"(?<!\w){re.escape(wanted)}(?!\w)")
        naming = [c for c in options if word.search(c.label.casefold())]
        if len(naming) == 1:
            return naming[0].action
    reason = _engine_reason(state, kinds, text, action)
    if reason is not None:
        raise IllegalAction(reason)
    if not options:
        raise IllegalAction("That is not possible at this point of the turn.")
    listed = ", ".join(c.label for c in options[:5])
    more = " …" if len(options) > 5 else ""
    said = short(text.strip(), ECHO)  # typed by hand it may be thousands of characters long
    raise IllegalAction(f"{said!r} is not one of the choices now. Choose from: {listed}{more}")


_CARD = re.compile(r"\b([FABM])([0-4])\b", re.IGNORECASE)
_PROBES: dict[str, Callable[[int, int, str], Action]] = {
    "refresh": lambda index, rank, card: Refresh(index=index),
    "accountant": lambda index, rank, card: PlayAccountant(rank=max(rank, 1)),
    "brute": lambda index, rank, card: PlayBrute(rank=max(rank, 1)),
    "take": lambda index, rank, card: Take(index=index),
    "brute_target": lambda index, rank, card: BruteTarget(index=index),
    "brute_amount": lambda index, rank, card: BruteAmount(amount=max(rank, 1)),
    "exchange_take": lambda index, rank, card: ExchangeTake(card=card),
    "exchange_give": lambda index, rank, card: ExchangeGive(card=card),
}


def _engine_reason(
    state: GameState, kinds: Iterable[str], text: str, named: Action | None
) -> str | None:
    """Why the engine refuses what ``text`` asks for, in its own words, if it can say."""
    probe = named if named is not None and named.type in set(kinds) else None
    if probe is None:
        kind = next((k for k in kinds if k in _PROBES), None)
        if kind is None:
            return None
        match = _CARD.search(text)
        if match is None and choices(state, [kind]):
            return None  # the text names nothing; the list of choices says more
        card = f"{match[1].upper()}{match[2]}" if match else "F0"
        digits = [int(c) for c in text if c.isdigit()]
        rank = int(match[2]) if match else (digits[0] if digits else 1)
        street = [code(k) for k in state.street]
        on_street = kind in ("refresh", "take", "brute_target")
        if on_street and card not in street and (match is not None or not street):
            return None
        index = street.index(card) if card in street else 0
        probe = _PROBES[kind](index, min(rank, 4), card)
    try:
        state.copy().apply(probe)
    except IllegalAction as error:
        return str(error)
    return None


def after(state: GameState, actions: Sequence[Action]) -> GameState:
    """A copy of ``state`` with ``actions`` applied; raises IllegalAction."""
    copy = state.copy()
    for action in actions:
        copy.apply(action)
    return copy


def card_sets(state: GameState, kind: str, limit: int, cap: int = 400) -> list[list[Choice]]:
    """Every sequence of up to ``limit`` actions of ``kind`` (an exchange: which cards),
    as sorted, distinct multisets found by applying the engine's legal choices."""
    found: dict[tuple[str, ...], list[Choice]] = {}

    def walk(current: GameState, picked: list[Choice]) -> None:
        if len(found) >= cap:
            return
        labels = tuple(sorted(c.label for c in picked))
        if labels in found:
            return
        found[labels] = list(picked)
        if len(picked) >= limit:
            return
        for choice in choices(current, [kind]):
            if picked and choice.label < picked[-1].label:
                continue  # multisets: only non-decreasing orders
            walk(after(current, [choice.action]), [*picked, choice])

    walk(state, [])
    return [found[key] for key in sorted(found, key=lambda k: (len(k), k)) if key]
