"""Write the release fixture: ``python -m tests.upgrade.write_release_db [DIR]``.

Run once with the release before the redesign (commit 627933c): it plays, by slash
commands and clicks in SimCord, the games the upgrade test continues, and records the
ids of the world and of the buttons on their tables in ``manifest.json``. The test
never runs it: the committed database is what the old release wrote.

Open games: a two-player game (#duel), a game against the AI in a channel (#ai), a
solo game (Alice's DMs), a game against the AI in Bob's DMs and a pending challenge
(#done). Finished: a two-player game ended on points and one forfeited (ratings), a
solo game given up, a game against the AI given up.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import simcord
from simcord import MemberActor

from bot.app import FamigliaBot
from bot.settings import Settings

from .release_world import FIXTURE, GUILD_ID, ReleaseWorld, build_release_world

PASS = "Pass (take nothing)"
SUB_DECISIONS = ("pay", "brute_target", "brute_amount", "exchange_give", "exchange_take")


def components(message: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in message.components:
        if isinstance(row, dict):
            out.extend(row.get("components", []))
        else:
            out.extend(c.to_dict() for c in row.children)
    return out


def custom_ids(message: Any) -> list[str]:
    return [c["custom_id"] for c in components(message) if "custom_id" in c]


def fresh(env: simcord.Env, message: Any) -> simcord.ResponseMessage:
    channel_id = message.channel_id if hasattr(message, "channel_id") else message.channel.id
    return simcord.ResponseMessage(env, env.backend.get_message(channel_id, message.id))


async def decide(who: MemberActor | Any, message: Any, rng: random.Random) -> bool:
    """One decision on ``message``'s controls: sub-decisions first, then a take or a
    refresh or a pass; False when it shows none."""
    parts = components(message)
    selects = {c["custom_id"].rsplit(":", 1)[1]: c for c in parts if c.get("type") == 3}
    selects = {k: v for k, v in selects.items() if v["custom_id"].startswith("fam:pick:")}
    buttons = [c for c in parts if c.get("custom_id", "").startswith("fam:do:")]
    if not selects and not buttons:
        return False
    for group in (*SUB_DECISIONS, "take", "refresh"):
        if group in selects:
            options = selects[group]["options"]
            value = rng.choice(options)["value"]
            await who.select(message, [value], custom_id=selects[group]["custom_id"])
            return True
    moves = [b for b in buttons if b["label"] != PASS]
    pick = rng.choice(moves) if moves and rng.random() < 0.7 else buttons[-1]
    await who.click(message, custom_id=pick["custom_id"])
    return True


class Writer:
    def __init__(self, env: simcord.Env, world: ReleaseWorld, bot: FamigliaBot) -> None:
        self.env, self.world, self.bot = env, world, bot
        self.rng = random.Random(15)
        self.games: dict[str, int] = {}
        self.buttons: dict[str, list[str]] = {}

    def member(self, name: str) -> MemberActor:
        return self.world.members[name]

    def table(self, channel: Any, message_id: int) -> Any:
        return next(m for m in channel.history() if m.id == message_id)

    async def game_row(self, game_id: int) -> Any:
        return await self.bot.store.get_game(game_id)

    async def channel_table(self, game_id: int) -> Any:
        game = await self.game_row(game_id)
        channel = next(c for c in self.world.channels.values() if c.id == game.channel_id)
        return self.table(channel, game.table_message_id)

    async def dm_table(self, name: str, game_id: int) -> Any:
        game = await self.game_row(game_id)
        return self.table(self.member(name).user.dm_channel, game.table_message_id)

    async def duel(self, channel: str, a: str, b: str, turns: int) -> int:
        """A challenge accepted in ``channel``, then ``turns`` turns by clicks."""
        ch = self.world.channels[channel]
        await self.member(a).slash(ch, "famiglia start", opponent=self.member(b))
        game = await self.bot.store.active_game_in_channel(ch.id)
        await self.member(b).click(await self.channel_table(game.id), label="Accept")
        await self.turns(game.id, turns)
        return int(game.id)

    async def turns(self, game_id: int, turns: int) -> None:
        names = {m.id: n for n, m in self.world.members.items()}
        for _ in range(turns):
            game = await self.game_row(game_id)
            if game.status != "active":
                return
            state = json.loads(game.state_json)
            who = self.member(names[game.players[state["cur"]]])
            opened = await who.click(await self.channel_table(game_id), label="Show my hand")
            hand = opened.response
            start = game.action_count
            for _ in range(12):
                now = await self.game_row(game_id)
                if now.action_count > start and json.loads(now.state_json)["cur"] != (state["cur"]):
                    break
                if not await decide(who, fresh(self.env, hand), self.rng):
                    break

    async def solo_turns(self, name: str, game_id: int, decisions: int) -> None:
        user = self.member(name).user
        for _ in range(decisions):
            if not await decide(user, await self.dm_table(name, game_id), self.rng):
                return

    async def write(self) -> None:
        alice, bob, carol, dave = (self.member(n) for n in ("alice", "bob", "carol", "dave"))
        done = self.world.channels["done"]
        # Finished two-player games: one on points (both pass), one given up.
        finished = await self.duel("done", "alice", "bob", 6)
        for _ in range(4):
            game = await self.game_row(finished)
            if game.status != "active":
                break
            state = json.loads(game.state_json)
            who = alice if game.players[state["cur"]] == alice.id else bob
            hand = await who.click(await self.channel_table(finished), label="Show my hand")
            await who.click(fresh(self.env, hand.response), label=PASS)
        assert (await self.game_row(finished)).status == "finished"
        self.games["duel_finished"] = finished
        self.buttons["duel_finished_table"] = custom_ids(await self.channel_table(finished))
        forfeited = await self.duel("done", "carol", "bob", 3)
        asked = await bob.slash(done, "famiglia forfeit")
        await bob.click(asked.response, label="Yes, give up this game")
        assert (await self.game_row(forfeited)).status == "forfeited"
        self.games["duel_forfeited"] = forfeited

        # Finished solo (given up) and AI games (given up) of Carol and Dave.
        await carol.user.slash("famiglia solo", level=2, first="robot")
        solo_done = (await self.bot.store.active_solo_game_for_user(carol.id)).id
        await self.solo_turns("carol", solo_done, 4)
        table = await self.dm_table("carol", solo_done)
        asked = await carol.user.click(table, label="Forfeit")
        await carol.user.click(asked.response, label="Yes, give up this game")
        self.games["solo_given_up"] = solo_done
        self.buttons["solo_given_up_table"] = custom_ids(await self.dm_table("carol", solo_done))
        await dave.user.slash("famiglia ai", strength="easy", first="ai")
        ai_done = (await self.bot.store.active_game_in_channel(dave.user.dm_channel.id)).id
        await self.solo_turns("dave", ai_done, 3)
        asked = await dave.user.slash("famiglia forfeit")
        await dave.user.click(asked.response, label="Yes, give up this game")
        self.games["ai_given_up"] = ai_done
        self.buttons["ai_given_up_table"] = custom_ids(await self.dm_table("dave", ai_done))

        # Open games.
        duel = await self.duel("duel", "alice", "bob", 5)
        self.games["duel_open"] = duel
        self.buttons["duel_open_table"] = custom_ids(await self.channel_table(duel))
        game = await self.game_row(duel)
        state = json.loads(game.state_json)
        mover = alice if game.players[state["cur"]] == alice.id else bob
        hand = await mover.click(await self.channel_table(duel), label="Show my hand")
        self.buttons["duel_open_hand"] = custom_ids(hand.response)
        self.buttons["duel_open_hand_of"] = ["alice" if mover is alice else "bob"]

        await alice.user.slash("famiglia solo", level=3, first="you")
        solo = (await self.bot.store.active_solo_game_for_user(alice.id)).id
        await self.solo_turns("alice", solo, 5)
        self.games["solo_open"] = solo
        self.buttons["solo_open_table"] = custom_ids(await self.dm_table("alice", solo))

        ai = self.world.channels["ai"]
        await carol.slash(ai, "famiglia ai", strength="easy", first="you")
        ai_open = (await self.bot.store.active_game_in_channel(ai.id)).id
        await self.turns(ai_open, 3)
        self.games["ai_channel_open"] = ai_open
        self.buttons["ai_channel_open_table"] = custom_ids(await self.channel_table(ai_open))

        await bob.user.slash("famiglia ai", strength="easy", first="you")
        ai_dm = (await self.bot.store.active_game_in_channel(bob.user.dm_channel.id)).id
        await self.solo_turns("bob", ai_dm, 4)
        self.games["ai_dm_open"] = ai_dm
        self.buttons["ai_dm_open_table"] = custom_ids(await self.dm_table("bob", ai_dm))

        await dave.slash(done, "famiglia start", opponent=carol)
        challenge = await self.bot.store.active_game_in_channel(done.id)
        self.games["challenge_open"] = challenge.id
        self.buttons["challenge_open_table"] = custom_ids(await self.channel_table(challenge.id))


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    database = out / "famiglia.db"
    database.unlink(missing_ok=True)
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token=None,
        database_path=database,
        dev_guild_id=GUILD_ID,
        ai_time_cap_seconds=0,
        ai_workers=1,
    )
    bot = FamigliaBot(settings, sync_global=True, rng=random.Random(2026))
    env = simcord.Env(bot)
    world = build_release_world(env)  # before the bot starts: see release_world
    await env.start()
    try:
        with env.time_context():
            writer = Writer(env, world, bot)
            await writer.write()
            await asyncio.sleep(0)
            tables = {}
            for name, game_id in writer.games.items():
                game = await bot.store.get_game(game_id)
                if game.table_message_id is not None and f"{name}_table" in writer.buttons:
                    channel = game.table_channel_id or game.channel_id
                    tables[name] = {"channel": channel, "message": game.table_message_id}
            record = {
                "written_by": "627933c",
                "clock": env.now().isoformat(),
                "world": world.ids(),
                "games": writer.games,
                "buttons": writer.buttons,
                "tables": tables,
            }
    finally:
        await asyncio.wait_for(bot.close(), 60)  # the store checkpoints its WAL on closing
        await asyncio.wait_for(env.shutdown(), 60)
    (out / "manifest.json").write_text(json.dumps(record, indent=2) + "\n")
    for suffix in ("-wal", "-shm"):
        leftover = Path(f"{database}{suffix}")
        if leftover.exists() and leftover.stat().st_size:
            raise SystemExit(f"{leftover} is not empty: the store was not closed")
        leftover.unlink(missing_ok=True)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURE))
    sys.stdout.flush()
    os._exit(0)  # the AI's spawned worker may keep the interpreter waiting
