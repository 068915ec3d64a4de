"""The solo table and the robot's report, without Discord: every state of many games.

* the report names the card the robot took, the step the engine says chose it, and the
  place in the Street it came from (checked against the Street when he did not refresh);
* the DM table (table + hand embeds, image, controls) stays inside Discord's limits and
  offers exactly the engine's legal choices to the player.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.services.choices import key_text
from bot.services.solo import History, replay_history, robot_report
from cogs.render import embed_limit_problems
from cogs.solo_table import table_payload
from db.rows import GameRow
from engine.famiglia import GameState, dump_action, new_game
from engine.famiglia.actions import from_key
from engine.famiglia.cards import code
from engine.famiglia.policies import eager_policy, greedy_policy
from tests.component_limits import component_problems

from .solo_play import ROBOT_KEY

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def _row(state: GameState, actions: list[str], status: str = "active") -> GameRow:
    return GameRow(
        id=7,
        mode="solo",
        guild_id=None,
        channel_id=5,
        players=(42, 0),
        status=status,
        seed=state.seed,
        options={"names": ["Ann", "Robot gangster"], "first": state.first, "level": state.level},
        state_json=state.to_json(),
        version=len(actions),
        action_count=len(actions),
        table_channel_id=5,
        table_message_id=9,
        deadline=None,
        reminder_at=None,
        reminder_sent=False,
        created_at=NOW,
        updated_at=NOW,
        finished_at=None if status == "active" else NOW,
    )


def _games(count: int):
    """(state before, key, events) of every decision of ``count`` solo games."""
    for n in range(count):
        policy = greedy_policy if n % 2 else eager_policy
        rng = random.Random(n)
        state = new_game(1000 + n, mode="solo", first=n % 2, level=1 + n % 4)
        while not state.over:
            key = ROBOT_KEY if state.decision == "robot" else policy(state, rng)
            before = state.copy()
            events = state.apply_key(key)
            yield before, key, events, state


def test_the_report_names_the_robots_card_step_and_place():
    checked_places = 0
    for before, key, events, after in _games(40):
        if key != ROBOT_KEY:
            continue
        report = robot_report(before, events)
        assert report is not None
        step = next(e for e in events if e.kind == "robot_step")
        assert report.step == step.amount and report.why == step.note
        if report.card is None:
            continue
        gained = [k for k in range(20) if after.areas[1][k] > before.areas[1][k]]
        assert [code(k) for k in gained] == [report.card]
        assert len(report.refreshes) == sum(e.kind == "refresh" for e in events)
        if not report.refreshes and not any(e.kind == "refill" for e in events):
            street = [code(k) for k in before.street]
            assert street.pop(report.position - 1) == report.card
            assert [code(k) for k in after.street] == street
            checked_places += 1
    assert checked_places > 200


async def test_dm_table_within_limits_and_controls_are_the_legal_moves():
    for n in range(4):
        state = new_game(77 + n, mode="solo", first=n % 2, level=1 + n % 4)
        rng = random.Random(n)
        log: list[str] = []
        while True:
            game = _row(state, log, "active" if not state.over else "finished")
            history = replay_history(game, log)
            payload = table_payload(game, state, history)
            problems = embed_limit_problems(*payload["embeds"])
            assert not problems, problems
            assert not component_problems(payload["view"]), component_problems(payload["view"])
            if state.over:
                break
            if state.decision != "robot":
                offered = set()
                for row in payload["view"].to_components():
                    for part in row["components"]:
                        offered |= {o["value"] for o in part.get("options", [])}
                        if part.get("custom_id", "").startswith("fam:do:"):
                            offered.add(part["custom_id"].rsplit(":", 1)[1])
                legal = {key_text(from_key(k)) for k in state.legal_keys()}
                assert offered == legal
            key = ROBOT_KEY if state.decision == "robot" else greedy_policy(state, rng)
            state.apply_key(key)
            log.append(dump_action(from_key(key)))
        assert isinstance(history, History) and history.robot is not None
