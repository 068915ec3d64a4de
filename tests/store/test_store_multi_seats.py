"""Games of 2-6 seats (mode 'multi', migration 3): seats stored in order with AI seats
and their strength, a lobby's seats changing under the version check, a person who
left keeping their seat for the AI, and the schema refusing what no seat can be."""

from __future__ import annotations

import pytest

from db import GameRow, Store, VersionConflict
from db.rows import ROBOT, Seat

from .raw_sql import SCHEMA_REFUSALS, execute

ANN, BOB, CY = 101, 102, 103


def _seats(*people: int, ai: int = 0) -> tuple[Seat, ...]:
    humans = tuple(Seat(user_id=u, name=f"p{u}") for u in people)
    robots = tuple(Seat(user_id=ROBOT, name=f"AI {i + 1}", ai="hard") for i in range(ai))
    return humans + robots


async def _lobby(store: Store, seats: tuple[Seat, ...], channel_id: int = 700) -> GameRow:
    return await store.create_game(
        mode="multi",
        guild_id=1,
        channel_id=channel_id,
        seats=seats,
        seed=99,
        state_json="{}",
        status="challenge",
        game="family_business",
    )


async def test_a_four_seat_game_keeps_its_seats_in_order_with_the_ai_strengths(
    store: Store,
) -> None:
    game = await _lobby(store, _seats(ANN, BOB, ai=2))
    stored = await store.get_game(game.id)
    assert stored == game
    assert stored.players == (ANN, BOB, ROBOT, ROBOT)
    assert [s.ai for s in stored.seats] == [None, None, "hard", "hard"]
    assert [s.name for s in stored.seats] == ["p101", "p102", "AI 1", "AI 2"]
    assert stored.seat_of(BOB) == 1 and stored.seat_of(ROBOT) is None


async def test_a_person_in_seat_four_finds_the_game_among_their_open_games(store: Store) -> None:
    game = await _lobby(store, (*_seats(ANN, ai=3), Seat(user_id=CY, name="Cy")))
    assert [g.id for g in await store.open_games_for_user(CY)] == [game.id]
    assert [g.id for g in await store.open_games_for_user(ANN)] == [game.id]
    assert await store.open_games_for_user(BOB) == []


async def test_a_lobby_fills_seat_by_seat_and_a_stale_change_is_refused(store: Store) -> None:
    lobby = await _lobby(store, _seats(ANN))
    assert lobby.players == (ANN,)
    joined = await store.set_status(
        lobby.id, expected_version=lobby.version, status="challenge", seats=_seats(ANN, BOB)
    )
    assert joined.players == (ANN, BOB) and joined.version == lobby.version + 1
    with pytest.raises(VersionConflict):
        await store.set_status(
            lobby.id, expected_version=lobby.version, status="challenge", seats=_seats(ANN, CY)
        )
    assert (await store.get_game(lobby.id)).players == (ANN, BOB)  # type: ignore[union-attr]


async def test_starting_stores_the_state_and_the_final_seats_in_one_change(store: Store) -> None:
    lobby = await _lobby(store, _seats(ANN, BOB))
    started = await store.set_status(
        lobby.id,
        expected_version=lobby.version,
        status="active",
        state_json='{"seats":3}',
        seats=_seats(ANN, BOB, ai=1),
    )
    assert (started.status, started.state_json) == ("active", '{"seats":3}')
    assert started.players == (ANN, BOB, ROBOT)


async def test_a_person_who_leaves_keeps_the_seat_played_on_by_the_ai(store: Store) -> None:
    game = await _lobby(store, _seats(ANN, BOB, CY))
    left = (game.seats[0], game.seats[1].model_copy(update={"ai": "medium", "left_place": 3}))
    moved = await store.commit_move(
        game.id,
        expected_version=game.version,
        actor=BOB,
        actions=['{"t":"no_counter"}'],
        state_json='{"turn":2}',
        status="active",
        deadline=None,
        seats=(*left, game.seats[2]),
    )
    seat = moved.seats[1]
    assert (seat.user_id, seat.ai, seat.left_place, seat.played_by_ai) == (BOB, "medium", 3, True)
    assert moved.players == (ANN, BOB, CY) and moved.action_count == 1
    assert (await store.get_game(game.id)) == moved


async def test_a_person_sits_once_and_seven_seats_are_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="one seat"):
        await _lobby(store, _seats(ANN, ANN))
    with pytest.raises(ValueError, match="1 to 6 seats"):
        await _lobby(store, _seats(ANN, ai=6))
    with pytest.raises(ValueError, match="two players"):
        await store.create_game(
            mode="duel",
            guild_id=1,
            channel_id=5,
            seats=_seats(ANN, BOB),
            seed=1,
            state_json="{}",
        )


async def test_two_seat_games_have_no_seats_to_change(store: Store) -> None:
    duel = await store.create_game(
        mode="duel", guild_id=1, channel_id=6, players=(ANN, BOB), seed=1, state_json="{}"
    )
    with pytest.raises(ValueError, match="no seats"):
        await store.set_status(
            duel.id, expected_version=duel.version, status="active", seats=_seats(ANN, BOB)
        )
    assert (await store.get_game(duel.id)).version == duel.version  # type: ignore[union-attr]


def test_an_ai_seat_without_a_strength_is_not_a_seat() -> None:
    with pytest.raises(ValueError, match="strength"):
        Seat(user_id=ROBOT, name="AI")


@pytest.mark.parametrize(
    "values",
    [
        "0, 'AI', NULL, NULL",  # an AI seat names its strength
        "5, 'Ann', 'grandmaster', NULL",  # no such strength
        "5, 'Ann', NULL, 7",  # seven places at most six
    ],
)
async def test_the_schema_refuses_what_no_seat_can_be(store: Store, values: str) -> None:
    game = await _lobby(store, _seats(ANN))
    with pytest.raises(SCHEMA_REFUSALS):
        await execute(
            store,
            f"INSERT INTO seats (game_id, seat, user_id, name, ai, left_place)"
            f" VALUES ($1, 3, {values})",
            game.id,
        )
