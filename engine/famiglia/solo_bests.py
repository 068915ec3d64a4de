"""The terminal's record of solo high scores: one small JSON file on the player's own
machine, the best score per level and starting side (``"3a"``: level 3, you started;
``"3b"``: the robot started), since the terminal keeps no database.

The file is ``$FAMIGLIA_SCORES`` if set, else ``$XDG_DATA_HOME/famiglia/solo-bests.json``
(``~/.local/share/famiglia/solo-bests.json`` by default). A missing or unreadable file
counts as no record; a file that cannot be written costs only the record, never the game.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path


def default_path() -> Path:
    """Where ``famiglia play`` keeps the solo bests of this machine's user."""
    explicit = os.environ.get("FAMIGLIA_SCORES")
    if explicit:
        return Path(explicit)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "famiglia" / "solo-bests.json"


def level_tag(level: int, first: int) -> str:
    """``"3a"`` when the player (seat 0) started, ``"3b"`` when the robot did."""
    return f"{level}{'a' if first == 0 else 'b'}"


@dataclass(frozen=True, slots=True)
class Offer:
    """What recording a score did: the best before it, and whether it was saved."""

    previous: int | None
    is_best: bool
    saved: bool


class SoloBests:
    """The best solo score per level tag, kept in the JSON file at ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> dict[str, int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and type(v) is int}

    def best(self, tag: str) -> int | None:
        return self.read().get(tag)

    def offer(self, tag: str, score: int) -> Offer:
        """Record ``score`` for ``tag`` if it beats the best so far (a first score does)."""
        bests = self.read()
        previous = bests.get(tag)
        if previous is not None and score <= previous:
            return Offer(previous, is_best=False, saved=False)
        bests[tag] = score
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(bests, indent=1, sort_keys=True), encoding="utf-8")
            tmp.replace(self.path)
        except OSError:
            return Offer(previous, is_best=True, saved=False)
        return Offer(previous, is_best=True, saved=True)


__all__ = ["Offer", "SoloBests", "default_path", "level_tag"]
