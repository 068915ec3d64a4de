"""The service of games for 2-6 players, without Discord: a lobby filled and started, a
whole game played by people and AI seats with every answer through the service, a
window closed at its deadline with silent seats answering no counter (RULING R13), a
person leaving (placed as eliminated then), strangers and stale controls refused, and
the log replaying to the stored state."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest

from bot.services.multi_games import MultiService
from bot.services.multi_rules import parse_move, rules_of
from bot.services.reads import Refusal
from db.rows import ROBOT, GameRow
from engine.family_business import GAME, FBOptions
from engine.game import replay

ANN, BOB, CY = 101, 102, 103
FB = "family_business"


async def _started(multi: MultiService, *, ai: int = 1) -> GameRow:
    lobby = await multi.open_lobby(1, 500, ANN, "Ann", 4, FB)
    await multi.join(lobby.game.id, BOB, "Bob")
    for _ in range(ai):
        await multi.add_ai(lobby.game.id, ANN, "easy")
    return (await multi.start(lobby.game.id, ANN)).game


async def _ai_until_people(multi: MultiService, game_id: int) -> None:
    while await multi.ai_step(game_id) is not None:
        pass


async def _person_plays(multi: MultiService, game_id: int, rng: random.Random) -> None:
    game, state = await multi.load(game_id)
    seat = next(s for s in GAME.awaiting(state) if not game.seats[s].played_by_ai)
    action = rng.choice(GAME.legal_actions(state, seat))
    await multi.play(game_id, game.players[seat], GAME.dump_action(action))


async def test_a_lobby_fills_and_only_its_host_starts_it_with_two_seats(multi) -> None:
    lobby = await multi.open_lobby(1, 501, ANN, "Ann", 3, FB)
    with pytest.raises(Refusal, match="at least two"):
        await multi.start(lobby.game.id, ANN)
    await multi.join(lobby.game.id, BOB, "Bob")
    with pytest.raises(Refusal, match="Only the player who opened"):
        await multi.start(lobby.game.id, BOB)
    await multi.add_ai(lobby.game.id, ANN, "hard")
    with pytest.raises(Refusal, match="full"):
        await multi.join(lobby.game.id, CY, "Cy")
    started = await multi.start(lobby.game.id, ANN)
    assert started.game.status == "active" and started.game.players == (ANN, BOB, ROBOT)
    with pytest.raises(Refusal, match="closed"):
        await multi.join(lobby.game.id, CY, "Cy")


async def test_one_game_or_lobby_per_channel(multi) -> None:
    await multi.open_lobby(1, 502, ANN, "Ann", 3, FB)
    with pytest.raises(Refusal, match="already"):
        await multi.open_lobby(1, 502, BOB, "Bob", 3, FB)


async def test_a_whole_game_by_people_and_ai_ends_with_placings_and_ratings(multi) -> None:
    game = await _started(multi, ai=2)
    rng = random.Random(3)
    for _ in range(3000):
        await _ai_until_people(multi, game.id)
        game, _ = await multi.load(game.id)
        if game.status != "active":
            break
        await _person_plays(multi, game.id, rng)
    assert game.status == "finished"
    result = await multi.store.get_result(game.id)
    assert result is not None and sorted(result.places)[0] == 1
    assert await multi.store.multi_rating(FB, ANN) is not None
    assert await multi.store.multi_rating(FB, ROBOT) is None
    log = await multi.store.action_log(game.id)
    moves = [parse_move(GAME, row.action_json) for row in log]
    rebuilt = replay(GAME, game.seed, FBOptions(seats=4), moves)
    assert GAME.dump_state(rebuilt) == game.state_json


async def _to_window(multi: MultiService, game_id: int) -> tuple[GameRow, Any]:
    rng = random.Random(11)
    rules = rules_of(FB)
    for _ in range(3000):
        await _ai_until_people(multi, game_id)
        game, state = await multi.load(game_id)
        if rules.window_open(state):
            return game, state
        await _person_plays(multi, game_id, rng)
    raise AssertionError("no window opened")


async def test_a_window_closes_at_its_deadline_and_silent_seats_answer_no_counter(multi) -> None:
    """Rules 5.5 and RULING R13: no answer counts as no counter."""
    game = await _started(multi, ai=0)  # two people: every responder is a person
    game, _ = await _to_window(multi, game.id)
    assert game.deadline == multi.clock() + timedelta(seconds=60)
    multi.base.clock.now = game.deadline  # type: ignore[attr-defined]
    (closed,) = await multi.due()
    assert not rules_of(FB).window_open(closed.state)
    assert any(e["kind"] in ("no_counter", "countered") for e in closed.events)
    last = (await multi.store.action_log(game.id))[-1]
    assert parse_move(GAME, last.action_json)[1] == ("no_counter", 0)


async def test_an_answer_drawn_for_an_earlier_turn_is_refused(multi) -> None:
    game = await _started(multi, ai=0)
    game, state = await _to_window(multi, game.id)
    responder = next(iter(GAME.awaiting(state)))
    with pytest.raises(Refusal, match="earlier moment"):
        await multi.play(
            game.id, game.players[responder], '{"kind":"no_counter"}', turn=state.turn - 1
        )
    moved = await multi.play(
        game.id, game.players[responder], '{"kind":"no_counter"}', turn=state.turn
    )
    assert moved.game.action_count == game.action_count + 1


async def test_strangers_and_garbage_are_refused_and_change_nothing(multi) -> None:
    game = await _started(multi)
    with pytest.raises(Refusal, match="not playing"):
        await multi.play(game.id, CY, '{"kind":"discard","card":"hit"}')
    _, state = await multi.load(game.id)
    person = next(s for s in GAME.awaiting(state) if game.players[s] != ROBOT)
    with pytest.raises(Refusal, match="not a move"):
        await multi.play(game.id, game.players[person], '{"kind":"fly"}')
    assert (await multi.store.get_game(game.id)).version == game.version  # type: ignore[union-attr]


async def test_a_person_who_leaves_is_placed_last_and_the_ai_plays_on(multi) -> None:
    lobby = await multi.open_lobby(1, 503, ANN, "Ann", 3, FB)
    await multi.join(lobby.game.id, BOB, "Bob")
    await multi.join(lobby.game.id, CY, "Cy")
    game = (await multi.start(lobby.game.id, ANN)).game
    left = await multi.leave(game.id, CY)
    assert left.left == 2 and left.game.seats[2].left_place == 3
    assert left.game.seats[2].played_by_ai and left.game.status == "active"
    with pytest.raises(Refusal, match="no longer in this game"):
        await multi.play(game.id, CY, '{"kind":"no_counter"}')


async def test_when_the_last_person_leaves_the_game_ends_with_their_places(multi) -> None:
    game = await _started(multi, ai=1)  # Ann, Bob, AI
    await multi.leave(game.id, ANN)
    ended = await multi.leave(game.id, BOB)
    assert ended.ended and ended.game.status == "finished"
    result = await multi.store.get_result(game.id)
    assert result is not None and result.places == (3, 2, 1)
