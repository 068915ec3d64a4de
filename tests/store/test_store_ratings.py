"""Glicko-2 ratings: the formula, updates after duels, and exact recomputation."""

from __future__ import annotations

import math
import random

import pytest

from db import Store
from db import glicko as gl
from db.rows import PROVISIONAL_RD
from tests.stored_games import finish

from .hand_clock import FakeClock
from .raw_sql import execute


def test_glickman_paper_example() -> None:
    """Glickman's worked example (tau 0.5): 1464.06 / 151.52 / 0.05999."""

    class PaperPlayer(gl._Player):
        _tau = 0.5

    p = PaperPlayer(rating=1500, rd=200, vol=0.06)
    p.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    assert p.rating == pytest.approx(1464.06, abs=0.01)
    assert p.rd == pytest.approx(151.52, abs=0.01)
    assert p.vol == pytest.approx(0.059996, abs=1e-6)  # the package's own _f gives 0.059993


def _paper_update(
    r: float, rd: float, vol: float, opp: tuple[float, float], score: float, tau: float
) -> tuple[float, float, float]:
    """Glickman, "Example of the Glicko-2 system", steps 2-8, written out independently."""
    k = 173.7178
    mu, phi, mu_j, phi_j = (r - 1500) / k, rd / k, (opp[0] - 1500) / k, opp[1] / k
    g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
    e = 1 / (1 + math.exp(-g * (mu - mu_j)))
    v = 1 / (g**2 * e * (1 - e))
    delta = v * g * (score - e)
    a = math.log(vol**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        n = 1
        while f(a - n * tau) < 0:
            n += 1
        big_b = a - n * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    new_vol = math.exp(big_a / 2)
    phi_star = math.sqrt(phi**2 + new_vol**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * g * (score - e)
    return new_mu * k + 1500, new_phi * k, new_vol


def test_rating_steps_follow_the_paper_with_lichess_tau() -> None:
    """tau = 0.75 and the paper's f: checked against an independent implementation."""
    rng = random.Random(3)
    a, b = gl.Glicko(), gl.Glicko()
    for _ in range(40):
        winner = rng.choice([0, 1, None])
        score = 0.5 if winner is None else float(winner == 0)
        ref_a = _paper_update(*a, (b.rating, b.rd), score, 0.75)
        ref_b = _paper_update(*b, (a.rating, a.rd), 1 - score, 0.75)
        a, b = gl.rate_game(a, b, winner)
        for got, ref in ((a, ref_a), (b, ref_b)):
            assert got.rating == pytest.approx(ref[0], abs=1e-6)
            assert got.rd == pytest.approx(min(max(ref[1], gl.MIN_RD), gl.MAX_RD), abs=1e-6)
            assert got.volatility == pytest.approx(min(ref[2], gl.MAX_VOLATILITY), abs=1e-9)


def test_rate_game_is_symmetric_and_bounded() -> None:
    new = gl.Glicko()
    win, loss = gl.rate_game(new, new, 0)
    assert win.rating > 1500 > loss.rating
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)
    assert win.rd == loss.rd < 350
    draw0, draw1 = gl.rate_game(new, new, None)
    assert draw0.rating == pytest.approx(1500) and draw1 == draw0
    # a long series never pushes RD below lichess's floor or volatility over its cap
    a, b = new, new
    for i in range(300):
        a, b = gl.rate_game(a, b, i % 2)
    assert a.rd >= gl.MIN_RD and b.rd >= gl.MIN_RD
    assert a.volatility <= gl.MAX_VOLATILITY


async def test_duel_updates_both_ratings_and_history(store: Store) -> None:
    game = await finish(store, (11, 22), winner=1)
    r11, r22 = await store.rating(11), await store.rating(22)
    expected_loss, expected_win = gl.rate_game(gl.Glicko(), gl.Glicko(), 1)
    assert (r22.rating, r22.rd, r22.volatility) == expected_win
    assert (r11.rating, r11.rd, r11.volatility) == expected_loss
    assert (r22.games, r22.wins, r22.losses, r22.draws) == (1, 1, 0, 0)
    assert (r11.games, r11.wins, r11.losses, r11.draws) == (1, 0, 1, 0)
    assert r11.provisional and r11.rd > PROVISIONAL_RD
    history = (await store.player_stats(22)).rating_history
    assert [(h.game_id, h.rating) for h in history] == [(game.id, r22.rating)]


async def test_forfeit_and_timeout_are_losses_draw_is_half(store: Store) -> None:
    await finish(store, (11, 22), winner=1, reason="forfeit")
    await finish(store, (33, 44), winner=1, reason="timeout")
    await finish(store, (55, 66), winner=1)
    await finish(store, (77, 88), winner=None)
    r = await store.stored_ratings()
    assert r[11].rating == r[33].rating == r[55].rating < 1500
    assert r[11].losses == r[33].losses == 1
    assert r[77].rating == pytest.approx(1500) and r[77].draws == r[88].draws == 1


async def test_solo_and_ai_games_are_not_rated(store: Store) -> None:
    await finish(
        store, (11, 0), winner=0, mode="solo", guild_id=None, level=2, first_seat=0, high_score=50
    )
    await finish(store, (0, 11), winner=1, mode="ai")
    assert await store.stored_ratings() == {}
    assert await store.rating(11) is None


async def test_recompute_equals_stored_after_many_games(store: Store, clock: FakeClock) -> None:
    rng = random.Random(7)
    players = [101, 102, 103, 104, 105, 106]
    for _ in range(60):
        a, b = rng.sample(players, 2)
        winner = rng.choice([0, 1, 1, None])
        reason = "score" if winner is None else rng.choice(["score", "score", "forfeit", "timeout"])
        await finish(store, (a, b), winner=winner, reason=reason, guild_id=rng.choice([1, 2]))
        clock.advance(minutes=rng.randint(1, 90))
    stored = await store.stored_ratings()
    assert set(stored) == set(players)
    assert sum(r.games for r in stored.values()) == 120
    assert len({round(r.rating, 6) for r in stored.values()}) > 1  # something happened
    assert await store.recompute_ratings() == stored

    assert await store.rebuild_ratings() == 60
    assert await store.stored_ratings() == stored
    assert await store.recompute_ratings() == stored


async def test_recompute_catches_a_tampered_rating(store: Store) -> None:
    await finish(store, (11, 22), winner=0)
    await execute(store, "UPDATE ratings SET rating = rating + 1 WHERE user_id = 11")
    assert await store.recompute_ratings() != await store.stored_ratings()
    await store.rebuild_ratings()
    assert await store.recompute_ratings() == await store.stored_ratings()
