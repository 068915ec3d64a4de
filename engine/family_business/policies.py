"""Players that are not people: ``random`` and the rule-based ``bot``.

A policy is ``policy(state, seat, rng) -> action`` for a seat the game awaits. The bot
reads only what the seat may see: its own hand and the public facts (it evaluates
positions on light copies of the public position, engine.family_business.settle, and
its evaluation looks at zones, the hit list and the war, never at a hand or the draw
pile).

The bot plays sensibly, not deeply: it tries every card it may play, fixes each choice
greedily by the position it leads to (as if nobody countered), and compares the best
with keeping its hand (a discard). Its evaluation counts each gang's mobsters in play
minus those likely to be executed soon, and rates its own gang against the strongest and
the average opponent, so it contracts the gang that is ahead and rescues its own
mobsters. In a window it counters when its own mobsters are the target, or to hurt the
leading contractor with Mob Power, or to stop the leader's escape with Finger.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from engine.family_business import cards as C
from engine.family_business.actions import COUNTER, DISCARD, NO_COUNTER_ACTION, PLAY, Action
from engine.family_business.choices import autofill, options, playable
from engine.family_business.game import GAME
from engine.family_business.settle import after_discard, after_play
from engine.family_business.state import NONE, OVER, WINDOW, Choice, FBState

Policy = Callable[[FBState, int, random.Random], Action]

WIN: Final = 1000.0

#: how much the bot likes to keep a card when it discards (higher: kept longer)
KEEP: Final[dict[int, float]] = {
    C.MOB_POWER: 9,
    C.FAMILY_INFLUENCE: 8,
    C.SAFE_HOUSE: 6,
    C.FINGER: 5,
    C.HIT: 8,
    C.MASSACRE: 7,
    C.POLICE_PROTECTION: 7,
    C.LAM: 6,
    C.PAY_OFF: 7,
    C.CRACKDOWN: 5,
    C.VENDETTA: 7,
    C.DOUBLE_CONTRACT: 6,
    C.PRIORITY_CONTRACT: 6,
    C.TURNCOAT: 6,
    C.DOUBLE_CROSS: 5,
    C.SUBSTITUTION: 5,
    C.INTRIGUE: 4,
    C.CONTRACT_IRON_CLAD: 5,
}


def random_policy(state: FBState, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(list(GAME.legal_actions(state, seat)))


def strengths(s: FBState) -> list[float]:
    """Each gang's mobsters in play, less the expected executions: entries near the
    wall count less, the more so in a war (public facts only; 0 for a gang that is out).
    One pass over the hit list for all gangs."""
    rate = s.war if s.war != NONE else (0.6 if len(s.hit) >= 4 else 0.25)
    lost = [0.0] * s.n
    listed = [0] * s.n
    for i, h in enumerate(s.hit):
        listed[h] += 1
        lost[h] += 0.85 ** max(0.0, i / rate - 1.0) if rate >= 1 else 0.6 * 0.85**i * rate * 2
    return [s.at_large[g] + listed[g] - lost[g] if s.live[g] else 0.0 for g in range(s.n)]


def strength(s: FBState, g: int) -> float:
    """Gang ``g``'s entry of :func:`strengths`."""
    return strengths(s)[g]


def decided_value(s: FBState, seat: int) -> float | None:
    """The value of a position already decided for ``seat`` (the game over, or its gang
    out); None while it plays on."""
    if s.phase == OVER:
        if s.winner == seat:
            return WIN
        if s.winner < 0 and s.eliminated and seat in s.eliminated[-1]:
            return WIN / 4
        return -WIN
    if not s.live[seat]:
        return -WIN
    return None


def evaluate(s: FBState, seat: int) -> float:
    """How good the position is for ``seat`` (public facts only)."""
    decided = decided_value(s, seat)
    if decided is not None:
        return decided
    every = strengths(s)
    mine = every[seat]
    others = [every[g] for g in range(s.n) if s.live[g] and g != seat]
    return mine - 0.6 * max(others) - 0.4 * sum(others) / len(others) - 0.3 * len(others)


def _greedy_step(state: FBState, seat: int, actions: Sequence[Action]) -> tuple[Action, float]:
    """The option of ``state``'s open choice whose play (the rest with first options,
    nobody countering) leads to the best position."""
    best, best_value = actions[0], -1e9
    for action in actions:
        branch = after_play(state.public_copy(), state.card, [*state.choices, action])
        value = evaluate(branch, seat)
        if value > best_value:
            best, best_value = action, value
    return best, best_value


