"""The Family Business table as text: every gang's counts, the hit list from the wall,
the graveyard, the Mob War and what it does next turn, piles, whose turn or which
window until when, the last events, the end with placings and hands; inside Discord's
limits for the largest games."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime

from cogs.render.family_business import Seating, ending_text, hand_text, table_embed
from cogs.render.family_business.picture import alt_text, table_png
from cogs.render.family_business.table import next_turn_text
from cogs.render.limits import embed_limit_problems
from engine.family_business import GAME
from engine.family_business import cards as C

from .fb_games import played, redealt

DEADLINE = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
SEATING = Seating(("Ann", "Bob", "Cy", "Dee"), ("", "AI, hard", "", "left — the AI plays on"))


def _text(embed) -> str:
    parts = [embed.title or "", embed.description or ""]
    for f in embed.fields:
        parts += [f.name, f.value]
    return "\n".join(parts)


def _view(**changes):
    return replace(GAME.view(played(3, 4, 0), None), **changes)


def test_the_hit_list_is_shown_from_the_wall_with_positions() -> None:
    """Rule 2.3: position 1 stands at the wall."""
    text = _text(table_embed(_view(hit_list=(2, 0, 2)), SEATING, deadline=None))
    assert "🧱 **1** 🟩 Moran Gang · **2** 🟥 Capone Mob · **3** 🟩 Moran Gang" in text


def test_next_turn_executes_the_wall_at_single_rate_and_two_at_double() -> None:
    """Rules 6.1, 6.4."""
    single = next_turn_text(_view(war=1, hit_list=(1, 3)))
    assert "position 1 (New York Mob) dies." in single
    double = next_turn_text(_view(war=2, hit_list=(1, 3)))
    assert "position 1 (New York Mob) and then position 2 (Murder Inc.) die." in double


def test_a_finished_table_predicts_no_execution() -> None:
    """Rule 7.1: the game is over, so there is no next turn and no Mob War execution,
    even when the war was on and the list full as it ended."""
    over = _view(war=2, hit_list=(1, 3), over=True)
    assert next_turn_text(over) is None
    text = _text(table_embed(over, SEATING, deadline=None))
    assert "The game is over." in text
    assert "next turn" not in text and "dies" not in text and " die." not in text


def test_a_double_war_with_one_listed_kills_one_and_an_empty_list_nobody() -> None:
    """RULINGs R16 (an emptied list stops the second execution) and R19."""
    assert "and then" not in next_turn_text(_view(war=2, hit_list=(0,)))
    assert "nobody to execute" in next_turn_text(_view(war=1, hit_list=()))
    assert "nobody is executed" in next_turn_text(_view(war=0, hit_list=(0, 1)))


def test_each_gang_shows_at_large_listed_dead_and_hand_size_with_its_seat() -> None:
    text = _text(table_embed(GAME.view(played(3, 4, 0), None), SEATING, deadline=DEADLINE))
    assert "🟥 Capone Mob — Ann" in text and "Bob (AI, hard)" in text
    assert "at large **9** · on the list **0** · dead **0**" in text
    assert "Dee (left — the AI plays on)" in text
    assert "Draw pile" in text and "<t:" in text


def test_an_open_window_names_its_card_and_deadline_but_not_who_answered() -> None:
    """Rules 5.4, RULING R31."""
    state = played(11, 4, 0, to_window=True)
    view = GAME.view(state, None)
    assert view.window is not None
    text = _text(table_embed(view, SEATING, deadline=DEADLINE))
    assert "Counter window" in text and C.NAMES[view.window.card] in text
    assert str(int(DEADLINE.timestamp())) in text
    assert "answered" not in text.replace("when all have answered", "")


def test_the_end_lists_places_best_first_with_every_hand() -> None:
    text = ending_text((2, 1, 3, 3), SEATING, ((C.HIT,), (), (C.TRUCE, C.TRUCE), (C.FINGER,)))
    lines = text.splitlines()
    assert lines[0].startswith("**1.** Bob") and "no cards" in lines[0]
    assert lines[1].startswith("**2.** Ann") and "Hit" in lines[1]
    assert "Truce ×2" in lines[2] and lines[3].startswith("**3.** Dee")


def test_names_cannot_format_or_ping() -> None:
    seating = Seating(("**@everyone**", "b", "c", "d"), ("", "", "", ""))
    text = _text(table_embed(GAME.view(played(3, 4, 0), None), seating, deadline=None))
    assert "@everyone" not in text and "\\*\\*" in text


def test_the_largest_tables_stay_inside_discords_limits() -> None:
    seating = Seating(tuple("W" * 100 for _ in range(6)), ("AI, medium",) * 6)
    for seed in range(5):
        state = played(seed, 6, 120)
        view = GAME.view(state, None)
        long_list = replace(view, hit_list=tuple(i % 6 for i in range(54)))
        for v in (view, long_list):
            embed = table_embed(
                v,
                seating,
                deadline=DEADLINE,
                recent=["e" * 300] * 10,
                ending=ending_text((1, 2, 3, 4, 5, 6), seating, [[0, 1, 2, 3, 4, 5]] * 6),
            )
            assert embed_limit_problems(embed) == []


def test_a_hand_shows_its_cards_and_what_is_asked() -> None:
    state = played(3, 4, 0)
    seat = state.active
    text = hand_text(GAME.view(state, seat), SEATING)
    assert "Your hand:" in text and "Your turn" in text
    other = (seat + 1) % 4
    assert "turn" in hand_text(GAME.view(state, other), SEATING)


def test_the_cards_player_reads_that_it_waits_for_the_answers_not_who_gave_them() -> None:
    """Rules 5.2 (the card's player is never asked), 5.7 and RULING R31: its hand says
    the card waits for the others' answers and until when, in the same words whoever has
    answered so far."""
    state = played(11, 4, 0, to_window=True)
    assert GAME.view(state, None).window is not None
    seat = state.active
    said = hand_text(GAME.view(state, seat), SEATING, DEADLINE).splitlines()[1:]
    card = C.NAMES[state.card]
    assert len(said) == 1 and f"{card}" in said[0], said
    assert "waits for the others' answers" in said[0]
    assert f"closes by <t:{int(DEADLINE.timestamp())}:t>" in said[0]
    rng = random.Random(5)
    for _ in range(20):
        other = redealt(state, rng)
        other.hands[seat] = list(state.hands[seat])
        assert hand_text(GAME.view(other, seat), SEATING, DEADLINE).splitlines()[1:] == said
    assert "closes" not in hand_text(GAME.view(state, seat), SEATING)  # no deadline known


def test_an_eliminated_gangs_hand_says_it_is_out_and_the_others_play_on() -> None:
    """Rule 7.2: an eliminated gang puts its hand away and takes no more turns."""
    state = played(3, 4, 0).copy()
    out = (state.active + 1) % 4
    state.live[out] = False
    state.discard += state.hands[out]
    state.hands[out] = []
    text = hand_text(GAME.view(state, out), SEATING)
    assert text.splitlines() == [
        "**Your hand:** empty",
        "Your gang is out of the game: the others play on without it.",
    ]


def test_the_picture_shows_a_full_hit_list_and_says_in_words_what_it_shows() -> None:
    view = replace(GAME.view(played(3, 6, 150), None), hit_list=tuple(i % 6 for i in range(54)))
    names = tuple(f"P{i}" for i in range(6))
    png = table_png(view, names)
    assert png.startswith(b"\x89PNG") and len(png) < 500_000
    text = alt_text(view, names)
    assert "Hit list from the wall: Capone Mob, New York Mob" in text and "P5:" in text
