"""The players bench/fb_ai.py can seat against the bot, by name: the AI strengths, the
trial plans of ``hard``'s look-ahead (``CANDIDATES``) and searches (``SEARCHES``), the
beliefs a name's suffix gives, the ceilings that see hidden cards (``-oracle``,
``-seer``), and :func:`decision`, one decision of any of them. A trial's name is the key
of its records, so a plan here is spelled out and never changes once played."""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai.ismcts import Budget  # noqa: E402
from engine.family_business import cards as C  # noqa: E402
from engine.family_business.actions import COUNTER, NO_COUNTER_ACTION, Action  # noqa: E402
from engine.family_business.ai import (  # noqa: E402
    BUDGETS,
    STRENGTHS,
    reads_play,
    searched,
    think,
    value,
)
from engine.family_business.belief import CAUTION, Belief, apply  # noqa: E402
from engine.family_business.game import forget_answers, redeal  # noqa: E402
from engine.family_business.lookahead import Plan, decide  # noqa: E402
from engine.family_business.policies import (  # noqa: E402
    Policy,
    _answer,  # the bot's answer in a window: which counter it plays
    bot_policy,
)
from engine.family_business.quick import quick_policy  # noqa: E402
from engine.family_business.state import WINDOW, FBState  # noqa: E402
from engine.family_business.tuned import tuned_policy, weights_for  # noqa: E402
from engine.family_business.value import AIMED, Model, held, win_chance  # noqa: E402

#: a win-chance model fitted on 2-player bot games that also counts the Mob Powers and
#: Family Influences in each hand (``python bench/fb_value_fit.py --players 2 --games
#: 2000 --extra held``: held-out 2-player log loss 0.463 against the module's 0.533); ``hard``
#: scoring with it won 69.1% of 320 2-player games, 70.3% without: not kept
HELD = Model(
    (0.388, -0.291, -0.186, -0.153, -0.18, -0.01, 0.073, 1.174, 0.219, -0.055, 0.83, 0.4), held
)

#: the same fitted on 3- to 6-player bot games (``--players 3 4 5 6 --games 600 --extra
#: held``: held-out 4-player log loss 1.333 against the module's 1.337); ``hard`` at 4
#: players scoring with it won 44.6% of 1600 games, 44.3% without: not kept
HELD_MANY = Model(
    (0.098, 0.024, -0.239, -0.129, -0.012, -0.034, 0.03, 0.981, 0.041, -0.156, 0.354, 0.265),
    held,
)

#: hard's plan at 3 or more seats until it scored a candidate after 16 decisions of any
#: seat: at the start of the seat's next turn (the trials below were played with it;
#: hard's records with it: fb-ai-hard-turn-4p.jsonl)
TURN = Plan(chance=True, margin=0.01, confidence=1.5, time_cap=1.0)
#: hard's plans as they were when the trials below were played (spelled out, so that
#: a change to HARD or DUEL does not carry into the trials' names and records; hard's
#: records with HARD16: fb-ai-hard-h16-4p.jsonl)
HARD16 = replace(TURN, decisions=16)
#: the 2-player tuned player with the worth of keeping a Double Contract (-0.3), a Hit
#: (0.6) and a Pay Off (0.3) in hand (bench/fb_tune.py --worth)
WORTH_2P = replace(
    weights_for(2),
    worth=tuple(
        {C.DOUBLE_CONTRACT: -0.3, C.HIT: 0.6, C.PAY_OFF: 0.3}.get(c, 0.0) for c in range(C.N_TYPES)
    ),
)
DUEL32 = Plan(
    samples=60, time_cap=1.0, chance=True, margin=0.0, confidence=1.0, decisions=32, every=True
)

