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


class ReferenceRobot:
    """The robot's turn per 9.6-9.8, written from the rules text, on a state ``s``."""

    def __init__(self, s: GameState) -> None:
        self.s = s
        self.street, self.area, self.thresholds = s.street, s.areas[1], LEVELS[s.level]
        self.spent = False  # the one post-switch refresh of this turn, shared by all steps

    def have(self, rank: int) -> int:
        return sum(self.area[f * 5 + rank] for f in range(4))

    def refresh_allowed(self) -> bool:
        s, street = self.s, self.street
        shows_zero = any(k % 5 == 0 for k in street)
        return bool(street) and bool(s.draw) and not shows_zero and not (s.switched and self.spent)

    def refresh_until(self, done: Callable[[], bool]) -> None:
        s = self.s
        while not done() and self.refresh_allowed():
            card = self.street.pop(0)  # always the leftmost card
            if s.switched:
                self.spent = True
                s.draw.insert(0, card)
            else:
                s.discard.append(card)
            reveal(s, card % 5)

    def leftmost(self, test: Callable[[int], bool]) -> int | None:
        return next((i for i, k in enumerate(self.street) if test(k)), None)

    def most_valuable(self, test: Callable[[int], bool]) -> int | None:
        street = self.street
        found = [i for i, k in enumerate(street) if test(k)]
        return max(found, key=lambda i: (VP[street[i]], -i)) if found else None

    def take(self, i: int | None, step: int) -> int | None:
        if i is None:
            return None
        self.area[self.street.pop(i)] += 1
        self.s.passes = 0
        return step

    def first_steps(self) -> int | None:
        """Steps 1 and 2: zeros; ones, else a red 0, else any 0."""
        if self.have(0) < self.thresholds[0]:
            self.refresh_until(lambda: self.leftmost(lambda k: k % 5 == 0) is not None)
            if (got := self.take(self.leftmost(lambda k: k % 5 == 0), 1)) is not None:
                return got
        if self.have(1) < self.thresholds[1]:
            self.refresh_until(lambda: self.leftmost(lambda k: k % 5 == 1) is not None)
            for test in (lambda k: k % 5 == 1, lambda k: k == RED_ZERO, lambda k: k % 5 == 0):
                if (got := self.take(self.leftmost(test), 2)) is not None:
                    return got
        return None

    def middle_steps(self) -> int | None:
        """Steps 3 and 4: twos, threes; else the most valuable lower card."""
        for step, rank in ((3, 2), (4, 3)):
            if self.have(rank) < self.thresholds[rank]:
                self.refresh_until(lambda r=rank: self.leftmost(lambda k: k % 5 == r) is not None)
                if (
                    got := self.take(self.leftmost(lambda k, r=rank: k % 5 == r), step)
                ) is not None:
                    return got
                lower = self.most_valuable(lambda k, r=rank: k % 5 < r)
                if (got := self.take(lower, step)) is not None:
                    return got
        return None

    def last_step(self) -> int | None:
        """Step 5: the most valuable card, refreshing while a better one is unseen."""
        s, street = self.s, self.street

        def top_card_shows() -> bool:
            left = street + s.draw + s.discard
            return bool(street) and max(VP[k] for k in street) == max(VP[k] for k in left)

        self.refresh_until(top_card_shows)
        return self.take(self.most_valuable(lambda k: True), 5)


def reference_turn(s: GameState) -> int:
    """The robot's turn per 9.6-9.8 on ``s``; returns the step that chose (0: passed)."""
    robot = ReferenceRobot(s)
    step = robot.first_steps() or robot.middle_steps() or robot.last_step()
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
