"""Fuzz: random hostile or unlucky interactions at running games change nothing.

Strangers, the waiting player and the mover click real, stale and forged custom ids,
type garbage and out-of-range options, autocomplete values that are not offered, use
two-player commands in DMs and the solo command in a server, and click on games that
are over; meanwhile movers play legal moves so games advance and end. Bars: the bot
raises and logs no error, answers every such interaction ephemerally with a reason,
no invalid input changes a game, and every stored state equals its replay.

``FAMIGLIA_FUZZ_N`` sets the number of interactions (default 600 in the suite) and
``FAMIGLIA_FUZZ_SEED`` the seed (default 5); it must pass for any seed, e.g.
``FAMIGLIA_FUZZ_N=20000 FAMIGLIA_FUZZ_SEED=6 pytest -s tests/reliability/test_fuzz.py``.

A player who confirms their own forfeit question that still stands (a "Yes, give up"
button harvested earlier, clicked by that player before moving again) really gives
up: that is a player's choice, not hostile input, and the oracle counts it as such.
"""

from __future__ import annotations

import logging
import os
import random
import re
from typing import Any

import pytest

from engine.famiglia import GameState
from tests.interaction_flood import Driver, Sent, components, move_controls
from tests.simcord_world import World, settings

N = int(os.environ.get("FAMIGLIA_FUZZ_N", "600"))
GARBAGE = ["", " ", "ZZ9", "A9", "F-1", "999", "8.99.0", "🂠" * 40, "x" * 120, "Q2",
           "'; DROP TABLE games;--", "A1 A1 A1 A1 A1 A1", "5.9.9", "10.0.7", "-1"]  # fmt: skip
#: ids that act on a game; with a current seq, only an outsider may click them here
SELECTS = re.compile(r"fam:(pick|sp|rulespage)")
ACTS = re.compile(r"fam:(do|pick|giveup|rematch|so|sp|sgu):")
NAMED = re.compile(r"fam:[a-z]+:(?P<game>\d{1,18})(?::(?P<seq>\d{1,6}))?")
GIVE_UP = re.compile(r"fam:(?:giveup|sgu):(?P<game>\d{1,18}):")
MOVES = {"refresh": ["card"], "accountant": ["rank", "take", "give"],
         "brute": ["rank", "target", "amount"], "take": ["card", "payment"]}  # fmt: skip


@pytest.fixture
def config(tmp_path):
    # Games are restarted between the same members again and again here: no challenge
    # limit (tests/e2e/test_challenge_limits.py checks them).
    return settings(
        tmp_path / "famiglia.db", challenges_per_opponent=10**6, challenges_per_challenger=10**6
    )


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def own_forfeit(world: World, sent: Sent, before: dict[int, tuple[int, str, str]]) -> bool:
    """Whether ``sent`` was a player confirming their own standing forfeit question:
    only that game changed, and it is now forfeited with the clicker losing."""
    match = GIVE_UP.match(str(sent.data.get("custom_id", "")))
    if match is None:
        return False
    game_id = int(match["game"])
    after = await snapshot(world)
    if {g for g in after if after[g] != before.get(g)} != {game_id}:
        return False
    game = await world.game(game_id)
    record = await world.bot.store.get_result(game_id)
    seat = game.seat_of(sent.record.user_id)
    return (
        game.status == "forfeited"
        and seat is not None
        and record is not None
        and record.reason == "forfeit"
        and record.winner == 1 - seat
    )


async def snapshot(world: World) -> dict[int, tuple[int, str, str]]:
    async with world.bot.store._conn.execute("SELECT id, version, status, state FROM games") as c:
        return {r[0]: (r[1], r[2], r[3]) for r in await c.fetchall()}


def forged_ids(rng: random.Random, games: list[int], seen: list[str]) -> str:
    g = rng.choice([*games, 0, 999_999, 10**18 - 1])
    seq = rng.choice([0, 1, 5, 999_999])
    return rng.choice([
        f"fam:do:{g}:{seq}:{rng.choice(['8.0.0', '10.0.0', '99.99.99', '0.5.0'])}",
        f"fam:pick:{g}:{seq}:{rng.choice(['take', 'pay', 'nonsense'])}",
        f"fam:hand:{g}:{seq}", f"fam:forfeit:{g}:{seq}", f"fam:giveup:{g}:{seq}",
        f"fam:accept:{g}", f"fam:decline:{g}", f"fam:cancel:{g}", f"fam:rematch:{g}",
        f"fam:so:{g}:{seq}:8.0.0", f"fam:sp:{g}:{seq}:take",
        "fam:rulespage", rng.choice(seen) if seen else "fam:rules",
        f"fam:gone:{g}", "nonsense", f"fam:do:{g}",  # match no item: answered all the same
    ])  # fmt: skip


