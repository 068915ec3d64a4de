"""Characters the pictures' font has no glyph for (emoji, Chinese, Japanese, Korean) are
left out of the table pictures rather than drawn as empty boxes: "🔥Alex🔥" is drawn as
"Alex", and a name with nothing readable left ("山田", "🎲🎲") as "Player 1" — in the
seat's label, in the last move under the table and in a finished game's result. The
embeds keep the names as they are (Discord draws them)."""

from __future__ import annotations

from cogs.render.family_business.picture import table_png as fb_png
from cogs.render.glyphs import covered, drawable, drawn_line, drawn_name
from cogs.render.image import table_png
from engine.family_business import GAME
from tests.render.fb_games import played
from tests.render.sample_views import typical_view


def test_the_font_covers_the_letters_of_names_but_not_emoji_or_cjk() -> None:
    have = covered()
    assert all(ord(ch) in have for ch in "Zoë Ж λ ש م ñ ß")
    assert not any(ord(ch) in have for ch in "🔥🎲山田김")


def test_emoji_around_a_name_are_left_out() -> None:
    assert drawable("🔥Alex🔥") == "Alex"
    assert drawable("Don 🎲 Vito") == "Don Vito"
    assert drawn_name("🔥Alex🔥", "Player 1") == "Alex"


def test_a_name_with_nothing_drawable_gets_the_stand_in() -> None:
    assert drawn_name("山田", "Player 1") == "Player 1"
    assert drawn_name("🎲 🎲", "Player 2") == "Player 2"
    assert drawn_name("R2-D2", "Player 1") == "R2-D2"


def test_famiglia_picture_draws_an_emoji_name_as_its_letters() -> None:
    view = typical_view()
    assert table_png(view, ("🔥Alice🔥", "Bob")) == table_png(view, ("Alice", "Bob"))


def test_famiglia_picture_names_an_undrawable_player_by_seat_in_the_last_move_too() -> None:
    view = typical_view()
    shown = table_png(view, ("山田", "Bob"), "山田 took A3")
    assert shown == table_png(view, ("Player 1", "Bob"), "Player 1 took A3")


def test_family_business_picture_draws_names_as_the_font_can() -> None:
    state = played(3, 4, 30)
    view = GAME.view(state, None)
    odd = ("🔥Alice🔥", "山田", "Carol", "🎲🎲")
    plain = ("Alice", "Player 2", "Carol", "Player 4")
    assert fb_png(view, odd) == fb_png(view, plain)


def test_family_business_result_names_the_winner_as_the_picture_does() -> None:
    state = played(3, 2, 10_000)
    assert GAME.is_over(state)
    view = GAME.view(state, None)
    odd, plain = ("山田", "Bob"), ("Player 1", "Bob")
    assert fb_png(view, odd, "山田 wins") == fb_png(view, plain, "Player 1 wins")


def test_a_name_that_begins_another_does_not_take_its_place() -> None:
    """ "王伟 took A3" beside a player named "王" was drawn "Player 1 took A3"."""
    names = ("王", "王伟")
    drawn = tuple(drawn_name(n, f"Player {seat + 1}") for seat, n in enumerate(names))
    assert drawn_line("王伟 took A3", names, drawn) == "Player 2 took A3"
    line = drawn_line("王伟 wins; 王 is second", names, drawn)
    assert line == "Player 2 wins; Player 1 is second"
