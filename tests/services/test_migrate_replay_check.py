"""The migration's replay check reads a Family Business game by its own game's rules: a
game of 2-6 with a lobby, AI seats and answered windows replays to its stored state, and
a stored state that is not its log's is found."""

from __future__ import annotations

import random

from bot.migrate import replay_check
from bot.services.multi_games import MultiService
from engine.family_business import GAME

ANN, BOB = 101, 102


async def test_a_family_business_game_replays_to_its_stored_state(multi: MultiService) -> None:
    lobby = await multi.open_lobby(1, 500, ANN, "Ann", 4, "family_business")
    await multi.join(lobby.game.id, BOB, "Bob")
    for _ in range(2):
        await multi.add_ai(lobby.game.id, ANN, "easy")
    game_id = (await multi.start(lobby.game.id, ANN)).game.id
    rng = random.Random(3)
    for _ in range(60):
        while await multi.ai_step(game_id) is not None:
            pass
        game, state = await multi.load(game_id)
        if game.status != "active":
            break
        seat = next(s for s in GAME.awaiting(state) if not game.seats[s].played_by_ai)
        action = rng.choice(GAME.legal_actions(state, seat))
        await multi.play(game_id, game.players[seat], GAME.dump_action(action))
    store = multi.base.store
    game = await store.get_game(game_id)
    assert game is not None and game.action_count > 30
    log = [row.action_json for row in await store.action_log(game_id)]
    assert replay_check(game, log) is None
    assert replay_check(game, log[:-1]) is not None