class Fuzz:
    def __init__(self, world: World, rng: random.Random) -> None:
        self.world, self.rng = world, rng
        self.members: list[Any] = []
        self.drv = Driver(world.env)
        self.seen: list[str] = []  # every custom id the bot ever showed: stale ones too
        self.tables: list[tuple[int, int]] = []
        self.count = 0
        self.moves = 0

    def harvest(self, message: Any) -> None:
        for part in components(message):
            if part.get("custom_id"):
                self.seen.append(part["custom_id"])

    async def send(self, sent: Sent) -> Sent:
        await self.drv.answer(sent)
        await self.drv.quiet()
        self.count += 1
        shown = self.drv.answer_message(sent)
        if shown is not None:
            self.harvest(shown)
        return sent

    def text(self, sent: Sent) -> str:
        """What the user reads: the answer (content or embeds) and any follow-ups."""
        parts = []
        ids = [sent.record.message_id, *sent.record.followup_ids]
        for message_id in ids:
            if message_id is None:
                continue
            try:
                shown = self.drv.message(sent.record.channel_id, message_id)
            except Exception:
                continue
            parts.append((shown.content or "") + (str(shown.embeds) if shown.embeds else ""))
        return "\n".join(parts)

    async def mover_plays(self, channel: Any, game_id: int) -> None:
        """A legal move through the hand's controls, so games advance and end."""
        game = await self.world.game(game_id)
        if game.status != "active":
            return
        state = await self.world.state(game_id)
        mover = next(m for m in self.members if m.id == game.players[state.current])
        table = self.drv.message(game.table_channel_id, game.table_message_id)
        hand_id = next(p["custom_id"] for p in components(table)
                       if p.get("custom_id", "").startswith("fam:hand:"))  # fmt: skip
        hand = self.drv.answer_message(await self.send(self.drv.click(mover, table, hand_id)))
        controls = move_controls(hand)
        if controls:
            custom_id, value = self.rng.choice(controls)
            sent = (self.drv.click(mover, hand, custom_id) if value is None
                    else self.drv.select(mover, hand, custom_id, [value]))  # fmt: skip
            await self.send(sent)
            self.moves += 1

    async def outsider(self, game_id: int | None, *, current: bool) -> Any:
        """Anyone, but when the input could be a real move (its id is current), someone
        who does not play in that game."""
        if game_id is None or not current:
            return self.rng.choice(self.members)
        game = await self.world.bot.store.get_game(game_id)
        if game is None:
            return self.rng.choice(self.members)
        return self.rng.choice([m for m in self.members if m.id not in game.players])

    async def click_target(self, custom_id: str) -> tuple[int | None, bool]:
        """The game a custom id names, and whether it could act on it now."""
        match = NAMED.match(custom_id)
        if match is None:
            return None, False
        game = await self.world.bot.store.get_game(int(match["game"]))
        if game is None:
            return None, False
        seq = match["seq"]
        return game.id, seq is None or int(seq) == game.action_count

    async def movers(self) -> set[int]:
        """Who could really move now (a pass by them anywhere plays their game)."""
        found = set()
        for game in await self.world.bot.store.active_games():
            state = GameState.from_json(game.state_json)
            if game.status == "active" and not state.over:
                found.add(game.players[state.current])
                found.update(game.players)  # /famiglia board: either player reposts
        return found

    async def hostile(self, channels: list[Any], games: list[int], dm_user: Any) -> Sent:
        rng, drv = self.rng, self.drv
        who = rng.choice([*self.members, dm_user])
        kind = rng.random()
        if kind < 0.45:  # a click on a real table with a real, stale or forged id
            table = drv.message(*rng.choice(self.tables))  # as it is now
            custom_id = forged_ids(rng, games, self.seen)
            target, current = await self.click_target(custom_id)
            clicker = await self.outsider(target, current=current) if ACTS.match(
                custom_id) else rng.choice(self.members)  # fmt: skip
            if SELECTS.match(custom_id):  # Discord sends a select's id only as a select
                values = [rng.choice(GARBAGE) or "x"]
                return drv.select(clicker, table, custom_id, values, forge=True)
            return drv.click(clicker, table, custom_id, forge=True)
        if kind < 0.75:  # slash commands with garbage, in servers and in DMs
            command = rng.choice([*MOVES, "pass", "hand", "board", "forfeit", "refresh"])
            options = {o: rng.choice(GARBAGE) for o in MOVES.get(command, [])[: rng.randint(0, 3)]}
            if command in MOVES and MOVES[command][0] not in options:
                options[MOVES[command][0]] = rng.choice(GARBAGE)
            if who is dm_user:
                return drv.raw_slash(who, who.dm_channel.id, f"famiglia {command}", options)
            channel = rng.choice(channels)
            if command in ("pass", "board") and who.id in await self.movers():
                who = rng.choice([m for m in self.members if m.id not in await self.movers()])
            return drv.raw_slash(who, channel.id, f"famiglia {command}", options)
        if kind < 0.85:  # autocomplete with values that are not in the list
            command = rng.choice(list(MOVES))
            option = rng.choice(MOVES[command])
            channel = rng.choice(channels)
            return drv.autocomplete(who if who is not dm_user else self.members[0], channel.id,
                                    f"famiglia {command}", option, rng.choice(GARBAGE))  # fmt: skip
        if kind < 0.93:  # out of range, and in the wrong place
            member = rng.choice(self.members)
            if rng.random() < 0.5:
                return drv.raw_slash(dm_user, dm_user.dm_channel.id, "famiglia start",
                                     {"opponent": str(member.id)})  # fmt: skip
            return drv.raw_slash(member, rng.choice(channels).id, "famiglia rules",
                                 {"page": rng.choice([-1, 99, 10**9])})  # fmt: skip
        member = rng.choice(self.members)  # solo with a bad level, or in a busy server
        return drv.raw_slash(member, rng.choice(channels).id, "famiglia solo",
                             {"level": rng.choice([0, 5, 99]), "first": "you"})  # fmt: skip


