"""The ``/famiglia`` slash command (name and options) a player types for a run of
decisions, as the tests that play whole games by commands need it."""

from __future__ import annotations

from bot.services.choices import key_text
from engine.famiglia import GameState
from engine.famiglia.actions import from_key
from engine.famiglia.codes import Key


def command_for(keys: list[Key], state: GameState) -> tuple[str, dict[str, str | int]]:
    """One slash command for a run of decisions that starts at the main decision."""
    actions = [from_key(k) for k in keys]
    head = actions[0]
    value = key_text(head)
    if head.type == "pass":
        return "pass", {}
    if head.type == "refresh":
        return "refresh", {"card": value}
    if head.type == "take":
        options: dict[str, str | int] = {"card": value}
        pays = [key_text(a) for a in actions[1:] if a.type == "pay"]
        if pays:
            options["payment"] = pays[0]
        return "take", options
    if head.type == "brute":
        options = {"rank": head.rank}
        for a in actions[1:]:
            if a.type == "brute_target":
                options["target"] = key_text(a)
            else:
                options["amount"] = a.amount
        return "brute", options
    assert head.type == "accountant", head
    took = [key_text(a) for a in actions if a.type == "exchange_take"]
    gave = [key_text(a) for a in actions if a.type == "exchange_give"]
    options = {"rank": head.rank, "take": " ".join(took) or "none"}
    if gave:
        options["give"] = " ".join(gave)
    return "accountant", options
