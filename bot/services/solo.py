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

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.services.games import GameService, Moved
from bot.services.modes import MODES
from bot.services.recent import Replay
from bot.services.replay import initial_state
from bot.services.robot_report import RobotReport, robot_report
from db.rows import ROBOT, GameRow
from engine.famiglia import Event
from engine.famiglia.actions import RobotTurn
from engine.games import GAMES

ROBOT_NAME = "Robot gangster"


@dataclass(frozen=True, slots=True)
class History:
    """A solo game replayed from its log: recent events and the robot's last turn."""

    events: list[Event] = field(default_factory=list)  # of the last few actions
    robot: RobotReport | None = None


def replay_history(game: GameRow, action_jsons: Sequence[str], recent: int = 6) -> History:
    """The history of ``game`` from a replay of its whole log (Famiglia's modes)."""
    mode = MODES[game.mode]
    replay = Replay(0, initial_state(game)).advance(GAMES[game.game], mode, action_jsons)
    return History(replay.events(recent), replay.note)


class SoloService:
    """Play the robot's turns of solo games, through one GameService (a solo game starts
    as every game does: ``GameService.start(Solo.name, ...)``)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

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
        """The table's history of ``game`` as read, from the service's one cache of
        recent moves (brought up to date with the log's new actions only)."""
        replay = await self.service.replayed(game)
        return History(replay.events(recent), replay.note)


__all__ = ["ROBOT_NAME", "History", "RobotReport", "SoloService", "replay_history", "robot_report"]
