"""The state of a Family Business game: zones, hit list, Mob War, piles, the open decision.

Gang ``g`` belongs to seat ``g`` (rule 3.1). A gang's mobsters are counts (rule 1.3):
``at_large[g]`` and the entries of ``hit`` equal to ``g``; the dead are the rest of 9.
``hit[0]`` is position 1, at the wall (rule 2.3). Hands and piles hold card codes;
the top of the draw pile is its last element.

Phases: ``PLAY`` — the active seat picks a card (``card`` is -1) or, after "play",
the card's next choice (``card`` and ``choices`` so far); ``WINDOW`` — a counter
window for ``card`` with its fixed ``choices`` (``answers`` per seat); ``OVER``.
"""

from __future__ import annotations

import json
from typing import Final

from engine.family_business.cards import GANG_SIZE

PLAY: Final = 0
WINDOW: Final = 1
OVER: Final = 2

NONE: Final = 0  # Mob War states (rule 6.1)
SINGLE: Final = 1
DOUBLE: Final = 2

#: ``answers`` values: not a responder / still to answer / declined; a counter is its code
NOT_ASKED: Final = -3
WAITING: Final = -2
DECLINED: Final = -1

Choice = tuple[str, int]


class FBState:
    __slots__ = (
        "active",
        "answers",
        "at_large",
        "card",
        "choices",
        "discard",
        "draw",
        "eliminated",
        "hands",
        "hit",
        "live",
        "n",
        "phase",
        "seed",
        "shuffles",
        "turn",
        "war",
        "winner",
    )

    def __init__(self, n: int, seed: int) -> None:
        self.n = n
        self.seed = seed  # for the reshuffles of the discard pile (RULING R5)
        self.shuffles = 0
        self.at_large = [GANG_SIZE] * n
        self.live = [True] * n
        self.hit: list[int] = []
        self.war = NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.active = 0
        self.phase = PLAY
        self.card = -1
        self.choices: list[Choice] = []
        self.answers = [NOT_ASKED] * n
        self.eliminated: list[list[int]] = []  # groups, in order of elimination
        self.winner = -1  # the sole survivor; -1 while running or after a draw
        self.turn = 0  # turns begun

    # -- derived counts (rule 2.1) ------------------------------------------------------
    def listed(self, g: int) -> int:
        return self.hit.count(g)

    def in_play(self, g: int) -> int:
        return self.at_large[g] + self.hit.count(g)

    def dead(self, g: int) -> int:
        return GANG_SIZE - self.at_large[g] - self.hit.count(g)

    def total_in_play(self) -> int:
        """T of rule 2.2."""
        return sum(self.at_large[g] for g in range(self.n) if self.live[g]) + len(self.hit)

    # -- copying and JSON ----------------------------------------------------------------
    def copy(self) -> FBState:
        return self._copy(
            [h[:] for h in self.hands],
            self.draw[:],
            self.discard[:],
            self.answers[:],
            [g[:] for g in self.eliminated],
        )

    def public_copy(self) -> FBState:
        """A copy of the public position only (no cards in hands or piles, no window
        answers), for looking ahead on what every seat sees; its eliminations share
        their inner lists with ``self`` (new ones are appended, never changed)."""
        return self._copy([[] for _ in range(self.n)], [], [], [], self.eliminated[:])

    def _copy(
        self,
        hands: list[list[int]],
        draw: list[int],
        discard: list[int],
        answers: list[int],
        eliminated: list[list[int]],
    ) -> FBState:
        c = FBState.__new__(FBState)
        c.n = self.n
        c.seed = self.seed
        c.shuffles = self.shuffles
        c.at_large = self.at_large[:]
        c.live = self.live[:]
        c.hit = self.hit[:]
        c.war = self.war
        c.hands = hands
        c.draw = draw
        c.discard = discard
        c.active = self.active
        c.phase = self.phase
        c.card = self.card
        c.choices = self.choices[:]
        c.answers = answers
        c.eliminated = eliminated
        c.winner = self.winner
        c.turn = self.turn
        return c

    def next_live(self, seat: int) -> int:
        """``seat`` if its gang is live, else the next live gang clockwise (RULING R9)."""
        for k in range(self.n):
            g = (seat + k) % self.n
            if self.live[g]:
                return g
        raise AssertionError("no live gang in a running game")

    def to_dict(self) -> dict[str, object]:
        return {
            "n": self.n,
            "seed": self.seed,
            "shuffles": self.shuffles,
            "at_large": self.at_large,
            "live": self.live,
            "hit": self.hit,
            "war": self.war,
            "hands": self.hands,
            "draw": self.draw,
            "discard": self.discard,
            "active": self.active,
            "phase": self.phase,
            "card": self.card,
            "choices": [list(c) for c in self.choices],
            "answers": self.answers,
            "eliminated": self.eliminated,
            "winner": self.winner,
            "turn": self.turn,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> FBState:
        d = json.loads(text)
        try:
            s = cls(int(d["n"]), int(d["seed"]))
            for name in ("shuffles", "war", "active", "phase", "card", "winner", "turn"):
                setattr(s, name, int(d[name]))
            s.at_large = [int(x) for x in d["at_large"]]
            s.live = [bool(x) for x in d["live"]]
            s.hit = [int(x) for x in d["hit"]]
            s.hands = [[int(x) for x in h] for h in d["hands"]]
            s.draw = [int(x) for x in d["draw"]]
            s.discard = [int(x) for x in d["discard"]]
            s.choices = [(str(k), int(a)) for k, a in d["choices"]]
            s.answers = [int(x) for x in d["answers"]]
            s.eliminated = [[int(x) for x in g] for g in d["eliminated"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Family Business state: {exc}") from None
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FBState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
