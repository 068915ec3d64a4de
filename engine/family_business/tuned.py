"""The tuned player (the base of ``hard``'s look-ahead at 3 or more seats,
engine.family_business.lookahead): the bot's one-ply look-ahead with its evaluation's
weights and its counter rule tuned by self-play against the fixed ``bot``
(bench/fb_tune.py).

Like the bot it reads only what its seat may see (its own hand and the public facts,
on light copies of the public position, engine.family_business.settle). What differs:

* the evaluation is :class:`Weights`: the bot's terms (own strength against the
  strongest and the average opponent, the number of opponents) with tuned
  coefficients and rates, plus prices for leading the table (the bots contract the
  gang that is ahead: by own strength, and by how many bots see us as their leader),
  the weakest opponent's strength and the listed mobsters;
* a counter is played when the position after it (the counter's player taking the
  next turn, rule 4.5) beats the position after none by more than the counter's price;
* the play-versus-discard margin and the worth of the card a play gives up are
  parameters.

Like the bot it assumes nobody counters its own plays: weighting a Contract by its
target's chance of holding a counter (counted from the public discard pile) made it
timid and lost games (2 players: 33% instead of 59% on the tuning games).
The weights differ for 2 players and for more (:data:`TUNED`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Final

from engine.family_business import cards as C
from engine.family_business.actions import COUNTER, DISCARD, NO_COUNTER_ACTION, PLAY, Action
from engine.family_business.choices import autofill, options
from engine.family_business.effects import resolve
from engine.family_business.game import GAME
from engine.family_business.policies import KEEP, Policy, decided_value, keep_key
from engine.family_business.policies import strengths as bot_strengths
from engine.family_business.settle import after_discard, after_play, end_turn
from engine.family_business.state import NONE, WINDOW, Choice, FBState


@dataclass(frozen=True)
class Weights:
    """The tuned player's parameters; the defaults are the bot's own values."""

    top: float = 0.6  # the strongest opponent's strength
    mean: float = 0.4  # the average opponent's strength
    per_other: float = 0.3  # each live opponent
    lead: float = 0.0  # own strength above the strongest opponent's
    targeted: float = 0.0  # each opponent whose leader (the bot's contract target) is us
    weakest: float = 0.0  # the weakest opponent's strength
    listed: float = 0.0  # each own mobster on the hit list
    their_listed: float = 0.0  # each opponent's mobster on it (per opponent)
    quiet: float = 0.25  # execution rate with no war and a short list
    busy: float = 0.6  # ... and with 4 or more listed
    decay: float = 0.85  # how fast the danger falls off behind the wall
    margin: float = 0.05  # a play must beat keeping the hand (a discard) by this
    mob_power: float = 0.0  # price of playing Mob Power as a counter
    influence: float = 0.0  # price of Family Influence
    other_counter: float = 0.0  # price of Finger or Safe House
    tempo: float = 0.0  # value of taking the next turn by a counter
    hold: float = 0.0  # worth of the card given up (policies.KEEP, per 10) in a play
    # per card type (cards.N_TYPES): the worth of keeping it, in place of ``hold``; a
    # discard gives up the card of least worth (ties: the bot's order, policies.KEEP)
    worth: tuple[float, ...] = field(default=(), kw_only=True)

    def vector(self) -> list[float]:
        """The scalar weights, in the order of :data:`NAMES`."""
        return [getattr(self, name) for name in NAMES]

    @classmethod
    def of(cls, values: list[float]) -> Weights:
        """The weights of :data:`NAMES`' values (``worth`` left empty)."""
        return cls(*values)


#: the scalar weights (all but ``worth``)
NAMES: Final = tuple(f.name for f in fields(Weights) if f.name != "worth")


def strengths(s: FBState, w: Weights) -> list[float]:
    """The bot's strength estimate (policies.strengths) with ``w``'s rates."""
    rate = s.war if s.war != NONE else (w.busy if len(s.hit) >= 4 else w.quiet)
    lost = [0.0] * s.n
    listed = [0] * s.n
    for i, h in enumerate(s.hit):
        listed[h] += 1
        if rate >= 1:
            lost[h] += w.decay ** max(0.0, i / rate - 1.0)
        else:
            lost[h] += 0.6 * w.decay**i * rate * 2
    return [s.at_large[g] + listed[g] - lost[g] if s.live[g] else 0.0 for g in range(s.n)]


def evaluate(s: FBState, seat: int, w: Weights) -> float:
    """How good the position is for ``seat`` (public facts only)."""
    decided = decided_value(s, seat)
    if decided is not None:
        return decided
    every = strengths(s, w)
    mine = every[seat]
    others = [every[g] for g in range(s.n) if s.live[g] and g != seat]
    top = max(others)
    return (
        mine
        - w.top * top
        - w.mean * sum(others) / len(others)
        - w.per_other * len(others)
        - w.lead * max(0.0, mine - top)
        - w.listed * s.hit.count(seat)
        + w.their_listed * sum(h != seat for h in s.hit) / len(others)
        - w.weakest * min(others)
        - w.targeted * (_targeted(s, seat) if w.targeted else 0)
    )


