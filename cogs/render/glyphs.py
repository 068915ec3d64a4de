"""Which characters the pictures' font can draw, and text made drawable with it.

DejaVu Sans Condensed covers Latin, Greek, Cyrillic, Hebrew, Arabic and much more, but
not emoji or Chinese, Japanese and Korean. Drawn anyway, each such character would be
an empty box: "🔥Alex🔥" would read "□Alex□". The pictures leave those characters
out ("Alex"), and a name of which nothing readable is left is drawn under a stand-in
(the embeds, which Discord draws with every font, keep the names as they are).

The font's coverage is read from its own character map (the ``cmap`` table's format 12
subtable, which lists every character the font maps to a glyph), once.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

#: the font the pictures are drawn with (cogs.render.faces uses the same file)
FONT_FILE = Path(__file__).with_name("DejaVuSansCondensed.ttf")


@cache
def covered() -> frozenset[int]:
    """The code points the font has a glyph for."""
    data = FONT_FILE.read_bytes()
    (count,) = struct.unpack_from(">H", data, 4)
    tables = {}
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    cmap = tables[b"cmap"]
    (subtables,) = struct.unpack_from(">H", data, cmap + 2)
    for i in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        start = cmap + offset
        (fmt,) = struct.unpack_from(">H", data, start)
        if (platform, encoding, fmt) in ((3, 10, 12), (0, 4, 12)):
            (groups,) = struct.unpack_from(">I", data, start + 12)
            points: set[int] = set()
            for g in range(groups):
                first, last, _ = struct.unpack_from(">III", data, start + 16 + 12 * g)
                points.update(range(first, last + 1))
            return frozenset(points)
    raise ValueError(f"{FONT_FILE.name} has no full Unicode character map")


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """``text`` without the characters the font cannot draw (a run of blanks left where
    they were becomes one)."""
    have = covered()
    kept = "".join(ch for ch in text if ord(ch) in have or ch.isspace())
    if kept == text:
        return text
    return " ".join(kept.split())


def drawn_name(name: str, stand_in: str) -> str:
    """``name`` as a picture can draw it, or ``stand_in`` when nothing of it that reads
    (a letter or a digit) is left."""
    shown = drawable(" ".join(name.split()))
    return shown if any(ch.isalnum() for ch in shown) else stand_in


def drawn_line(text: str, names: Sequence[str], drawn: Sequence[str]) -> str:
    """A line that names people (a last move, a result), with each name as the picture
    draws it (:func:`drawn_name`: "山田 took A3" under the stand-in "Player 1" reads
    "Player 1 took A3", not " took A3")."""
    changed: dict[str, str] = {}
    for name, shown in zip(names, drawn, strict=True):
        name = " ".join(name.split())
        if name and shown != name:
            changed.setdefault(name, shown)
    if not changed:
        return text
    # one pass, the longest name first: "王伟" is not read as "王" and a rest
    pattern = "|".join(re.escape(n) for n in sorted(changed, key=len, reverse=True))
    return re.sub(pattern, lambda m: changed[m.group(0)], text)
