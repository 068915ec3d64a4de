"""Hidden information (RULINGs R3, R12, R31): what a seat sees and what the AI's
determinization keeps depend only on what that seat may know, checked at every
decision of seeded random games (plays, choices, windows with some answers given)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.state import DECLINED, NOT_ASKED, WAITING, WINDOW, FBState


def _hidden(s: FBState, seat: int) -> Counter[int]:
    cards = Counter(s.draw)
    for g in range(s.n):
        if g != seat:
            cards += Counter(s.hands[g])
    return cards


def _rehide(s: FBState, seat: int, rng: random.Random) -> FBState:
    """Another state ``seat`` cannot tell from ``s``: the other hands (same sizes) and
    the draw pile redealt, another reshuffle seed, the other responders' answers
    changed (waiting, declined, or a permitted counter they now hold)."""
    t = GAME.copy(s)
    cards = list(_hidden(t, seat).elements())
    rng.shuffle(cards)
    for g in range(t.n):
        if g != seat:
            k = len(t.hands[g])
            t.hands[g] = cards[:k]
            del cards[:k]
    t.draw = cards
    t.seed = rng.getrandbits(40)
    if t.phase == WINDOW:
        for g in range(t.n):
            if g != seat and t.answers[g] != NOT_ASKED:
                held = sorted(set(t.hands[g]) & C.COUNTERS_ALLOWED[t.card])
                t.answers[g] = rng.choice([WAITING, DECLINED, *held])
    return t


def _check(s: FBState, rng: random.Random) -> None:
    seats: list[int | None] = [*range(s.n), None]
    windows = {GAME.view(s, x).window for x in seats}
    assert len(windows) == 1  # R12: one public window for everybody
    for seat in range(s.n):
        view = GAME.view(s, seat)
        assert view.hand == tuple(sorted(s.hands[seat]))
        assert [g.hand_size for g in view.gangs] == [len(h) for h in s.hands]  # R3
        other = _rehide(s, seat, rng)
        assert GAME.view(other, seat) == view  # R3, R31: nothing hidden shows
        assert GAME.view(other, None) == GAME.view(s, None)
        k = rng.getrandbits(32)
        before = GAME.dump_state(s)
        d = GAME.determinize(s, seat, random.Random(k))
        assert GAME.dump_state(s) == before
        assert GAME.view(d, seat) == view  # keeps everything the seat can see
        assert _hidden(d, seat) == _hidden(s, seat)  # redraws only hidden cards
        assert list(GAME.legal_actions(d, seat)) == list(GAME.legal_actions(s, seat))
        # and reads nothing hidden: the same redraw whatever the hidden truth was
        assert GAME.determinize(other, seat, random.Random(k)) == d


def test_r3_r12_r31_views_and_determinizations_depend_only_on_what_the_seat_may_know():
    decisions = 0
    for seed in range(12):
        n = 2 + seed % 5
        rng = random.Random(seed)
        s = GAME.new(seed, FBOptions(seats=n))
        for _ in range(400):
            if GAME.is_over(s):
                break
            _check(s, rng)
            decisions += 1
            seat = rng.choice(GAME.awaiting(s))
            GAME.apply(s, rng.choice(list(GAME.legal_actions(s, seat))), seat)
    assert decisions > 1000


def test_r31_a_window_looks_the_same_before_and_after_each_answer():
    """Answers change no public fact of the window (not even whose answer is in) and
    each responder sees only his own."""
    rng = random.Random(5)
    seen = 0
    for seed in range(30):
        s = GAME.new(seed, FBOptions(seats=5))
        while not GAME.is_over(s) and seen < 60:
            if s.phase == WINDOW:
                spectator = GAME.view(s, None)
                waiting = list(GAME.awaiting(s))
                for seat in waiting[:-1]:
                    GAME.apply(s, rng.choice(list(GAME.legal_actions(s, seat))), seat)
                    assert GAME.view(s, None) == spectator
                    for other in range(s.n):
                        mine = GAME.view(s, other).my_answer
                        assert (mine is not None) == (other in waiting[: waiting.index(seat) + 1])
                seen += 1
                last = waiting[-1]
                GAME.apply(s, rng.choice(list(GAME.legal_actions(s, last))), last)
                continue
            seat = s.active
            GAME.apply(s, rng.choice(list(GAME.legal_actions(s, seat))), seat)
    assert seen == 60


def test_a_seat_outside_the_game_sees_nothing_not_another_hand() -> None:
    """R3: a negative or too large seat is refused, never read as another seat's index."""
    s = GAME.new(5, FBOptions(seats=4, first=0))
    for seat in (-1, -4, 4, True, "0"):
        with pytest.raises(ValueError, match="no seat"):
            GAME.view(s, seat)  # type: ignore[arg-type]
    assert GAME.view(s, 3).hand == tuple(sorted(s.hands[3]))
    assert GAME.view(s, None).hand == ()
