"""The interactive terminal game: you against the robot gangster, or two people at
one keyboard ("hotseat").

Everything the player sees comes from the engine (``view``, ``prompt``, ``label``,
``describe_event``); this module only draws it and reads numbers. Input and output
are injectable (``ask``/``say``) so the game can be driven by a script.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.famiglia import Event, IllegalAction, describe_event, label, new_game, view
from engine.famiglia.actions import from_key
from engine.famiglia.codes import Op
from engine.famiglia.rules_summary import RULES_SUMMARY
from engine.famiglia.solo_bests import SoloBests, level_tag
from engine.famiglia.state import GameState
from engine.famiglia.view_models import ResultView

Ask = Callable[[str], str]
Say = Callable[[str], None]

HELP = """\
Type the number of an action and press Enter. Other commands:
  help    this text
  rules   a summary of the rules
  table   show the table again
  log     the last moves
  quit    leave the game (also Ctrl-D or Ctrl-C)
Street cards are numbered #1, #2, ... from the left; "B3->1" means a Brute has lowered
that B3 to rank 1 for this turn. Card names: F = La Famiglia (red), A = Accountants
(blue), B = Brutes (yellow), M = Mercenaries (green), then the rank 0-4."""

HOTSEAT_WARNING = """\
Hotseat: two players at one keyboard. Only the hand of the player to move is shown,
but anything printed stays on the screen: the other player should look away while
you choose, and scroll or clear the screen at every hand-over."""


def grouped(codes: Sequence[str]) -> str:
    """Equal cards once with their count, as on Discord: ``F0 B0×3 M2`` (``-``: none)."""
    counts: dict[str, int] = {}
    for c in codes:
        counts[c] = counts.get(c, 0) + 1
    return " ".join(c if n == 1 else f"{c}×{n}" for c, n in counts.items()) or "-"


class Quit(Exception):
    """The player asked to leave (quit, end of input or Ctrl-C)."""


class TerminalGame:
    """One game in the terminal. ``humans`` are the seats typed at this keyboard."""

    def __init__(
        self,
        state: GameState,
        names: Sequence[str],
        *,
        ask: Ask = input,
        say: Say = print,
        hotseat: bool = False,
        clear: bool = False,
        bests: SoloBests | None = None,
    ) -> None:
        self.state = state
        self.bests = bests
        self.names = tuple(names)
        self.ask = ask
        self.say = say
        self.hotseat = hotseat
        self.clear = clear
        self.log: list[str] = []

    # ------------------------------------------------------------------ drawing
    def table(self, seat: int) -> str:
        """The table as ``seat`` sees it: Street, play areas, own hand, scores."""
        v = view(self.state, seat)
        pile = f"draw pile {v.pile_size}, discard pile {v.discard_size}"
        if v.second_pile:
            pile += " (second pile)"
        if v.turns_left is not None:
            more = ("this is the last turn", "one more turn after this", "one more round")
            pile += f"; the last card is out: {more[min(v.turns_left, 2)]}"
        street = []
        for c in v.street:
            shown = c.card if c.effective_rank == c.rank else f"{c.card}->{c.effective_rank}"
            street.append(f"#{c.index + 1} {shown} ({c.vp} VP)")
        lines = [
            f"--- Turn {v.turn_number}: {self.names[self.state.current]} to move ---",
            pile,
        ]
        rows = [street[i : i + 6] for i in range(0, len(street), 6)] or [["(empty)"]]
        lines += [
            ("Street: " if i == 0 else "        ") + "   ".join(r) for i, r in enumerate(rows)
        ]
        for sv in v.seats:
            name = self.names[sv.seat]
            area = grouped(sv.area)
            if sv.is_robot:
                lines.append(f"{name}: {area}  ({sv.area_vp} VP)")
            elif sv.seat == seat:
                hand = grouped(v.hand or [])
                lines.append(f"{name} (you): hand {hand} | play area {area}  ({v.hand_vp} VP)")
            else:
                lines.append(
                    f"{name}: {sv.hand_size} cards in hand | play area {area}  "
                    f"(play area {sv.area_vp} VP)"
                )
        lines.append(v.prompt)
        return "\n".join(lines)

    def choices(self) -> list[str]:
        return [label(self.state, a) for a in self.state.legal_actions()]

    def show_choices(self) -> None:
        for i, text in enumerate(self.choices(), 1):
            self.say(f"  {i:>2}. {text}")

    def record(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "turn":
                continue
            line = describe_event(e, self.names)
            self.log.append(line)
            self.say("  * " + line)

    # ------------------------------------------------------------------ input
    def read(self, text: str) -> str:
        try:
            return self.ask(text)
        except (EOFError, KeyboardInterrupt) as exc:
            raise Quit from exc

    def choose(self) -> int:
        """Read commands until the player picks a valid action; return its index."""
        n = len(self.state.legal_keys())
        while True:
            line = self.read("> ").strip().lower()
            if not line:
                self.say(f"Type a number from 1 to {n}, or help.")
            elif line in ("q", "quit", "exit"):
                raise Quit
            elif line in ("h", "help", "?"):
                self.say(HELP)
            elif line == "rules":
                self.say(RULES_SUMMARY)
            elif line == "log":
                self.say("\n".join(self.log[-20:]) or "No moves yet.")
            elif line in ("t", "table"):
                self.say(self.table(self.state.current))
                self.show_choices()
            elif line.startswith("#"):  # a Street position is no action's number
                self.say(f"Type the number of an action (1-{n}), not a Street position.")
            elif not (line.isascii() and line.isdigit()):  # "²" is a digit, no number
                self.say(f"{line!r} is not a number or a command: type 1-{n}, or help.")
            elif not 1 <= int(line) <= n:
                self.say(f"There is no action {line}: choose from 1 to {n}.")
            else:
                return int(line) - 1

    # ------------------------------------------------------------------ the game
    def handover(self, seat: int) -> None:
        """Hotseat: hide the last player's hand before the next one looks."""
        if self.clear:
            self.say("\033[2J\033[H")
        self.read(f"Pass the keyboard to {self.names[seat]} and press Enter. ")

    def step(self) -> None:
        s = self.state
        if s.legal_keys()[0][0] == Op.ROBOT_TURN:
            self.record(s.apply_key((Op.ROBOT_TURN, 0, 0)))
            return
        self.say("")
        self.say(self.table(s.current))
        self.show_choices()
        index = self.choose()
        action = from_key(s.legal_keys()[index])
        try:
            self.record(s.apply(action))
        except IllegalAction as exc:  # cannot happen for a listed action; never crash
            self.say(f"That move is not possible: {exc}")

    def run(self) -> int:
        """Play to the end. Returns the exit status (0, or 130 after Ctrl-C)."""
        try:
            if self.hotseat:
                self.say(HOTSEAT_WARNING)
            first = self.state.current
            self.say(f"{self.names[first]} starts. Type help at any time.")
            if self.hotseat:
                self.handover(first)
            while not self.state.over:
                seat = self.state.current
                self.step()
                if self.hotseat and not self.state.over and self.state.current != seat:
                    self.handover(self.state.current)
        except Quit as exc:
            interrupted = isinstance(exc.__cause__, KeyboardInterrupt)
            self.say("\nGame left. Goodbye!")
            return 130 if interrupted else 0
        except KeyboardInterrupt:  # Ctrl-C while the table was being drawn
            self.say("\nGame left. Goodbye!")
            return 130
        self.say(self.final())
        return 0

    def final(self) -> str:
        r = view(self.state, 0).result
        assert r is not None
        lines = ["", "=== Game over ==="]
        lines += [f"{self.names[seat]}: {r.totals[seat]} VP" for seat in (0, 1)]
        lines.append(self.winner_line(r))
        if self.state.mode == "solo":
            lines += self.solo_score(r)
        return "\n".join(lines)

    def winner_line(self, r: ResultView) -> str:
        """The result once, winner first."""
        if r.winner is None:
            return r.explanation
        won, lost = r.totals[r.winner], r.totals[1 - r.winner]
        if r.decided_by == "points":
            return f"{self.names[r.winner]} wins, {won} VP to {lost} VP."
        return f"{self.names[r.winner]} wins. {r.explanation}"

    def solo_score(self, r: ResultView) -> list[str]:
        """Rule 9.10: how the solo score is counted, and whether it is a new best."""
        tag = level_tag(self.state.level or 3, self.state.first)
        you, robot = r.totals
        if r.high_score is None:
            lines = ["No solo score: only a win scores, 2 × your VP − the robot's (rule 9.10)."]
            best = self.bests.best(tag) if self.bests is not None else None
            if best is not None:
                lines.append(f"Your best at level {tag} stays {best}.")
            return lines
        lines = [
            f"Solo score (rule 9.10): 2 × your {you} VP − the robot's {robot} VP "
            f"= {r.high_score} at level {tag}."
        ]
        if self.bests is None:
            return lines
        offer = self.bests.offer(tag, r.high_score)
        if not offer.is_best:
            lines.append(f"Your best at level {tag} stays {offer.previous}.")
        elif offer.previous is None:
            lines.append(f"A new best: your first solo score at level {tag}.")
        else:
            lines.append(f"A new best at level {tag}! The last best was {offer.previous}.")
        if offer.is_best and not offer.saved:
            lines.append(f"(The record {self.bests.path} could not be written.)")
        return lines


