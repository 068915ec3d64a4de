"""The move log's lines (engine.famiglia.text.describe_event) say what happened."""

from __future__ import annotations

from engine.famiglia.actions import Take
from engine.famiglia.text import describe_event

from .positions import make, play

NAMES = ("Ann", "Bob")


def refill_line(events) -> str:
    return next(describe_event(e, NAMES) for e in events if e.kind == "refill")


def test_4_5_1_a_full_refill_names_six_new_cards():
    s = make(street="F0", draw="M1 M2 M3 A1 A2 A3 B1")
    line = refill_line(play(s, Take(index=0)))
    assert line == "The Street was empty: six new cards B1 A3 A2 A1 M3 M2"


def test_4_5_1_a_refill_from_a_short_pile_counts_the_cards_it_shows():
    # After the switch only two cards are left to draw: the Street gets those two.
    s = make(street="F0", draw="A2 B1", switched=True, rest="area1")
    line = refill_line(play(s, Take(index=0)))
    assert line == "The Street was empty: two new cards B1 A2"


def test_4_5_1_a_refill_of_one_card_says_one_new_card():
    s = make(street="F0", draw="A2", switched=True, rest="area1")
    line = refill_line(play(s, Take(index=0)))
    assert line == "The Street was empty: one new card A2"
