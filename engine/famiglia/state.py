"""The game state: every zone and every piece of turn bookkeeping (rules 3-6, 11).

Hands and play areas are counts per card kind (see engine.famiglia.cards); the draw pile,
the discard pile and the Street are lists of kinds. The draw pile's top is the end
of its list, its bottom index 0. ``legal_actions`` and ``apply`` are the whole
interface for playing; the rules themselves live in engine.famiglia.rules and engine.famiglia.flow.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Final, Literal

from engine.famiglia.actions import Action, Key, from_key
from engine.famiglia.cards import N_KINDS, STARTING_SET, draw_deck
from engine.famiglia.state_types import ROBOT_SEAT

if TYPE_CHECKING:
    from engine.famiglia.events import Event

Mode = Literal["duel", "solo"]

# Sub-decisions inside a turn (``pending``).
NONE: Final = 0
EXCHANGE_TAKE: Final = 1
EXCHANGE_GIVE: Final = 2
BRUTE_TARGET: Final = 3
BRUTE_AMOUNT: Final = 4
PAY: Final = 5

# Stages of the main decision: the earliest action group still open (rule 4: A1-A4 in order).
STAGE_REFRESH: Final = 0
STAGE_ACCOUNTANT: Final = 1
STAGE_BRUTE: Final = 2
STAGE_TAKE: Final = 3

STREET_SIZE: Final = 6

_PENDING_NAMES: Final = (
    "main",
    "exchange_take",
    "exchange_give",
    "brute_target",
    "brute_amount",
    "pay",
)
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


class GameState:
    """One game. Mutable: ``apply`` changes it in place (use ``copy`` to branch)."""

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
        from engine.famiglia.flow import reveal

        reveal(s, STREET_SIZE, refill=True)
        return s

    def reset_turn(self) -> None:
        """Clear the bookkeeping that lives for one turn (rule 4.3.2: Brute lapses)."""
        self.stage = STAGE_REFRESH
        self.pending = NONE
        self.post_refresh_used = False
        self.acct_kind = -1
        self.exch_limit = 0
        self.exch_taken = 0
        self.brute_rank = 0
        self.brute_idx = -1
        self.brute_amt = 0
        self.take_idx = -1
        self._legal = None

    def copy(self) -> GameState:
        s = GameState.__new__(GameState)
        for name in GameState.__slots__:
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
    def from_dict(cls, d: dict[str, object]) -> GameState:
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
    def from_json(cls, text: str | bytes) -> GameState:
        return cls.from_dict(json.loads(text))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState {self.mode} turn {self.turn} seat {self.current} {self.decision}>"


# Bound once here rather than imported inside the hot methods (a function-level import
# costs a microsecond or more per call); rules imports this module, so it comes last.
from engine.famiglia import rules as _rules  # noqa: E402
