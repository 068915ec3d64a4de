"""Actions: every atomic decision a player (or the robot) can make.

Actions are small frozen pydantic models forming a discriminated union on ``type``;
they serialise to JSON such as ``{"type":"take","index":3}``. Internally the engine
works on *keys*, tuples ``(op, a, b)`` of ints; :func:`from_key` returns one shared
(interned) model per key so listing legal actions costs no model construction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engine.famiglia.cards import code, parse_code
from engine.famiglia.codes import Key, Op

# Plain ints: keys are compared and hashed on every move (see engine.famiglia.codes).
_REFRESH: Final = int(Op.REFRESH)
_ACCOUNTANT: Final = int(Op.ACCOUNTANT)
_EXCHANGE_TAKE: Final = int(Op.EXCHANGE_TAKE)
_EXCHANGE_DONE: Final = int(Op.EXCHANGE_DONE)
_EXCHANGE_GIVE: Final = int(Op.EXCHANGE_GIVE)
_BRUTE: Final = int(Op.BRUTE)
_BRUTE_TARGET: Final = int(Op.BRUTE_TARGET)
_BRUTE_AMOUNT: Final = int(Op.BRUTE_AMOUNT)
_TAKE: Final = int(Op.TAKE)
_PAY: Final = int(Op.PAY)
_PASS: Final = int(Op.PASS)
_ROBOT_TURN: Final = int(Op.ROBOT_TURN)


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def key(self) -> Key:
        raise NotImplementedError


def _card(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("a card is written as a family letter and a rank, e.g. M2")
    return code(parse_code(value))


class Refresh(_Action):
    """A1: discard the Street card at ``index`` and reveal as many cards as its rank."""

    type: Literal["refresh"] = "refresh"
    index: int = Field(ge=0, le=59)

    def key(self) -> Key:
        return (_REFRESH, self.index, 0)


class PlayAccountant(_Action):
    """A2: put an Accountant of ``rank`` from hand into the play area."""

    type: Literal["accountant"] = "accountant"
    rank: int = Field(ge=1, le=4)

    def key(self) -> Key:
        return (_ACCOUNTANT, self.rank, 0)


class ExchangeTake(_Action):
    """A2 exchange: take one ``card`` from the own play area into hand."""

    type: Literal["exchange_take"] = "exchange_take"
    card: str

    _v = field_validator("card", mode="before")(_card)

    def key(self) -> Key:
        return (_EXCHANGE_TAKE, parse_code(self.card), 0)


class ExchangeDone(_Action):
    """A2 exchange: stop taking cards back (then put as many down)."""

    type: Literal["exchange_done"] = "exchange_done"

    def key(self) -> Key:
        return (_EXCHANGE_DONE, 0, 0)


class ExchangeGive(_Action):
    """A2 exchange: put one ``card`` from hand into the play area."""

    type: Literal["exchange_give"] = "exchange_give"
    card: str

    _v = field_validator("card", mode="before")(_card)

    def key(self) -> Key:
        return (_EXCHANGE_GIVE, parse_code(self.card), 0)


class PlayBrute(_Action):
    """A3: put a Brute of ``rank`` from hand into the play area."""

    type: Literal["brute"] = "brute"
    rank: int = Field(ge=1, le=4)

    def key(self) -> Key:
        return (_BRUTE, self.rank, 0)


class BruteTarget(_Action):
    """A3: choose the Street card at ``index`` to intimidate."""

    type: Literal["brute_target"] = "brute_target"
    index: int = Field(ge=0, le=59)

    def key(self) -> Key:
        return (_BRUTE_TARGET, self.index, 0)


class BruteAmount(_Action):
    """A3: lower the chosen card's rank by ``amount`` for this turn."""

    type: Literal["brute_amount"] = "brute_amount"
    amount: int = Field(ge=1, le=4)

    def key(self) -> Key:
        return (_BRUTE_AMOUNT, self.amount, 0)


class Take(_Action):
    """A4: take the Street card at ``index`` (free at effective rank 0, else pay)."""

    type: Literal["take"] = "take"
    index: int = Field(ge=0, le=59)

    def key(self) -> Key:
        return (_TAKE, self.index, 0)


class Pay(_Action):
    """A4 payment with a wild: the genuine card plus a Mercenary of rank ``wild``;
    ``exhaust`` says which of the two goes to the play area."""

    type: Literal["pay"] = "pay"
    wild: int = Field(ge=1, le=4)
    exhaust: Literal["genuine", "wild"]

    def key(self) -> Key:
        return (_PAY, self.wild, 1 if self.exhaust == "wild" else 0)


class Pass(_Action):
    """A4: take nothing; the turn ends."""

    type: Literal["pass"] = "pass"

    def key(self) -> Key:
        return (_PASS, 0, 0)


class RobotTurn(_Action):
    """Solo variant: the robot gangster plays its whole turn (rules 9.6-9.8)."""

    type: Literal["robot"] = "robot"

    def key(self) -> Key:
        return (_ROBOT_TURN, 0, 0)


Action = Annotated[
    Refresh
    | PlayAccountant
    | ExchangeTake
    | ExchangeDone
    | ExchangeGive
    | PlayBrute
    | BruteTarget
    | BruteAmount
    | Take
    | Pay
    | Pass
    | RobotTurn,
    Field(discriminator="type"),
]

_ADAPTER: Final = TypeAdapter(Action)


def parse_action(data: str | bytes | dict[str, object]) -> Action:
    """An action from JSON text or a dict; raises pydantic.ValidationError."""
    if isinstance(data, dict):
        return _ADAPTER.validate_python(data)
    return _ADAPTER.validate_json(data)


def dump_action(action: Action) -> str:
    """Compact JSON of an action."""
    return action.model_dump_json()


#: How to build the action of each code from a key's two numbers.
_BUILDERS: Final[dict[int, Callable[[int, int], Action]]] = {
    _REFRESH: lambda a, b: Refresh(index=a),
    _ACCOUNTANT: lambda a, b: PlayAccountant(rank=a),
    _EXCHANGE_TAKE: lambda a, b: ExchangeTake(card=code(a)),
    _EXCHANGE_DONE: lambda a, b: ExchangeDone(),
    _EXCHANGE_GIVE: lambda a, b: ExchangeGive(card=code(a)),
    _BRUTE: lambda a, b: PlayBrute(rank=a),
    _BRUTE_TARGET: lambda a, b: BruteTarget(index=a),
    _BRUTE_AMOUNT: lambda a, b: BruteAmount(amount=a),
    _TAKE: lambda a, b: Take(index=a),
    _PAY: lambda a, b: Pay(wild=a, exhaust="wild" if b else "genuine"),
    _PASS: lambda a, b: Pass(),
    _ROBOT_TURN: lambda a, b: RobotTurn(),
}


def _build(key: Key) -> Action:
    op, a, b = key
    builder = _BUILDERS.get(op)
    if builder is None:
        raise ValueError(f"unknown action key {key}")
    return builder(a, b)


_INTERNED: dict[Key, Action] = {}


def from_key(key: Key) -> Action:
    """The shared action model for ``key``. Only an action's own key is accepted
    (``(Op.TAKE, 3, 7)`` is not ``Take(3)``'s), so typed or forged keys cannot grow the
    interned set beyond the actions that exist."""
    action = _INTERNED.get(key)
    if action is None:
        action = _build(key)
        if action.key() != key:
            raise ValueError(f"{key} is not an action key; {action.key()} is")
        _INTERNED[key] = action
    return action
