"""Every Discord limit a view of the bot's breaks: the tests check the views the bot
builds against Discord's rules for rows, widths, select options and lengths."""

from __future__ import annotations

from typing import Any

import discord

from cogs.move_views import MAX_BUTTONS, MAX_OPTIONS, MAX_ROWS


def component_problems(view: discord.ui.View) -> list[str]:
    """Every Discord limit a view breaks (empty = fine): rows, widths, options, lengths."""
    problems: list[str] = []
    rows = view.to_components()
    if len(rows) > MAX_ROWS:
        problems.append(f"{len(rows)} rows > {MAX_ROWS}")
    for r, row in enumerate(rows):
        parts: list[dict[str, Any]] = row.get("components", [])
        selects = [p for p in parts if p.get("type") == 3]
        if selects and len(parts) > 1:
            problems.append(f"row {r}: a select shares its row")
        if len(parts) > MAX_BUTTONS:
            problems.append(f"row {r}: {len(parts)} items > {MAX_BUTTONS}")
        for part in parts:
            if len(part.get("custom_id", "")) > 100:
                problems.append(f"row {r}: custom id longer than 100")
            if len(part.get("label") or "") > 80:
                problems.append(f"row {r}: label longer than 80")
            options = part.get("options", [])
            if len(options) > MAX_OPTIONS:
                problems.append(f"row {r}: {len(options)} options > {MAX_OPTIONS}")
            if part.get("type") == 3 and not options:
                problems.append(f"row {r}: a select without options")
            for option in options:
                if len(option["label"]) > 100 or len(option["value"]) > 100:
                    problems.append(f"row {r}: option label or value longer than 100")
    return problems