#: players on trial, not (yet) a strength: engine.family_business.lookahead's plans
#: (the records of bench/results/fb-ai-lookahead.jsonl; "lookahead" and "lookahead-cc"
#: were played with a time cap of 1.0 s, the rest with the plan's 0.6 s; hard's plan had
#: 0.6 s until its records of fb-ai-hard-cap06-4p.jsonl, 1.0 s since)
CANDIDATES = {
    "lookahead": Plan(),
    "lookahead-cc": TURN,  # hard's plan from then until TURN (fb-ai-hard-turn-4p.jsonl)
    "lookahead-cwc": Plan(chance=True, margin=0.01, confidence=1.5, windows=True),
    "lookahead-c2c": Plan(chance=True, margin=0.01, confidence=1.5, rounds=2, samples=8),
    "lookahead-cct": Plan(chance=True, margin=0.01, confidence=1.5, targets=True),
    "lookahead-cc32": Plan(chance=True, margin=0.01, confidence=1.5, samples=32, time_cap=1.0),
    "lookahead-cct1": replace(TURN, targets=True),
    "lookahead-hand": replace(TURN, hand=0.03),
    "lookahead-conf1": replace(TURN, confidence=1.0),
    "lookahead-conf05": replace(TURN, confidence=0.5),
    "lookahead-duel": replace(TURN, duel=True),
    "lookahead-s32": replace(TURN, samples=32),
    "lookahead-conf2": replace(TURN, confidence=2.0),
    "lookahead-windows": replace(TURN, windows=True, through=True),
    "lookahead-botanswers": replace(TURN, bot_answers=True),
    "lookahead-dearer": replace(TURN, dearer=0.5),
    "lookahead-aimed": replace(TURN, model=AIMED),
    "lookahead-confirm": replace(TURN, confirm=16),
    "lookahead-held": replace(TURN, model=HELD_MANY),  # scored by the model HELD_MANY
    # hard's plan at 2 seats (with its belief: "hard") played on half as far, and with
    # 150 samples; their first records (fb-ai-duel-prototype.jsonl) were played by a
    # first version of the same code outside this bench, without a time cap
    "lookahead-2p": replace(DUEL32, decisions=16),
    "lookahead-2p150": replace(DUEL32, decisions=16, samples=150),
    "lookahead-2p48": replace(DUEL32, decisions=48),  # hard's plan played on further
    "lookahead-2p-held": replace(DUEL32, model=HELD),  # ... scored by the model HELD
    # hard's plan at 3 or more seats with 4 times the samples (its decisions took 0.016 s
    # on average, the bar allows 1.5 s)
    "lookahead-h16s64": replace(HARD16, samples=64),
    # ... every decision of the seat weighed (a play's choices, a window's answers, each
    # discard), as at 2 seats
    "lookahead-h16every": replace(HARD16, every=True),
    # hard's plan at 3 or more seats scoring after 12 or 24 decisions, not 16 (with 24
    # hard's since: its records, "lookahead-h24-bot", were carried over as hard's)
    "lookahead-h12": replace(HARD16, decisions=12),
    "lookahead-h24": replace(HARD16, decisions=24),
    # hard's plans scoring at the start of the turn after the cut, not in the middle of
    # a turn (a card played before the cut resolved, not pending)
    "lookahead-h16whole": replace(HARD16, whole=True),
    "lookahead-2p-whole": replace(DUEL32, whole=True),
    # hard's plan at 2 seats as it is, to be given a belief of another caution by a
    # suffix ("lookahead-2p32-bot6"; with "-bot" it plays as hard)
    "lookahead-2p32": DUEL32,
    # ... another move kept on 1.5 standard errors of the paired difference, not 1.0 (the
    # look-ahead's overrides of the tuned move shy from Contracts the bot may counter)
    "lookahead-2p32-conf15": replace(DUEL32, confidence=1.5),
    # ... played out for 24 or 40 decisions, not 32 (16 and 48 did worse than 32)
    "lookahead-2p24": replace(DUEL32, decisions=24),
    "lookahead-2p40": replace(DUEL32, decisions=40),
    # ... on a tuned player that prices each card it gives up (Weights.worth, tuned by
    # ``python bench/fb_tune.py --players 2 --seeds 500 --holdout 1000 --sweeps 3 --start
    # tuned --worth --gain 0.003``: alone against the bot 58.3% of 2000 held-out games, the
    # tuned player 56.0%); it won 67.6% of 480 games, hard 70.7% (-3.1 +-4.8): not kept
    "lookahead-2p-worth": replace(DUEL32, weights=WORTH_2P),
}


