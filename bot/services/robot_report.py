"""What the robot gangster did in one turn (rules 9.6-9.8), read from the events of his
``RobotTurn`` and the state before it: what a solo table shows of his last turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.famiglia import Event, GameState
from engine.famiglia.cards import code
from engine.famiglia.text import refill_line


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
