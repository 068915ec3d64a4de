"""The public table cannot leak hidden information (a property test on engine states).

Two states that differ only in what is hidden — which cards each hand holds (same
counts) and the order of the draw pile — must render the public table byte-identically:
the embed the cogs post (``cogs.game_texts``), the PNG they attach, and the render
package's own table embed and image. The states come from real games: a random seed
and random legal moves, then the hidden cards are dealt again at random.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cogs import game_texts
from cogs.render import table_embed, table_png
from db.rows import GameRow
from engine.famiglia import GameState, new_game, view
from engine.famiglia.cards import N_KINDS

NAMES = ("Alice", "Bob")
RECENT = ["Alice took A3 from the Street", "Bob passed"]
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def played(seed: int, steps: int, mode: str, rnd: random.Random) -> GameState:
    """Up to ``steps`` random legal actions, stopping before the game ends (at the end
    every hand is scored in the open: nothing is hidden any more)."""
    level = rnd.randint(1, 4) if mode == "solo" else None
    state = new_game(seed, mode=mode, level=level)  # type: ignore[arg-type]
    for _ in range(steps):
        after = state.copy()
        after.apply(rnd.choice(state.legal_actions()))
        if after.over:
            break
        state = after
    return state


def hidden_twin(state: GameState, rnd: random.Random, keep: int | None = None) -> GameState:
    """Deal the hands (but seat ``keep``'s) and the draw pile again: same cards, same sizes."""
    twin = state.copy()
    pool = list(twin.draw)
    hands = [h for seat, h in enumerate(twin.hands) if seat != keep]
    for hand in hands:
        pool += [k for k in range(N_KINDS) for _ in range(hand[k])]
    rnd.shuffle(pool)
    for hand in hands:
        size = sum(hand)
        hand[:] = [0] * N_KINDS
        for k in pool[:size]:
            hand[k] += 1
        del pool[:size]
    twin.draw = pool
    return twin


def game_row(state: GameState, status: str = "active") -> GameRow:
    return GameRow(
        id=7, mode=state.mode, guild_id=1, channel_id=2, players=(11, 22), status=status,
        seed=state.seed, options={"names": list(NAMES)}, state_json=state.to_json(),
        version=3, action_count=2, table_channel_id=2, table_message_id=3, deadline=None,
        reminder_at=None, reminder_sent=False, created_at=NOW, updated_at=NOW,
        finished_at=None,
    )  # fmt: skip


def public_rendering(state: GameState) -> tuple[dict, bytes, dict, bytes]:
    game = game_row(state)
    embed, file = game_texts.table(game, state, RECENT)
    png = file.fp.read()
    pv = view(state, None)
    return embed.to_dict(), png, table_embed(pv, NAMES, RECENT).to_dict(), table_png(pv, NAMES)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(1, 2**62),
    steps=st.integers(0, 400),
    mode=st.sampled_from(["duel", "duel", "solo"]),
    rnd=st.randoms(use_true_random=False),
)
def test_hidden_cards_and_pile_order_do_not_change_the_public_table(seed, steps, mode, rnd):
    state = played(seed, steps, mode, rnd)
    twin = hidden_twin(state, rnd)
    assert [sum(h) for h in twin.hands] == [sum(h) for h in state.hands]
    assert public_rendering(twin) == public_rendering(state)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 2**62), steps=st.integers(0, 400), rnd=st.randoms(use_true_random=False))
def test_the_waiting_players_own_view_hides_the_movers_hand(seed, steps, rnd):
    """The player who waits sees their own hand, never what the mover's hand allows."""
    state = played(seed, steps, "duel", rnd)
    waiting = 1 - state.current
    twin = hidden_twin(state, rnd, keep=waiting)
    game = game_row(state)
    mine, theirs = game_texts.hand(game, state, waiting), game_texts.hand(game, twin, waiting)
    assert mine.to_dict() == theirs.to_dict()
    assert view(state, waiting) == view(twin, waiting)


def test_the_twin_really_differs_so_the_property_can_fail():
    """Guard against a vacuous property: the twins do hide different cards."""
    rnd = random.Random(5)
    state = played(99, 30, "duel", rnd)
    twins = [hidden_twin(state, rnd) for _ in range(10)]
    assert any(t.hands != state.hands for t in twins)
    assert any(t.draw != state.draw for t in twins)
    # and a hand shown by mistake would be caught: the player's own embed does differ
    differing = [t for t in twins if t.hands[0] != state.hands[0]]
    game = game_row(state)
    assert any(
        game_texts.hand(game, t, 0).to_dict() != game_texts.hand(game, state, 0).to_dict()
        for t in differing
    )
