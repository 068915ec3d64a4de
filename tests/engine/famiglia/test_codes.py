"""The one vocabulary (engine.famiglia.codes) keeps the values saved games hold: states
and actions saved by the release before it load, continue and end exactly as then."""

from __future__ import annotations

import json
from pathlib import Path

from engine.famiglia.actions import parse_action
from engine.famiglia.codes import Family, Op, Pending, Stage
from engine.famiglia.state import GameState

FIXTURE = Path(__file__).with_name("fixtures") / "saved_games_before_codes.json"


def test_the_codes_keep_their_stored_values():
    assert [(m.name, m.value) for m in Op] == [
        ("REFRESH", 0),
        ("ACCOUNTANT", 1),
        ("EXCHANGE_TAKE", 2),
        ("EXCHANGE_DONE", 3),
        ("EXCHANGE_GIVE", 4),
        ("BRUTE", 5),
        ("BRUTE_TARGET", 6),
        ("BRUTE_AMOUNT", 7),
        ("TAKE", 8),
        ("PAY", 9),
        ("PASS", 10),
        ("ROBOT_TURN", 11),
    ]
    assert [m.value for m in Pending] == [0, 1, 2, 3, 4, 5]
    assert Pending(0) is Pending.MAIN
    assert [(m.name, m.value) for m in Stage] == [
        ("REFRESH", 0),
        ("ACCOUNTANT", 1),
        ("BRUTE", 2),
        ("TAKE", 3),
    ]
    assert [(m.name, m.value) for m in Family] == [
        ("FAMIGLIA", 0),
        ("ACCOUNTANT", 1),
        ("BRUTE", 2),
        ("MERCENARY", 3),
    ]


def test_games_saved_by_the_release_before_continue_and_end_as_they_did():
    games = json.loads(FIXTURE.read_text())
    assert len(games) == 5
    for game in games:
        state = GameState.from_json(game["saved"])
        assert state.to_json() == game["saved"]  # byte for byte
        for action in game["actions"]:
            state.apply(parse_action(action))
            assert state.to_json() == GameState.from_json(state.to_json()).to_json()
        assert state.over
        assert state.to_json() == game["final"]
