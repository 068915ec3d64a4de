"""Typed option values are matched completely against the accepted forms, never searched.

Table-driven: :func:`bot.services.option_forms.read` on accepted and refused forms, then
:func:`bot.services.option_actions.resolve` on real positions, where every refused value
raises with a sentence naming the accepted forms and no value ever names a different action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.services.choices import choices
from bot.services.option_actions import resolve
from bot.services.option_forms import Form, card_list, read
from engine.famiglia import GameState, IllegalAction, new_game
from engine.famiglia.actions import (
    Action,
    BruteAmount,
    BruteTarget,
    PlayAccountant,
    PlayBrute,
    Take,
    from_key,
)
from engine.famiglia.cards import code
from engine.famiglia.policies import greedy_policy
from tests.engine.famiglia.positions import make

ACCEPTED_FORMS = [
    ("#4", Form("position", position=4)),
    ("# 4", Form("position", position=4)),
    ("  #12 ", Form("position", position=12)),
    ("#4 F3", Form("seen", position=4, card="F3")),
    ("#4 f3", Form("seen", position=4, card="F3")),
    ("F3", Form("card", card="F3")),
    ("m0", Form("card", card="M0")),
    ("Z7", Form("card", card="Z7")),  # a card form; that no Z7 exists is said later
    ("2", Form("number", number=2)),
    ("02", Form("number", number=2)),
    ("8.3.0", Form("key", key=(8, 3, 0))),
]
REFUSED_FORMS = [
    "",
    "-1",
    "+2",
    "1.5",
    "2 3",
    "#3 or #6",
    "not F0, take B0",
    "take B0",
    "#4 F3 please",
    "F3x",
    "F3!",
    "#1 Z7 #2",
    "#٣",  # Arabic-Indic three
    "٣",
    "F٣",
    "#３",  # fullwidth three
    "３",
    "＃3",  # fullwidth number sign
    "#4\u00a0F3",  # a no-break space is no separator here
    "#",
    "##4",
    "#4#",
    "1234",
    "8.3",
    "8.3.0.1",
]


@pytest.mark.parametrize(("typed", "form"), ACCEPTED_FORMS)
def test_each_accepted_form_is_read_completely(typed: str, form: Form):
    assert read(typed) == form


@pytest.mark.parametrize("typed", REFUSED_FORMS)
def test_a_value_with_anything_around_or_other_digits_reads_as_no_form(typed: str):
    assert read(typed) is None


@pytest.mark.parametrize(
    ("typed", "codes"),
    [("M0 M1", ["M0", "M1"]), ("m0 + M1", ["M0", "M1"]), ("A1, B2", ["A1", "B2"]),
     ("M0 or M1", None), ("M٠ M1", None), ("pay M0", None)],
)  # fmt: skip
def test_a_card_list_is_codes_and_separators_only(typed: str, codes: list[str] | None):
    assert card_list(typed) == codes


# ------------------------------------------------------------------ on real positions
def position(wanted: Callable[[GameState], bool]) -> GameState:
    """The first position of greedy games (seeds 1, 2, …) where ``wanted`` holds."""
    rng = random.Random(0)
    for seed in range(1, 60):
        state = new_game(seed, mode="duel")
        for _ in range(300):
            if state.over:
                break
            if wanted(state):
                return state
            state.apply(from_key(greedy_policy(state, rng)))
    raise AssertionError("no such position")


def refusal(state: GameState, kind: str, typed: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as raised:
        resolve(state, [kind], typed)
    assert state.to_json() == before
    return str(raised.value)


def two_takes(state: GameState) -> bool:
    takes = {c.action.index for c in choices(state, ["take"])}
    return state.decision == "main" and len(takes) >= 2 and len(state.street) >= 6


def test_street_values_name_exactly_one_card_or_are_refused_with_the_forms():
    state = position(two_takes)
    first, second = sorted({c.action.index for c in choices(state, ["take"])})[:2]
    card = code(state.street[first])
    for typed in (f"#{first + 1}", f"#{first + 1} {card}", f" #{first + 1} {card.lower()} "):
        assert resolve(state, ["take"], typed) == Take(index=first)
    assert resolve(state, ["take"], card).type == "take"
    other = code(state.street[second])
    digits = "٠١٢٣٤٥٦٧٨٩"
    fullwidth = "０１２３４５６７８９"
    for typed in (
        f"#{first + 1} or #{second + 1}",
        f"not {other}, take {card}",
        f"take {card}",
        f"{card} please",
        f"#{digits[first + 1]}",
        f"#{fullwidth[first + 1]}",
        f"#{first + 1}!",
        "-1",
        str(first + 1),
    ):
        text = refusal(state, "take", typed)
        assert "not one of the choices" in text and "its position (#4)" in text, text


def test_a_position_with_a_card_that_does_not_exist_is_refused():
    state = position(lambda s: s.decision == "main" and bool(choices(s, ["refresh"])))
    text = refusal(state, "refresh", "#1 Z7")
    assert "no card Z7" in text


def test_ranks_are_numbers_in_range_or_the_card_itself():
    state = position(lambda s: s.decision == "main" and bool(choices(s, ["accountant"])))
    rank = choices(state, ["accountant"])[0].action.rank
    assert resolve(state, ["accountant"], str(rank)) == PlayAccountant(rank=rank)
    assert resolve(state, ["accountant"], f"A{rank}") == PlayAccountant(rank=rank)
    for typed in ("-1", f"-{rank}", f"+{rank}", "٢", "２", f"{rank} or 4", f"A{rank}x", "1.0"):
        text = refusal(state, "accountant", typed)
        assert "a number from 1 to 4" in text, text
    assert "no Accountant 9" in refusal(state, "accountant", "9")
    assert "can't be played: an Accountant you play has rank" in refusal(state, "accountant", "0")


def amount_asked(state: GameState) -> GameState | None:
    """A Brute played and a target chosen from ``state``, so that an amount is asked."""
    if state.decision != "main":
        return None
    for play in choices(state, ["brute"]):
        for target in choices(after(state, play.action), ["brute_target"]):
            run = after(after(state, play.action), target.action)
            if run.decision == "brute_amount" and len(choices(run, ["brute_amount"])) >= 2:
                return run
    return None


def after(state: GameState, action: Action) -> GameState:
    run = state.copy()
    run.apply(action)
    return run


def test_a_brute_amount_is_a_number_in_range():
    found = amount_asked(position(lambda s: amount_asked(s) is not None))
    assert found is not None
    assert resolve(found, ["brute_amount"], "1") == BruteAmount(amount=1)
    assert resolve(found, ["brute_amount"], " 1 ") == BruteAmount(amount=1)
    for typed in ("-1", "٢", "２", "#1", "1 or 2", "1x", "B1"):
        assert "a number from 1 to 4" in refusal(found, "brute_amount", typed)


def test_a_brute_rank_of_another_family_is_refused():
    state = position(lambda s: s.decision == "main" and bool(choices(s, ["brute"])))
    rank = choices(state, ["brute"])[0].action.rank
    assert resolve(state, ["brute"], f"b{rank}") == PlayBrute(rank=rank)
    assert "is not a Brute" in refusal(state, "brute", f"A{rank}")


def test_4_3_2_a_card_code_takes_the_copy_this_turns_brute_lowered():
    state = make(street="M1 M1 A2", hands=("B1 M0 M0", ""))
    state.apply(PlayBrute(rank=1))
    state.apply(BruteTarget(index=1))  # the second M1, now free to take
    assert state.decision == "main"
    assert resolve(state, ["take", "pass"], "M1") == Take(index=1)
    assert resolve(state, ["take", "pass"], "#1") == Take(index=0)  # a position is exact
