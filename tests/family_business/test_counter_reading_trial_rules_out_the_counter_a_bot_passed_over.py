"""The bench's trial belief that reads a bot's counter as its choice among the counters
it held (bench/fb_ai_players.py ``CounterReadBelief``): the bot answers a Contract on
its own gang with Mob Power when it holds one (engine.family_business.policies), so a
bot that answered with Family Influence held no Mob Power (rules 8.1, 10.1-10.2)."""

from __future__ import annotations

from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.belief import Belief, apply
from tests.bench_scripts import load_bench

from .positions import A, B, board

players = load_bench("fb_ai_players")
NO_MOB_POWER = 1 << C.MOB_POWER
QUIET = [C.INTRIGUE, C.TRUCE, C.SUBSTITUTION, C.SUBSTITUTION]


def _contracted_and_answered(belief: Belief, counter: int) -> Belief:
    s = board(2, hands={A: [C.CONTRACT] * 5, B: [counter, *QUIET]})
    for seat, kind, arg in [(A, "play", C.CONTRACT), (A, "gang", B), (B, "counter", counter)]:
        apply(belief, s, Action(kind, arg), seat)
    return belief


def test_rule_10_1_a_bot_countering_with_family_influence_is_read_to_hold_no_mob_power():
    s = board(2, hands={A: [C.CONTRACT] * 5, B: [C.FAMILY_INFLUENCE, *QUIET]})
    belief = _contracted_and_answered(players.CounterReadBelief(s, A), C.FAMILY_INFLUENCE)
    # the four cards it kept exclude Mob Power; the cards it drew at its turn's start,
    # after the counter, do not
    assert belief.slots[B] == [NO_MOB_POWER] * len(QUIET) + [0] * (len(belief.slots[B]) - 4)
    assert len(belief.slots[B]) > len(QUIET)
    # hard's belief reads nothing from the counter itself
    plain = _contracted_and_answered(Belief(s, A), C.FAMILY_INFLUENCE)
    assert plain.constrained(B) == 0


def test_rule_10_2_a_bot_countering_with_mob_power_tells_nothing_of_its_other_cards():
    s = board(2, hands={A: [C.CONTRACT] * 5, B: [C.MOB_POWER, *QUIET]})
    belief = _contracted_and_answered(players.CounterReadBelief(s, A), C.MOB_POWER)
    assert belief.constrained(B) == 0
