"""Every game behind the protocol of engine.game (each game of engine.games, and the toy
Nim) plays whole random games through its Game object alone, and keeps the protocol's
promises: replays are exact, states and actions survive JSON, an illegal action changes
nothing, and a seat's view does not depend on what that seat cannot see."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from pydantic import BaseModel

from engine.errors import IllegalAction
from engine.famiglia.game import FamigliaOptions
from engine.family_business.game import FBOptions
from engine.game import Game, Outcome, apply_all, replay
from engine.games import GAMES

from .toy_nim import NIM, NimOptions

#: Options worth playing for each game; a game missing here plays its default options.
OPTIONS: dict[str, list[BaseModel]] = {
    "famiglia": [
        FamigliaOptions(),
        FamigliaOptions(first=1),
        FamigliaOptions(mode="solo", level=3, first=0),
        FamigliaOptions(mode="solo", level=1, first=1),
    ],
    "family_business": [FBOptions(seats=2), FBOptions(seats=5, first=1)],
    "nim": [NimOptions(), NimOptions(seats=3, heaps=(2, 3), first=2), NimOptions(seats=4)],
}
ALL_GAMES: list[Game[Any, Any]] = [*GAMES.values(), NIM]
CASES = [
    pytest.param(game, options, id=f"{game.name}-{i}")
    for game in ALL_GAMES
    for i, options in enumerate(OPTIONS.get(game.name) or [game.options_model()])
]
SEEDS = range(6)


def seats_of(game: Game[Any, Any], options: BaseModel) -> int:
    return int(getattr(options, "seats", game.min_seats))


def play_random(
    game: Game[Any, Any], options: BaseModel, seed: int, check: Any = None
) -> tuple[Any, list[tuple[int, Any]]]:
    """A whole game of random legal moves through ``game`` only; ``check(state)`` runs
    before every move. Returns the final state and the ``(seat, action)`` log."""
    rng = random.Random(seed)
    state = game.new(seed, options)
    log: list[tuple[int, Any]] = []
    for _ in range(5000):
        if game.is_over(state):
            return state, log
        if check is not None:
            check(state)
        seats = game.awaiting(state)
        assert seats, "a running game awaits at least one seat"
        seat = seats[rng.randrange(len(seats))]
        action = rng.choice(list(game.legal_actions(state, seat)))
        game.apply(state, action, seat)
        log.append((seat, action))
    raise AssertionError("the game did not end in 5000 moves")


@pytest.mark.parametrize(("game", "options"), CASES)
def test_random_games_end_with_every_seat_placed_once(game, options):
    n = seats_of(game, options)
    for seed in SEEDS:
        state = game.new(seed, options)
        with pytest.raises(ValueError):
            game.outcome(state)
        state, _log = play_random(game, options, seed)
        assert game.awaiting(state) == ()
        assert all(not game.legal_actions(state, s) for s in range(n))
        out = game.outcome(state)
        assert isinstance(out, Outcome)
        placed = [s for group in out.placing for s in group]
        assert sorted(placed) == list(range(n))
        assert set(out.scores) <= set(range(n))


@pytest.mark.parametrize(("game", "options"), CASES)
def test_only_awaited_seats_have_legal_actions(game, options):
    n = seats_of(game, options)

    def check(state: Any) -> None:
        awaited = game.awaiting(state)
        for seat in range(n):
            assert bool(game.legal_actions(state, seat)) == (seat in awaited)

    for seed in SEEDS:
        play_random(game, options, seed, check)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_replay_of_the_log_rebuilds_the_same_state(game, options):
    for seed in SEEDS:
        state, log = play_random(game, options, seed)
        again = replay(game, seed, options, log)
        assert game.dump_state(again) == game.dump_state(state)
        branch, _events = apply_all(game, game.new(seed, options), log)
        assert game.dump_state(branch) == game.dump_state(state)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_states_and_actions_survive_json(game, options):
    def check(state: Any) -> None:
        text = game.dump_state(state)
        loaded = game.load_state(text)
        assert game.dump_state(loaded) == text
        assert game.dump_state(game.load_state(text.encode())) == text
        for seat in game.awaiting(state):
            for action in game.legal_actions(state, seat):
                dumped = game.dump_action(action)
                assert game.parse_action(dumped) == action
                assert game.parse_action(json.loads(dumped)) == action

    for seed in SEEDS[:3]:
        play_random(game, options, seed, check)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_garbage_is_not_an_action(game, options):
    for garbage in ("", "{", "[]", '{"type": "nothing"}', {"heap": -1}, {"index": "x"}):
        with pytest.raises(ValueError):
            game.parse_action(garbage)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_an_illegal_action_changes_nothing(game, options):
    n = seats_of(game, options)
    seen: list[Any] = []  # actions legal at some earlier point of the game

    def check(state: Any) -> None:
        before = game.dump_state(state)
        awaited = game.awaiting(state)
        legal = {game.dump_action(a) for s in awaited for a in game.legal_actions(state, s)}
        for seat in range(n):
            for action in seen[-8:]:
                if seat in awaited and game.dump_action(action) in legal:
                    continue
                with pytest.raises(IllegalAction):
                    game.apply(state, action, seat)
                assert game.dump_state(state) == before
        seen.extend(a for s in awaited for a in list(game.legal_actions(state, s))[:3])

    for seed in SEEDS[:3]:
        play_random(game, options, seed, check)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_copy_and_a_determinization_leave_the_original_alone(game, options):
    rng = random.Random(1)

    def check(state: Any) -> None:
        before = game.dump_state(state)
        branch = game.copy(state)
        for seat in game.awaiting(branch)[:1]:
            game.apply(branch, game.legal_actions(branch, seat)[0], seat)
        game.determinize(state, game.awaiting(state)[0], rng)
        assert game.dump_state(state) == before

    for seed in SEEDS[:3]:
        play_random(game, options, seed, check)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_view_does_not_depend_on_what_the_seat_cannot_see(game, options):
    """A determinization for a seat redraws everything hidden from it; that seat's view
    of it must be the same, its own legal actions too, and it must still be a consistent
    game to play on. Other seats' hands may be redrawn (so their legal actions may
    differ), and who has already answered a simultaneous decision is hidden as well
    (Family Business, RULING R31): the sample awaits at least the seats the game awaits."""
    n = seats_of(game, options)
    rng = random.Random(2)

    def check(state: Any) -> None:
        for seat in range(n):
            sample = game.determinize(state, seat, rng)
            assert game.view(sample, seat) == game.view(state, seat)
            assert set(game.awaiting(state)) <= set(game.awaiting(sample))
            assert (seat in game.awaiting(sample)) == (seat in game.awaiting(state))
            if seat in game.awaiting(state):
                assert [game.dump_action(a) for a in game.legal_actions(sample, seat)] == [
                    game.dump_action(a) for a in game.legal_actions(state, seat)
                ]
        assert game.view(state, None) == game.view(game.determinize(state, 0, rng), None)

    for seed in SEEDS[:3]:
        play_random(game, options, seed, check)
