"""Views (rows of buttons and selects) built from the engine's legal actions.

Discord allows 5 rows: 5 buttons, or one select of at most 25 options, per row.
The controls of a decision are one select per action type with several choices plus
one row of buttons (single choices such as Pass, and Update), so a whole turn can be
played by clicks alone. Labels come from the engine and are at most 80 characters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.services.choices import Choice, choices
from cogs.buttons import (
    ActionButton,
    ActionSelect,
    ChallengeButton,
    ForfeitButton,
    HandButton,
    RematchButton,
    RulesButton,
)
from db.rows import GameRow
from engine.famiglia import GameState

MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_OPTIONS = 25

PLACEHOLDERS = {
    "refresh": "Refresh the Street: discard a card…",
    "accountant": "Play an Accountant…",
    "brute": "Play a Brute…",
    "take": "Take a Street card…",
    "exchange_take": "Take a card back from your play area…",
    "exchange_give": "Put a card from your hand into your play area…",
    "brute_target": "Choose the Street card to lower…",
    "brute_amount": "Lower it by…",
    "pay": "Choose how to pay…",
}
#: Shown as buttons even when the type has a single choice; order of the button row.
ALWAYS_BUTTON = ("exchange_done", "pass")


def _groups(state: GameState) -> dict[str, list[Choice]]:
    groups: dict[str, list[Choice]] = {}
    for choice in choices(state):
        groups.setdefault(choice.action.type, []).append(choice)
    return groups


def decision_controls(
    state: GameState,
    seat: int,
    game_id: int,
    seq: int,
    extras: Sequence[discord.ui.DynamicItem[Any]] = (),
    *,
    to_move: bool = True,
) -> discord.ui.View:
    """The controls of ``seat``'s current decision, drawn at action count ``seq``: one
    select per action type with several choices, then one row of buttons (single
    choices such as Pass, then ``extras``, e.g. Update, or Forfeit and Rules). Only
    ``extras`` when ``seat`` is not to move or ``to_move`` is false."""
    view = discord.ui.View(timeout=None)
    groups = _groups(state) if to_move and state.current == seat else {}
    room = MAX_BUTTONS - len(extras)  # the extras share the button row
    buttons: list[Choice] = []
    selects: list[tuple[str, list[Choice]]] = []
    for kind in sorted(groups, key=lambda k: (k not in ALWAYS_BUTTON, len(groups[k]))):
        group = groups[kind]
        if kind in ALWAYS_BUTTON or (len(group) <= room - len(buttons) and len(group) <= 2):
            buttons.extend(group)
        else:
            selects.append((kind, group))
    order = list(PLACEHOLDERS)
    selects.sort(key=lambda item: order.index(item[0]) if item[0] in order else len(order))
    for row, (kind, group) in enumerate(selects[: MAX_ROWS - 1]):
        options = [discord.SelectOption(label=c.label, value=c.value) for c in group[:MAX_OPTIONS]]
        select = ActionSelect(game_id, seq, kind, options, PLACEHOLDERS.get(kind))
        select.item.row = row
        view.add_item(select)
    button_row = min(len(selects), MAX_ROWS - 1)
    for item in [*(ActionButton(game_id, seq, c.value, c.label) for c in buttons[:room]), *extras]:
        item.item.row = button_row
        view.add_item(item)
    return view


def move_controls(game: GameRow, state: GameState) -> discord.ui.View:
    """Controls for the current decision of the seat to move, plus Update."""
    update = HandButton(game.id, game.action_count, update=True)
    return decision_controls(state, state.current, game.id, game.action_count, [update])


def hand_controls(game: GameRow, state: GameState, seat: int) -> discord.ui.View:
    """What a player sees under their hand: the move controls on their turn, else Update."""
    if game.status == "active" and not state.over and state.current == seat:
        return move_controls(game, state)
    view = discord.ui.View(timeout=None)
    if game.is_open:
        view.add_item(HandButton(game.id, game.action_count, update=True))
    return view


def table_controls(game: GameRow) -> discord.ui.View:
    """The public table's buttons: Show my hand, Rules, Forfeit; Rematch once over."""
    view = discord.ui.View(timeout=None)
    if game.status == "challenge":
        for answer in ("accept", "decline", "cancel"):
            view.add_item(ChallengeButton(answer, game.id))
        view.add_item(RulesButton())
        return view
    if game.status == "active":
        view.add_item(HandButton(game.id, game.action_count))
        view.add_item(RulesButton())
        view.add_item(ForfeitButton(game.id, game.action_count))
        return view
    if game.status in ("finished", "forfeited"):
        view.add_item(RematchButton(game.id))
        view.add_item(RulesButton())
    return view  # a declined, cancelled or expired challenge keeps no buttons


def confirm_forfeit(game: GameRow) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ForfeitButton(game.id, game.action_count, confirm=True))
    return view
