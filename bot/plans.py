"""Slash-command moves: which decisions each command walks through, and its choices.

A command such as ``/famiglia brute rank:2 target:… amount:1`` packs several decisions
of one turn. :func:`build` turns its filled options into the engine actions, starting
at the decision the game is at (so a move begun with buttons can be finished by the
command); options not given leave the move waiting at that decision. :func:`suggest`
offers, for the option being typed, exactly the legal choices once the options before
it are applied. All legality comes from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.choices import DECISION_OF, ECHO, Choice, card_sets, choices, resolve, short
from engine import Action, GameState, IllegalAction, prompt


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


def _walk(
    state: GameState, command: str, values: dict[str, str | None], stop_at: str | None = None
) -> tuple[GameState, list[Action], Step | None]:
    """Apply the command's steps from the current decision until an option is missing
    (or ``stop_at`` is reached); returns the state then, the actions, the next step."""
    current = state.copy()
    actions: list[Action] = []

    def do(action: Action) -> None:
        current.apply(action)
        actions.append(action)

    for i, step in enumerate(PLANS[command][_start(state, command) :]):
        if i and DECISION_OF[step.kind] != current.decision:
            return current, actions, None  # the move needs no more (e.g. a free take)
        if step.option == stop_at and stop_at is not None:
            return current, actions, step
        if step.option is None:
            do(resolve(current, [step.kind], "pass"))
            continue
        value = values.get(step.option)
        if value is None or not value.strip():
            return current, actions, step
        if not step.many:
            do(resolve(current, [step.kind], value))
            continue
        words = [] if value.strip().casefold() == NOTHING else value.replace(",", " ").split()
        for word in words:
            if current.decision != DECISION_OF[step.kind]:
                raise IllegalAction(f"Too many cards: {short(value.strip(), ECHO)!r}.")
            do(resolve(current, [step.kind], word))
        if step.kind == "exchange_take" and current.decision == "exchange_take":
            do(resolve(current, ["exchange_done"], "stop"))
        elif step.kind == "exchange_give" and current.decision == "exchange_give":
            raise IllegalAction(f"Put as many cards down as you took back: {prompt(current)}")
    return current, actions, None


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
    """Up to 25 (name, value) choices for ``option``, given the options filled before it."""
    try:
        current, _, step = _walk(state, command, values, stop_at=option)
    except IllegalAction:
        return []
    if step is None or step.option != option or DECISION_OF[step.kind] != current.decision:
        return []
    if step.many:
        found = _sets(current, step)
    else:
        found = [(c.label, c.value) for c in choices(current, [step.kind])]
    wanted = typed.strip().casefold()
    hits = [
        (short(n, 100), v) for n, v in found if wanted in n.casefold() or wanted == v.casefold()
    ]
    return hits[:25]
