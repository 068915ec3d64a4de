"""Solo games against the robot gangster (rules section 9), composed with GameService.

A solo game is an ordinary game row (mode ``solo``, seats: the player, then the robot
as user id 0) in the player's DM channel. The player's moves go through
``GameService.play``; the robot's turn is one ``RobotTurn`` action applied through the
same lock, load, apply and versioned commit, logged with actor 0. So replaying the seed
and the log rebuilds a solo game exactly, and a crash between the player's move and the
robot's is healed by running the robot again (:meth:`SoloService.robot_turn` is
idempotent: it does nothing unless the engine says it is the robot's decision).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.services.games import GameService, Moved
from bot.services.recent import KEEP
from bot.services.replay import initial_state
from db.rows import ROBOT, GameRow
from engine.famiglia import Event, GameState, parse_action
from engine.famiglia.actions import RobotTurn
from engine.famiglia.cards import code
from engine.famiglia.text import refill_line

ROBOT_NAME = "Robot gangster"
#: Solo games whose replay is kept in memory, the most recently shown ones.
KEPT_GAMES = 256


@dataclass(frozen=True, slots=True)
class RobotReport:
    """What the robot did in one turn, in the words a player can check against 9.6-9.8."""

    step: int  # the program step that chose (1-5)
    why: str  # the engine's reason, e.g. "Step 1: has 4 of 7 zeros, takes the leftmost 0"
    card: str | None  # the card taken, None when he passed
    position: int | None  # its place in the Street when taken, 1 = leftmost
    refreshes: tuple[str, ...] = ()  # one sentence per refresh he made
    other: tuple[str, ...] = ()  # pile switch, refill, end of the game announced

    def lines(self) -> list[str]:
        out = [f"🔄 {line}" for line in self.refreshes]
        if self.card is None:
            out.append(f"✋ {self.why}")
        else:
            out.append(f"🤖 Took **{self.card}** from the Street (#{self.position} from the left)")
            out.append(f"📜 {self.why}")
        out.extend(f"ℹ️ {line}" for line in self.other)
        return out


def robot_report(before: GameState, events: Sequence[Event]) -> RobotReport | None:
    """The report of a robot turn from the state before it and the events it produced.

    The Street is followed through the refreshes (each takes out the card it names and
    adds the revealed cards on the right) to say where the taken card lay.
    """
    street = [code(k) for k in before.street]
    refreshes: list[str] = []
    other: list[str] = []
    step, why, card, position = 0, "", None, None
    for e in events:
        if e.kind == "refresh":
            gone = code(e.card)
            where = street.index(gone) + 1 if gone in street else 0
            if gone in street:
                street.remove(gone)
            shown = [code(c) for c in e.cards]
            street.extend(shown)
            to = "under the draw pile" if e.note == "bottom" else "onto the discard pile"
            refreshes.append(
                f"Refreshed: put {gone} (#{where}) {to}, revealed {' '.join(shown) or 'nothing'}"
            )
        elif e.kind == "robot_step":
            step, why = e.amount, e.note
            if e.card >= 0:
                card = code(e.card)
                position = street.index(card) + 1 if card in street else None
        elif e.kind == "switch":
            other.append(f"The draw pile ran out: a new pile of {e.amount} cards is shuffled")
        elif e.kind == "refill":
            other.append(refill_line(e.cards))
        elif e.kind == "end_triggered":
            more = {0: "this was the last turn", 1: "one more turn", 2: "one more round"}
            other.append(f"The last card is out: {more.get(e.amount, 'the end is near')}")
    if step == 0:
        return None
    return RobotReport(step, why, card, position, tuple(refreshes), tuple(other))


@dataclass(frozen=True, slots=True)
class History:
    """A solo game replayed from its log: recent events and the robot's last turn."""

    events: list[Event] = field(default_factory=list)  # of the last few actions
    robot: RobotReport | None = None


@dataclass(frozen=True, slots=True)
class Replay:
    """A solo game's log replayed up to ``count`` actions: the state it leads to, the
    robot's last report and the events of the last KEEP actions. The log is append-only,
    so a replay is brought up to date by applying only the actions after ``count``."""

    count: int
    state: GameState
    robot: RobotReport | None
    groups: tuple[list[Event], ...]

    @classmethod
    def start(cls, game: GameRow) -> Replay:
        return cls(0, initial_state(game), None, ())

    def advance(self, action_jsons: Sequence[str]) -> Replay:
        """This replay with the next actions of the log applied (``self`` unchanged)."""
        if not action_jsons:
            return self
        state = self.state.copy()
        report = self.robot
        groups = list(self.groups)
        for text in action_jsons:
            action = parse_action(text)
            before = state.copy() if isinstance(action, RobotTurn) else None
            happened = state.apply(action)
            if before is not None:
                report = robot_report(before, happened) or report
            groups.append(happened)
        return Replay(self.count + len(action_jsons), state, report, tuple(groups[-KEEP:]))

    def history(self, recent: int) -> History:
        if recent > KEEP:
            raise ValueError(f"only the last {KEEP} actions are kept")
        groups = self.groups[-recent:] if recent else ()
        return History([e for group in groups for e in group], self.robot)


def replay_history(game: GameRow, action_jsons: Sequence[str], recent: int = 6) -> History:
    return Replay.start(game).advance(action_jsons).history(recent)


class SoloService:
    """Play the robot's turns of solo games, through one GameService (a solo game starts
    as every game does: ``GameService.start(Solo.name, ...)``)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store
        self._replays: OrderedDict[int, Replay] = OrderedDict()

    async def active(self, user_id: int) -> GameRow | None:
        return await self.store.active_solo_game_for_user(user_id)

    async def robot_turn(self, game_id: int) -> Moved | None:
        """Play the robot's turn if it is his decision now; None when it is not."""
        service = self.service
        async with service.lock(game_id):
            game, state = await service.load(game_id)
            seats = service.awaited(game, state, "robot")
            if not seats:
                return None
            return await service.commit(game, state, seats[0], ROBOT, [RobotTurn()])

    async def pending_robot_games(self) -> list[GameRow]:
        """Open games waiting for the robot (a restart came between two commits)."""
        service = self.service
        return [
            game
            for game in await self.store.active_games()
            if service.plays(game) and service.awaited(game, service.state_of(game), "robot")
        ]

    async def history(self, game: GameRow, recent: int = 6) -> History:
        """The table's history of ``game`` as read: a kept replay brought up to date with
        the log's new actions only (the whole log after a restart)."""
        kept = self._replays.get(game.id)
        if kept is None or kept.count > game.action_count:  # none, or ahead of this row
            kept = Replay.start(game)
        if kept.count < game.action_count:
            kept = kept.advance(await self.service.actions(game, kept.count))
        self._keep(game.id, kept)
        return kept.history(recent)

    def _keep(self, game_id: int, replay: Replay) -> None:
        """Keep the newest replay of each recently shown game (concurrent readers may
        bring back an older one: it is not kept over a newer)."""
        old = self._replays.get(game_id)
        if old is None or old.count <= replay.count:
            self._replays[game_id] = replay
        self._replays.move_to_end(game_id)
        while len(self._replays) > KEPT_GAMES:
            self._replays.popitem(last=False)
