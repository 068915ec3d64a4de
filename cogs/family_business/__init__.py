"""Family Business on Discord: the ``/familybusiness`` group, its persistent controls,
and the flows that show what the service did (loaded as the extension
``cogs.family_business``, after ``cogs.famiglia``, whose turn timer it joins)."""

from __future__ import annotations

import asyncio
from typing import Any, Final

from bot.app import FamigliaBot
from bot.services.multi_games import MultiService
from bot.services.multi_rules import Past, decide, decision_seed, rules_of
from cogs.family_business.commands import FamilyBusinessCog
from cogs.family_business.controls import DYNAMIC_ITEMS
from cogs.family_business.flows import FamilyBusinessFlows
from db.rows import GameRow

#: an AI seat's answer to a counter window is given no sooner than this after its
#: decision began (the bar for any decision): with only "No counter" to give it answers
#: at once, holding a counter it weighs it, and a window closing later would tell the
#: table that it held one (RULING R31)
WINDOW_ANSWER_SECONDS: Final = 1.5


def pool_decider(
    bot: FamigliaBot, multi: MultiService, window_pace: float = WINDOW_ANSWER_SECONDS
) -> Any:
    """The AI's decisions for its seats, in the bot's worker pool (fair per host), with
    the game's log when the AI reads what the public play showed (``hard`` at 3+); a
    window's answer paced to ``window_pace`` seconds, whatever the seat holds."""

    async def choose(game: GameRow, state: Any, seat: int, strength: str) -> Any:
        loop = asyncio.get_running_loop()
        began = loop.time()
        action = await _decided(game, state, seat, strength)
        if rules_of(game.game).window_open(state):
            await asyncio.sleep(max(0.0, window_pace - (loop.time() - began)))
        return action

    async def _decided(game: GameRow, state: Any, seat: int, strength: str) -> Any:
        seed = decision_seed(game.seed, game.action_count, seat)
        past = None
        if rules_of(game.game).reads_past(state, strength):  # one read of the log
            past = Past(game.seed, tuple(await multi.core(game).actions(game, 0)))
        text = await bot.ai_pool.run(
            game.players[0], decide, game.game, game.state_json, seat, strength, seed, past
        )
        return rules_of(game.game).game.parse_action(text)

    return choose


async def setup(bot: FamigliaBot) -> None:
    settings = bot.settings
    multi = MultiService(
        bot.service,
        window=settings.counter_window,
        lobby_timeout=settings.lobby_timeout,
        rng=bot.rng,
    )
    multi.decide = pool_decider(bot, multi)
    flows = FamilyBusinessFlows(bot, multi)
    bot.family_business = flows
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(FamilyBusinessCog(flows))
    bot.timer.hooks.append(flows.tick)
    await flows.at_startup()


async def teardown(bot: FamigliaBot) -> None:
    if flows := getattr(bot, "family_business", None):
        await flows.stop()
        if flows.tick in bot.timer.hooks:
            bot.timer.hooks.remove(flows.tick)
