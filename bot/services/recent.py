"""The last moves of each game, kept in memory so that a table need not replay its log:
the one cache of them, for every game and mode.

The table's move log shows the events of a game's last few actions (and a solo table
the robot's last turn, a note its mode takes of an action). Events are not stored:
they come from replaying the log from the seed. A :class:`Replay` holds what a replay
of a game's first ``count`` actions gave: the state, the events of the last
:data:`KEEP` actions and the mode's last note. The log is append-only, so a kept
replay is brought up to date by applying only the actions after ``count``; a replay
ahead of the row asked for (a stale read) is not used. :class:`RecentMoves` keeps the
newest replay of the most recently shown games.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.services.mode_protocol import GameMode
from bot.services.replay import parse_entry
from engine.game import Game

#: How many actions' events are kept per game: the most any table reads. Family
#: Business shows its last six sentences, which a six-seat game's silent steps (a
#: card's choices, a window's secret answers) may spread over some twenty actions.
KEEP = 32
#: Games whose replay is kept (the least recently shown is forgotten first).
KEPT_GAMES = 4096


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's log replayed up to ``count`` actions (see the module docstring)."""

    count: int
    state: Any
    groups: tuple[list[Any], ...] = ()  # the events of each of the last KEEP actions
    note: Any = None  # the mode's note of the last action it noted (None: none yet)

    def events(self, recent: int) -> list[Any]:
        """The events of the last ``recent`` actions, oldest first."""
        if recent > KEEP:
            raise ValueError(f"only the last {KEEP} actions are kept")
        groups = self.groups[-recent:] if recent else ()
        return [event for group in groups for event in group]

    def advance(self, play: Game[Any, Any], mode: GameMode, action_jsons: Sequence[str]) -> Replay:
        """This replay with the next actions of the log applied (``self`` unchanged)."""
        if not action_jsons:
            return self
        state = play.copy(self.state)
        note = self.note
        groups = list(self.groups)
        for text in action_jsons:
            seat, action = parse_entry(play, mode, state, text)
            before = play.copy(state) if mode.notes else None
            happened = play.apply(state, action, seat)
            if before is not None:
                taken = mode.note(before, action, happened)
                note = note if taken is None else taken
            groups.append(happened)
        return Replay(self.count + len(action_jsons), state, tuple(groups[-KEEP:]), note)


class RecentMoves:
    def __init__(self, keep: int = KEPT_GAMES) -> None:
        self._replays: OrderedDict[int, Replay] = OrderedDict()
        self._keep = keep

    def get(self, game_id: int) -> Replay | None:
        return self._replays.get(game_id)

    def keep(self, game_id: int, replay: Replay) -> None:
        """Keep the newest replay of each recently shown game (concurrent readers may
        bring back an older one: it is not kept over a newer)."""
        old = self._replays.get(game_id)
        if old is None or old.count <= replay.count:
            self._replays[game_id] = replay
        self._replays.move_to_end(game_id)
        while len(self._replays) > self._keep:
            self._replays.popitem(last=False)
