"""Family Business in the terminal: you against bots or the search AI, or several
people at one keyboard ("hotseat").

Everything shown comes from the engine's view and public events (engine.family_business
.text); this module draws it and reads numbers. Input and output are injectable
(``ask``/``say``) so a script can drive a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.errors import IllegalAction
from engine.family_business import text
from engine.family_business.actions import Action
from engine.family_business.ai import STRENGTHS, choose, reads_play
from engine.family_business.belief import Belief, watched
from engine.family_business.game import GAME, FBOptions
from engine.family_business.policies import POLICIES
from engine.family_business.state import FBState

Ask = Callable[[str], str]
Say = Callable[[str], None]

HELP = """\
Type the number of an action and press Enter. A card is played in steps: the card,
then each target or position it needs. Other commands:
  help    this text
  table   show the table again
  log     the last moves
  quit    leave the game (also Ctrl-D or Ctrl-C)
The hit list is numbered from the wall: position 1 is executed first in a Mob War."""

OPPONENTS = (*STRENGTHS, *POLICIES)
#: how the seats an opponent plays are named: "Hard AI 1", "Bot 2", "Random 3"
SEAT_NAMES = {"easy": "Easy AI", "medium": "Medium AI", "hard": "Hard AI", "bot": "Bot"}


class Quit(Exception):
    """The player asked to leave (quit, end of input or Ctrl-C)."""


class FBTerminal:
    """One game; ``humans`` are the seats typed at this keyboard, the others are played
    by ``opponent`` (an AI strength or a policy name)."""

    def __init__(
        self,
        state: FBState,
        names: Sequence[str],
        humans: set[int],
        *,
        opponent: str = "medium",
        seed: int = 0,
        ask: Ask = input,
        say: Say = print,
        clear: bool = False,
    ) -> None:
        self.state = state
        self.names = tuple(names)
        self.humans = humans
        self._facing = -1  # the seat whose hand is on the screen (hotseat)
        self.opponent = opponent
        self.rng = random.Random(seed)
        self.ask = ask
        self.say = say
        self.clear = clear
        self.log: list[str] = []
        #: what each AI seat reads from the public play (engine.family_business.belief)
        self.beliefs = {
            g: Belief(state, g)
            for g in range(state.n)
            if g not in humans and reads_play(state, opponent)
        }

    def _bot(self, seat: int) -> Action:
        if self.opponent in STRENGTHS:
            return choose(self.state, seat, self.opponent, self.rng, self.beliefs.get(seat))
        return POLICIES[self.opponent](self.state, seat, self.rng)

    def _record(self, events: list[dict[str, object]]) -> None:
        for e in events:
            line = text.describe_event(e, self.names)
            if line:
                self.log.append(line)
                self.say(line)

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt).strip().lower()
        except (EOFError, KeyboardInterrupt) as exc:
            raise Quit from exc

    def _human(self, seat: int) -> Action:
        if len(self.humans) > 1 and seat != self._facing:  # not between a card's steps
            if self.clear:
                self.say("\033[2J\033[H")
            self._read(f"{self.names[seat]}: press Enter when the others look away. ")
        self._facing = seat
        self.say(text.table(GAME.view(self.state, seat), self.names))
        while True:
            actions = list(GAME.legal_actions(self.state, seat))
            for i, a in enumerate(actions, 1):
                self.say(f"  {i:>2}. {text.label(a, self.state.card, tuple(self.state.hit))}")
            answer = self._read(f"{self.names[seat]}, your choice: ")
            if answer in ("quit", "q", "exit"):
                raise Quit
            if answer == "help":
                self.say(HELP)
            elif answer == "table":
                self.say(text.table(GAME.view(self.state, seat), self.names))
            elif answer == "log":
                self.say("\n".join(self.log[-15:]) or "Nothing yet.")
            elif answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            else:
                self.say(f"Type a number from 1 to {len(actions)}, or help.")

    def opening(self, seed: int) -> str:
        """Who plays whom, and the seed that deals the same game again."""
        people = ", ".join(self.names[g] for g in sorted(self.humans))
        others = [self.names[g] for g in range(self.state.n) if g not in self.humans]
        label = SEAT_NAMES.get(self.opponent, self.opponent.capitalize())
        named = all(name.startswith(label) for name in others)  # "Hard AI 1" says it
        played = "" if named else f" (played by {self.opponent})"
        against = f" against {', '.join(others)}{played}" if others else ""
        first = self.names[self.state.active]
        return (
            f"Family Business, {self.state.n} players (seed {seed}): {people}{against}."
            f" {first} starts. Type help at any time."
        )

    def run(self) -> int:
        try:
            while not GAME.is_over(self.state):
                for seat in GAME.awaiting(self.state):
                    action = self._human(seat) if seat in self.humans else self._bot(seat)
                    try:
                        self._record(watched(self.beliefs.values(), self.state, action, seat))
                    except IllegalAction as exc:  # never expected: actions come from the list
                        self.say(str(exc))
        except Quit as exc:
            self.say("\nGoodbye!")
            return 130 if isinstance(exc.__cause__, KeyboardInterrupt) else 0
        except KeyboardInterrupt:  # Ctrl-C while an AI was thinking
            self.say("\nGoodbye!")
            return 130
        self.say(text.table(GAME.view(self.state, None), self.names))
        out = GAME.outcome(self.state)
        ahead = [sum(len(g) for g in out.placing[:i]) for i in range(len(out.placing))]
        places = "; ".join(  # a shared place counts for each: 1, 2, 2, 4
            f"{before + 1}. " + ", ".join(self.names[g] for g in group)
            for before, group in zip(ahead, out.placing, strict=True)
        )
        self.say(f"Final placing: {places}")
        return 0


def play(
    *,
    seed: int,
    players: int = 4,
    hotseat: bool = False,
    opponent: str = "medium",
    names: Sequence[str] | None = None,
    ask: Ask = input,
    say: Say = print,
    clear: bool = False,
) -> int:
    """A whole game: seat 0 is you ("Player" unless named; every seat in hotseat), the
    others ``opponent``."""
    state = GAME.new(seed, FBOptions(seats=players))
    humans = set(range(players)) if hotseat else {0}
    default = (
        [f"Player {i + 1}" for i in range(players)]
        if hotseat
        else ["Player"]
        + [f"{SEAT_NAMES.get(opponent, opponent.capitalize())} {i}" for i in range(1, players)]
    )
    given = list(names or [])
    who = given + default[len(given) :]
    game = FBTerminal(
        state, who[:players], humans, opponent=opponent, seed=seed, ask=ask, say=say, clear=clear
    )
    say(game.opening(seed))
    return game.run()