def parse_level(text: str) -> tuple[int, int]:
    """'3', '3a' or '3b' -> (level, first seat): a = you start (seat 0), b = the robot."""
    t = text.strip().lower()
    side = t[-1] if t[-1:] in ("a", "b") else "a"
    digits = t[:-1] if t[-1:] in ("a", "b") else t
    if digits not in ("1", "2", "3", "4"):
        raise ValueError(f"{text!r} is not a level: use 1, 2, 3 or 4, optionally with a or b")
    return int(digits), 0 if side == "a" else 1


def ask_level(ask: Ask, say: Say) -> tuple[int, int]:
    """Ask for the robot's level until the answer is valid (Enter = 3a)."""
    say("Robot gangster levels: 1 (easiest) to 4 (hardest); add b to let the robot start.")
    while True:
        try:
            answer = ask("Level [3a]: ").strip() or "3a"
        except (EOFError, KeyboardInterrupt) as exc:
            raise Quit from exc
        try:
            return parse_level(answer)
        except ValueError as exc:
            say(str(exc))


def play(
    *,
    seed: int,
    hotseat: bool = False,
    level: int = 3,
    first: int | None = 0,
    names: Sequence[str] | None = None,
    ask: Ask = input,
    say: Say = print,
    clear: bool = False,
    bests: SoloBests | None = None,
) -> int:
    """Start and play one terminal game; returns the exit status. ``bests``: where a
    solo game's score is compared with (and recorded as) the best of its level."""
    if hotseat:
        state = new_game(seed, mode="duel", first=first)
        who = tuple(names or ("Player 1", "Player 2"))
    else:
        side = 1 if first == 1 else 0
        state = new_game(seed, mode="solo", level=level, first=side)
        who = (names[0] if names else "Player", "Robot gangster")
        say(f"Solo game against the robot gangster, level {level}{'ab'[side]} (seed {seed}).")
    game = TerminalGame(state, who, ask=ask, say=say, hotseat=hotseat, clear=clear, bests=bests)
    return game.run()
