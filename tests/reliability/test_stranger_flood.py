"""A flood of strangers' clicks does not delay the players (issue 14, item 9).

5,000 clicks by members who do not play a game, on its table's buttons and on forged
move ids, arrive at once together with a real move. Every stranger is refused
privately from the game's facts kept in memory: none of those clicks takes the game's
lock or reads the store, so the move is answered and saved like any other. Work is
counted, not timed. ``FAMIGLIA_FLOOD_N`` sets the number of clicks (default 5000).
"""

from __future__ import annotations

import inspect
import os
from collections import Counter
from typing import Any

from tests.interaction_flood import Driver, components
from tests.simcord_world import World

N = int(os.environ.get("FAMIGLIA_FLOOD_N", "5000"))


def count_calls(obj: Any, names: list[str], tally: Counter[str]) -> None:
    """Count every call of ``obj``'s methods ``names`` in ``tally`` (patched on the
    instance)."""
    for name in names:
        method = getattr(obj, name)

        if inspect.iscoroutinefunction(method):

            async def counted(*args: Any, _m: Any = method, _n: str = name, **kw: Any) -> Any:
                tally[_n] += 1
                return await _m(*args, **kw)
        else:

            def counted(*args: Any, _m: Any = method, _n: str = name, **kw: Any) -> Any:
                tally[_n] += 1
                return _m(*args, **kw)

        setattr(obj, name, counted)


async def test_five_thousand_stranger_clicks_take_no_lock_and_read_nothing(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    game = await world.game(game_id)
    state = await world.state(game_id)
    mover = world.alice if game.players[state.current] == world.alice.id else world.bob
    strangers = [world.carol] + [
        world.guild.add_member(world.env.create_user(f"stranger{i}")) for i in range(24)
    ]
    table = await world.table(game_id)
    drv = Driver(world.env)
    stored = drv.message(world.channel.id, table.id)
    ids = [p["custom_id"] for p in components(stored) if p.get("custom_id", "").startswith(
        ("fam:hand:", "fam:forfeit:"))]  # fmt: skip
    forged = [f"fam:do:{game_id}:{game.action_count}:10.0.0",
              f"fam:giveup:{game_id}:{game.action_count}"]  # fmt: skip
    store_calls: Counter[str] = Counter()
    public = [n for n in dir(world.bot.store) if not n.startswith("_")]
    count_calls(world.bot.store, [n for n in public if callable(getattr(world.bot.store, n))],
                store_calls)  # fmt: skip
    locks: Counter[str] = Counter()
    count_calls(world.bot.service, ["lock"], locks)

    flood = []
    for i in range(N):
        who = strangers[i % len(strangers)]
        custom_id = (ids + forged)[i % (len(ids) + len(forged))]
        flood.append(drv.click(who, stored, custom_id, forge=custom_id in forged))
        if i == N // 2:  # the real move, in the middle of the flood
            move = drv.slash(mover, world.channel.id, "famiglia pass")
    await drv.quiet(timeout=600)

    assert move.record.responded and move.record.ephemeral
    assert drv.message(world.channel.id, move.record.message_id).content.startswith("✅")
    assert (await world.game(game_id)).action_count == game.action_count + 1  # saved
    for sent in flood:
        assert sent.record.responded and sent.record.ephemeral, sent.describe()
        text = drv.message(world.channel.id, sent.record.message_id).content
        assert "not playing in this game" in text, text
    reads = sum(store_calls.values())
    print(f"flood: {N} stranger clicks, 1 move; store calls {reads}, locks taken {locks['lock']}")
    assert locks["lock"] <= 3, locks  # the move's own (and its table's), no stranger's
    assert reads <= 20, store_calls  # the move's reads and writes, no stranger's