#: hard's search budget until its look-ahead took over at 2 seats too (its records:
#: fb-ai-hard-search*.jsonl)
SEARCH = Budget(iterations=1000, time_cap=1.05, exploration=0.2, anchor=0.02, confidence=1.5)

#: searches on trial (engine.family_business.ai.searched): hard's budget, who plays the
#: rollouts ("quick": the rule-of-thumb policy for every seat; "bot": the bot for the
#: other seats, as the search models them, and quick for the searching seat; "bot-all":
#: the bot for every seat) and the decisions per seat after which they are cut
#: (records: fb-ai-belief.jsonl; their figures, and the plans', are in the README's
#: table "Family Business AI: tried and not kept", bench/fb_ai_compare.py prints them)
SEARCHES: dict[str, tuple[Budget, str, int]] = {
    "search-botrollouts": (SEARCH, "bot", 6),
    "search-d1": (SEARCH, "quick", 1),
    "search-confidence1": (replace(SEARCH, confidence=1.0), "quick", 6),
    # twice hard's budget (over the time bar, to learn whether more time helps)
    "search-2x": (replace(SEARCH, iterations=2000, time_cap=2.1), "quick", 6),
    "search-allbot": (SEARCH, "bot-all", 6),
    "search-d12": (SEARCH, "quick", 12),
    "search-full": (SEARCH, "quick", 0),
    # the tuned player's move (engine.family_business.tuned) as the anchor, not the bot's
    "search-tunedanchor": (SEARCH, "quick", 6),
    # hard's 2-player search, to be given a belief by a suffix ("search-hard-bot")
    "search-hard": (SEARCH, "quick", 6),
    # hard's search scoring its rollouts with the win-chance weights fitted on 2-player games
    "search-2pweights": (SEARCH, "quick", 6),
}
#: win-chance weights fitted on 2-player bot games only (trial)
TWO_PLAYER = Model((0.372, -0.385, -0.211, -0.167, -0.037, -0.001, 0.119, 1.16, 0.211, -0.083))


def two_player_chance(state: FBState, seat: int) -> float:
    return win_chance(state, seat, TWO_PLAYER)


#: the searches above that score with the win-chance weights of 2-player games
TWO_PLAYER_VALUE = frozenset({"search-2pweights"})
#: the searches above whose anchor is the tuned player's move
TUNED_ANCHOR = frozenset({"search-tunedanchor"})


def _rollout_of(kind: str, seat: int) -> Policy:
    if kind == "quick":
        return quick_policy
    if kind == "bot-all":
        return bot_policy
    return lambda s, g, rng: quick_policy(s, g, rng) if g == seat else bot_policy(s, g, rng)


#: the strengths get a belief of the others' hands that reads the public play
#: (engine.family_business.belief, the default caution, the others read as the bot),
#: as on Discord; a trial's name may end in one of these for a belief of its own:
#: (reads the play, caution, as the bot). "-bot" is what ``hard`` does now, "-bp"
#: what it did before it read the others as the bot (records: fb-ai-botreading.jsonl
#: and fb-ai-hard-before-botreading-4p.jsonl); the plain trials (CANDIDATES, SEARCHES)
#: play without one. (The 2-player records of "hard-b" and "hard-bp" were played while
#: the search took the belief; it takes none since.)
BELIEFS = {
    "-b": (True, 1.0, False),
    "-bp": (True, CAUTION, False),
    "-p": (False, CAUTION, False),
    "-bot": (True, CAUTION, True),
    "-bot1": (True, 1.0, True),  # ... counters dealt at their share
    "-bot6": (True, 6.0, True),  # ... 6 times their share (CAUTION is 3)
    "-bot10": (True, 10.0, True),  # ... 10 times
}
STRENGTH_BELIEF = (True, CAUTION, True)


