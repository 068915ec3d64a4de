"""What Family Business messages look like: the lobby, the table with its buttons, a
hand with its step-by-step selects, a window's private prompt. Pure builders from the
stored game and the engine's views; no I/O."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from typing import Any

import discord

from bot.services.multi_mode import options_of
from bot.services.multi_rules import rules_of
from cogs.family_business.controls import (
    AddAiSelect,
    AgainButton,
    AnswerButton,
    HandButton,
    LobbyButton,
    PlaySelect,
    QuitButton,
)
from cogs.render.common import clip
from cogs.render.family_business import (
    Seating,
    ending_text,
    hand_text,
    table_embed,
    window_public_text,
)
from cogs.render.family_business.picture import IMAGE_FILENAME, alt_text, table_png
from cogs.render.family_business.words import when
from cogs.render.limits import ATTACHMENT_DESCRIPTION
from cogs.render.painter import PAINTER
from cogs.safe_text import shown
from cogs.table_message import moved_text
from db.rows import GameRow
from engine.family_business import cards as C
from engine.family_business.text import label

OPTIONS_PER_SELECT = 25
SELECTS = 4  # a hand's selects; a fifth row is left free


def seating(game: GameRow) -> Seating:
    notes = []
    for seat in game.seats:
        if seat.left_place is not None:  # while the game runs, the AI plays on
            notes.append("left — the AI plays on" if game.is_open else "left")
        elif not seat.is_person:
            notes.append(f"AI, {seat.ai}")
        else:
            notes.append("")
    return Seating(tuple(s.name for s in game.seats), tuple(notes))


def lobby_embed(game: GameRow) -> discord.Embed:
    most = options_of(game).seats
    names = seating(game)
    lines = [f"{i + 1}. {names.label(i)}" for i in range(len(game.seats))]
    lines += [f"{i + 1}. *(free)*" for i in range(len(game.seats), most)]
    embed = discord.Embed(
        title=f"Family Business — lobby ({len(game.seats)} of {most} seats)",
        description="\n".join(lines),
        colour=discord.Colour(0x8E2C2C),
    )
    status = {
        "challenge": "Press **Join** to take a seat. The host starts the game with two or"
        " more seats" + (f"; the lobby expires {when(game.deadline)}." if game.deadline else "."),
        "cancelled": "The host cancelled this lobby.",
        "expired": "Nobody started this lobby in time: it expired.",
    }
    embed.add_field(name="How", value=status.get(game.status, "The game has started."))
    return embed


def lobby_view(game: GameRow) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if game.status != "challenge":
        return view
    for what in ("join", "leave", "start", "cancel", "unai"):
        view.add_item(LobbyButton(what, game.id))
    view.add_item(AddAiSelect(game.id))
    return view


def title(game: GameRow) -> str:
    """The game as links to its table name it."""
    return f"Family Business #{game.id}"


def moved_here(game: GameRow, table_id: int) -> dict[str, Any]:
    """An older copy of the table, made a link to the table (message ``table_id``)."""
    url = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}/{table_id}"
    return {"content": moved_text(title(game), url), "embeds": [], "attachments": [], "view": None}


def leave_question(game: GameRow) -> tuple[str, discord.ui.View]:
    """``/familybusiness leave`` in a started game: what leaving costs, and the button
    that does it (typed by mistake, or meant for a lobby that started meanwhile, it
    would hand the gang over at once)."""
    text = (
        f"Leave {title(game)}? The AI plays your gang from then on, and you are placed as"
        " if your gang was eliminated at that moment. This cannot be undone; to stay in"
        " the game, dismiss this message."
    )
    view = discord.ui.View(timeout=None)
    view.add_item(QuitButton(game.id))
    return text, view


def table_view(game: GameRow) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if game.status == "active":
        view.add_item(HandButton(game.id))
    elif game.status == "finished":
        view.add_item(AgainButton(game.id))
    return view


def _option(action: Any, card: int, hit: Sequence[int], value: str) -> discord.SelectOption:
    return discord.SelectOption(label=label(action, card, tuple(hit))[:100], value=value)


def hand_message(
    game: GameRow, view: Any, actions: Sequence[Any], values: Sequence[str]
) -> tuple[str, discord.ui.View]:
    """The private hand: its text and the selects of the legal decisions now (each
    option's value the action's JSON); in a window its player is asked in, the same
    answer buttons as the window's prompt."""
    text = hand_text(view, seating(game), game.deadline)
    controls = discord.ui.View(timeout=None)
    if view.window is not None:
        _add_answers(controls, game, actions, view.turn)
    elif actions:
        card = view.choosing[0] if view.choosing else -1
        options = [_option(a, card, view.hit_list, v) for a, v in zip(actions, values, strict=True)]
        for part in range(min(SELECTS, -(-len(options) // OPTIONS_PER_SELECT))):
            chunk = options[part * OPTIONS_PER_SELECT : (part + 1) * OPTIONS_PER_SELECT]
            controls.add_item(PlaySelect(game.id, game.action_count, part, chunk))
    return text, controls


def window_prompt(
    game: GameRow, view: Any, actions: Sequence[Any], turn: int
) -> tuple[str, discord.ui.View]:
    """A responder's private prompt: the public part every responder reads the same,
    then their own matching counters and **No counter**."""
    assert view.window is not None and game.deadline is not None
    text = window_public_text(view.window, seating(game), game.deadline)
    controls = discord.ui.View(timeout=None)
    _add_answers(controls, game, actions, turn)
    return text, controls


def _add_answers(
    controls: discord.ui.View, game: GameRow, actions: Sequence[Any], turn: int
) -> None:
    """A responder's answers to the window of ``turn``: their matching counters and
    **No counter** (none for a seat that is not asked, or has answered)."""
    if not actions:
        return
    for action in actions:
        if action.kind == "counter":
            name = C.NAMES[action.arg]
            controls.add_item(AnswerButton(game.id, turn, C.KEYS[action.arg], f"Counter: {name}"))
    controls.add_item(AnswerButton(game.id, turn, "none"))


def table_message(
    game: GameRow, state: Any, recent: list[str], places: Sequence[int] | None
) -> tuple[discord.Embed, discord.File]:
    """The public table: its embed and its picture (with a finished game's places, once
    read, and every hand), from one public view. Draws the picture (milliseconds, in a
    picture worker when there is one): call it in a worker thread, off the event loop."""
    rules = rules_of(game.game)
    public = as_shown(game, rules.game.view(state, None))
    ending = result = None
    names = tuple(s.name for s in game.seats)
    if game.status == "finished" and places is not None:
        hands = [rules.game.view(state, s).hand for s in range(len(game.seats))]
        ending = ending_text(places, seating(game), hands, abandoned=abandoned(game, state))
        result = result_words(places, names)
    deadline = None if public.over else game.deadline
    embed = table_embed(public, seating(game), deadline=deadline, recent=recent, ending=ending)
    png = PAINTER.draw(table_png, public, names, result)
    return embed, table_picture(embed, public, game, png, result)


def result_words(places: Sequence[int], names: Sequence[str]) -> str:
    """A finished game's result as stored, for its picture: who won, or who share first
    place (RULING R20's draw)."""
    end = end_event(places)
    if end["winner"] >= 0:
        return f"{names[end['winner']]} wins"
    return "shared first place: " + ", ".join(names[seat] for seat in end["draw"])


def abandoned(game: GameRow, state: Any) -> bool:
    """Whether ``game`` ended before its rules ended it: no person was still playing
    (every one left, or lost their turns to the AI), so the service ended it."""
    return game.status == "finished" and not rules_of(game.game).game.is_over(state)


def end_event(places: Sequence[int]) -> dict[str, Any]:
    """The end as the stored places tell it, as the engine's event of it reads: the
    winner, or the draw of those sharing first place (RULING R20)."""
    first = [seat for seat, place in enumerate(places) if place == 1]
    if len(first) == 1:
        return {"kind": "over", "winner": first[0], "draw": []}
    return {"kind": "over", "winner": -1, "draw": first}


def as_shown(game: GameRow, public: Any) -> Any:
    """The public view the table draws: a finished game's is over even when its state
    is not (every person left and the service ended it while AI seats could still play:
    it was abandoned), so that its table, like that of a game ended by the rules, names
    no one to move and no open window, only the result."""
    if game.status == "finished" and not public.over:
        return dataclasses.replace(public, over=True, window=None, deciding=())
    return public


def table_picture(
    embed: discord.Embed, public: Any, game: GameRow, png: bytes, result: str | None = None
) -> discord.File:
    """The table's picture, attached and shown in ``embed``."""
    names = tuple(s.name for s in game.seats)
    embed.set_image(url=f"attachment://{IMAGE_FILENAME}")
    return discord.File(
        io.BytesIO(png),
        filename=IMAGE_FILENAME,
        description=clip(alt_text(public, names, result), ATTACHMENT_DESCRIPTION),
    )


def names_for_events(game: GameRow) -> tuple[str, ...]:
    """Seat names as event sentences print them: escaped, so they cannot format or ping."""
    return tuple(shown(s.name) for s in game.seats)
