"""The AI's decision for a seat of a game for 2-6 players, as the worker pool runs it:
JSON in, the engine's action JSON out, legal for that seat; each decision its own seed."""

from __future__ import annotations

from bot.services.multi_rules import decide, decision_seed
from engine.family_business import GAME, FBOptions


def test_the_ai_answers_a_legal_action_for_its_seat_with_a_seed_per_decision() -> None:
    state = GAME.new(42, FBOptions(seats=4))
    seat = GAME.awaiting(state)[0]
    seed = decision_seed(42, 0, seat)
    text = decide("family_business", GAME.dump_state(state), seat, "easy", seed)
    assert GAME.parse_action(text) in GAME.legal_actions(state, seat)
    assert decision_seed(42, 0, seat) != decision_seed(42, 1, seat)
