"""Family Business actions: one small decision each, JSON in and out.

A play is built step by step (rule 4.3a fixes every choice before the window; here
each choice is one decision, so a menu never shows more than a handful of options):

    ("play", card)       play ``card`` for effect; its choices follow as further steps
    ("discard", card)    discard ``card`` without effect (RULING R6)
    ("gang", g)          the card's gang: Contract target, Pay Off, Turncoat's departing gang
    ("at_large", g)      an at-large mobster of gang g (Hit, Turncoat, Substitution's second)
    ("position", p)      the hit-list entry at position p (1 = at the wall)
    ("next", g)          the next mobster of an order (Double Cross, Vendetta, Intrigue)
    ("receiver", g)      Turncoat's receiving gang
    ("counter", card)    a responder plays ``card`` in a counter window (section 5)
    ("no_counter", 0)    a responder declines (also what a timed-out seat sends)

Actions are tuples (fast on the search's hot path); the JSON form is checked with a
pydantic model, and anything that is not exactly one action is refused.
"""

from __future__ import annotations

import json
from typing import Final, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.family_business.cards import CODE_OF, KEYS

PLAY: Final = "play"
DISCARD: Final = "discard"
GANG: Final = "gang"
AT_LARGE: Final = "at_large"
POSITION: Final = "position"
NEXT: Final = "next"
RECEIVER: Final = "receiver"
COUNTER: Final = "counter"
NO_COUNTER: Final = "no_counter"

CARD_KINDS: Final = frozenset((PLAY, DISCARD, COUNTER))
GANG_KINDS: Final = frozenset((GANG, AT_LARGE, NEXT, RECEIVER))
KINDS: Final = CARD_KINDS | GANG_KINDS | {POSITION, NO_COUNTER}


class Action(NamedTuple):
    """One decision: ``kind`` and its argument (a card code, a gang/seat, a position)."""

    kind: str
    arg: int = 0


NO_COUNTER_ACTION: Final = Action(NO_COUNTER, 0)


class ActionModel(BaseModel):
    """The JSON shape of an action; exactly the field its kind needs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal[
        "play",
        "discard",
        "gang",
        "at_large",
        "position",
        "next",
        "receiver",
        "counter",
        "no_counter",
    ]
    card: str | None = None
    gang: int | None = None
    position: int | None = None


def to_model(action: Action) -> ActionModel:
    kind, arg = action
    fields: dict[str, object] = {"kind": kind}
    if kind in CARD_KINDS:
        fields["card"] = KEYS[arg]
    elif kind in GANG_KINDS:
        fields["gang"] = arg
    elif kind == POSITION:
        fields["position"] = arg
    return ActionModel.model_validate(fields)


def dump_action(action: Action) -> str:
    return to_model(action).model_dump_json(exclude_none=True)


def parse_action(text: str | bytes | dict[str, object]) -> Action:
    """The action in ``text`` (JSON or a dict); ValueError for anything else."""
    try:
        raw = json.loads(text) if isinstance(text, str | bytes) else text
        model = ActionModel.model_validate(raw, strict=True)
    except (ValidationError, ValueError, TypeError, RecursionError) as exc:  # nested too deep
        raise ValueError(f"not a Family Business action: {exc}") from None
    fields = {k for k in ("card", "gang", "position") if getattr(model, k) is not None}
    kind = model.kind
    if kind in CARD_KINDS:
        if fields != {"card"} or model.card not in CODE_OF:
            raise ValueError(f"a {kind} action names exactly one known card")
        return Action(kind, CODE_OF[model.card])
    if kind in GANG_KINDS:
        if fields != {"gang"} or not 0 <= model.gang <= 5:  # type: ignore[operator]
            raise ValueError(f"a {kind} action names exactly one gang 0-5")
        return Action(kind, model.gang)  # type: ignore[arg-type]
    if kind == POSITION:
        if fields != {"position"} or model.position < 1:  # type: ignore[operator]
            raise ValueError("a position action names exactly one position from 1")
        return Action(kind, model.position)  # type: ignore[arg-type]
    if fields:
        raise ValueError("a no_counter action has no other field")
    return NO_COUNTER_ACTION
