"""A move the database committed but whose answer was lost (PostgreSQL's connection
dropped after the server ran the commit: asyncpg raises, the move is stored) is a move
made: the player is told it was done, the table shows it and the next seat plays (the
AI too). It was treated as failed: "nothing was changed" to a slash command, no answer
to a click, the table left at the move before, and a game against the AI waiting for
ever; a retry made the move twice. A write that really failed is still said to have
failed, without claiming that nothing changed."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from bot.services.ai_games import ai_to_move
from bot.services.games import GameService
from bot.services.modes import DuelOptions
from bot.services.multi_games import MultiService
from bot.settings import Settings
from db.rows import Seat
from db.store import Store
from engine.famiglia import GameState
from tests.reliability.test_discord_failing import table_turn
from tests.simcord_world import World, controls, settings
from tests.store_failures import DROPPED, lose_the_next_answer

PASS = "Pass (take nothing)"


@pytest.fixture
def config(tmp_path: Path) -> Settings:
    return settings(tmp_path / "famiglia.db", ai_time_cap_seconds=0, ai_workers=1)


@pytest.mark.simcord(check_errors=False)
async def test_a_typed_move_whose_answer_was_lost_is_told_done_and_shown(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover = await world.player(game_id, (await world.state(game_id)).current)
    before = await world.game(game_id)
    lost = lose_the_next_answer(monkeypatch)
    answer = await world.slash(mover, "pass")
    assert lost
    assert answer.response is not None and answer.response.content.startswith("✅"), answer
    after = await world.game(game_id)
    assert after.action_count == before.action_count + 1  # stored once
    assert await table_turn(world, game_id) == after.action_count  # the table shows it


@pytest.mark.simcord(check_errors=False)
async def test_a_clicked_move_whose_answer_was_lost_is_answered(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover = await world.player(game_id, (await world.state(game_id)).current)
    hand = await world.open_hand(mover, game_id)
    lost = lose_the_next_answer(monkeypatch)
    result = await mover.click(hand, custom_id=controls(hand)[PASS]["custom_id"])
    assert lost and result.acknowledged
    assert (await world.game(game_id)).action_count == 1


@pytest.mark.simcord(settle_timeout=120, check_errors=False)
async def test_the_ai_plays_after_a_move_whose_answer_was_lost(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await world.slash(world.alice, "ai", strength="easy", first="you")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    hand = await world.open_hand(world.alice, game.id)
    lost = lose_the_next_answer(monkeypatch)
    await world.alice.click(hand, custom_id=controls(hand)[PASS]["custom_id"])
    assert lost
    await world.env.advance_time(60)
    now = await world.game(game.id)
    assert now.action_count >= 2 and not ai_to_move(now, await world.state(game.id))


@pytest.mark.simcord(check_errors=False)
async def test_a_move_that_really_failed_is_said_to_have_failed(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    mover = await world.player(game_id, (await world.state(game_id)).current)
    before = await world.game(game_id)
    lose_the_next_answer(monkeypatch, committed=False)
    answer = await world.slash(mover, "pass")
    assert answer.ephemeral and "could not be confirmed" in answer.response.content
    assert "nothing was changed" not in answer.response.content
    assert (await world.game(game_id)).version == before.version
    assert (await world.slash(mover, "pass")).response.content.startswith("✅")  # a retry


class _CuttingProxy:
    """A TCP proxy to PostgreSQL that, once armed, passes the next statement on and
    then cuts the connection before any answer comes back."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.armed = False
        self.cut = 0
        self.server: asyncio.Server | None = None
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _client(self, cr: asyncio.StreamReader, cw: asyncio.StreamWriter) -> None:
        sr, sw = await asyncio.open_connection(self.host, self.port)
        self.writers += [cw, sw]
        cutting = asyncio.Event()

        async def up() -> None:
            while data := await cr.read(65536):
                sw.write(data)
                await sw.drain()
                if self.armed:
                    self.armed = False
                    cutting.set()  # from now on no answer reaches the bot
                    await asyncio.sleep(0.5)  # the server runs and commits it
                    self.cut += 1
                    cw.transport.abort()
                    sw.transport.abort()
                    return

        async def down() -> None:
            while data := await sr.read(65536):
                if not cutting.is_set():
                    cw.write(data)
                    await cw.drain()

        await asyncio.gather(up(), down(), return_exceptions=True)

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for writer in self.writers:
            writer.transport.abort()


