"""Hypothesis properties over random games: the components are always accounted for,
the hit list holds only live gangs, a window's public view does not depend on the hands
(RULING R12), every listed action applies and every other one is refused with the state
unchanged, replay and the JSON round trip give the same game."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.actions import KINDS, Action
from engine.family_business.state import NOT_ASKED, WINDOW
from engine.game import replay

from .positions import accounted

ALL_ACTIONS = [Action(k, a) for k in sorted(KINDS) for a in range(-1, 25)]


def _check_components(s) -> None:
    for g in range(s.n):
        assert s.at_large[g] >= 0 and s.dead(g) >= 0
        assert s.at_large[g] + s.listed(g) + s.dead(g) == C.GANG_SIZE
        if not s.live[g]:
            assert s.at_large[g] == 0 and s.listed(g) == 0 and s.hands[g] == []
    assert sum(s.in_play(g) + s.dead(g) for g in range(s.n)) == 9 * s.n
    assert all(s.live[g] for g in s.hit)
    assert accounted(s)


def _public(view):
    return (
        view.gangs,
        view.hit_list,
        view.war,
        view.draw_size,
        view.discard,
        view.window,
        view.deciding,
        view.active,
        view.over,
    )


def _check_window_blind(s, rng: random.Random) -> None:
    """R12/R31: redeal every hand (same sizes) and the public view is the same, every
    responder is still asked and may always decline."""
    other = s.copy()
    cards = [c for h in other.hands for c in h] + other.draw
    rng.shuffle(cards)
    for g in range(other.n):
        k = len(other.hands[g])
        other.hands[g] = cards[:k]
        del cards[:k]
    other.draw = cards
    assert _public(GAME.view(s, None)) == _public(GAME.view(other, None))
    for seat in range(s.n):
        assert _public(GAME.view(s, seat)) == _public(GAME.view(other, seat))
    assert GAME.awaiting(s) == GAME.awaiting(other)
    for seat in GAME.awaiting(s):
        assert Action("no_counter") in GAME.legal_actions(other, seat)
    asked = tuple(g for g in range(s.n) if s.answers[g] != NOT_ASKED)
    assert asked == tuple(g for g in range(s.n) if s.live[g] and g != s.active)


def _random_game(seed: int, n: int, probe: bool):
    rng = random.Random(seed)
    state = GAME.new(seed, FBOptions(seats=n))
    log: list[tuple[int, Action]] = []
    for _ in range(20_000):
        if GAME.is_over(state):
            break
        waiting = GAME.awaiting(state)
        seat = rng.choice(waiting)
        legal = list(GAME.legal_actions(state, seat))
        assert legal and len(set(legal)) == len(legal)
        if probe:
            _check_components(state)
            if state.phase == WINDOW:
                _check_window_blind(state, rng)
            before = GAME.dump_state(state)
            for listed in legal:  # every listed action applies
                GAME.apply(state.copy(), listed, seat)
            bad = rng.choice([a for a in ALL_ACTIONS if a not in legal])
            with pytest.raises(IllegalAction):
                GAME.apply(state, bad, seat)
            others = [g for g in range(n) if g not in waiting]
            if others:
                with pytest.raises(IllegalAction):
                    GAME.apply(state, legal[0], rng.choice(others))
            assert GAME.dump_state(state) == before
        action = rng.choice(legal)
        GAME.apply(state, action, seat)
        log.append((seat, action))
    assert GAME.is_over(state), f"seed {seed} with {n} players did not end"
    return state, log


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 6))
def test_components_hit_list_windows_and_refusals_hold_through_random_games(seed, n):
    state, _log = _random_game(seed, n, probe=True)
    _check_components(state)
    out = GAME.outcome(state)
    assert sorted(g for group in out.placing for g in group) == list(range(n))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 6))
def test_replay_and_json_round_trip_rebuild_the_same_game(seed, n):
    state, log = _random_game(seed, n, probe=False)
    again = replay(GAME, seed, FBOptions(seats=n), log)
    assert again == state
    assert GAME.load_state(GAME.dump_state(state)) == state
    for _seat, action in log:
        assert GAME.parse_action(GAME.dump_action(action)) == action


def test_json_round_trip_mid_game_continues_identically():
    state, log = _random_game(5, 4, probe=False)
    half = replay(GAME, 5, FBOptions(seats=4), log[: len(log) // 2])
    loaded = GAME.load_state(GAME.dump_state(half))
    for seat, action in log[len(log) // 2 :]:
        GAME.apply(loaded, action, seat)
    assert loaded == state


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_random_game_ends(n):
    lengths = Counter()
    for seed in range(60):
        _state, log = _random_game(1000 * n + seed, n, probe=False)
        lengths[len(log) // 100] += 1
    assert sum(lengths.values()) == 60


def test_determinize_keeps_own_hand_and_public_facts_and_forgets_others_answers():
    _state, log = _random_game(9, 4, probe=False)
    s = replay(GAME, 9, FBOptions(seats=4), [])
    rng = random.Random(1)
    for seat, action in log:
        if s.phase == WINDOW and seat in GAME.awaiting(s):
            GAME.apply(s, action, seat)
            if s.phase != WINDOW:
                continue
            for me in range(4):
                d = GAME.determinize(s, me, rng)
                assert d.hands[me] == s.hands[me]
                assert _public(GAME.view(d, None)) == _public(GAME.view(s, None))
                assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
                assert accounted(d)
                assert all(d.answers[g] < -1 for g in range(4) if g != me)
            continue
        GAME.apply(s, action, seat)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "null",
        '{"kind":"play"}',
        '{"kind":"play","card":"contract","gang":1}',
        '{"kind":"gang","gang":6}',
        '{"kind":' + "[" * 5000 + "]" * 5000 + "}",  # deeper than Python's JSON reader goes
        "[" * 100_000,
    ],
)
def test_a_text_that_is_no_action_is_refused_as_a_value_error(text: str) -> None:
    """Callers refuse a move on ValueError alone: nothing else may escape the parser."""
    with pytest.raises(ValueError):
        GAME.parse_action(text)
