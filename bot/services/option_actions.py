"""What a value typed into a slash option names, and the refusal when it names nothing
legal.

A value must be, completely, an action's key or exact label, or one form of
:mod:`bot.services.option_forms`: a card code (``F3``), a rank or an amount in range, a Street
position (``#2``), or an autocompleted Street position with the card seen there
(``"#4 F3"``, :func:`bot.services.choices.option_value`): the Street may change before the
command is sent, and then it is refused rather than meaning another card. Anything
else (``#3 or #6``, ``-1``, ``#٣``) is refused with the forms that are accepted.
Nothing here knows a rule: legality and the reasons come from the engine (``apply`` on
a copy); a refusal says what is wrong, then what to do instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from bot.services.choices import ECHO, Choice, choices, option_value, parse_key, short
from bot.services.option_forms import ACCEPTED, Form, read
from engine.famiglia import GameState, IllegalAction, label, prompt
from engine.famiglia.actions import (
    Action,
    BruteAmount,
    BruteTarget,
    ExchangeGive,
    ExchangeTake,
    PlayAccountant,
    PlayBrute,
    Refresh,
    Take,
)
from engine.famiglia.cards import FAMILY_NAMES, LETTERS, RANKS, code, parse_code
from engine.famiglia.codes import Family

#: Action types whose option names a Street position (the action's ``index``).
STREET_KINDS = ("refresh", "take", "brute_target")
#: The family of the card each "play a card" type puts down.
_PLAYS: dict[str, int] = {"accountant": Family.ACCOUNTANT, "brute": Family.BRUTE}
_PROBES: dict[str, Callable[[int, int, str], Action]] = {
    "refresh": lambda index, rank, card: Refresh(index=index),
    "accountant": lambda index, rank, card: PlayAccountant(rank=rank),
    "brute": lambda index, rank, card: PlayBrute(rank=rank),
    "take": lambda index, rank, card: Take(index=index),
    "brute_target": lambda index, rank, card: BruteTarget(index=index),
    "brute_amount": lambda index, rank, card: BruteAmount(amount=rank),
    "exchange_take": lambda index, rank, card: ExchangeTake(card=card),
    "exchange_give": lambda index, rank, card: ExchangeGive(card=card),
}
#: What a refusal says when no action of a type is possible and the engine's reasons
#: differ from card to card (a card can't be paid for, no such Accountant in hand).
_NONE_POSSIBLE: dict[str, str] = {
    "refresh": "The Street can't be refreshed now.",
    "take": "You can't pay for any of the Street cards now.",
    "brute_target": "There is no Street card to lower.",
}


def resolve(state: GameState, kinds: Iterable[str], text: str) -> Action:
    """The legal action of one of ``kinds`` that ``text`` names completely: its exact
    label, its key, or one of the forms of :mod:`bot.services.option_forms` (a card code, a
    Street position, an autocompleted ``"#4 F3"``, a number in range).

    Raises IllegalAction with a message for the player when nothing legal matches: what
    is wrong (the engine's reason where it has one, else the forms accepted) and what
    to do instead.
    """
    kinds = tuple(kinds)
    options = choices(state, kinds)
    typed = text.strip()
    kind = next((k for k in kinds if k in _PROBES), None)
    exact = [c for c in options if c.label.casefold() == typed.casefold()]
    if typed and exact:
        return exact[0].action
    form = read(typed)
    named: Action | None = None
    why: str | None = None
    if form is not None and form.kind == "key":
        named = parse_key(typed)
        if named is not None and named.type not in kinds:
            named = None
    elif form is not None and kind is not None:
        named, why = _named(state, kind, form)
    if named is not None and _engine_says(state, named) is None:
        return named
    if named is None and why is None and kind is not None:  # no form this option takes
        said = short(typed, ECHO)  # typed by hand it may be thousands of characters
        why = f"{said!r} is not one of the choices now: type {ACCEPTED[kind]}."
        raise IllegalAction(_refusal(state, kind, typed, None, why, options, first=True))
    raise IllegalAction(_refusal(state, kind, typed, named, why, options))


def names(state: GameState, action: Action, text: str) -> bool:
    """Whether ``text`` names ``action`` completely (made already, or decided by the
    engine alone): its key, its label, its autocomplete value, its card or rank, its
    Street position."""
    typed = text.strip()
    if parse_key(typed) == action:
        return True
    shown = (label(state, action), option_value(state, action))
    if typed.casefold() in (s.casefold() for s in shown):
        return True
    form = read(typed)
    if form is None or form.kind == "key":
        return False
    index = getattr(action, "index", None)
    if not isinstance(index, int):
        if action.type not in _PROBES:
            return False
        named, _ = _named(state, action.type, form)
        return named == action
    card = code(state.street[index])
    if form.kind == "seen":
        return form.position == index + 1 and form.card == card
    if form.kind == "position":
        return form.position == index + 1
    return form.kind == "card" and form.card == card


def _seen(state: GameState, kind: str, form: Form) -> Action | None:
    """The action an autocompleted ``"#4 F3"`` names; IllegalAction when the Street
    no longer shows that card at that position (None: no such card at all)."""
    assert form.position is not None and form.card is not None
    wanted = _kind_of(form.card)
    if wanted is None:
        return None  # not a card: the refusal explains
    street = state.street
    index = form.position - 1
    if 0 <= index < len(street) and street[index] == wanted:
        return _PROBES[kind](index, 0, "")
    want = code(wanted)
    if 0 <= index < len(street):
        what = f"#{index + 1} of the Street holds {code(street[index])}, not {want}"
    else:
        what = f"the Street has {len(street)} cards, so there is no #{index + 1} ({want})"
    if wanted in street:
        what += f"; {want} is at #{street.index(wanted) + 1}"
    # Not "the Street changed": a typing slip names a card that was never there.
    raise IllegalAction(f"{what[0].upper()}{what[1:]}. Nothing was done: choose again.")


def _kind_of(text: str) -> int | None:
    try:
        return parse_code(text)
    except ValueError:
        return None


def _engine_says(state: GameState, action: Action) -> str | None:
    """The engine's reason for refusing ``action`` now, None when it is legal."""
    try:
        state.copy().apply(action)
    except IllegalAction as error:
        return str(error)
    return None


def _ranks(kind: str) -> list[int]:
    """The ranks an action of ``kind`` can name at all (the engine's action model)."""
    found = []
    for rank in RANKS:
        try:
            _PROBES[kind](0, rank, "F0")
        except ValueError:
            continue
        found.append(rank)
    return found


def _span(ranks: Sequence[int]) -> str:
    return f"{ranks[0]} to {ranks[-1]}"


def _named(state: GameState, kind: str, form: Form) -> tuple[Action | None, str | None]:
    """What a typed value of ``form`` asks for: a card code, a rank, an amount or a
    Street position. Returns the action it names, or else what is wrong with it
    (None, None: the form means nothing for ``kind``)."""
    typed = form.card or ""
    if kind in _PLAYS:
        return _play(kind, form)
    if form.kind in ("card", "seen") and _kind_of(typed) is None:
        return None, f"There is no card {typed}: ranks go from {_span(RANKS)}."
    if kind in STREET_KINDS:
        return _street(state, kind, form)
    if kind == "brute_amount":
        if form.kind != "number" or form.number is None:
            return None, None
        if form.number in _ranks(kind):
            return _PROBES[kind](0, form.number, ""), None
        reasons = (_engine_says(state, _PROBES[kind](0, a, "")) for a in _ranks(kind))
        return None, next((r for r in reasons if r is not None), None)
    if form.kind != "card" or kind not in ("exchange_take", "exchange_give"):
        return None, None
    return _PROBES[kind](0, 0, typed), None


def _play(kind: str, form: Form) -> tuple[Action | None, str | None]:
    """A rank (``2``), or the card itself (``B2``), of the Accountant or Brute to play."""
    family = _PLAYS[kind]
    name = FAMILY_NAMES[family]
    if form.kind == "card" and form.card is not None:
        letter, rank = form.card[0], int(form.card[1:])
    elif form.kind == "number" and form.number is not None:
        letter, rank = LETTERS[family], form.number
    else:
        return None, None
    article = "an" if name[0] in "AEIOU" else "a"
    if letter != LETTERS[family]:
        return None, f"{form.card} is not {article} {name}."
    playable = _ranks(kind)
    if rank not in playable:
        what = f"There is no {name} {rank}"
        if rank in RANKS:
            what = f"{name} {rank} can't be played"
        return None, f"{what}: {article} {name} you play has rank {_span(playable)}."
    return _PROBES[kind](0, rank, ""), None


def _street(state: GameState, kind: str, form: Form) -> tuple[Action | None, str | None]:
    """The Street card a position, a code or both name."""
    street = state.street
    if form.kind == "seen":
        return _seen(state, kind, form), None
    if form.kind == "position" and form.position is not None:
        index = form.position - 1
        if 0 <= index < len(street):
            return _PROBES[kind](index, 0, ""), None
        size = len(street)
        where = f"the Street has {size} cards, #1 to #{size}" if size else "the Street is empty"
        return None, f"'#{form.position}' is not one of the choices now: {where}."
    if form.kind != "card" or form.card is None:
        return None, None
    at = [i for i, k in enumerate(street) if k == _kind_of(form.card)]
    if not at:
        return None, f"There is no {form.card} in the Street."
    # identical cards are interchangeable, but for the one this turn's Brute lowered
    # (rule 4.3.2): a code names that copy first, the cheaper one to take
    at.sort(key=lambda i: i != state.brute_idx)
    probes = [_PROBES[kind](i, 0, "") for i in at]
    return next((p for p in probes if _engine_says(state, p) is None), probes[0]), None


def _general_reason(state: GameState, kind: str | None) -> str | None:
    """Why no action of ``kind`` is possible now, when the engine gives every one the
    same reason (e.g. a 0 showing refuses every refresh); else None."""
    if kind is None:
        return None
    if kind in STREET_KINDS:
        probes = [_PROBES[kind](i, 0, "") for i in range(max(len(state.street), 1))]
    elif kind in _PLAYS or kind == "brute_amount":
        probes = [_PROBES[kind](0, rank, "") for rank in _ranks(kind)]
    else:
        return None
    reasons = {_engine_says(state, probe) for probe in probes}
    return reasons.pop() if len(reasons) == 1 else None


def _none_possible(kind: str | None) -> str:
    """No action of ``kind`` is possible, for reasons that differ from card to card."""
    if kind in _PLAYS:
        name = FAMILY_NAMES[_PLAYS[kind]]
        return f"You have no {name} you can play (rank {_span(_ranks(kind))}) in your hand."
    return _NONE_POSSIBLE.get(kind or "", "That is not possible at this point of the turn.")


def _refusal(
    state: GameState,
    kind: str | None,
    text: str,
    named: Action | None,
    why: str | None,
    options: list[Choice],
    *,
    first: bool = False,
) -> str:
    """What is wrong with ``text``, then what to do: the choices, or the turn's prompt.
    ``first``: ``why`` comes before any other reason (the value has no accepted form)."""
    reason = why if first else None
    if reason is None and not options:
        reason = _general_reason(state, kind)
    if reason is None and named is not None:
        reason = _engine_says(state, named)
    if reason is None:
        reason = why
    if reason is None and options:
        said = short(text.strip(), ECHO)  # typed by hand it may be thousands of characters
        reason = f"{said!r} is not one of the choices now."
    if reason is None:
        reason = _none_possible(kind)
    if not options:
        return f"{reason} {prompt(state)}"
    listed = ", ".join(c.label for c in options[:5])
    more = " …" if len(options) > 5 else ""
    return f"{reason} Choose from: {listed}{more}"
