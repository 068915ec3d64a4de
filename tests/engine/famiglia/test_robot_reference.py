"""Rules 9.7-9.9 differentially: a reference robot written from the rules text must
make the same choice, with the same refreshes, as engine.famiglia.robot in random solo games."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.famiglia import GameState, new_game
from engine.famiglia.actions import RobotTurn
from engine.famiglia.cards import VP
from engine.famiglia.codes import Op
from engine.famiglia.flow import end_turn, reveal

LEVELS = {1: (9, 6, 5, 3), 2: (8, 6, 4, 2), 3: (7, 5, 4, 2), 4: (7, 4, 3, 2)}
RED_ZERO = 0


def reference_turn(s: GameState) -> int:
    """The robot's turn per 9.6-9.8 on ``s``; returns the step that chose (0: passed)."""
    street, area, thresholds = s.street, s.areas[1], LEVELS[s.level]
    spent = [False]  # the one post-switch refresh of this turn, shared by all steps

    def have(rank: int) -> int:
        return sum(area[f * 5 + rank] for f in range(4))

    def refresh_allowed() -> bool:
        shows_zero = any(k % 5 == 0 for k in street)
        return bool(street) and bool(s.draw) and not shows_zero and not (s.switched and spent[0])

    def refresh_until(done: Callable[[], bool]) -> None:
        while not done() and refresh_allowed():
            card = street.pop(0)  # always the leftmost card
            if s.switched:
                spent[0] = True
                s.draw.insert(0, card)
            else:
                s.discard.append(card)
            reveal(s, card % 5)

    def leftmost(test: Callable[[int], bool]) -> int | None:
        return next((i for i, k in enumerate(street) if test(k)), None)

    def most_valuable(test: Callable[[int], bool]) -> int | None:
        found = [i for i, k in enumerate(street) if test(k)]
        return max(found, key=lambda i: (VP[street[i]], -i)) if found else None

    def take(i: int | None, step: int) -> int | None:
        if i is None:
            return None
        area[street.pop(i)] += 1
        s.passes = 0
        return step

    def steps() -> int | None:
        if have(0) < thresholds[0]:
            refresh_until(lambda: leftmost(lambda k: k % 5 == 0) is not None)
            if (got := take(leftmost(lambda k: k % 5 == 0), 1)) is not None:
                return got
        if have(1) < thresholds[1]:
            refresh_until(lambda: leftmost(lambda k: k % 5 == 1) is not None)
            for test in (lambda k: k % 5 == 1, lambda k: k == RED_ZERO, lambda k: k % 5 == 0):
                if (got := take(leftmost(test), 2)) is not None:
                    return got
        for step, rank in ((3, 2), (4, 3)):
            if have(rank) < thresholds[rank]:
                refresh_until(lambda r=rank: leftmost(lambda k: k % 5 == r) is not None)
                if (got := take(leftmost(lambda k, r=rank: k % 5 == r), step)) is not None:
                    return got
                if (got := take(most_valuable(lambda k, r=rank: k % 5 < r), step)) is not None:
                    return got

        def top_card_shows() -> bool:
            left = street + s.draw + s.discard
            return bool(street) and max(VP[k] for k in street) == max(VP[k] for k in left)

        refresh_until(top_card_shows)
        return take(most_valuable(lambda k: True), 5)

    step = steps()
    if step is None:
        s.passes += 1
    end_turn(s, None)
    return step or 0


@settings(max_examples=500, deadline=None, database=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    level=st.integers(1, 4),
    first=st.integers(0, 1),
    policy=st.integers(0, 2**32 - 1),
)
def test_9_8_engine_robot_matches_the_reference_program(seed, level, first, policy):
    s = new_game(seed, mode="solo", level=level, first=first)
    rng = random.Random(policy)
    robot_turns = 0
    while not s.over:
        if s.current == 1:
            expected = s.copy()
            step = reference_turn(expected)
            events = s.apply(RobotTurn())
            chosen = [e.amount for e in events if e.kind == "robot_step"]
            assert chosen == [step or 5]
            assert s.to_json() == expected.to_json()
            robot_turns += 1
        else:
            keys = s.legal_keys()
            active = [k for k in keys if k[0] != Op.PASS]
            s.apply_key(rng.choice(active if active and rng.random() > 0.1 else keys))
    assert robot_turns >= 1
