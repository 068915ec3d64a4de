"""A game of Famiglia to play: :class:`GameState` is the :class:`Board` (the data, its
copy and JSON, see engine.famiglia.board) with the play interface: ``new``,
``legal_actions`` and ``apply``. The rules themselves live in engine.famiglia.rules and
engine.famiglia.flow.
"""

from __future__ import annotations

import random

from engine.famiglia import rules as _rules
from engine.famiglia.actions import Action, from_key
from engine.famiglia.board import Board, Mode
from engine.famiglia.cards import N_KINDS, STARTING_SET, draw_deck
from engine.famiglia.codes import ROBOT_SEAT, STREET_SIZE, Key
from engine.famiglia.events import Event
from engine.famiglia.flow import reveal


class GameState(Board):
    """One game. Mutable: ``apply`` changes it in place (use ``copy`` to branch)."""

    __slots__ = ()

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(
        cls,
        seed: int,
        *,
        mode: Mode = "duel",
        first: int | None = None,
        level: int | None = None,
    ) -> GameState:
        """Set up a game (rule 3; solo 9.2). ``first=None`` draws the starting seat."""
        if mode not in ("duel", "solo"):
            raise ValueError(f"unknown mode {mode!r}")
        if mode == "solo":
            if level not in (1, 2, 3, 4):
                raise ValueError("a solo game needs a robot level from 1 to 4")
        elif level is not None:
            raise ValueError("only solo games have a robot level")
        if first not in (None, 0, 1):
            raise ValueError("first must be seat 0 or 1")
        rng = random.Random(seed)
        deck = draw_deck()
        rng.shuffle(deck)
        s = cls.__new__(cls)
        s.seed = seed
        s.mode = mode
        s.level = level
        s.first = rng.randrange(2) if first is None else first
        s.current = s.first
        s.draw = deck
        s.discard = []
        s.street = []
        s.hands = [[0] * N_KINDS, [0] * N_KINDS]
        s.areas = [[0] * N_KINDS, [0] * N_KINDS]
        for seat in (0, 1):
            # Solo rule 9.4: the robot keeps everything face up in his area.
            zone = s.areas[seat] if mode == "solo" and seat == ROBOT_SEAT else s.hands[seat]
            for k in STARTING_SET:
                zone[k] += 1
        s.switched = False
        s.passes = 0
        s.turns_left = -1
        s.turn = 1
        s.turns_done = [0, 0]
        s.over = False
        s.reset_turn()
        reveal(s, STREET_SIZE, refill=True)
        return s

    def legal_keys(self) -> list[Key]:
        legal = self._legal
        if legal is None:
            legal = self._legal = _rules.legal_keys(self)
        return legal

    def legal_actions(self) -> list[Action]:
        """Every legal atomic action for the seat to move (empty when over)."""
        return [from_key(k) for k in self.legal_keys()]

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply one action for the seat to move; return what happened.

        Raises IllegalAction (state unchanged) when the action is not legal now, or when
        ``seat`` is given and it is not that seat's decision.
        """
        return _rules.apply_key(self, action.key(), seat)

    def apply_key(self, key: Key) -> list[Event]:
        return _rules.apply_key(self, key, None)


__all__ = ["GameState", "Mode"]
