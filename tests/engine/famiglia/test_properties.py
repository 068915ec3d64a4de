"""Property tests over random games (hypothesis): invariants of every rule section.

Random players pick uniformly among the non-pass actions (passing 5% of the time), so
games run to the pile switch and the end trigger instead of ending by two passes.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.famiglia import (
    GameState,
    IllegalAction,
    apply_all,
    describe_event,
    label,
    new_game,
    prompt,
    replay,
    view,
)
from engine.famiglia.actions import Action, Key, dump_action, from_key, parse_action
from engine.famiglia.codes import Op

from .positions import codes, conserved

MAX_DECISIONS = 2000  # a game has about 90; far beyond means it does not end

FULL_KEYS: list[Key] = (
    [(Op.REFRESH, i, 0) for i in range(60)]
    + [(Op.ACCOUNTANT, r, 0) for r in range(1, 5)]
    + [(Op.EXCHANGE_TAKE, k, 0) for k in range(20)]
    + [(Op.EXCHANGE_DONE, 0, 0)]
    + [(Op.EXCHANGE_GIVE, k, 0) for k in range(20)]
    + [(Op.BRUTE, r, 0) for r in range(1, 5)]
    + [(Op.BRUTE_TARGET, i, 0) for i in range(60)]
    + [(Op.BRUTE_AMOUNT, d, 0) for d in range(1, 5)]
    + [(Op.TAKE, i, 0) for i in range(60)]
    + [(Op.PAY, w, e) for w in range(1, 5) for e in (0, 1)]
    + [(Op.PASS, 0, 0), (Op.ROBOT_TURN, 0, 0)]
)

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "mode": st.sampled_from(["duel", "duel", "solo"]),
        "first": st.sampled_from([None, 0, 1]),
        "level": st.integers(1, 4),
        "policy": st.integers(0, 2**32 - 1),
    }
)


def start(g: dict) -> GameState:
    level = g["level"] if g["mode"] == "solo" else None
    return new_game(g["seed"], mode=g["mode"], first=g["first"], level=level)


def pick(s: GameState, rng: random.Random) -> Key:
    keys = s.legal_keys()
    active = [k for k in keys if k[0] != Op.PASS]
    return rng.choice(active if active and rng.random() > 0.05 else keys)


def run(g: dict, check) -> tuple[GameState, list[Action]]:
    """Play a random game, calling ``check(state)`` after every action."""
    s, rng, log = start(g), random.Random(g["policy"]), []
    check(s)
    while not s.over:
        assert len(log) < MAX_DECISIONS, "the game does not end"
        action = from_key(pick(s, rng))
        before = s.street[:]
        s.apply(action)
        log.append(action)
        if action.type != "robot":
            assert street_kept_in_order(before, s.street)
        check(s)
    return s, log


def street_kept_in_order(old: list[int], new: list[int]) -> bool:
    """Rules 4.1.7/9.3: one action removes at most one Street card, the others keep
    their order and new cards come in on the right."""
    if new[: len(old)] == old:
        return True
    return any(old[:i] + old[i + 1 :] == new[: len(old) - 1] for i in range(len(old)))


def rule_of_equal_turns(s: GameState) -> None:
    """Rule 6.1/6.2 (and 9.10.1): equal turns, unless two passes ended it (6.3)."""
    if s.passes < 2:
        assert s.turns_done[0] == s.turns_done[1]
    else:
        assert abs(s.turns_done[0] - s.turns_done[1]) <= 1


def light(s: GameState) -> None:
    assert conserved(s)  # rules 1.1/1.2 over all zones
    assert all(k % 5 for k in s.discard)  # rule 4.1.2: no 0 ever discarded
    assert len(s.street) <= 60
    assert s.over == (s.legal_keys() == [])


@settings(max_examples=2000, deadline=None, database=None)
@given(games)
def test_1_2_4_6_random_games_conserve_cards_end_and_equal_turns(g):
    s, log = run(g, light)
    rule_of_equal_turns(s)
    level = g["level"] if g["mode"] == "solo" else None
    again = replay(g["seed"], log, mode=g["mode"], first=g["first"], level=level)
    assert again == s
    assert again.to_json() == s.to_json()


def heavy(s: GameState) -> None:
    light(s)
    restored = GameState.from_json(s.to_json())
    assert restored == s
    assert restored.legal_keys() == s.legal_keys()
    legal = set(s.legal_keys())
    assert prompt(s)
    for key in legal:  # every listed action applies, and can be labelled and logged
        action = from_key(key)
        assert 0 < len(label(s, action)) <= 80
        branch = s.copy()
        for event in branch.apply(action):
            assert describe_event(event, ("Anna", "Bruno"))
        assert conserved(branch)
    before = s.to_json()
    rng = random.Random(before)
    for key in rng.sample([k for k in FULL_KEYS if k not in legal], 4):
        try:
            s.apply(from_key(key))
        except IllegalAction as exc:
            assert str(exc)
        else:
            raise AssertionError(f"unlisted {key} was accepted")
        assert s.to_json() == before
    if not s.over:
        wrong = 1 - s.current
        try:
            s.apply(from_key(s.legal_keys()[0]), seat=wrong)
        except IllegalAction:
            pass
        else:
            raise AssertionError("the wrong seat could move")
        assert s.to_json() == before


@settings(max_examples=120, deadline=None, database=None)
@given(games)
def test_4_legal_actions_apply_unlisted_refused_json_round_trip(g):
    run(g, heavy)


def public(s: GameState) -> None:
    v = view(s, None)
    assert v.hand is None and v.hand_vp is None
    assert v.pile_size == len(s.draw)
    other = s.copy()
    random.Random(len(s.draw)).shuffle(other.draw)
    other.draw.reverse()
    assert view(other, None) == v
    if not s.over:  # (at the end the result reveals the totals, as it should)
        for hidden in (0, 1):
            masked = s.copy()  # that seat's hand turned into other kinds, same size
            size = sum(masked.hands[hidden])
            masked.hands[hidden] = [0] * 20
            masked.hands[hidden][(len(s.street) * 7) % 20] = size
            assert view(masked, None) == v
            assert view(masked, 1 - hidden) == view(s, 1 - hidden)
    for seat in (0, 1):
        mine = view(s, seat)
        assert view(other, seat) == mine
        assert mine.hand == (codes(s.hands[seat]).split() if sum(s.hands[seat]) else [])


@settings(
    max_examples=80, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(games)
def test_views_never_show_the_draw_pile_order_or_a_hand(g):
    run(g, public)


def test_4_1_7_order_checker_rejects_reordering():
    assert street_kept_in_order([1, 2, 3], [1, 3, 4, 5])
    assert street_kept_in_order([1, 2, 3], [1, 2, 3, 9])
    assert not street_kept_in_order([1, 2, 3], [3, 1, 4])
    assert not street_kept_in_order([1, 2, 3], [1, 9, 3])


def test_apply_all_is_atomic():
    s = new_game(5)
    before = s.to_json()
    legal = s.legal_actions()[0]
    try:
        apply_all(s, [legal, from_key((Op.ROBOT_TURN, 0, 0))])
    except IllegalAction:
        pass
    else:
        raise AssertionError("an illegal second action was accepted")
    assert s.to_json() == before
    branch, events = apply_all(s, [legal])
    assert events and branch.to_json() != before and s.to_json() == before


def test_every_action_key_round_trips_through_json():
    for key in FULL_KEYS:
        action = from_key(key)
        assert action.key() == key
        assert parse_action(dump_action(action)) == action
        assert len(dump_action(action)) <= 48


def test_a_key_that_is_not_an_actions_own_is_refused():
    """Typed and forged keys (the bot parses '7.3.0' from users) name an action only in
    its own spelling: a spare number is refused rather than read as another key, so
    forged keys never pile up in the interned actions."""
    for key in FULL_KEYS:
        op, a, b = key
        with pytest.raises(ValueError):
            from_key((op, a, b + 7))