def _answer(state: FBState, seat: int, actions: list[Action]) -> Action:
    """Counter when it pays: own mobsters targeted, or hurting the leader."""
    counters = [a for a in actions if a.kind == COUNTER]
    if not counters:
        return NO_COUNTER_ACTION
    targets = [g for _, g in state.choices]
    card, player = state.card, state.active
    if card == C.LAM:
        freed = state.hit[targets[0] - 1]
        leader = _leader(state, seat)
        return counters[0] if freed != seat and freed in (leader, player) else NO_COUNTER_ACTION
    if card == C.VENDETTA:
        return counters[0] if seat in targets else NO_COUNTER_ACTION
    by_card = {a.arg: a for a in counters}
    if seat in targets:
        return by_card.get(C.MOB_POWER) or by_card[C.FAMILY_INFLUENCE]
    if C.MOB_POWER in by_card and player == _leader(state, seat) and state.at_large[player]:
        return by_card[C.MOB_POWER]
    return NO_COUNTER_ACTION


def _leader(s: FBState, seat: int) -> int:
    every = strengths(s)
    others = [g for g in range(s.n) if s.live[g] and g != seat]
    return max(others, key=lambda g: (every[g], -g))


def bot_policy(state: FBState, seat: int, rng: random.Random) -> Action:
    """The rule-based bot (see the module docstring)."""
    actions = list(GAME.legal_actions(state, seat))
    if state.phase == WINDOW:
        return _answer(state, seat, actions)
    if state.card >= 0:
        return _greedy_step(state, seat, actions)[0]
    plays = [a for a in actions if a.kind == PLAY]
    discards = [a for a in actions if a.kind == DISCARD]
    keep = min(discards, key=lambda a: keep_key(a.arg))
    if not plays:
        return keep
    best, value = max(((a, _completed(state, seat, a.arg)) for a in plays), key=lambda av: av[1])
    return best if value > _play_bar(state, seat) else keep


def keep_key(card: int) -> tuple[float, int]:
    """The bot discards the card of the smallest key (the tuned player and the
    look-ahead's discard too)."""
    return KEEP.get(card, 3), card


def _play_bar(state: FBState, seat: int) -> float:
    """What a play must beat: keeping the hand (a discard), by a little."""
    return evaluate(after_discard(state.public_copy()), seat) + 0.05


def ruled_out(state: FBState, seat: int, action: Action) -> frozenset[int]:
    """The cards the bot cannot have held beside ``action``'s card when it chose
    ``action`` (a play or a discard) at the start of its play ``state`` (public facts
    suffice): a card whose play it values above the one it played (or as high and
    listed first), or, when it discarded, any card it would have played and any card
    it keeps less than the discarded one. What the bot chose thus tells of its hand."""
    playable_values = {
        c: _completed(state, seat, c) for c in range(C.N_TYPES) if playable(state, seat, c)
    }
    if action.kind == PLAY:
        mine = playable_values[action.arg]
        return frozenset(
            c for c, v in playable_values.items() if v > mine or (v == mine and c < action.arg)
        )
    bar = _play_bar(state, seat)
    key = keep_key(action.arg)
    return frozenset(c for c, v in playable_values.items() if v > bar) | frozenset(
        c for c in range(C.N_TYPES) if keep_key(c) < key
    )


def would_counter(state: FBState, seat: int, card: int) -> bool:
    """Whether the bot, asked in the window of ``state`` and holding ``card`` (a
    counter the window admits), counters: the counters a bot that declined lacked."""
    return _answer(state, seat, [Action(COUNTER, card), NO_COUNTER_ACTION]).kind == COUNTER


def _completed(state: FBState, seat: int, card: int) -> float:
    """The value of playing ``card`` with each of its choices made greedily in turn."""
    choices: list[Choice] = []
    autofill(state, seat, card, choices)
    while opts := options(state, seat, card, choices):
        best, best_value = opts[0], -1e9
        for option in opts:
            value = evaluate(after_play(state.public_copy(), card, [*choices, option]), seat)
            if value > best_value:
                best, best_value = option, value
        choices.append(best)
        autofill(state, seat, card, choices)
    return evaluate(after_play(state.public_copy(), card, choices), seat)


POLICIES: Final[dict[str, Policy]] = {"random": random_policy, "bot": bot_policy}


def get_policy(name: str) -> Policy:
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"unknown policy {name!r}: {', '.join(POLICIES)}") from None