async def test_fuzz_hostile_interactions_change_nothing(world: World):
    errors = Errors()
    logging.getLogger().addHandler(errors)
    rng = random.Random(int(os.environ.get("FAMIGLIA_FUZZ_SEED", "5")))
    fuzz = Fuzz(world, rng)
    guild = world.guild
    fuzz.members = [world.alice, world.bob, world.carol]
    fuzz.members += [guild.add_member(world.env.create_user(f"m{i}")) for i in range(3)]
    channels = [world.channel] + [guild.create_text_channel(f"t{i}") for i in range(2)]
    games = []
    for i, channel in enumerate(channels):
        world.channel = channel
        games.append(await world.start_game(fuzz.members[i], fuzz.members[i + 3]))
        table = await world.table(games[-1])
        fuzz.tables.append((channel.id, table.id))
        fuzz.harvest(fuzz.drv.message(channel.id, table.id))
    fuzz.members += [guild.add_member(world.env.create_user(f"s{i}")) for i in range(2)]
    dm_user = world.env.create_user("hermit")
    refused = started = forfeits = 0
    try:
        while fuzz.count < N:
            if rng.random() < 0.2:
                i = rng.randrange(len(games))
                if (await world.game(games[i])).status != "active" and rng.random() < 0.3:
                    world.channel = channels[i]  # a new game where the old one ended
                    games[i] = await world.start_game(fuzz.members[i], fuzz.members[i + 3])
                    table = await world.table(games[i])
                    fuzz.tables.append((channels[i].id, table.id))
                    fuzz.count += 3  # start, accept, and the table it answers with
                    started += 1
                else:
                    await fuzz.mover_plays(channels[i], games[i])
                continue
            before = await snapshot(world)
            sent = await fuzz.send(await fuzz.hostile(channels, games, dm_user))
            record = sent.record
            assert record.responded, f"unanswered: {sent.kind}"
            if await own_forfeit(world, sent, before):
                forfeits += 1  # the player's own choice: see the module docstring
                continue
            if record.response_kind != "autocomplete":
                text = fuzz.text(sent)
                assert record.ephemeral, f"public answer to {sent.kind}: {text[:200]}"
                assert text.strip(), f"answer without a reason to {sent.kind}"
                assert "Something went wrong" not in text, text
                refused += 1
            assert await snapshot(world) == before, f"{sent.kind} changed a game"
    finally:
        logging.getLogger().removeHandler(errors)
    for game_id in await snapshot(world):
        assert await world.replayed(game_id) == await world.state(game_id)
    assert [r.getMessage() for r in errors.records] == []
    print(
        f"fuzz: {fuzz.count} interactions, {refused} refusals, {fuzz.moves} legal moves,"
        f" {started + len(channels)} games, {forfeits} own forfeits confirmed,"
        f" errors {len(errors.records)}"
    )
    assert fuzz.moves > 0 and refused > N // 2
