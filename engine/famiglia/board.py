"""The data of a game: every zone and every piece of turn bookkeeping (rules 3-6, 11).

Hands and play areas are counts per card kind (see engine.famiglia.cards); the draw pile,
the discard pile and the Street are lists of kinds. The draw pile's top is the end
of its list, its bottom index 0. :class:`Board` holds the data, its copy and its JSON;
the rule modules (engine.famiglia.rules, flow, robot, scoring) read and change a Board,
and engine.famiglia.state's GameState adds the play interface on top of them.
"""

from __future__ import annotations

import json
from typing import Final, Literal, Self

from engine.famiglia.cards import N_KINDS
from engine.famiglia.codes import ROBOT_SEAT, Key, Pending, Stage

Mode = Literal["duel", "solo"]

# Plain ints: the turn's bookkeeping is compared on every move (see engine.famiglia.codes).
_MAIN: Final = int(Pending.MAIN)
_STAGE_REFRESH: Final = int(Stage.REFRESH)

#: The decision names of engine.famiglia.view_models.Decision, by Pending value.
_PENDING_NAMES: Final = tuple(p.name.lower() for p in Pending)
_CHARS: Final = "abcdefghijklmnopqrst"  # one character per card kind, for compact JSON


def _enc(cards: list[int]) -> str:
    return "".join(_CHARS[k] for k in cards)


def _dec(text: str) -> list[int]:
    return [ord(c) - 97 for c in text]


def _enc_counts(counts: list[int]) -> str:
    return "".join(str(n) for n in counts)


def _dec_counts(text: str) -> list[int]:
    if len(text) != N_KINDS:
        raise ValueError("bad card counts in saved state")
    return [int(c) for c in text]


class Board:
    """The data of one game: zones and turn bookkeeping. Mutable."""

    __slots__ = (
        "_legal",
        "acct_kind",
        "areas",
        "brute_amt",
        "brute_idx",
        "brute_rank",
        "current",
        "discard",
        "draw",
        "exch_limit",
        "exch_taken",
        "first",
        "hands",
        "level",
        "mode",
        "over",
        "passes",
        "pending",
        "post_refresh_used",
        "seed",
        "stage",
        "street",
        "switched",
        "take_idx",
        "turn",
        "turns_done",
        "turns_left",
    )

    seed: int
    mode: Mode
    level: int | None
    first: int
    current: int
    draw: list[int]
    discard: list[int]
    street: list[int]
    hands: list[list[int]]
    areas: list[list[int]]
    switched: bool
    stage: int
    pending: int
    post_refresh_used: bool
    acct_kind: int
    exch_limit: int
    exch_taken: int
    brute_rank: int
    brute_idx: int
    brute_amt: int
    take_idx: int
    passes: int
    turns_left: int
    turn: int
    turns_done: list[int]
    over: bool
    _legal: list[Key] | None

    def reset_turn(self) -> None:
        """Clear the bookkeeping that lives for one turn (rule 4.3.2: Brute lapses)."""
        self.stage = _STAGE_REFRESH
        self.pending = _MAIN
        self.post_refresh_used = False
        self.acct_kind = -1
        self.exch_limit = 0
        self.exch_taken = 0
        self.brute_rank = 0
        self.brute_idx = -1
        self.brute_amt = 0
        self.take_idx = -1
        self._legal = None

    def copy(self) -> Self:
        cls = type(self)
        s = cls.__new__(cls)
        for name in Board.__slots__:
            setattr(s, name, getattr(self, name))
        s.draw = self.draw[:]
        s.discard = self.discard[:]
        s.street = self.street[:]
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.areas = [self.areas[0][:], self.areas[1][:]]
        s.turns_done = self.turns_done[:]
        s._legal = None
        return s

    # ------------------------------------------------------------------ queries
    @property
    def decision(self) -> str:
        """Which kind of decision is asked now (see engine.famiglia.view_models.Decision)."""
        if self.over:
            return "over"
        if self.mode == "solo" and self.current == ROBOT_SEAT:
            return "robot"
        return _PENDING_NAMES[self.pending]

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, None when the game is over."""
        return None if self.over else self.current

    def is_robot(self, seat: int) -> bool:
        return self.mode == "solo" and seat == ROBOT_SEAT

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, object]:
        return {
            "v": 1,
            "seed": self.seed,
            "mode": self.mode,
            "level": self.level,
            "first": self.first,
            "cur": self.current,
            "draw": _enc(self.draw),
            "discard": _enc(self.discard),
            "street": _enc(self.street),
            "hands": [_enc_counts(h) for h in self.hands],
            "areas": [_enc_counts(a) for a in self.areas],
            "sw": self.switched,
            "stage": self.stage,
            "pend": self.pending,
            "prf": self.post_refresh_used,
            "acct": self.acct_kind,
            "exl": self.exch_limit,
            "ext": self.exch_taken,
            "br": [self.brute_rank, self.brute_idx, self.brute_amt],
            "take": self.take_idx,
            "passes": self.passes,
            "left": self.turns_left,
            "turn": self.turn,
            "done": self.turns_done,
            "over": self.over,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> Self:
        if d.get("v") != 1:
            raise ValueError("unknown saved-state version")
        s = cls.__new__(cls)
        try:
            s.seed = int(d["seed"])  # type: ignore[call-overload]
            s.mode = d["mode"]  # type: ignore[assignment]
            s.level = d["level"]  # type: ignore[assignment]
            s.first = int(d["first"])  # type: ignore[call-overload]
            s.current = int(d["cur"])  # type: ignore[call-overload]
            s.draw = _dec(str(d["draw"]))
            s.discard = _dec(str(d["discard"]))
            s.street = _dec(str(d["street"]))
            s.hands = [_dec_counts(h) for h in d["hands"]]  # type: ignore[attr-defined]
            s.areas = [_dec_counts(a) for a in d["areas"]]  # type: ignore[attr-defined]
            s.switched = bool(d["sw"])
            s.stage = int(d["stage"])  # type: ignore[call-overload]
            s.pending = int(d["pend"])  # type: ignore[call-overload]
            s.post_refresh_used = bool(d["prf"])
            s.acct_kind = int(d["acct"])  # type: ignore[call-overload]
            s.exch_limit = int(d["exl"])  # type: ignore[call-overload]
            s.exch_taken = int(d["ext"])  # type: ignore[call-overload]
            s.brute_rank, s.brute_idx, s.brute_amt = (int(x) for x in d["br"])  # type: ignore[attr-defined]
            s.take_idx = int(d["take"])  # type: ignore[call-overload]
            s.passes = int(d["passes"])  # type: ignore[call-overload]
            s.turns_left = int(d["left"])  # type: ignore[call-overload]
            s.turn = int(d["turn"])  # type: ignore[call-overload]
            s.turns_done = [int(x) for x in d["done"]]  # type: ignore[attr-defined]
            s.over = bool(d["over"])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"saved state is incomplete: {exc}") from exc
        s._legal = None
        return s

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        return cls.from_dict(json.loads(text))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"<{name} {self.mode} turn {self.turn} seat {self.current} {self.decision}>"
