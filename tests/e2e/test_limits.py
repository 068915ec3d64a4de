"""The largest states the engine produces stay inside Discord's limits when shown:
table and hand embeds, the controls of every decision, labels and custom ids."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.services.choices import choices
from cogs import game_texts
from cogs.move_views import hand_controls, move_controls, table_controls
from cogs.nonces import nonce
from cogs.render import embed_limit_problems
from cogs.table_message import end_nonce
from cogs.turn_pings import ping_nonce
from db.rows import GameRow
from engine.famiglia import GameState, describe_event, new_game
from tests.component_limits import component_problems

LONG = ("Ŵ" * 31 + "!", "𝔐" * 32)  # 32 characters, the longest display names


def game_row(state: GameState, status: str = "active", action_count: int = 999_999) -> GameRow:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return GameRow(
        id=10**17,
        mode="duel",
        guild_id=1,
        channel_id=2,
        players=(3, 4),
        status=status,
        seed=state.seed,
        options={"names": list(LONG)},
        state_json=state.to_json(),
        version=1,
        action_count=action_count,
        table_channel_id=2,
        table_message_id=5,
        deadline=now,
        reminder_at=now,
        reminder_sent=False,
        created_at=now,
        updated_at=now,
        finished_at=None,
    )


def big_states() -> list[tuple[GameState, list[str]]]:
    """States from random games that refresh eagerly (long Streets) and hoard cards."""
    kept: dict[str, tuple[int, GameState, list[str]]] = {}

    def keep(name: str, size: int, state: GameState, lines: list[str]) -> None:
        if name not in kept or size > kept[name][0]:
            kept[name] = (size, state.copy(), list(lines[-8:]))

    for seed in range(150):
        rng = random.Random(seed)
        state = new_game(seed)
        lines: list[str] = []
        while not state.over:
            legal = state.legal_actions()
            eager = [a for a in legal if a.type in ("refresh", "exchange_take", "take")]
            action = rng.choice(eager if eager and rng.random() < 0.8 else legal)
            lines += [describe_event(e, LONG) for e in state.apply(action)]
            keep("street", len(state.street), state, lines)
            keep(f"hand{state.current}", sum(state.hands[state.current]), state, lines)
            keep(f"area{state.current}", sum(state.areas[state.current]), state, lines)
            keep(f"choices-{state.decision}", len(legal), state, lines)
        keep("over", 1, state, lines)
    return [(state, lines) for _, state, lines in kept.values()]


def test_the_largest_states_fit_discord():
    states = big_states()
    assert max(len(s.street) for s, _ in states) >= 10  # the search found long Streets
    for state, lines in states:
        status = "finished" if state.over else "active"
        game = game_row(state, status)
        embed, _file = game_texts.table(game, state, lines)
        assert embed_limit_problems(embed) == [], (state, lines)
        for seat in (0, 1):
            assert embed_limit_problems(game_texts.hand(game, state, seat)) == []
            assert component_problems(hand_controls(game, state, seat)) == []
        assert component_problems(table_controls(game)) == []
        if not state.over:
            view = move_controls(game, state)
            assert component_problems(view) == [], state.decision
            shown = {
                part.get("custom_id", "")
                for row in view.to_components()
                for part in row["components"]
            }
            offered = {
                o["value"]
                for row in view.to_components()
                for part in row["components"]
                for o in part.get("options", [])
            }
            offered |= {cid.rsplit(":", 1)[1] for cid in shown if cid.startswith("fam:do:")}
            # every distinct legal choice can be clicked (none was cut to fit)
            assert {c.value for c in choices(state)} <= offered, state.decision


def test_a_forfeited_table_fits_too():
    state, lines = max(big_states(), key=lambda item: len(item[0].street))
    game = game_row(state, "forfeited")
    embed, _ = game_texts.table(game, state, lines)
    assert embed_limit_problems(embed) == []


def test_every_message_nonce_fits_discords_25_characters_however_large_the_game() -> None:
    """A window's nonce of a six-digit game id was longer than Discord takes: Discord
    refused the announcement on every try, and the window passed unannounced."""
    most = 2**63 - 1  # ids, versions, turns and deadlines as large as the database holds
    made = [
        ping_nonce(most, most),
        ping_nonce(most, most, again=True),
        end_nonce(most),
        nonce("window", most, most, most),
    ]
    assert all(len(n) <= 25 for n in made), made
    assert len(set(made)) == len(made)
    assert ping_nonce(12, 5) == ping_nonce(12, 5) != ping_nonce(12, 6) != ping_nonce(13, 5)
    assert ping_nonce(12, 5) != ping_nonce(12, 5, again=True)
