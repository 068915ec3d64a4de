"""``view(state, seat)``: what one seat (or the public) may see of a game."""

from __future__ import annotations

from engine.famiglia.cards import VP, code
from engine.famiglia.payment import effective_rank
from engine.famiglia.scoring import area_vp, result, total
from engine.famiglia.state import GameState
from engine.famiglia.text import prompt, public_prompt
from engine.famiglia.view_models import PlayerView, SeatView, StreetCard


def _codes(counts: list[int]) -> list[str]:
    return [code(k) for k in range(20) for _ in range(counts[k])]


def view(s: GameState, seat: int | None) -> PlayerView:
    """The view for ``seat`` (0 or 1), or the public table for ``None``."""
    if seat not in (None, 0, 1):
        raise ValueError("seat must be 0, 1 or None")
    seats = tuple(
        SeatView(
            seat=i,
            is_robot=s.is_robot(i),
            hand_size=sum(s.hands[i]),
            area=_codes(s.areas[i]),
            area_vp=area_vp(s, i),
            turns=s.turns_done[i],
        )
        for i in (0, 1)
    )
    street = [
        StreetCard(index=i, card=code(k), rank=k % 5, effective_rank=effective_rank(s, i), vp=VP[k])
        for i, k in enumerate(s.street)
    ]
    return PlayerView(
        mode=s.mode,
        level=s.level,
        viewer=seat,
        first=s.first,
        current=s.to_move,
        decision=s.decision,
        # only the mover sees what their own hand allows; the others see the stage
        prompt=prompt(s) if seat is not None and seat == s.to_move else public_prompt(s),
        hand=None if seat is None else _codes(s.hands[seat]),
        hand_vp=None if seat is None else total(s, seat),
        seats=seats,
        street=street,
        brute=(s.brute_idx, s.brute_amt) if s.brute_idx >= 0 and s.brute_amt > 0 else None,
        pile_size=len(s.draw),
        discard_size=len(s.discard),
        second_pile=s.switched,
        end_triggered=s.turns_left >= 0,
        turns_left=s.turns_left if s.turns_left >= 0 else None,
        consecutive_passes=s.passes,
        turn_number=s.turn,
        result=result(s) if s.over else None,
    )