class Oracle(Belief):
    """Not a player but a ceiling (the suffix "-oracle"): the hidden cards dealt as they
    are, the other hands seen and only the draw pile's order guessed, to tell how much
    a perfect reading of the play could give."""

    __slots__ = ()

    def determinize(self, state: FBState, seat: int, rng: random.Random) -> FBState:
        return redeal(
            state, seat, rng, lambda d, _seat, _hidden, r: r.sample(sorted(d.draw), len(d.draw))
        )


ORACLE = "-oracle"


class Seer(Oracle):
    """Not a player but the ceiling of any (the suffix "-seer"): every card seen, the
    draw pile's order and the reshuffles' seed too, so that the search plans on the
    true future against the bot's play."""

    __slots__ = ()

    def determinize(self, state: FBState, seat: int, rng: random.Random) -> FBState:
        d = state.copy()
        forget_answers(d, seat)
        return d


SEER = "-seer"


class FairBelief(Belief):
    """A trial's belief (the suffix "-fair", otherwise ``hard``'s): each constrained slot
    is dealt a card drawn uniformly from those it may be, not the first of the shuffled
    pool it may be, where a card that an earlier, more constrained slot passed over (a
    counter the bot was read to lack) is first in line (bench/fb_belief.py: the 2-player
    deals held Mob Power or Family Influence 61% of the time, so 47%, the bot 40%). It
    won 69.1% of 480 two-player games, ``hard`` 70.7%: not kept."""

    __slots__ = ()

    def _fitting(self, hidden: list[int], taken: list[bool], mask: int, rng: random.Random) -> int:
        fits = [j for j, c in enumerate(hidden) if not taken[j] and not mask & 1 << c]
        return rng.choice(fits) if fits else -1


FAIR = "-fair"


class CounterReadBelief(Belief):
    """A trial's belief (the suffix "-counters", otherwise ``hard``'s) that also reads a
    bot's counter as the bot's choice among the counters it held: a bot that countered
    a Contract aimed at its gang with Family Influence held no Mob Power, which it plays
    first (engine.family_business.policies; in 200 two-player games of the bot against
    itself, 591 of the 878 counters the second bot played were such). ``hard`` with it
    won 68.4% of 320 two-player games (seeds 1-160), with its own belief 70.3%: not
    kept."""

    __slots__ = ()

    def observe(self, before: FBState, events: Iterable[dict[str, Any]]) -> None:
        for e in events:  # one at a time: a refill after the counter is not read so
            super().observe(before, (e,))
            g = e["seat"] if e["kind"] == "countered" else -1
            if g < 0 or before.phase != WINDOW or g == self.seat or not self.bots[g]:
                continue
            chosen = Action(COUNTER, e["card"])
            self._lacks(
                g,
                sum(
                    1 << c
                    for c in C.COUNTERS_ALLOWED[before.card] - {e["card"]}
                    if _answer(before, g, [Action(COUNTER, c), chosen, NO_COUNTER_ACTION]).arg == c
                ),
            )


COUNTERS = "-counters"