async def test_on_postgresql_a_move_whose_connection_dropped_after_its_commit_stands(
    postgres_url: str,
) -> None:
    url = urlparse(postgres_url)
    assert url.hostname is not None and url.port is not None
    proxy = _CuttingProxy(url.hostname, url.port)
    port = await proxy.start()
    start = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    store = await Store.open(
        postgres_url.replace(f":{url.port}/", f":{port}/"), clock=lambda: start
    )
    direct = await Store.open(postgres_url, clock=lambda: start)
    service = GameService(
        store,
        turn_timeout=timedelta(hours=24),
        challenge_timeout=timedelta(minutes=10),
        clock=lambda: start,
        rng=random.Random(3),
    )
    try:
        opened = await service.start(
            "duel",
            guild_id=1 << 22,
            channel_id=5,
            players=(11, 22),
            options=DuelOptions(names=("Ann", "Bob")),
        )
        game = (await service.answer_challenge(opened.game.id, 22, "accept")).game
        state = GameState.from_json(game.state_json)
        action = state.legal_actions()[-1]
        proxy.armed = True
        moved = await asyncio.wait_for(
            service.play(
                game.id, game.players[state.current], game.action_count, lambda s: [action]
            ),
            30,
        )
        assert proxy.cut == 1
        stored = await direct.get_game(game.id)
        assert stored is not None and moved.game.version == stored.version == game.version + 1
        assert len(await direct.action_log(game.id)) == game.action_count + 1
    finally:
        await asyncio.wait_for(store.close(), 20)
        await direct.close()
        await proxy.close()


@pytest.mark.simcord(check_errors=False)
async def test_a_click_that_failed_on_the_bots_side_is_answered(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py only logged a control's failure: the person saw "This interaction
    failed" and nothing else."""
    game_id = await world.start_game(world.alice, world.bob)
    mover = await world.player(game_id, (await world.state(game_id)).current)
    hand = await world.open_hand(mover, game_id)
    lose_the_next_answer(monkeypatch, committed=False)
    result = await mover.click(hand, custom_id=controls(hand)[PASS]["custom_id"])
    assert result.acknowledged and result.response is not None
    assert "could not be confirmed" in result.response.content
    assert (await world.game(game_id)).action_count == 0


async def test_a_lost_join_is_not_taken_for_another_persons_join(
    multi: MultiService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's join whose answer was lost, while another process wrote Cy's join at the
    version Bob's would have had: the stored lobby one version on is not Bob's write
    (it holds other seats), so Bob is not told he joined."""
    host, bob, cy = 1, 2, 3
    opened = await multi.open_lobby(1, 500, host, "host", 4, "family_business")
    real = Store.set_status
    lost: list[int] = []

    async def other_process_then_drop(self: Store, game_id: int, **kw: Any) -> Any:
        if lost:
            return await real(self, game_id, **kw)
        lost.append(game_id)
        stored = await self.get_game(game_id)
        assert stored is not None
        await real(self, game_id, **{**kw, "seats": (*stored.seats, Seat(user_id=cy, name="cy"))})
        raise DROPPED("connection was closed in the middle of operation")

    monkeypatch.setattr(Store, "set_status", other_process_then_drop)
    with pytest.raises(DROPPED):
        await multi.join(opened.game.id, bob, "bob")
    assert [s.user_id for s in (await multi.base.game(opened.game.id)).seats] == [host, cy]


@pytest.mark.simcord(check_errors=False)
async def test_a_lost_forfeit_is_not_taken_for_the_other_players_forfeit(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice gives up; her write's answer is lost while another process wrote Bob's
    giving up at the version hers would have had. Same status, same (no) deadline, but
    the other result: Alice is not told she gave up, nor the table shown as her loss."""
    game_id = await world.start_game(world.alice, world.bob)
    game = await world.game(game_id)
    alice, bob = game.seat_of(world.alice.id), game.seat_of(world.bob.id)
    assert alice is not None and bob is not None
    real = Store.set_status
    lost: list[int] = []

    async def other_process_then_drop(self: Store, gid: int, **kw: Any) -> Any:
        if lost or kw.get("status") != "forfeited":
            return await real(self, gid, **kw)
        lost.append(gid)
        result = kw["result"].model_copy(update={"winner": alice})  # Bob gave up
        await real(self, gid, **{**kw, "result": result})
        raise DROPPED("connection was closed in the middle of operation")

    monkeypatch.setattr(Store, "set_status", other_process_then_drop)
    asked = await world.slash(world.alice, "forfeit")
    answer = await world.alice.click(asked.response, label="Yes, give up this game")
    assert lost
    said = " ".join(
        [answer.response.content if answer.response else ""] + [f.content for f in answer.followups]
    )
    assert "could not be confirmed" in said, said
    stored = await world.bot.store.get_result(game_id)
    assert stored is not None and stored.winner == alice
