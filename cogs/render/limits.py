"""Discord's embed limits, checked the strict way (UTF-16 code units, so an emoji counts
twice): every renderer's output must pass for the largest states."""

from __future__ import annotations

import discord

from cogs.render.common import utf16_len

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
TOTAL = 6000  # over all embeds of one message
ATTACHMENT_DESCRIPTION = 1024


discord_len = utf16_len


def embed_limit_problems(*embeds: discord.Embed) -> list[str]:
    """Every limit the embeds of one message break, as readable lines (empty = fine)."""
    problems: list[str] = []
    total = 0

    def check(what: str, text: str | None, limit: int) -> None:
        nonlocal total
        n = discord_len(text)
        total += n
        if n > limit:
            problems.append(f"{what}: {n} > {limit}")

    for i, e in enumerate(embeds):
        check(f"embed {i} title", e.title, TITLE)
        check(f"embed {i} description", e.description, DESCRIPTION)
        check(f"embed {i} footer", e.footer.text, FOOTER)
        check(f"embed {i} author", e.author.name, AUTHOR)
        if len(e.fields) > FIELDS:
            problems.append(f"embed {i}: {len(e.fields)} fields > {FIELDS}")
        for j, f in enumerate(e.fields):
            check(f"embed {i} field {j} name", f.name, FIELD_NAME)
            check(f"embed {i} field {j} value", f.value, FIELD_VALUE)
            if not (f.name or "").strip() or not (f.value or "").strip():
                problems.append(f"embed {i} field {j}: empty name or value")
    if total > TOTAL:
        problems.append(f"total characters: {total} > {TOTAL}")
    return problems


def check_embed_limits(*embeds: discord.Embed) -> None:
    """Raise ``ValueError`` naming every Discord limit the embeds of one message break."""
    problems = embed_limit_problems(*embeds)
    if problems:
        raise ValueError("embed over Discord's limits: " + "; ".join(problems))
