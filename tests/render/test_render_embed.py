"""The table and hand embeds say everything the image shows, in text."""

from __future__ import annotations

import pytest

from cogs.render.embed import (
    attach_table_image,
    hand_embed,
    moves_text,
    street_text,
    table_embed,
    table_message,
)
from cogs.render.image import IMAGE_FILENAME
from engine.famiglia.view_models import ResultView

from .sample_views import make_view, typical_view

NAMES = ("Alice", "Bob")


def _text(embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for f in embed.fields:
        parts += [f.name, f.value]
    return "\n".join(parts)


def _field(embed, start: str) -> str:
    return next(f.value for f in embed.fields if f.name.startswith(start))


def test_street_text_leftmost_first_with_brute_reduction():
    view = make_view(street_cards=["F3", "A1", "B2", "M4"], brute=(2, 2))
    assert street_text(view) == "🟥F3 🟦A1 🟨B2→0 🟩M4"
    shuffled = view.model_copy(update={"street": list(reversed(view.street))})
    assert street_text(shuffled) == "🟥F3 🟦A1 🟨B2→0 🟩M4"


def test_table_embed_shows_turn_prompt_areas_hands_piles():
    embed = table_embed(typical_view(), NAMES, ["Bob took 🟩M1", "Alice refreshed 🟥F2"])
    assert embed.title == "Famiglia · Alice vs Bob"
    assert "Turn 7 · Alice to play" in embed.description
    assert "Take a Street card or pass" in embed.description
    assert "lowered 🟩M4 from 4 to 2" in embed.description
    assert _field(embed, "Street · 6 cards") == "🟥F3 🟦A1 🟨B2 🟩M4→2 🟦A0 🟥F0"
    alice = next(f for f in embed.fields if "Alice" in f.name)
    assert alice.name.startswith("▶ Alice (starts) · 8 VP")
    assert alice.value == "🟦A0 🟦A1 🟨B1 🟨B3 🟩M0×2\n✋ 5 cards in hand"
    assert _field(embed, "Bob") == "🟥F0 🟦A2 🟨B0×2 🟩M1\n✋ 4 cards in hand"
    assert _field(embed, "Piles") == "31 in the draw pile · 4 on the discard pile"
    assert _field(embed, "Last moves") == "• Bob took 🟩M1\n• Alice refreshed 🟥F2"


def test_notices_second_pile_end_and_pass():
    embed = table_embed(
        make_view(second_pile=True, end_triggered=True, turns_left=1, consecutive_passes=1), NAMES
    )
    assert "second pile is in play" in embed.description
    assert "1 more turn after this one" in embed.description
    assert "another pass in a row ends the game" in embed.description
    assert "second pile" in _field(embed, "Piles")
    quiet = table_embed(make_view(), NAMES)
    assert "second pile" not in quiet.description and "⏳" not in quiet.description


def test_the_last_turn_is_called_so_not_zero_more_turns():
    """Rule 6.2: once the last card is out, the turns left count down to the last."""
    embed = table_embed(make_view(end_triggered=True, turns_left=0), NAMES)
    assert "this is the last turn of the game" in embed.description
    assert "0 more turns" not in embed.description


def test_a_finished_games_table_gives_no_advice_for_turns_to_come():
    result = ResultView(totals=(20, 77), winner=1, decided_by="points", explanation="")
    over = make_view(second_pile=True, result=result, current=None, decision="over")
    embed = table_embed(over, NAMES)
    assert "refresh at most once per turn" not in embed.description


def test_result_with_tie_break_explanation():
    result = ResultView(
        totals=(30, 30),
        winner=1,
        decided_by="best_card",
        explanation="Both have 30 VP; Bob owns the Famiglia 4 (15 VP).",
    )
    embed = table_embed(make_view(result=result, current=None, decision="over"), NAMES)
    assert "Game over: **Bob wins, 30 to 30.**" in embed.description
    assert "Bob owns the Famiglia 4" in embed.description
    assert all(f.name != "Final score" for f in embed.fields)  # said once, above
    assert "▶" not in _text(embed)


def test_14_11_the_result_is_said_once_winner_first():
    """Issue 14, item 11: not "Alice 20 VP · Bob 77 VP … 20 VP against 77 VP"."""
    result = ResultView(
        totals=(20, 77), winner=1, decided_by="points", explanation="20 VP against 77 VP."
    )
    embed = table_embed(make_view(result=result, current=None, decision="over"), NAMES)
    assert "Game over: **Bob wins, 77 to 20.**" in embed.description
    assert "against" not in embed.description
    assert _text(embed).count("77") == 1


def test_9_10_4_a_solo_tie_reads_as_the_robots_win_not_as_a_shared_one():
    result = ResultView(
        totals=(14, 14),
        winner=1,
        decided_by="robot_tie",
        explanation="Both have 14 VP and equally valuable best cards.",
    )
    view = make_view(result=result, current=None, decision="over", mode="solo", robot_seat=1)
    embed = table_embed(view, NAMES)
    assert "wins, 14 to 14" in embed.description
    assert "equally valuable best cards" in embed.description
    assert "nothing separates" not in embed.description


def test_solo_robot_level_and_high_score():
    result = ResultView(
        totals=(50, 40), winner=0, decided_by="points", explanation="More VP.", high_score=60
    )
    view = make_view(
        mode="solo",
        robot_seat=1,
        areas=(["A1"], ["F0", "M0", "M0"]),
        result=result,
        current=None,
        decision="over",
    )
    embed = table_embed(view, ("Alice", ""))
    assert embed.title == "Famiglia solo · Alice vs Robot gangster"
    robot = next(f for f in embed.fields if f.name.startswith("Robot gangster"))
    assert "(robot, level 3)" in robot.name
    assert robot.value.startswith("🟥F0 🟩M0×2\n")
    assert "High score: **60**" in embed.description
    assert "solo, level 3" in embed.footer.text


def test_moves_keeps_the_last_five_and_skips_blanks():
    text = moves_text([f"move {i}" for i in range(9)] + ["  "])
    assert text.splitlines() == [f"• move {i}" for i in range(4, 9)]
    assert moves_text([]) == ""
    assert all(f.name != "Last moves" for f in table_embed(typical_view(), NAMES).fields)


def test_attach_image_and_table_message():
    embed = table_embed(typical_view(), NAMES)
    file = attach_table_image(embed, b"\x89PNG fake", "the table")
    assert file.filename == IMAGE_FILENAME == "table.png"
    assert embed.image.url == "attachment://table.png"
    assert file.fp.read() == b"\x89PNG fake"
    embed, file = table_message(typical_view(), NAMES, ["Bob passed"])
    assert embed.image.url == "attachment://table.png"
    assert file.fp.read().startswith(b"\x89PNG")
    assert file.description is not None and "🟩M4→2" in file.description


def test_hand_embed_groups_cards_and_totals():
    view = make_view(viewer=0, hand=["A1", "M2", "A1", "F0"], areas=(["B3"], []))
    embed = hand_embed(view, NAMES)
    assert embed.title == "Your hand · 4 cards"
    assert "🟦 **A1** Accountant 1 ×2 · 1 VP each" in embed.description
    assert "🟩 **M2** Mercenary 2 · 3 VP" in embed.description
    assert "Your turn:" in embed.description
    assert _field(embed, "Your total") == "12 VP (6 in hand + 6 on the table)"
    waiting = hand_embed(view.model_copy(update={"current": 1}), NAMES)
    assert "Waiting for Bob." in waiting.description


def test_hand_embed_refuses_a_public_view():
    with pytest.raises(ValueError):
        hand_embed(typical_view())
