"""Results of games for 2-6 players: placings per seat (shared places, people who left
placed where they left), and Bradley-Terry ratings (openskill) for the people only,
written in the final move's transaction, recomputable from the placings, on a board;
people sharing a place never rated below a worse place; ratings of the model before
rebuilt once after the migration that changed it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from db import ResultRecord, Store
from db.rows import ROBOT, Seat
from tests.stored_games import finish

from .raw_sql import SCHEMA_REFUSALS, execute

FB = "family_business"
ANN, BOB, CY, DEE, EVE = 101, 102, 103, 104, 105
_channels = iter(range(8000, 9000))


def _seat(user: int, *, left_place: int | None = None) -> Seat:
    if user == ROBOT:
        return Seat(user_id=ROBOT, name="AI", ai="medium")
    ai = "medium" if left_place is not None else None
    return Seat(user_id=user, name=f"p{user}", ai=ai, left_place=left_place)


async def _finish(
    store: Store,
    seats: tuple[Seat, ...],
    placing: tuple[tuple[int, ...], ...],
    *,
    guild_id: int = 1,
) -> int:
    """A multi game created, started and ended by its final move with this placing."""
    game = await store.create_game(
        mode="multi",
        guild_id=guild_id,
        channel_id=next(_channels),
        seats=seats,
        seed=5,
        state_json="{}",
        status="active",
        game=FB,
    )
    first = placing[0]
    record = ResultRecord(placing=placing, winner=first[0] if len(first) == 1 else None)
    await store.commit_move(
        game.id,
        expected_version=game.version,
        actor=seats[0].user_id,
        actions=['{"t":"discard"}'],
        state_json='{"over":true}',
        status="finished",
        deadline=None,
        result=record,
    )
    return game.id


async def test_a_result_keeps_every_seats_place_with_shared_places(store: Store) -> None:
    seats = (_seat(ANN), _seat(ROBOT), _seat(BOB), _seat(CY))
    game_id = await _finish(store, seats, ((2,), (0, 3), (1,)))
    result = await store.get_result(game_id)
    assert result is not None
    assert (result.mode, result.winner) == ("multi", 2)
    assert result.players == (ANN, ROBOT, BOB, CY)
    assert result.places == (2, 4, 1, 2)


async def test_people_are_rated_by_their_places_and_ai_seats_not_at_all(store: Store) -> None:
    seats = (_seat(ANN), _seat(ROBOT), _seat(BOB), _seat(CY))
    await _finish(store, seats, ((1,), (2,), (0,), (3,)))  # the AI wins; Bob best person
    ann, bob, cy = [await store.multi_rating(FB, u) for u in (ANN, BOB, CY)]
    assert await store.multi_rating(FB, ROBOT) is None
    assert bob.mu > ann.mu > cy.mu  # type: ignore[union-attr]
    assert (bob.games, bob.wins, ann.wins) == (1, 0, 0)  # type: ignore[union-attr]
    assert await store.rating(ANN) is None  # the two-player rating is untouched


async def test_a_person_who_left_is_rated_at_the_place_they_were_given(store: Store) -> None:
    seats = (_seat(ANN, left_place=3), _seat(BOB), _seat(CY))
    await _finish(store, seats, ((1,), (2,), (0,)))
    places = {u: (await store.multi_rating(FB, u)).mu for u in (ANN, BOB, CY)}  # type: ignore[union-attr]
    assert places[BOB] > places[CY] > places[ANN]


async def test_one_person_among_ai_seats_is_not_rated(store: Store) -> None:
    await _finish(store, (_seat(ANN), _seat(ROBOT), _seat(ROBOT)), ((0,), (1, 2)))
    assert await store.multi_rating(FB, ANN) is None
    assert (await store.multi_board(FB)).total == 0


async def test_r20_a_shared_first_place_is_a_draw_not_a_win(store: Store) -> None:
    await _finish(store, (_seat(ANN), _seat(BOB), _seat(CY)), ((0, 2), (1,)), guild_id=1)
    ann, cy = [await store.multi_rating(FB, u) for u in (ANN, CY)]
    assert ann.wins == cy.wins == 0 and ann.mu == pytest.approx(cy.mu)  # type: ignore[union-attr]
    here = await store.multi_board(FB, guild_id=1)
    assert {r.user_id: r.wins for r in here.rows} == {ANN: 0, BOB: 0, CY: 0}
    await _finish(store, (_seat(ANN), _seat(BOB)), ((0,), (1,)), guild_id=1)  # a win alone
    assert (await store.multi_rating(FB, ANN)).wins == 1  # type: ignore[union-attr]
    assert await store.recompute_multi_ratings(FB) == await store.stored_multi_ratings(FB)


async def test_a_server_board_counts_only_the_rated_games_played_there(store: Store) -> None:
    await _finish(store, (_seat(ANN), _seat(BOB)), ((0,), (1,)), guild_id=1)
    await _finish(store, (_seat(ANN), _seat(ROBOT)), ((0,), (1,)), guild_id=1)  # not rated
    await _finish(store, (_seat(CY), _seat(ROBOT)), ((0,), (1,)), guild_id=1)  # not rated
    here = await store.multi_board(FB, guild_id=1)
    assert [(r.user_id, r.games, r.wins) for r in here.rows] == [(ANN, 1, 1), (BOB, 1, 0)]
    assert here.total == 2
    elsewhere = await store.multi_board(FB, guild_id=2)
    assert elsewhere.total == 0 and elsewhere.rows == []


async def test_stored_ratings_equal_the_placings_replayed_in_order(store: Store) -> None:
    for placing in [((0,), (1,), (2,)), ((2,), (0, 1)), ((1,), (2,), (0,)), ((0, 1, 2),)]:
        await _finish(store, (_seat(ANN), _seat(BOB), _seat(CY)), placing)
    await _finish(store, (_seat(DEE), _seat(ROBOT), _seat(ANN)), ((1,), (2,), (0,)))
    stored = await store.stored_multi_ratings(FB)
    assert set(stored) == {ANN, BOB, CY, DEE}
    assert await store.recompute_multi_ratings(FB) == stored
    assert stored[ANN].games == 5 and stored[DEE].games == 1


async def test_the_board_ranks_by_ordinal_and_a_server_board_counts_its_games(
    store: Store,
) -> None:
    await _finish(store, (_seat(ANN), _seat(BOB), _seat(CY)), ((0,), (1,), (2,)), guild_id=1)
    await _finish(store, (_seat(ANN), _seat(DEE)), ((0,), (1,)), guild_id=2)
    board = await store.multi_board(FB)
    assert [r.user_id for r in board.rows][:2] == [ANN, BOB]
    assert board.rows[0].rank == 1 and board.rows[0].games == 2 and board.rows[0].wins == 2
    assert board.total == 4
    here = await store.multi_board(FB, guild_id=2)
    assert [(r.user_id, r.games) for r in here.rows] == [(ANN, 1), (DEE, 1)]


def test_a_placing_names_every_seat_once_and_its_sole_first_is_the_winner() -> None:
    with pytest.raises(ValidationError, match="exactly once"):
        ResultRecord(placing=((0,), (2,)), winner=0)
    with pytest.raises(ValidationError, match="winner"):
        ResultRecord(placing=((0,), (1,)), winner=1)
    with pytest.raises(ValidationError, match="winner"):
        ResultRecord(placing=((0, 1),), winner=0)
    assert ResultRecord(placing=((1,), (0, 2)), winner=1).places() == [2, 1, 2]


async def test_a_multi_result_without_its_placing_is_refused_and_nothing_is_stored(
    store: Store,
) -> None:
    game = await store.create_game(
        mode="multi",
        guild_id=1,
        channel_id=77,
        seats=(_seat(ANN), _seat(BOB)),
        seed=1,
        state_json="{}",
        status="active",
        game=FB,
    )
    with pytest.raises(ValueError, match="placing"):
        await store.commit_move(
            game.id,
            expected_version=0,
            actor=ANN,
            actions=['{"t":"x"}'],
            state_json="{}",
            status="finished",
            deadline=None,
            result=ResultRecord(totals=(1, 0), winner=0),
        )
    assert (await store.get_game(game.id)).version == 0  # type: ignore[union-attr]
    assert await store.get_result(game.id) is None


async def test_the_schema_refuses_a_seventh_place(store: Store) -> None:
    await _finish(store, (_seat(ANN), _seat(BOB)), ((0,), (1,)))
    with pytest.raises(SCHEMA_REFUSALS):
        await execute(store, "UPDATE placings SET place = 7 WHERE seat = 1")


async def test_a_players_stats_carry_their_family_business_rating(store: Store) -> None:
    await _finish(store, (_seat(ANN), _seat(BOB)), ((0,), (1,)))
    stats = await store.player_stats(ANN)
    assert [(r.game, r.games, r.wins) for r in stats.multi_ratings] == [(FB, 1, 1)]
    assert stats.multi_ratings[0] == await store.multi_rating(FB, ANN)
    assert (await store.player_stats(CY)).multi_ratings == []


async def test_a_family_business_game_leaves_the_famiglia_average_vp_alone(store: Store) -> None:
    await finish(store, (ANN, BOB), winner=0, totals=(41, 37))  # a Famiglia duel
    await _finish(store, (_seat(ANN), _seat(BOB)), ((0,), (1,)))  # no VP in Family Business
    ann, bob = await store.player_stats(ANN), await store.player_stats(BOB)
    assert (ann.average_vp, bob.average_vp) == (41.0, 37.0)


@pytest.mark.parametrize(
    "placing",
    [((0, 1), (2,), (3,), (4,)), ((0,), (1, 2), (3,), (4,)), ((0,), (1,), (2, 3), (4,))],
)
async def test_r21_people_sharing_a_place_are_never_rated_below_a_worse_place(
    store: Store, placing: tuple[tuple[int, ...], ...]
) -> None:
    """Gangs eliminated together share a place (RULING R21). Plackett-Luce rated equal
    newcomers at places 1, 1, 3 so that the third came out best."""
    people = (ANN, BOB, CY, DEE, EVE)
    await _finish(store, tuple(_seat(u) for u in people), placing)
    place = {people[seat]: i for i, group in enumerate(placing) for seat in group}
    rating = {u: await store.multi_rating(FB, u) for u in people}
    for a in people:
        for b in people:
            if place[a] < place[b]:
                ra, rb = rating[a], rating[b]
                assert ra is not None and rb is not None
                assert ra.mu > rb.mu and ra.mu - 3 * ra.sigma > rb.mu - 3 * rb.sigma


async def test_ratings_of_the_model_before_are_rebuilt_once_after_the_migration(
    store_target: str,
) -> None:
    async with await Store.open(store_target) as store:
        await _finish(store, (_seat(ANN), _seat(BOB), _seat(CY)), ((0, 1), (2,)))
        await _finish(store, (_seat(ANN), _seat(CY)), ((1,), (0,)))
        right = await store.stored_multi_ratings(FB)
        # as a database rated by the model before reads: other numbers, the rebuild due
        await execute(store, "UPDATE multi_ratings SET mu = mu + 1")
        await execute(store, "INSERT INTO pending_rebuilds (what) VALUES ('multi_ratings')")
    async with await Store.open(store_target) as store:
        assert await store.stored_multi_ratings(FB) == right
        assert await store.recompute_multi_ratings(FB) == right
        await execute(store, "UPDATE multi_ratings SET mu = mu + 1")  # no rebuild due now
    async with await Store.open(store_target) as store:
        assert (await store.multi_rating(FB, ANN)).mu == pytest.approx(right[ANN].mu + 1)  # type: ignore[union-attr]
