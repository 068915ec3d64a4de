"""The last events the table shows: Take It On the Lam and Police Protection free one
mobster (rules 9.1, 9.2) and say which, in words apart from Pay Off's whole gang (rule
9.6) and Federal Crackdown's whole list (rule 9.7)."""

from __future__ import annotations

from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.state import SINGLE
from engine.family_business.text import describe_event, label

from .positions import CC, A, B, answer, board, play, step

NAMES = ("Ann", "Bob", "Cy")


def _freed(events: list[dict]) -> list[str]:
    return [t for e in events if e["kind"] == "freed" and (t := describe_event(e, NAMES))]


def test_9_1_take_it_on_the_lam_frees_one_mobster_at_its_position() -> None:
    s = board(3, at_large=[8, 7, 9], hit=[A, B, B], hands={A: [C.LAM]})
    events = play(s, A, C.LAM, ("position", 2))
    events += answer(s, B) + answer(s, CC)
    assert _freed(events) == [f"A mobster of the {C.GANGS[B]} comes off the hit list (position 2)."]


def test_9_2_police_protection_frees_one_mobster_at_its_position() -> None:
    s = board(3, at_large=[8, 7, 9], hit=[A, B, B], hands={A: [C.POLICE_PROTECTION]})
    events = play(s, A, C.POLICE_PROTECTION, ("position", 3))
    assert _freed(events) == [f"A mobster of the {C.GANGS[B]} comes off the hit list (position 3)."]


def test_9_6_pay_off_frees_the_whole_gang_and_says_how_many() -> None:
    s = board(3, at_large=[8, 7, 9], hit=[A, B, B], war=SINGLE, hands={A: [C.PAY_OFF]})
    events = play(s, A, C.PAY_OFF) + step(s, A, "gang", B)
    assert _freed(events) == [f"All 2 mobsters of the {C.GANGS[B]} on the hit list come off it."]


def test_9_7_federal_crackdown_frees_every_listed_mobster() -> None:
    s = board(3, at_large=[8, 7, 9], hit=[A, B, B], hands={A: [C.CRACKDOWN]})
    events = play(s, A, C.CRACKDOWN)
    assert _freed(events) == ["All 3 mobsters on the hit list come off it."]


def test_one_freed_never_reads_like_a_gang_freed() -> None:
    one = describe_event({"kind": "freed", "gang": B, "position": 1}, NAMES)
    gang = describe_event({"kind": "freed", "gang": B, "count": 1}, NAMES)
    assert one != gang and "position 1" in (one or "")


def test_a_gang_whose_name_ends_its_sentence_reads_without_the_or_a_double_period() -> None:
    """ "A mobster of the Murder Inc.", and "so far: Murder Inc.. Pick the next choice"."""
    inc = C.GANGS.index("Murder Inc.")
    assert describe_event({"kind": "killed", "gang": inc}, NAMES) == (
        "A mobster of Murder Inc. goes to the graveyard."
    )
    assert describe_event({"kind": "killed", "gang": A}, NAMES) == (
        f"A mobster of the {C.GANGS[A]} goes to the graveyard."
    )
    assert label(Action("at_large", inc), C.CONTRACT, ()) == "A mobster of Murder Inc. at large"
