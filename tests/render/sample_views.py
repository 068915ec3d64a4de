"""Hand-built PlayerViews for the render tests and the render benchmark.

Built directly from the view model (the engine that produces them is written
separately), with VP taken from engine.famiglia.cards so the numbers are consistent.
"""

from __future__ import annotations

from engine.famiglia.cards import N_KINDS, VP, code, parse_code
from engine.famiglia.view_models import PlayerView, ResultView, SeatView, StreetCard

ALL_CODES = [code(k) for k in range(N_KINDS)]


def vp_of(cards: list[str]) -> int:
    return sum(VP[parse_code(c)] for c in cards)


def street(cards: list[str], brute: tuple[int, int] | None = None) -> list[StreetCard]:
    out = []
    for i, c in enumerate(cards):
        rank = int(c[1])
        eff = max(rank - brute[1], 0) if brute is not None and brute[0] == i else rank
        out.append(StreetCard(index=i, card=c, rank=rank, effective_rank=eff, vp=VP[parse_code(c)]))
    return out


def seat(
    n: int, area: list[str], hand_size: int = 4, *, robot: bool = False, turns: int = 3
) -> SeatView:
    return SeatView(
        seat=n,
        is_robot=robot,
        hand_size=0 if robot else hand_size,
        area=sorted(area),
        area_vp=vp_of(area),
        turns=turns,
    )


def make_view(
    *,
    street_cards: list[str] | None = None,
    areas: tuple[list[str], list[str]] = ([], []),
    hand_sizes: tuple[int, int] = (4, 4),
    brute: tuple[int, int] | None = None,
    mode: str = "duel",
    robot_seat: int | None = None,
    viewer: int | None = None,
    hand: list[str] | None = None,
    current: int | None = 0,
    decision: str = "main",
    prompt: str = "Refresh the Street, play an Accountant or a Brute, take a card, or pass",
    pile_size: int = 40,
    discard_size: int = 0,
    second_pile: bool = False,
    end_triggered: bool = False,
    turns_left: int | None = None,
    consecutive_passes: int = 0,
    turn_number: int = 7,
    result: ResultView | None = None,
) -> PlayerView:
    cards = street_cards if street_cards is not None else ["F3", "A1", "B2", "M4", "A0", "F0"]
    seats = tuple(seat(i, areas[i], hand_sizes[i], robot=(robot_seat == i)) for i in (0, 1))
    hand_vp = None
    if hand is not None and viewer is not None:
        hand_vp = vp_of(hand) + seats[viewer].area_vp
    return PlayerView(
        mode=mode,  # type: ignore[arg-type]
        level=3 if mode == "solo" else None,
        viewer=viewer,
        first=0,
        current=current,
        decision=decision,  # type: ignore[arg-type]
        prompt=prompt,
        hand=sorted(hand) if hand is not None else None,
        hand_vp=hand_vp,
        seats=seats,  # type: ignore[arg-type]
        street=street(cards, brute),
        brute=brute,
        pile_size=pile_size,
        discard_size=discard_size,
        second_pile=second_pile,
        end_triggered=end_triggered,
        turns_left=turns_left,
        consecutive_passes=consecutive_passes,
        turn_number=turn_number,
        result=result,
    )


def typical_view() -> PlayerView:
    """Mid-game: a Brute lowered the M4 to 2, a handful of cards on each side."""
    return make_view(
        street_cards=["F3", "A1", "B2", "M4", "A0", "F0"],
        areas=(["A0", "A1", "B1", "B3", "M0", "M0"], ["F0", "A2", "B0", "B0", "M1"]),
        hand_sizes=(5, 4),
        brute=(3, 2),
        decision="main",
        prompt="Take a Street card or pass",
        pile_size=31,
        discard_size=4,
    )


LONG_NAME = "W" * 120  # wider than any Discord display name, to test clipping


def maximal_view(*, result: bool = True) -> PlayerView:
    """The largest table: a 20-card Street, all 20 kinds (several copies) in both play
    areas, long names are passed by the caller, second pile and end triggered."""
    street_cards = [ALL_CODES[(i * 7) % N_KINDS] for i in range(20)]
    area = [c for c in ALL_CODES for _ in range(3 if c[1] == "0" else 2)]
    totals = (vp_of(area) + 12, vp_of(area) + 12)
    res = (
        ResultView(
            totals=totals,
            winner=None,
            decided_by="draw",
            explanation=(
                "Both players have the same total and the same best cards all the way "
                "down, so the game is a shared win. "
            )
            * 6,
        )
        if result
        else None
    )
    return make_view(
        street_cards=street_cards,
        areas=(area, area),
        hand_sizes=(12, 12),
        brute=(2, 3),
        current=None if result else 1,
        decision="over" if result else "brute_amount",
        prompt="P" * 300,
        pile_size=0,
        discard_size=52,
        second_pile=True,
        end_triggered=True,
        turns_left=1,
        consecutive_passes=1,
        turn_number=999,
        result=res,
    )


def long_log(n: int = 40) -> list[str]:
    return [f"Move {i}: " + "a very long description of what happened " * 12 for i in range(n)]
