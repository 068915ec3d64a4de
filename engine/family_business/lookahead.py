"""A sampled look-ahead on the tuned player (engine.family_business.tuned): at the
start of its turn, every candidate (each card it may play, the discard it would make)
is played out on the same few determinizations (other hands and the draw pile redealt,
``GAME.determinize``) until the seat's next turn begins, the other seats answering as
the rule-based ``bot`` and the seat itself (its choices, its counters) as the tuned
player; the end positions are scored by the tuned evaluation. The tuned player's own
move is kept unless another candidate's mean beats it by ``margin`` (the rollouts are
few and noisy; common determinizations make the comparison paired).

Given the seat's belief (engine.family_business.belief: what it read from the public
play, the others read as the bot decides), the determinizations keep it: a player who
let a card pass is dealt no counter the bot would have played against it, one who
played a card none he would have played instead, and the others' unread cards hold
counters more often than their share. Its other decisions (a play's choices,
counters) are the tuned player's. Every determinization comes from ``rng``, so the
same seed gives the same game while the time cap does not cut the samples short.

``hard``'s player at 3 or more seats with the plan :data:`HARD` (engine.family_business.
ai), scoring at the seat's next turn until it played on for 16 decisions of any seat
instead, and since for 24 (see :data:`HARD`): with 4 players on the same 160 games
(seeds 1-40) the win chance with a confidence of 1.5 standard errors won 41.7% against
the tuned player's 40.2%, and on seeds 41-80, played after the plan was picked, 40.7%
against 28.1% (records in bench/results/fb-ai-lookahead.jsonl and
fb-ai-hard-tuned-4p.jsonl). The other plans tried (``windows``, also ``through``,
``rounds``, ``targets``, ``hand``, ``duel``, ``whole``, ``bot_answers``, ``dearer``,
``model``, ``confirm``, other samples and confidences: bench/fb_ai_players.py
``CANDIDATES``) did no better; their figures are in the README's table "Family Business
AI: tried and not kept". With 2 players the plain plan lost to the bot (40.6% of 80
games, ``hard``'s search 71%): its rollouts miss what a card kept in hand is worth, and
the best of several noisy means is biased upwards.

``hard``'s player at 2 seats is the plan :data:`DUEL`: a rollout runs for a fixed
number of decisions of either seat (``decisions``), past the seat's next turns, so a
card kept in hand counts once it is played, and every decision of the seat is weighed
(``every``: each card it may discard, a play's choices, a window's answers).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Final

from engine.family_business import cards as C
from engine.family_business.actions import DISCARD, PLAY, Action
from engine.family_business.belief import Belief
from engine.family_business.game import GAME
from engine.family_business.policies import KEEP, bot_policy, keep_key
from engine.family_business.state import OVER, WINDOW, FBState
from engine.family_business.state import PLAY as PLAY_PHASE
from engine.family_business.tuned import Weights, act, evaluate, weights_for
from engine.family_business.value import MODEL, Model, win_chance

#: a decided game scores this much (evaluate's 1000 would drown every other sample)
CLIP: Final = 10.0


@dataclass(frozen=True, slots=True)
class Plan:
    """``samples`` determinizations (fewer when ``time_cap`` seconds run out); a rollout
    is cut after ``limit`` decisions; another move must beat the tuned one by ``margin``."""

    samples: int = 16
    time_cap: float = 0.6
    limit: int = 80
    margin: float = 0.1
    windows: bool = False  # also sample the counters of a window the seat answers
    chance: bool = False  # score by the win-chance model (value.py), not the evaluation
    rounds: int = 1  # play on until the seat's turn has come round this many times
    confidence: float = 0.0  # ... and by this many standard errors of the paired difference
    targets: bool = False  # also sample the target of a Contract (any kind)
    hand: float = 0.0  # the worth of the own hand at the end, per card's KEEP / 10
    duel: bool = False  # the tuned player's 2-player weights once two gangs are left
    bot_answers: bool = False  # the seat answers counter windows by the bot's rule
    dearer: float = 0.0  # added to the tuned player's price of every counter
    model: Model = MODEL  # with ``chance``: the win-chance model (value.AIMED also counts
    # the bots aiming at a gang)
    confirm: int = 0  # > 0: a move chosen over the tuned one is tested again on this
    # many fresh determinizations, it and the tuned one alone (the best of several noisy
    # means is biased upwards; fresh samples are not), and kept only if it wins again
    through: bool = False  # with ``windows``: score a window's answers once the seat's
    # next turn has ended (a counter takes the turn at once: scored at its start, the
    # countering branch would be judged before the others have moved)
    decisions: int = 0  # > 0: score after this many decisions of any seat, not at the
    # seat's next turn (a card kept in hand then counts when it is played later)
    every: bool = False  # weigh every decision of the seat, not only its turn's card: a
    # play's choices, a window's answers and each card it could discard
    whole: bool = False  # with ``decisions``: play on to the start of a turn, so that a
    # card played before the cut is scored resolved, not pending
    weights: Weights | None = None  # the tuned player's weights (None: weights_for the table)


#: ``hard``'s plan at tables of 3 or more (bench/fb_ai.py's "lookahead-cc", scoring at
#: the seat's next turn, bench/fb_ai_players.py ``TURN``, until it played on for 16 decisions,
#: then 24);
#: its cap of 1.0 s leaves the 16 samples to end it on a loaded machine too (at 0.6 s, 19 decisions
#: of 320 games played two at a time on 2 cores were cut short and 8 games went
#: otherwise than the same games played before), under the 1.5 s a decision may take;
#: each candidate is scored after 24 decisions of any seat, not at the seat's next turn.
#: After 16 (bench/fb_ai_players.py HARD16, hard's plan until then) it won with 4 players
#: 47.7% of 1600 games against 44.3% (+3.4 points, 95% ±3.3; seeds 1-400,
#: "lookahead-h16-bot") and 45.8% of 3600 over seeds 1-900 (44.3% of the 2000 of
#: 401-900, played after); after 24 ("lookahead-h24-bot", picked over 12 on seeds
#: 401-600) 48.4% of the same 3600, +2.6 points (95% ±2.2), on 601-900, played after
#: that choice, 47.0% of 1200 against 44.3% (+2.7 ±3.8); after 12 on 401-600, +1.6 ±4.6
HARD: Final = Plan(chance=True, margin=0.01, confidence=1.5, time_cap=1.0, decisions=24)
#: ``hard``'s plan at a table of 2: every decision weighed, each candidate played out for
#: 32 decisions of either seat on up to 60 common determinizations and scored by the
#: win-chance model; another move is kept when its mean beats the tuned one's by one
#: standard error of the paired difference (played out for 16 decisions, it won 64.7%
#: of 160 games against the bot, bench/fb_ai.py's "lookahead-2p-bot"; for 32, 70.0%, and
#: 70.7% of 480 with seeds 81-240, played after);
#: the cap cut 4.3% of those decisions short (two games at a time on 2 cores), most of
#: them early in a game, where a hand has the most cards to weigh
DUEL: Final = Plan(
    samples=60, time_cap=1.0, chance=True, margin=0.0, confidence=1.0, decisions=32, every=True
)


def _rollout(
    d: FBState, seat: int, action: Action, w: Weights, rng: random.Random, plan: Plan
) -> float:
    """Play ``action`` on the determinization ``d`` (changed) and on until ``seat``'s
    turn has started ``plan.rounds`` times (with ``through`` in a window: until that
    turn has ended); the score of that position."""
    seen, rounds, steps, ended = d.turn, 0, 0, -1
    through = plan.through and d.phase == WINDOW
    GAME.apply_listed(d, action, seat)
    while d.phase != OVER and steps < plan.limit * plan.rounds:
        starts = d.phase == PLAY_PHASE and d.card < 0 and d.turn > seen
        if plan.decisions:
            if steps >= plan.decisions and (starts or not plan.whole):
                break
        elif starts and through and ended >= 0:
            if d.turn > ended:
                break
        elif starts and d.active == seat:
            rounds += 1
            if rounds >= plan.rounds:
                if not through:
                    break
                ended = d.turn
            seen = d.turn
        for g in GAME.awaiting(d):
            a = _own(d, g, w, rng, plan) if g == seat else bot_policy(d, g, rng)
            GAME.apply_listed(d, a, g)
            steps += 1
    held = plan.hand * sum(KEEP.get(c, 3) for c in d.hands[seat]) / 10 if plan.hand else 0.0
    if plan.chance:
        return win_chance(d, seat, plan.model) + held
    return held + max(-CLIP, min(CLIP, evaluate(d, seat, w)))


def _own(s: FBState, seat: int, w: Weights, rng: random.Random, plan: Plan) -> Action:
    """The seat's own move outside the look-ahead: the tuned player's (in a window the
    bot's answer with ``plan.bot_answers``)."""
    if plan.bot_answers and s.phase == WINDOW:
        return bot_policy(s, seat, rng)
    return act(s, seat, w)


def candidates(state: FBState, seat: int, every: bool = False) -> list[Action]:
    """Every card the seat may play, and the discard it would make (``every``: each
    card it may discard)."""
    actions = list(GAME.legal_actions(state, seat))
    plays = [a for a in actions if a.kind == PLAY]
    discards = [a for a in actions if a.kind == DISCARD]
    return [*plays, *(discards if every else [min(discards, key=lambda a: keep_key(a.arg))])]


def decide(
    state: FBState,
    seat: int,
    rng: random.Random,
    plan: Plan = Plan(),
    belief: Belief | None = None,
) -> tuple[Action, int]:
    """The look-ahead's action for ``seat`` and the determinizations it sampled (kept
    consistent with ``belief`` when given)."""
    w = plan.weights or weights_for(sum(state.live) if plan.duel else state.n)
    if plan.dearer:
        w = replace(
            w,
            mob_power=w.mob_power + plan.dearer,
            influence=w.influence + plan.dearer,
            other_counter=w.other_counter + plan.dearer,
        )
    base = _own(state, seat, w, rng, plan)
    answers = state.phase == WINDOW and (plan.windows or plan.every)
    target = plan.targets and state.phase == PLAY_PHASE and state.card in C.ANY_CONTRACT
    choice = plan.every and state.phase == PLAY_PHASE and state.card >= 0
    if answers or choice or (target and not state.choices):
        moves = list(GAME.legal_actions(state, seat))
    elif state.phase != PLAY_PHASE or state.card >= 0:
        return base, 0
    else:
        moves = candidates(state, seat, plan.every)
    if base not in moves:
        moves.append(base)
    if len(moves) == 1:
        return base, 0
    start = time.perf_counter()
    scores = _paired(state, seat, moves, w, rng, plan, plan.samples, start, belief)
    done = len(scores[base])
    if not done:
        return base, 0
    best = max(moves, key=lambda m: (sum(scores[m]), m == base))
    if not _better(scores[best], scores[base], plan):
        return base, done
    if not plan.confirm:
        return best, done
    again = _paired(state, seat, [best, base], w, rng, plan, plan.confirm, start, belief)
    if len(again[base]) < plan.confirm:  # the cap cut the test short: the tuned move
        return base, done
    return (best if _better(again[best], again[base], plan) else base), done


def _paired(
    state: FBState,
    seat: int,
    moves: list[Action],
    w: Weights,
    rng: random.Random,
    plan: Plan,
    samples: int,
    start: float,
    belief: Belief | None,
) -> dict[Action, list[float]]:
    """Each of ``moves`` played out on the same ``samples`` fresh determinizations (fewer
    when the plan's cap, counted from ``start``, runs out)."""
    redeal = GAME.determinize if belief is None else belief.determinize
    scores: dict[Action, list[float]] = {m: [] for m in moves}
    while len(scores[moves[0]]) < samples and time.perf_counter() - start < plan.time_cap:
        d = redeal(state, seat, rng)
        seed = rng.getrandbits(32)
        sample = []
        for m in moves:
            sample.append(_rollout(d.copy(), seat, m, w, random.Random(seed), plan))
            if time.perf_counter() - start > plan.time_cap:
                break  # a sample cut short is dropped: the moves stay paired
        else:
            for m, v in zip(moves, sample, strict=True):
                scores[m].append(v)
    return scores


def _better(mine: list[float], theirs: list[float], plan: Plan) -> bool:
    """Whether ``mine`` beats ``theirs`` (paired samples) by the plan's margin and
    confidence."""
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    k = len(diffs)
    mean = sum(diffs) / k
    if mean <= plan.margin:
        return False
    if plan.confidence <= 0:
        return True
    if k < 2:  # one sample tells no spread
        return False
    var = sum((x - mean) ** 2 for x in diffs) / (k - 1)
    return mean > plan.confidence * math.sqrt(var / k)


def lookahead_policy(state: FBState, seat: int, rng: random.Random) -> Action:
    return decide(state, seat, rng)[0]
