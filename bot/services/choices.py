"""The legal choices of a decision, as lists a UI can show and values it can parse back.

Nothing here knows a rule: every list comes from the engine's ``legal_actions()``,
labelled by the engine's ``label()``. An action travels through Discord as its compact
*key* (``"8.3.0"`` = take the Street card at index 3), so a select value or a button id
stays short. An autocompleted Street position names the card seen there too (``"#4 F3"``,
:func:`option_value`). What a value typed by hand names is read in ``bot.services.option_actions``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.services.option_forms import KEY
from engine.errors import IllegalAction
from engine.famiglia import GameState, label
from engine.famiglia.actions import Action, BruteAmount, Pay, PlayAccountant, PlayBrute, from_key
from engine.famiglia.cards import code
from engine.famiglia.codes import ROBOT_SEAT

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


NOT_A_CHOICE = "That option is not one of the choices."


def parse_key(text: str) -> Action | None:
    """The action a key string names, written exactly as :func:`key_text` writes keys
    (:data:`bot.services.option_forms.KEY`); None for anything else (spaces, a leading
    zero, other digits)."""
    match = KEY.fullmatch(text)
    if match is None:
        return None
    try:
        return from_key((int(match[1]), int(match[2]), int(match[3])))
    except (ValueError, TypeError, IndexError):  # e.g. "2.20.0": no card kind 20
        return None


def offered_action(state: GameState, value: str, kind: str | None = None) -> Action:
    """The action a control offered as ``value`` at ``state`` (a select of one ``kind``
    of action, or any decision's button): only a value the control's list holds, written
    exactly so; a legal move it never offered is no choice of it. IllegalAction else."""
    for choice in choices(state, None if kind is None else [kind]):
        if choice.value == value:
            return choice.action
    raise IllegalAction(NOT_A_CHOICE)


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
    robot = state.is_robot(ROBOT_SEAT)  # he takes the leftmost: positions differ
    seen: set[str] = set()
    out: list[Choice] = []
    for action in state.legal_actions():
        if wanted is not None and action.type not in wanted:
            continue
        text = short(label(state, action))
        same = text if robot else _POSITION.sub("", text)
        if same in seen:
            continue
        seen.add(same)
        out.append(Choice(text, key_text(action), action))
    return out


def option_value(state: GameState, action: Action) -> str:
    """The value an autocompleted option sends for ``action``: what the player saw, so
    a command sent after that changed is refused instead of meaning something else.
    A Street position names the card seen there (``"#4 F3"``); a rank or a Brute's
    amount is its number (the commands' integer options); a payment, which depends on
    the card chosen before it, is its label; the rest their key."""
    index = getattr(action, "index", None)
    if isinstance(index, int) and 0 <= index < len(state.street):
        return f"#{index + 1} {code(state.street[index])}"
    if isinstance(action, PlayAccountant | PlayBrute):
        return str(action.rank)
    if isinstance(action, BruteAmount):
        return str(action.amount)
    if isinstance(action, Pay):
        return short(label(state, action))
    return key_text(action)


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
