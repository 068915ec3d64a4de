"""Public rendering depends only on public information (issue 5's property).

A public view holds no hidden field, so the property is checked two ways:
* rendering sorts its own inputs: equal public views whose play-area lists and Street
  list arrive in a different order render byte-identically (embed and PNG);
* a player's view passed by mistake renders exactly like the public view: the hand,
  its VP and the viewer never reach the table.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cogs.render.embed import table_embed
from cogs.render.image import table_png
from engine.famiglia.view_models import PlayerView

from .sample_views import ALL_CODES, make_view

codes = st.sampled_from(ALL_CODES)
NAMES = ("Alice", "Bob")


@st.composite
def public_views(draw: st.DrawFn) -> PlayerView:
    street = draw(st.lists(codes, max_size=20))
    brute = None
    if street and draw(st.booleans()):
        i = draw(st.integers(0, len(street) - 1))
        brute = (i, draw(st.integers(1, 4)))
    solo = draw(st.booleans())
    return make_view(
        street_cards=street,
        areas=(draw(st.lists(codes, max_size=30)), draw(st.lists(codes, max_size=30))),
        hand_sizes=(draw(st.integers(0, 15)), draw(st.integers(0, 15))),
        brute=brute,
        mode="solo" if solo else "duel",
        robot_seat=1 if solo else None,
        current=draw(st.sampled_from([0, 1])),
        pile_size=draw(st.integers(0, 52)),
        discard_size=draw(st.integers(0, 52)),
        second_pile=draw(st.booleans()),
        end_triggered=draw(st.booleans()),
        turns_left=draw(st.integers(0, 2)),
        consecutive_passes=draw(st.integers(0, 1)),
    )


def _reordered(view: PlayerView, rnd) -> PlayerView:
    seats = []
    for seat in view.seats:
        area = list(seat.area)
        rnd.shuffle(area)
        seats.append(seat.model_copy(update={"area": area}))
    street = list(view.street)
    rnd.shuffle(street)
    return view.model_copy(update={"seats": tuple(seats), "street": street})


def _render(view: PlayerView) -> tuple[dict, bytes]:
    return table_embed(view, NAMES, ["Bob passed"]).to_dict(), table_png(view, NAMES)


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(public_views(), st.randoms(use_true_random=False))
def test_order_of_inputs_does_not_matter(view, rnd):
    assert _render(view) == _render(_reordered(view, rnd))


@SETTINGS
@given(public_views(), st.lists(codes, max_size=15), st.sampled_from([0, 1]), st.integers(0, 300))
def test_a_players_view_renders_like_the_public_one(view, hand, viewer, hand_vp):
    private = view.model_copy(update={"viewer": viewer, "hand": sorted(hand), "hand_vp": hand_vp})
    assert _render(private) == _render(view)


def test_a_hand_card_seen_nowhere_else_stays_off_the_table():
    view = make_view(street_cards=["A1", "B2"], areas=(["M0"], ["A0"]))
    private = view.model_copy(update={"viewer": 0, "hand": ["F4", "F4"], "hand_vp": 987})
    embed, _ = _render(private)
    assert "F4" not in str(embed) and "987" not in str(embed)
