"""Hidden information as a property (RULINGs R3, R12, R31): the public table (its text
and its picture) and a
window prompt's public part are the same for positions that differ only in the hands
(same sizes), the order of the draw pile, or who has answered the window so far."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.render.family_business import Seating, table_embed, window_public_text
from cogs.render.family_business.picture import table_png
from engine.family_business import GAME

from .fb_games import played, redealt

DEADLINE = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _seating(n: int) -> Seating:
    return Seating(tuple(f"P{i}" for i in range(n)), ("",) * n)


def _public(state, seating: Seating) -> tuple[dict, bytes]:
    """The table's embed and its picture."""
    view = GAME.view(state, None)
    embed = table_embed(view, seating, deadline=DEADLINE, recent=["x"]).to_dict()
    return embed, table_png(view, seating.names)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(2, 6),
    steps=st.integers(0, 250),
    to_window=st.booleans(),
    redeal=st.integers(0, 2**32),
)
def test_the_public_table_is_the_same_whatever_the_hands_and_the_deck_order(
    seed: int, seats: int, steps: int, to_window: bool, redeal: int
) -> None:
    state = played(seed, seats, steps, to_window=to_window)
    other = redealt(state, random.Random(redeal))
    seating = _seating(seats)
    assert _public(other, seating) == _public(state, seating)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 6), redeal=st.integers(0, 2**32))
def test_every_responder_reads_the_same_window_whatever_anybody_holds(
    seed: int, seats: int, redeal: int
) -> None:
    """R12: the prompt's public part is one text for all responders and all hands."""
    state = played(seed, seats, 0, to_window=True)
    if state.phase != 1:
        return  # this game never opened a window within the limit
    other = redealt(state, random.Random(redeal))
    seating = _seating(seats)
    texts = set()
    for position in (state, other):
        for seat in GAME.awaiting(position) or range(seats):
            window = GAME.view(position, seat).window
            assert window is not None
            texts.add(window_public_text(window, seating, DEADLINE))
    assert len(texts) == 1
