"""Slash-command moves: which decisions each command walks through, and its choices.

A command such as ``/famiglia brute rank:2 target:… amount:1`` packs several decisions
of one turn. :func:`build` turns its filled options into the engine actions, starting
at the decision the game is at (so a move begun with buttons can be finished by the
command); options not given leave the move waiting at that decision. No option given
is ignored: one that contradicts the part of the move already made, or that the move
turns out not to need (a free take's payment, a Brute 1's amount), is refused.
:func:`suggest` offers, for the option being typed, exactly the legal choices once the
options before it are applied. All legality comes from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.choices import DECISION_OF, ECHO, Choice, card_sets, choices, option_value, short
from bot.services.option_actions import names, resolve
from bot.services.option_forms import card_list
from engine.famiglia import Action, Event, GameState, IllegalAction, label, prompt
from engine.famiglia.actions import BruteAmount, BruteTarget, PlayAccountant, PlayBrute, Take
from engine.famiglia.cards import code


@dataclass(frozen=True, slots=True)
class Step:
    kind: str  # the action type this step picks
    option: str | None  # the command option that names it (None: nothing to name)
    many: bool = False  # a list of cards, e.g. "M2 B3" (an Accountant's exchange)


PLANS: dict[str, tuple[Step, ...]] = {
    "refresh": (Step("refresh", "card"),),
    "accountant": (
        Step("accountant", "rank"),
        Step("exchange_take", "take", many=True),
        Step("exchange_give", "give", many=True),
    ),
    "brute": (
        Step("brute", "rank"),
        Step("brute_target", "target"),
        Step("brute_amount", "amount"),
    ),
    "take": (Step("take", "card"), Step("pay", "payment")),
    "pass": (Step("pass", None),),
}
NOTHING = "none"  # the exchange option value for "take nothing back"


def _start(state: GameState, command: str) -> int:
    decision = state.decision
    for i, step in enumerate(PLANS[command]):
        if DECISION_OF[step.kind] == decision:
            return i
    raise IllegalAction(
        f"You are in the middle of another move: {prompt(state)} "
        "Finish it first (Show my hand shows the choices)."
    )


def _given(values: dict[str, str | None], step: Step) -> str | None:
    value = values.get(step.option) if step.option is not None else None
    return value.strip() if value is not None and value.strip() else None


def _done(state: GameState, step: Step) -> Action | None:
    """The action an earlier step of the move in progress took (made with buttons)."""
    if step.kind == "accountant" and state.exch_limit:
        return PlayAccountant(rank=state.exch_limit)
    if step.kind == "brute" and state.brute_rank:
        return PlayBrute(rank=state.brute_rank)
    if step.kind == "brute_target" and 0 <= state.brute_idx < len(state.street):
        return BruteTarget(index=state.brute_idx)
    if step.kind == "take" and 0 <= state.take_idx < len(state.street):
        return Take(index=state.take_idx)
    return None


def _check_done(state: GameState, step: Step, value: str) -> None:
    """An option for a step the move in progress already made must name what was made."""
    done = _done(state, step)
    if done is None:  # the cards taken back with the buttons
        raise IllegalAction(
            f"You have already taken your cards back: leave out {step.option}:. {prompt(state)}"
        )
    if names(state, done, value):
        return
    if isinstance(done, PlayAccountant | PlayBrute):
        fits = str(done.rank)
    else:
        fits = option_value(state, done)
    raise IllegalAction(
        f"This move is already under way ({label(state, done)}), so "
        f"{step.option}:{short(value, ECHO)!r} does not fit: give {step.option}:{fits} "
        f"to go on with it. {prompt(state)}"
    )


def _check_skipped(current: GameState, step: Step, value: str, events: list[Event]) -> None:
    """An option for a step the move did not need (the engine decided it alone) is
    refused unless it names what happened, so it is never silently ignored."""
    said = short(value, ECHO)
    none = value.casefold() == NOTHING
    if step.kind == "brute_amount":
        amount, card = current.brute_amt, code(current.street[current.brute_idx])
        if amount and names(current, BruteAmount(amount=amount), value):
            return
        if not amount:
            why = f"{card} is a 0 already: your Brute leaves it at 0"
        else:
            why = f"your Brute {current.brute_rank} can lower {card} only by {amount}"
        raise IllegalAction(f"amount:{said!r} is not possible: {why}. Leave out amount:.")
    if step.kind == "pay" and not none:
        taken = next((e for e in events if e.kind == "take"), None)
        if taken is not None and not taken.cards:
            why = f"{code(taken.card)} costs nothing now, so there is no payment to choose"
        elif taken is not None:
            paid = {code(c) for c in taken.cards}
            typed = set(card_list(value) or [])
            if typed and typed <= paid and len(paid) == 1:
                return  # it names the pair the engine took
            pair = " + ".join(code(c) for c in taken.cards)
            if len(paid) == 1:
                pair = f"two {paid.pop()}"
            why = f"{code(taken.card)} is paid with {pair}: there is no payment to choose"
        else:
            why = "this move needs no payment"
        raise IllegalAction(f"payment:{said!r} can't be used: {why}. Leave out payment:.")
    if step.kind == "exchange_take" and not none:
        raise IllegalAction(
            f"take:{said!r} can't be used: your play area has no card to take back, so "
            f"Accountant A{current.exch_limit} exchanges nothing. Leave out take: and give:."
        )
    if step.kind == "exchange_give" and not none:
        raise IllegalAction(
            f"give:{said!r} can't be used: you take no card back, so there is none to put "
            "down. Leave out give:."
        )
    if not none and step.kind not in ("exchange_take", "exchange_give", "pay"):
        raise IllegalAction(f"{step.option}: is not needed for this move. Leave it out.")


def _only(state: GameState, kind: str) -> Action:
    """The action of ``kind`` (pass, stop taking back): a step with nothing to name."""
    found = choices(state, [kind])
    if not found:
        raise IllegalAction(f"That is not possible now. {prompt(state)}")
    return found[0].action


class _Walk:
    """The actions a command's options name, applied step by step on a copy."""

    def __init__(self, state: GameState, values: dict[str, str | None], checking: bool) -> None:
        self.current = state.copy()
        self.values = values
        self.checking = checking
        self.actions: list[Action] = []
        self.events: list[Event] = []

    def do(self, action: Action) -> None:
        self.events.extend(self.current.apply(action))
        self.actions.append(action)

    def skipped(self, rest: tuple[Step, ...]) -> None:
        """The move needs no more (e.g. a free take): options for the rest must agree."""
        for later in rest:
            value = _given(self.values, later)
            if self.checking and value is not None:
                _check_skipped(self.current, later, value, self.events)

    def missing(self, step: Step, rest: tuple[Step, ...]) -> None:
        """``step``'s option is not given: an option after it is refused."""
        later = [f"{s.option}:" for s in rest if _given(self.values, s)]
        if self.checking and later:
            raise IllegalAction(
                f"{' and '.join(later)} needs {step.option}: too. {prompt(self.current)}"
            )

    def many(self, step: Step, value: str) -> None:
        """A list of cards (an Accountant's exchange), card by card."""
        current = self.current
        words = [] if value.casefold() == NOTHING else value.replace(",", " ").split()
        for word in words:
            if current.decision != DECISION_OF[step.kind]:
                raise IllegalAction(f"Too many cards: {short(value, ECHO)!r}.")
            self.do(resolve(current, [step.kind], word))
        if step.kind == "exchange_take" and current.decision == "exchange_take":
            self.do(_only(current, "exchange_done"))
        elif step.kind == "exchange_give" and current.decision == "exchange_give":
            raise IllegalAction(f"Put as many cards down as you took back: {prompt(current)}")


