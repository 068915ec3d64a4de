"""Family Business behind the shared game protocol (engine.game): ``GAME``."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.errors import IllegalAction
from engine.family_business import cards as C
from engine.family_business.actions import (
    CARD_KINDS,
    COUNTER,
    DISCARD,
    KINDS,
    NO_COUNTER,
    NO_COUNTER_ACTION,
    PLAY,
    Action,
    dump_action,
    parse_action,
)
from engine.family_business.choices import options, playable
from engine.family_business.flow import answered, continue_play, deal, end_turn
from engine.family_business.result import outcome_of
from engine.family_business.state import NOT_ASKED, OVER, WAITING, WINDOW, FBState
from engine.family_business.view import FBView, view_of
from engine.game import Outcome


class FBOptions(BaseModel):
    """``seats`` players (2-6); ``first`` the starting seat, or None for a random one
    (RULING R4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seats: int = Field(default=4, ge=2, le=6)
    first: int | None = None

    @model_validator(mode="after")
    def _first_is_a_seat(self) -> FBOptions:
        if self.first is not None and not 0 <= self.first < self.seats:
            raise ValueError(f"first must be a seat 0-{self.seats - 1}")
        return self


def _card_actions(s: FBState, seat: int) -> list[Action]:
    kinds = sorted(set(s.hands[seat]))
    return [Action(PLAY, c) for c in kinds if playable(s, seat, c)] + [
        Action(DISCARD, c) for c in kinds
    ]


def _check_answer(s: FBState, kind: str, arg: int, seat: int) -> None:
    """A responder's answer in a window (rules 5.4, 5.5, RULING R13)."""
    if s.answers[seat] != WAITING:
        asked = s.answers[seat] != NOT_ASKED
        raise IllegalAction(
            "You have already answered this counter window."
            if asked
            else "You are not asked in this counter window."
        )
    if kind == NO_COUNTER and arg == 0:
        return
    if kind != COUNTER:
        raise IllegalAction("A counter window is open: play a counter or no counter.")
    if arg not in s.hands[seat]:
        raise IllegalAction(f"You do not hold {C.NAMES[arg]}.")
    if arg not in C.COUNTERS_ALLOWED[s.card]:
        raise IllegalAction(f"{C.NAMES[arg]} does not counter {C.NAMES[s.card]}.")


def _check_card(s: FBState, kind: str, arg: int, seat: int) -> None:
    """The first decision of a turn: a card to play or to discard (rule 4.3)."""
    if kind not in (PLAY, DISCARD):
        raise IllegalAction("Play or discard a card first.")
    if arg not in s.hands[seat]:
        raise IllegalAction(f"You do not hold {C.NAMES[arg]}.")
    if kind == PLAY and not playable(s, seat, arg):
        raise IllegalAction(
            f"{C.NAMES[arg]} cannot be played for effect now; you can only discard it."
        )


class FamilyBusiness:
    name: str = "family_business"
    min_seats: int = 2
    max_seats: int = 6
    options_model: type[BaseModel] = FBOptions

    def new(self, seed: int, options: BaseModel | None = None) -> FBState:
        if options is None:
            options = FBOptions()
        if not isinstance(options, FBOptions):
            raise ValueError("Family Business takes FBOptions")
        opts = options
        return deal(seed, opts.seats, opts.first)

    def awaiting(self, state: FBState) -> tuple[int, ...]:
        if state.phase == OVER:
            return ()
        if state.phase == WINDOW:
            return tuple(g for g in range(state.n) if state.answers[g] == WAITING)
        return (state.active,)

    def legal_actions(self, state: FBState, seat: int) -> Sequence[Action]:
        if state.phase == WINDOW:
            if not 0 <= seat < state.n or state.answers[seat] != WAITING:
                return []
            allowed = C.COUNTERS_ALLOWED[state.card]
            held = sorted(set(state.hands[seat]) & allowed)
            return [*(Action(COUNTER, c) for c in held), NO_COUNTER_ACTION]
        if state.phase == OVER or seat != state.active:
            return []
        if state.card < 0:
            return _card_actions(state, seat)
        return options(state, seat, state.card, state.choices)

    def apply(self, state: FBState, action: Action, seat: int) -> list[dict[str, Any]]:
        self._check(state, action, seat)
        return self.apply_listed(state, action, seat)

    def apply_listed(self, state: FBState, action: Action, seat: int) -> list[dict[str, Any]]:
        """``apply`` without the check, for an action just taken from ``legal_actions``
        of ``seat`` (the search's hot path); anything else may corrupt the state."""
        events: list[dict[str, Any]] = []
        kind, arg = action
        if state.phase == WINDOW:
            answered(state, seat, arg if kind == COUNTER else -1, events)
        elif kind == DISCARD:  # RULING R6
            state.hands[seat].remove(arg)
            state.discard.append(arg)
            events.append({"kind": "discarded", "seat": seat, "card": arg})
            end_turn(state, -1, events)
        elif kind == PLAY:
            state.hands[seat].remove(arg)
            state.discard.append(arg)
            state.card = arg
            state.choices = []
            events.append({"kind": "played", "seat": seat, "card": arg})
            continue_play(state, events)
        else:
            state.choices.append((kind, arg))
            events.append({"kind": "chose", "seat": seat, "choice": [kind, arg]})
            continue_play(state, events)
        return events

    def _check(self, s: FBState, action: Action, seat: int) -> None:
        """Raise IllegalAction with a reason unless ``action`` is legal for ``seat``."""
        if not isinstance(action, Action):
            raise IllegalAction("That is not a Family Business action.")
        kind, arg = action
        if kind not in KINDS or type(arg) is not int:
            raise IllegalAction("That is not a Family Business action.")
        if kind in CARD_KINDS and not 0 <= arg < C.N_TYPES:
            raise IllegalAction("That is not a Family Business card.")
        if s.phase == OVER:
            raise IllegalAction("The game is over.")
        if type(seat) is not int or not 0 <= seat < s.n:  # True is no seat 1
            raise IllegalAction("You have no seat in this game.")
        if s.phase == WINDOW:
            _check_answer(s, kind, arg, seat)
        elif seat != s.active:
            raise IllegalAction("It is not your turn.")
        elif s.card < 0:
            _check_card(s, kind, arg, seat)
        elif kind in CARD_KINDS or action not in options(s, seat, s.card, s.choices):
            raise IllegalAction(f"That is not a legal choice for {C.NAMES[s.card]}.")

    def is_over(self, state: FBState) -> bool:
        return state.phase == OVER

    def outcome(self, state: FBState) -> Outcome:
        return outcome_of(state)

    def view(self, state: FBState, seat: int | None) -> FBView:
        return view_of(state, seat)

    def copy(self, state: FBState) -> FBState:
        return state.copy()

    def dump_state(self, state: FBState) -> str:
        return state.to_json()

    def load_state(self, text: str | bytes) -> FBState:
        return FBState.from_json(text)

    def dump_action(self, action: Action) -> str:
        return dump_action(action)

    def parse_action(self, text: str | bytes | dict[str, object]) -> Action:
        return parse_action(text)

    def determinize(self, state: FBState, seat: int, rng: random.Random) -> FBState:
        """Redeal every hidden card (other hands, the draw pile) at random, keep the hand
        sizes, hide the reshuffle seed, and forget the other responders' answers."""
        return redeal(state, seat, rng, _in_order)


#: ``deal(d, seat, hidden, rng)``: give the other seats' hands of ``d`` (their sizes
#: kept) cards of ``hidden`` (shuffled) and return the rest, the draw pile
Dealer = Callable[[FBState, int, list[int], random.Random], list[int]]


def redeal(state: FBState, seat: int, rng: random.Random, deal: Dealer) -> FBState:
    """A copy of ``state`` as ``seat`` may imagine it: every hidden card (other hands,
    the draw pile) dealt anew by ``deal`` from the shuffled pool, the reshuffle seed
    hidden, the other responders' answers forgotten."""
    d = state.copy()
    hidden: list[int] = list(d.draw)
    for g in range(d.n):
        if g != seat:
            hidden.extend(d.hands[g])
    hidden.sort()  # what the seat cannot tell apart starts in one order
    rng.shuffle(hidden)
    d.draw = deal(d, seat, hidden, rng)
    d.seed = rng.getrandbits(48)
    forget_answers(d, seat)
    return d


def forget_answers(d: FBState, seat: int) -> None:
    """In an open window, the other responders' answers as ``seat`` knows them: none
    given yet (answers are blind)."""
    if d.phase == WINDOW:
        d.answers = [WAITING if g != seat and a >= -1 else a for g, a in enumerate(d.answers)]


def _in_order(d: FBState, seat: int, hidden: list[int], rng: random.Random) -> list[int]:
    for g in range(d.n):
        if g != seat:
            k = len(d.hands[g])
            d.hands[g] = hidden[:k]
            del hidden[:k]
    return hidden


GAME = FamilyBusiness()
