"""The Family Business picture tells the gangs apart by more than colour: each gang's
row and each of its hit-list entries carry the gang's initials (a player who tells red
from green badly still reads whose mobster is at the wall), and an open window's line
says what the card aims at, as the embed does."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cogs.render.family_business import picture
from cogs.render.family_business.picture import TAGS, alt_text, table_png
from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.view import WindowView

from .fb_games import played

NAMES = ("Ann", "Bob", "Cy", "Dee")


def test_every_gang_has_its_own_initials() -> None:
    assert len(set(TAGS)) == len(TAGS) == len(C.GANGS)


def test_hit_list_entries_of_two_gangs_differ_when_drawn_in_one_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(picture, "GANG_RGB", (picture.GANG_RGB[0],) * len(C.GANGS))
    picture._palette.cache_clear()  # drawn of one colour: no palette kept for the others
    try:
        view = GAME.view(played(3, 4, 0), None)
        first = table_png(replace(view, hit_list=(0, 1)), NAMES)
        swapped = table_png(replace(view, hit_list=(1, 0)), NAMES)
    finally:
        picture._palette.cache_clear()
    assert first != swapped


def test_the_window_line_says_what_the_card_aims_at() -> None:
    view = GAME.view(played(3, 4, 0), None)
    window = WindowView(C.CONTRACT, 0, (("gang", 3),), (1, 2, 3))
    text = alt_text(replace(view, window=window), NAMES)
    assert "Counter window: Ann played Contract (Murder Inc.)" in text