def _walk(
    state: GameState, command: str, values: dict[str, str | None], stop_at: str | None = None
) -> tuple[GameState, list[Action], Step | None]:
    """Apply the command's steps from the current decision until an option is missing
    (or ``stop_at`` is reached); returns the state then, the actions, the next step.

    Without ``stop_at`` (the command is sent) no option is ever ignored: one for a step
    the move already made must name what was made, one for a step the move turns out
    not to need must agree with what the engine did, and one after a missing option is
    refused (each with a message)."""
    walk = _Walk(state, values, checking=stop_at is None)
    plan = PLANS[command]
    first = _start(state, command)
    for step in plan[:first]:
        value = _given(values, step)
        if walk.checking and value is not None:
            _check_done(state, step, value)
    for i, step in enumerate(plan[first:]):
        if i and DECISION_OF[step.kind] != walk.current.decision:
            walk.skipped(plan[first + i :])
            return walk.current, walk.actions, None
        if step.option == stop_at and stop_at is not None:
            return walk.current, walk.actions, step
        if step.option is None:
            walk.do(_only(walk.current, step.kind))
            continue
        value = _given(values, step)
        if value is None:
            walk.missing(step, plan[first + i + 1 :])
            return walk.current, walk.actions, step
        if step.many:
            walk.many(step, value)
        else:
            walk.do(resolve(walk.current, [step.kind], value))
    return walk.current, walk.actions, None


def build(state: GameState, command: str, values: dict[str, str | None]) -> list[Action]:
    """The actions the command names; raises IllegalAction (a sentence for the player)."""
    _, actions, _ = _walk(state, command, values)
    if not actions:
        raise IllegalAction(f"Say what to do: {prompt(state)}")
    return actions


def _sets(state: GameState, step: Step) -> list[tuple[str, str]]:
    if step.kind == "exchange_take":
        found = [("Take back nothing (keep the play area as it is)", NOTHING)]
        for picked in card_sets(state, "exchange_take", 4):
            codes = " ".join(_code(c) for c in picked)
            found.append((f"Take back {codes}", codes))
        return found
    found = []
    for picked in card_sets(state, "exchange_give", 4):
        copy = state.copy()
        for c in picked:
            copy.apply(c.action)
        if copy.decision != "exchange_give":
            codes = " ".join(_code(c) for c in picked)
            found.append((f"Put down {codes}", codes))
    return found


def _code(choice: Choice) -> str:
    return str(getattr(choice.action, "card", choice.value))


def suggest(
    state: GameState, command: str, option: str, values: dict[str, str | None], typed: str
) -> list[tuple[str, str]]:
    """Up to 25 (name, value) choices for ``option``, given the options filled before it.
    For a step the move in progress already made (with buttons): what it made."""
    try:
        earlier = [s for s in PLANS[command][: _start(state, command)] if s.option == option]
    except IllegalAction:
        return []
    if earlier:
        done = _done(state, earlier[0])
        if done is None:
            return []
        return [(short(f"{label(state, done)} (already chosen)", 100), option_value(state, done))]
    try:
        current, _, step = _walk(state, command, values, stop_at=option)
    except IllegalAction:
        return []
    if step is None or step.option != option or DECISION_OF[step.kind] != current.decision:
        return []
    if step.many:
        found = _sets(current, step)
    else:
        found = [(c.label, option_value(current, c.action)) for c in choices(current, [step.kind])]
    wanted = typed.strip().casefold()
    hits = [
        (short(n, 100), v) for n, v in found if wanted in n.casefold() or wanted == v.casefold()
    ]
    return hits[:25]
