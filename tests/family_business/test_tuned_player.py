"""The tuned player (engine.family_business.tuned, the base of ``hard`` at 3+ seats):
legal play in whole games, reading only what its seat may see (RULING R3), the bot's
evaluation at its starting weights, and its counter rule (section 5, rule 10.1)."""

from __future__ import annotations

import random

import pytest

from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.actions import DISCARD, PLAY, Action
from engine.family_business.ai import choose
from engine.family_business.policies import bot_policy, evaluate
from engine.family_business.state import DOUBLE, SINGLE, FBState
from engine.family_business.state import PLAY as PLAY_PHASE
from engine.family_business.tuned import Weights, act, tuned_policy
from engine.family_business.tuned import evaluate as tuned_evaluate

from .positions import CC, A, B, D, board, others_dealt_anew, play


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_rule_4_3_hard_plays_whole_games_with_listed_actions_at_tables_of_three_or_more(n):
    rng = random.Random(n)
    s = GAME.new(n, FBOptions(seats=n))
    while not GAME.is_over(s):
        for seat in GAME.awaiting(s):
            a = choose(s, seat, "hard", rng) if seat == 0 else bot_policy(s, seat, rng)
            assert a in GAME.legal_actions(s, seat)
            GAME.apply(s, a, seat)


def test_ruling_r3_tuned_player_reads_no_other_hand_nor_the_draw_pile():
    s = board(4, at_large=[7, 9, 6, 8], hit=[A, CC], hands={A: [C.CONTRACT, C.HIT, C.LAM]})
    other = others_dealt_anew(s, A, 9)
    rng = random.Random(1)
    assert tuned_policy(s, A, rng) == tuned_policy(other, A, rng)


@pytest.mark.parametrize(
    "at_large,hit,war",
    [([9, 9, 9, 9], [], 0), ([6, 4, 9, 5], [B, A, D], SINGLE), ([3, 8, 2, 7], [A, CC, A], DOUBLE)],
)
def test_starting_weights_are_the_bots_evaluation(at_large, hit, war):
    s = board(4, at_large=at_large, hit=hit, war=war)
    for seat in range(4):
        assert tuned_evaluate(s, seat, Weights()) == pytest.approx(evaluate(s, seat))


def test_rule_10_1_counters_a_contract_on_its_gang_when_the_counter_is_cheap():
    s = board(3, hands={A: [C.CONTRACT], B: [C.MOB_POWER]})
    play(s, A, C.CONTRACT, ("gang", B))
    assert act(s, B, Weights(mob_power=0.0)) == Action("counter", C.MOB_POWER)
    assert act(s, B, Weights(mob_power=5.0)) == Action("no_counter")


def _first_turn_with(seed: int, card: int) -> tuple[FBState, int]:
    """The first start of a play of a 2-player bot game where the seat to move holds
    ``card``."""
    s = GAME.new(seed, FBOptions(seats=2, first=0))
    rng = random.Random(seed)
    while not GAME.is_over(s):
        seat = GAME.awaiting(s)[0]
        if s.phase == PLAY_PHASE and s.card < 0 and card in s.hands[seat]:
            return s, seat
        GAME.apply(s, bot_policy(s, seat, rng), seat)
    raise AssertionError("no such turn")


def test_rule_4_3_a_card_priced_dear_is_kept_and_one_priced_below_nothing_given_up():
    # Weights.worth: a play costs its card's worth, a discard gives up the card of least
    # worth (a counter can only be discarded in one's own turn)
    base = Weights()
    for seed in range(1, 40):
        s, seat = _first_turn_with(seed, C.HIT)
        if act(s, seat, base) == Action(PLAY, C.HIT):
            break
    else:
        raise AssertionError("the tuned player never played a Hit it held")
    dear = [0.0] * C.N_TYPES
    dear[C.HIT] = 50.0
    assert act(s, seat, Weights(worth=tuple(dear))) != Action(PLAY, C.HIT)
    s, seat = _first_turn_with(3, C.FAMILY_INFLUENCE)
    cheap = [0.0] * C.N_TYPES
    cheap[C.FAMILY_INFLUENCE] = -50.0
    assert act(s, seat, Weights(worth=tuple(cheap))) == Action(DISCARD, C.FAMILY_INFLUENCE)
    assert act(s, seat, base) != Action(DISCARD, C.FAMILY_INFLUENCE)