def _targeted(s: FBState, seat: int) -> int:
    """How many opponents see ``seat`` as the leader (by the bot's own strengths)."""
    every = bot_strengths(s)
    live = [g for g in range(s.n) if s.live[g]]
    return sum(
        max((h for h in live if h != g), key=lambda h: (every[h], -h)) == seat
        for g in live
        if g != seat
    )


def _countered(state: FBState, seat: int, counter: int) -> FBState:
    """The light position after ``seat``'s ``counter`` to the open card (rule 4.5: the
    counter's player takes the next turn)."""
    s = state.public_copy()
    resolve(s, counter, seat, [])
    s.active = (seat - 1) % s.n  # end_turn moves on to the next live gang from here
    return end_turn(s)


def answer(state: FBState, seat: int, actions: list[Action], w: Weights) -> Action:
    """Counter when the position after the counter beats the position after none by
    more than the counter's price."""
    counters = [a for a in actions if a.kind == COUNTER]
    if not counters:
        return NO_COUNTER_ACTION
    plain = state.public_copy()
    resolve(plain, -1, -1, [])
    base = evaluate(end_turn(plain), seat, w)
    price = {C.MOB_POWER: w.mob_power, C.FAMILY_INFLUENCE: w.influence}
    best, best_gain = NO_COUNTER_ACTION, 0.0
    for a in counters:
        gain = evaluate(_countered(state, seat, a.arg), seat, w) + w.tempo - base
        gain -= price.get(a.arg, w.other_counter)
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def _best_option(
    state: FBState, seat: int, card: int, chosen: list[Choice], opts: list[Action], w: Weights
) -> tuple[Action, float]:
    best, best_value = opts[0], -1e9
    for option in opts:
        value = evaluate(after_play(state.public_copy(), card, [*chosen, option]), seat, w)
        if value > best_value:
            best, best_value = option, value
    return best, best_value


def _completed(state: FBState, seat: int, card: int, w: Weights) -> float:
    choices: list[Choice] = []
    autofill(state, seat, card, choices)
    while opts := options(state, seat, card, choices):
        choices.append(_best_option(state, seat, card, choices, opts, w)[0])
        autofill(state, seat, card, choices)
    return evaluate(after_play(state.public_copy(), card, choices), seat, w)


def _price(card: int, w: Weights) -> float:
    """What giving up ``card`` costs the player."""
    return w.worth[card] if w.worth else w.hold * KEEP.get(card, 3) / 10


def discard_key(card: int, w: Weights) -> tuple[float, float, int]:
    """The tuned player discards the card of the smallest key."""
    return (w.worth[card] if w.worth else 0.0, *keep_key(card))


def act(state: FBState, seat: int, w: Weights) -> Action:
    """The tuned player's action for ``seat``."""
    actions = list(GAME.legal_actions(state, seat))
    if state.phase == WINDOW:
        return answer(state, seat, actions, w)
    if state.card >= 0:
        return _best_option(state, seat, state.card, state.choices, actions, w)[0]
    plays = [a for a in actions if a.kind == PLAY]
    discards = [a for a in actions if a.kind == DISCARD]
    keep = min(discards, key=lambda a: discard_key(a.arg, w))
    if not plays:
        return keep
    baseline = evaluate(after_discard(state.public_copy()), seat, w) - _price(keep.arg, w)
    best, value = max(
        ((a, _completed(state, seat, a.arg, w) - _price(a.arg, w)) for a in plays),
        key=lambda av: av[1],
    )
    return best if value > baseline + w.margin else keep


#: tuned by bench/fb_tune.py (its output names the runs): for 2 players and for more
TUNED: Final[dict[int, Weights]] = {
    2: Weights(
        top=0.6,
        lead=0.3,
        listed=-0.2,
        quiet=0.45,
        busy=1.2,
        decay=0.95,
        margin=0.15,
        mob_power=0.0,
        influence=0.0,
        other_counter=0.0,
        tempo=0.3,
    ),
    4: Weights(
        top=0.6,
        mean=0.6,
        per_other=0.75,
        lead=0.6,
        their_listed=0.1,
        quiet=0.35,
        decay=0.9,
        mob_power=1.1,
        influence=0.5,
        other_counter=0.5,
        hold=-0.3,
    ),
}


def weights_for(n: int) -> Weights:
    return TUNED[2] if n == 2 else TUNED[4]


def tuned_policy(state: FBState, seat: int, rng: random.Random) -> Action:
    """The tuned player with the weights for the table's size."""
    return act(state, seat, weights_for(state.n))


def policy_of(w: Weights) -> Policy:
    return lambda state, seat, rng: act(state, seat, w)
