"""Refusals (issue: typed errors a player understands) for rules 4.1-4.4 and 9.6."""

from __future__ import annotations

import pytest

from cogs.game_texts import end_cause
from engine.famiglia import IllegalAction
from engine.famiglia.actions import (
    BruteAmount,
    BruteTarget,
    ExchangeDone,
    ExchangeGive,
    ExchangeTake,
    Pass,
    Pay,
    PlayAccountant,
    PlayBrute,
    Refresh,
    RobotTurn,
    Take,
)
from engine.famiglia.text import prompt, public_prompt

from .positions import make, play


def refused(s, action, pattern: str, **kw) -> None:
    before = s.to_json()
    with pytest.raises(IllegalAction, match=pattern):
        s.apply(action, **kw)
    assert s.to_json() == before


def test_4_4_4_pay_with_a_too_low_mercenary_says_it_is_too_low():
    s = make(street="F3", hands=("F2 M2 M3", ""))
    play(s, Take(index=0))
    refused(s, Pay(wild=2, exhaust="wild"), "rank 3 or more; Mercenary 2 is too low")
    refused(s, Pay(wild=4, exhaust="wild"), "no Mercenary 4 in your hand")
    refused(s, Pass(), "choose how to pay first")


def test_4_4_4_take_with_one_genuine_and_no_wild_explains_both_ways():
    s = make(street="F3", hands=("F2 M2", ""))
    refused(s, Take(index=0), r"two F2, or one F2 and a Mercenary of rank 3 or more")
    s = make(street="M1", hands=("M0", ""))
    refused(s, Take(index=0), "another Mercenary of rank 1 or more")


def test_4_4_2_brute_lowered_target_named_in_the_refusal():
    s = make(street="A4", hands=("B1 A2", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=0))
    refused(s, Take(index=0), r"To take A4 \(lowered to 3 this turn\) you need two A2")


def test_4_3_1_brute_amount_and_target_refusals():
    s = make(street="A2 B1", hands=("B2", ""))
    play(s, PlayBrute(rank=2))
    refused(s, BruteTarget(index=5), "no card at position 6")
    refused(s, Pass(), "choose the Street card to lower first")
    play(s, BruteTarget(index=0))
    refused(s, BruteAmount(amount=4), "can lower A2 by 1 to 2")
    s = make(street="", hands=("B1", ""))
    refused(s, PlayBrute(rank=1), "Street is empty")


def test_4_2_exchange_refusals():
    s = make(street="F0", hands=("A2", ""), areas=("B1", ""))
    play(s, PlayAccountant(rank=2))
    refused(s, ExchangeTake(card="F4"), "no F4 in your play area")
    play(s, ExchangeTake(card="B1"))
    refused(s, ExchangeDone(), "put a card from your hand")
    refused(s, ExchangeGive(card="F4"), "no F4 in your hand")


def test_4_1_refresh_refusals():
    s = make(street="A1 B2")
    refused(s, Refresh(index=9), "no card at position 10")
    s = make(street="A1 B2", hands=("B1", ""))
    play(s, PlayBrute(rank=1), BruteTarget(index=0))
    refused(s, Refresh(index=0), "comes first in a turn")


def test_out_of_turn_and_out_of_game_refusals():
    s = make(street="F0")
    refused(s, Pass(), "not your turn", seat=1)
    refused(s, Pass(), "not in this game", seat=5)
    refused(s, Pass(), "not in this game", seat=False)  # a bool is no seat, not seat 0
    refused(s, RobotTurn(), "Only the robot")
    refused(s, BruteAmount(amount=1), "Play a Brute first")
    refused(s, Pay(wild=1, exhaust="wild"), "Choose a Street card to take first")


def test_9_6_human_moves_refused_on_the_robots_turn():
    s = make(mode="solo", level=3, street="F0", current=1)
    refused(s, Take(index=0), "robot gangster's turn")
    refused(s, Pass(), "not your turn", seat=0)


def test_4_the_public_prompt_names_the_turns_steps_alike_whatever_the_hand_holds():
    """The table's line read as the mover's choices ("play a Brute" to a player holding
    only zeros); it is the steps still open (rule 4, A1-A4), the same for any hand."""
    zeros = make(street="F3 A1", hands=("F0 M0", ""))
    brutes = make(street="F3 A1", hands=("B2 A3", ""))
    assert public_prompt(zeros) == public_prompt(brutes)
    assert public_prompt(zeros).startswith("Steps still open this turn: ")
    assert "Brute" not in prompt(zeros) and "Brute" in prompt(brutes)


def test_6_3_is_not_named_for_two_passes_that_end_the_last_round_of_6_1():
    """The starting player revealed the last card (6.1: one more turn for the other);
    both then passed. The game ended where 6.1 ends it, and was told as the early end."""
    s = make(street="A1 F3", hands=("", ""), draw="M1", switched=True, rest="area1")
    play(s, Refresh(index=1))
    assert s.turns_left == 1 and not s.draw
    play(s, Pass())
    play(s, Pass())
    assert s.over and s.turns_done == [1, 1]
    assert end_cause(s) == ""
    early = make(street="F3 A1", hands=("F0", "F0"))
    play(early, Pass())
    play(early, Pass())
    assert early.over and "passed in a row" in end_cause(early)