class PileBelief(Belief):
    """A trial's belief (the suffix "-pile", otherwise ``hard``'s; 2 players only) that
    keeps what a reshuffle makes public: the new draw pile is the discard pile everybody
    saw (RULING R5), so at that moment the other hand is every card neither in the own
    hand nor in the pile; its slots become *known* (each excludes every kind but its
    card), and only the cards it draws from the new pile are guessed, from what is left
    of the pile. Without this the guessed deals pool the other hand with the pile and
    forget it. :meth:`watch` applies an action as ``apply`` does and also reads the
    reshuffle from the public piles and the own hand; where the counts do not add up it
    reads nothing more than ``hard``'s belief. ``hard`` with it won 69.8% of 480
    two-player games (seeds 1-240), with its own belief 70.7%: not kept."""

    __slots__ = ()

    def watch(self, state: FBState, action: Action, actor: int) -> list[dict[str, Any]]:
        shuffles, draw, discard = state.shuffles, len(state.draw), list(state.discard)
        events = apply(self, state, action, actor)
        if state.shuffles == shuffles + 1 and state.n == 2:
            self._reshuffled(state, events, draw, discard)
        return events

    def _reshuffled(
        self, s: FBState, events: list[dict[str, Any]], draw: int, discard: list[int]
    ) -> None:
        """The pile ``s`` was reshuffled from is ``discard`` and the cards laid out by
        ``events``; ``draw`` cards were left of the old pile."""
        refills = [e for e in events if e["kind"] == "drew"]
        if len(refills) != 1 or s.discard or refills[0]["count"] < draw:
            return
        drawer, new = refills[0]["seat"], refills[0]["count"] - draw  # new: from the new pile
        laid = [e["card"] for e in events if e["kind"] in ("played", "discarded", "countered")]
        pile = Counter(discard + laid)
        if pile.total() != len(s.draw) + new:
            return
        other, hand = 1 - self.seat, s.hands[self.seat]
        mine = hand[: len(hand) - new] if drawer == self.seat else hand
        held = Counter(C.full_deck()) - pile - Counter(mine)
        fresh = new if drawer == other else 0
        if held.total() + fresh != len(s.hands[other]):
            return
        every = (1 << C.N_TYPES) - 1
        self.slots[other] = [every & ~(1 << c) for c in held.elements()] + [0] * fresh


PILE = "-pile"

#: the trials' beliefs by their names' suffixes (each with ``hard``'s belief kind)
TRIAL_BELIEFS: dict[str, type[Belief]] = {
    FAIR: FairBelief,
    COUNTERS: CounterReadBelief,
    PILE: PileBelief,
}


def belief_kind(player: str) -> tuple[str, tuple[bool, float, bool] | None]:
    """The player's base name and its belief's (reads the play, caution, as the bot),
    if any."""
    for suffix in (ORACLE, SEER):
        if player.endswith(suffix):
            return player.removesuffix(suffix), (False, CAUTION, False)
    for suffix in TRIAL_BELIEFS:
        if player.endswith(suffix):
            return player.removesuffix(suffix), STRENGTH_BELIEF
    for suffix, kind in BELIEFS.items():
        if player.endswith(suffix):
            return player.removesuffix(suffix), kind
    return player, (STRENGTH_BELIEF if player in STRENGTHS else None)


def decision(
    player: str, state: FBState, seat: int, rng: random.Random, belief: Belief | None = None
) -> tuple[Action, float, int]:
    """``player``'s action for ``seat``, its seconds and its iterations (samples)."""
    player = belief_kind(player)[0]
    if player in CANDIDATES:
        start = time.perf_counter()
        action, samples = decide(state, seat, rng, CANDIDATES[player], belief)
        return action, time.perf_counter() - start, samples
    if player in SEARCHES:
        budget, rollouts, depth = SEARCHES[player]
        anchor = tuned_policy if player in TUNED_ANCHOR else bot_policy
        score = two_player_chance if player in TWO_PLAYER_VALUE else value
        r = searched(
            state, seat, budget, rng, belief, _rollout_of(rollouts, seat), depth, anchor, score
        )
    elif isinstance(belief, Oracle) and not reads_play(state, player):
        r = searched(state, seat, BUDGETS[player], rng, belief)  # think would take none
    else:
        r = think(state, seat, player, rng, belief)
    return r.action, r.seconds, r.iterations
