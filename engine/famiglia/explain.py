"""Why an action is refused, in words a player understands."""

from __future__ import annotations

from engine.famiglia.board import Board
from engine.famiglia.cards import code, name
from engine.famiglia.codes import Family, Key, Op, Pending, Stage
from engine.famiglia.payment import effective_rank, genuine_kind

_PENDING_ASK: dict[int, str] = {
    Pending.EXCHANGE_TAKE: (
        "you are exchanging with your Accountant: take a card back from your play area, or stop"
    ),
    Pending.EXCHANGE_GIVE: (
        "you are exchanging with your Accountant: put a card from your hand into your play area"
    ),
    Pending.BRUTE_TARGET: "you played a Brute: choose the Street card to lower first",
    Pending.BRUTE_AMOUNT: "you played a Brute: choose by how much to lower the card first",
    Pending.PAY: "you are taking a card: choose how to pay first",
}

#: The action codes that answer each sub-decision.
_EXPECTED: dict[int, tuple[int, ...]] = {
    Pending.EXCHANGE_TAKE: (Op.EXCHANGE_TAKE, Op.EXCHANGE_DONE),
    Pending.EXCHANGE_GIVE: (Op.EXCHANGE_GIVE,),
    Pending.BRUTE_TARGET: (Op.BRUTE_TARGET,),
    Pending.BRUTE_AMOUNT: (Op.BRUTE_AMOUNT,),
    Pending.PAY: (Op.PAY,),
}


def _street_card(s: Board, index: int) -> str | None:
    if 0 <= index < len(s.street):
        return None
    return f"There is no card at position {index + 1} of the Street (it has {len(s.street)} cards)."


def why_take_fails(s: Board, index: int) -> str:
    """E.g. 'To take B2 you need two B1, or one B1 and a Mercenary of rank 2 or more.'"""
    target = s.street[index]
    eff = effective_rank(s, index)
    genuine = genuine_kind(target, eff)
    low = eff - 1
    has = s.hands[s.current][genuine]
    need = (
        f"To take {code(target)}"
        + (f" (lowered to {eff} this turn)" if eff != target % 5 else "")
        + f" you need two {code(genuine)}"
    )
    if target // 5 == Family.MERCENARY:
        need += f", or one {code(genuine)} and another Mercenary of rank {eff} or more"
    else:
        need += f", or one {code(genuine)} and a Mercenary of rank {eff} or more as a wild card"
    if has == 0:
        return f"{need}; you have no {name(genuine)} (a wild never replaces both cards)."
    return f"{need}; you have one {code(genuine)} but no Mercenary above rank {low}."


def _why_refresh(s: Board, index: int) -> str:
    if s.stage > Stage.REFRESH:
        return "Refreshing the Street comes first in a turn; you have already moved on."
    if any(k % 5 == 0 for k in s.street):
        return "A 0 is showing in the Street, so it can't be refreshed."
    if not s.draw:
        return "The draw pile is empty: there is nothing to refresh with."
    if s.switched and s.post_refresh_used:
        return "After the draw pile's switch the Street can be refreshed only once a turn."
    return _street_card(s, index) or "That refresh is not possible."


def _why_play(s: Board, kind: int, rank: int) -> str:
    """Why an Accountant or a Brute of ``rank`` cannot be played."""
    family = "an Accountant" if kind == Op.ACCOUNTANT else "a Brute"
    stage = Stage.ACCOUNTANT if kind == Op.ACCOUNTANT else Stage.BRUTE
    if s.stage > stage:
        return (
            f"You can't play {family} now: each family's ability once a turn, "
            "in order (refresh, Accountant, Brute, take)."
        )
    if kind == Op.BRUTE and not s.street:
        return "The Street is empty: there is no card for a Brute to lower."
    return f"You have no {family.split()[1]} {rank} in your hand."


def why_illegal(s: Board, key: Key) -> str:
    kind, a, _b = key
    if s.mode == "solo" and s.current == 1:
        return "It's the robot gangster's turn."
    if kind == Op.ROBOT_TURN:
        return "Only the robot gangster plays a robot turn."
    if s.pending != Pending.MAIN:
        expected = _EXPECTED[s.pending]
        if kind not in expected:
            return f"Not now: {_PENDING_ASK[s.pending]}."
        return _why_sub(s, key)
    if kind == Op.REFRESH:
        return _why_refresh(s, a)
    if kind in (Op.ACCOUNTANT, Op.BRUTE):
        return _why_play(s, kind, a)
    if kind == Op.TAKE:
        return _street_card(s, a) or why_take_fails(s, a)
    if kind in (Op.EXCHANGE_TAKE, Op.EXCHANGE_DONE, Op.EXCHANGE_GIVE):
        return "You can only exchange right after playing an Accountant."
    if kind in (Op.BRUTE_TARGET, Op.BRUTE_AMOUNT):
        return "Play a Brute first to lower a Street card."
    if kind == Op.PAY:
        return "Choose a Street card to take first."
    return "That move is not possible now."


def _why_sub(s: Board, key: Key) -> str:
    kind, a, _b = key
    seat = s.current
    if kind == Op.EXCHANGE_TAKE:
        if a == s.acct_kind and s.areas[seat][a] <= 1:
            return "The Accountant you just played can't be taken back."
        return f"There is no {code(a)} in your play area to take back."
    if kind == Op.EXCHANGE_GIVE:
        return f"You have no {code(a)} in your hand."
    if kind == Op.BRUTE_TARGET:
        return _street_card(s, a) or "That card can't be chosen."
    if kind == Op.BRUTE_AMOUNT:
        top = min(s.brute_rank, s.street[s.brute_idx] % 5)
        return f"Your Brute {s.brute_rank} can lower {code(s.street[s.brute_idx])} by 1 to {top}."
    if kind == Op.PAY:
        eff = effective_rank(s, s.take_idx)
        why = f"Mercenary {a} is too low" if a < eff else f"you have no Mercenary {a} in your hand"
        return f"The wild card must be a Mercenary of rank {eff} or more; {why}."
    return "That move is not possible now."
