"""Hostile input on the Famiglia flows: option values that only look valid, controls
pressed where, when or by whom they do not belong (a page button on a game's table, a
select sent with two values, a forfeit confirmed twice, after the timer or while the
AI's worker dies), start and board options no client offers, and Discord failing in
the DM. Each is answered privately, changes nothing it should not, and nothing said
contradicts the database."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.services.ai_queue import AiUnavailable
from bot.services.choices import choices
from engine.famiglia import GameState
from engine.famiglia.cards import code
from tests.e2e.test_board_pages import rated_players
from tests.simcord_world import Held, World, click, emit, fresh, play_until
from tests.solo.solo_play import dm_table


def unchanged(before: Any, after: Any) -> bool:
    return (before.version, before.state_json, before.status) == (
        after.version,
        after.state_json,
        after.status,
    )


def private(result: Any, *words: str) -> str:
    assert result.ephemeral and result.response is not None, result
    text = result.response.content
    for word in words:
        assert word in text, text
    return text


PASS = "Pass (take nothing)"


def said(result: Any) -> str:
    """What the user read: the answer, or after a deferral its last follow-up."""
    if result.followups:
        return str(result.followups[-1].content)
    assert result.response is not None, result
    return str(result.response.content)


def _cards(counts: list[int]) -> list[str]:
    return [code(kind) for kind, n in enumerate(counts) for _ in range(n)]


def _an_exchange(state: GameState) -> bool:
    """An Accountant can be played and the play area holds a card to take back."""
    return bool(choices(state, ["accountant"])) and sum(state.areas[state.current]) >= 1


def _asks_a_payment(state: GameState, action: Any) -> bool:
    run = state.copy()
    run.apply(action)
    return run.decision == "pay" and len(choices(run, ["pay"])) >= 2


def _a_payment_to_choose(state: GameState) -> bool:
    return any(_asks_a_payment(state, take.action) for take in choices(state, ["take"]))


# -------------------------------------------------------- clicks at once, forged
async def _at_once(world: World, clicks: list[tuple[int, Any, str]]) -> list[Any]:
    """Clicks (user id, message, custom id), all on the gateway before the bot runs any."""
    async with Held(world):
        return [
            emit(world, user_id, message, click(custom_id))
            for user_id, message, custom_id in clicks
        ]


async def _until(check: Any, what: str) -> None:
    for _ in range(3000):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


# ------------------------------------------------------------------- options
async def test_look_alike_and_doubled_street_cards_are_refused_and_change_nothing(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    card = code(state.street[0])
    lookalike = {"F": "Ｆ", "A": "А", "B": "В", "M": "М"}[card[0]]  # fullwidth, Cyrillic
    before = await world.game(game_id)
    for value in (f"{lookalike}{card[1]}", f"{card} {card}", f"{card},{code(state.street[1])}"):
        result = await world.slash(mover, "take", card=value)
        private(result, "not one of the choices")
        assert "✅" not in result.response.content
    assert unchanged(before, await world.game(game_id))


async def test_an_exchange_naming_cards_not_in_the_area_or_too_many_is_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _an_exchange)
    seat = state.current
    rank = choices(state, ["accountant"])[0].action.rank
    area = _cards(state.areas[seat])
    hand = _cards(state.hands[seat])
    missing = next(code(k) for k in range(len(state.areas[seat])) if state.areas[seat][k] == 0)
    before = await world.game(game_id)
    doubled = " ".join([area[0]] * (area.count(area[0]) + 1))  # one more than the area holds
    too_many = " ".join((area * 5)[: rank + 1])  # more than the Accountant's rank
    for take in (missing, doubled, too_many, f"{area[0]} {area[0]}x"):
        result = await world.slash(mover, "accountant", rank=rank, take=take, give=hand[0])
        text = private(result)
        assert not text.startswith("✅"), (take, text)
    # give: a card the hand does not hold, or more cards than were taken back
    not_held = next(code(k) for k in range(len(state.hands[seat])) if state.hands[seat][k] == 0)
    for give in (not_held, " ".join([hand[0]] * 2)):
        result = await world.slash(mover, "accountant", rank=rank, take=area[0], give=give)
        text = private(result)
        assert not text.startswith("✅"), (give, text)
    assert unchanged(before, await world.game(game_id))


async def test_a_payment_naming_cards_not_held_is_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _a_payment_to_choose)
    take = next(c for c in choices(state, ["take"]) if _asks_a_payment(state, c.action))
    before = await world.game(game_id)
    card = f"#{take.action.index + 1}"
    for payment in ("Pay M4 + M4", "M9", "Pay with everything", "pay " + "M1 " * 40):
        result = await world.slash(mover, "take", card=card, payment=payment)
        text = private(result)
        assert not text.startswith("✅"), (payment, text)
    assert unchanged(before, await world.game(game_id))


# ------------------------------------------------------------------ controls
async def test_a_page_button_forged_onto_a_game_table_leaves_the_table_alone(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    table = await world.table(game_id)
    embeds_before = [e.to_dict() for e in fresh(world, table).embeds]
    controls_before = World.components(fresh(world, table))
    result = await world.forged_click(world.carol, table, "fam:lb:rating:global:0:1:f")
    assert result.ephemeral and result.response is not None, result
    after = fresh(world, table)
    assert [e.to_dict() for e in after.embeds] == embeds_before
    assert World.components(after) == controls_before


async def test_forged_page_numbers_show_a_real_page(world: World):
    await rated_players(world, 22)  # three pages
    board = (await world.slash(world.alice, "leaderboard", board="rating")).response
    for custom_id, page in (
        ("fam:lb:rating:global:0:0:f", 1),
        ("fam:lb:rating:global:0:999999:l", 3),
        ("fam:lb:rating:global:0:000002:n", 2),
    ):
        result = await world.forged_click(world.bob, board, custom_id)
        assert result.acknowledged and not result.ephemeral, (custom_id, result)
        [embed] = fresh(world, board).embeds
        assert str(embed.footer.text).startswith(f"Page {page} of 3 · 22 players"), custom_id
        assert "No such page" not in str(embed.description)
    await world.forged_click(world.bob, board, "fam:lb:solo:global:4:999999:n")
    assert "Nobody has beaten the robot gangster" in str(fresh(world, board).embeds[0].description)
    for custom_id in ("fam:lb:rating:global:-1:1:f", "fam:lb:rating:global:0:-3:p"):
        result = await world.forged_click(world.bob, board, custom_id)
        private(result)
    result = await world.forged_click(world.bob, board, "fam:lb:rating:global:3:1:f")
    private(result, "level")


async def test_a_double_confirmed_forfeit_ends_the_game_once_and_old_buttons_are_refused(
    world: World,
):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)
    asked = await mover.click(await world.table(game_id), label="Forfeit")
    [confirm] = [p["custom_id"] for p in World.components(asked.response)]
    first, second = await world.click_together([mover, mover], asked.response, confirm)
    said = [r.response.content for r in (first, second) if r.response is not None]
    assert sum("You gave up" in text for text in said) == 1, said
    assert any("already over" in text and "gave up" in text for text in said), said
    finished = await world.game(game_id)
    assert finished.status == "forfeited"
    record = await world.bot.store.get_result(game_id)
    assert record is not None and record.winner == 1 - state.current
    for part in World.components(hand):
        custom_id = part.get("custom_id", "")
        if custom_id.startswith("fam:do:"):
            result = await mover.click(hand, custom_id=custom_id)
            assert not private(result).startswith("✅")
    other = await world.forged_click(world.bob, await world.table(game_id), confirm)
    private(other, "already over", "gave up")
    assert unchanged(finished, await world.game(game_id))
    assert len([m for m in world.messages() if m.content.startswith("🏁")]) <= 1


@pytest.mark.parametrize("forfeit_first", [True, False])
async def test_a_forfeit_confirmed_while_the_same_player_moves_is_never_both(
    world: World, forfeit_first: bool
):
    """The confirmation and a move of the same player at once: either the move is
    refused because the game is over, or the forfeit asks again because the player
    played on; never a move answered after "You gave up", nor a lost game that goes on."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    hand = await world.open_hand(mover, game_id)
    asked = await mover.click(await world.table(game_id), label="Forfeit")
    [confirm] = [p["custom_id"] for p in World.components(asked.response)]
    pass_id = next(p["custom_id"] for p in World.components(hand) if p.get("label") == PASS)
    clicks = [(mover.id, asked.response, confirm), (mover.id, hand, pass_id)]
    results = await _at_once(world, clicks if forfeit_first else clicks[::-1])
    gave_up, moved = results if forfeit_first else results[::-1]
    game = await world.game(game_id)
    said_forfeit = said(gave_up)
    said_move = str(said(moved))
    if game.status == "forfeited":
        assert "You gave up" in said_forfeit and not said_move.startswith("✅"), (
            said_forfeit,
            said_move,
        )
        record = await world.bot.store.get_result(game_id)
        assert record is not None and record.winner == 1 - state.current
    else:
        assert game.status == "active" and "played on since you asked" in said_forfeit
        assert [row.actor for row in await world.bot.store.action_log(game_id)] == [mover.id]


@pytest.mark.parametrize("second", ["cancel", "decline"])
async def test_an_accept_racing_a_cancel_or_decline_leaves_one_answer(world: World, second: str):
    game_id = await world.challenge(world.alice, world.bob)
    challenge = await world.table(game_id)
    other = world.alice if second == "cancel" else world.bob
    accepted, answered = await _at_once(
        world,
        [
            (world.bob.id, challenge, f"fam:accept:{game_id}"),
            (other.id, challenge, f"fam:{second}:{game_id}"),
        ],
    )
    game = await world.game(game_id)
    refused = [r for r in (accepted, answered) if r.ephemeral]
    assert len(refused) == 1 and "no longer open" in refused[0].response.content, (
        accepted,
        answered,
    )
    if game.status == "active":
        assert refused[0] is answered
        assert World.components(fresh(world, challenge))  # the table, with its buttons
    else:
        assert refused[0] is accepted and game.status in ("cancelled", "declined")
        assert await world.bot.store.active_games() == []
    tables = [m for m in world.messages() if m.embeds]
    assert len(tables) <= 1


async def test_a_forfeit_confirmed_after_the_turn_timer_ended_the_game_says_how_it_ended(
    world: World,
):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    waiting = world.bob if mover is world.alice else world.alice
    asked = await waiting.click(await world.table(game_id), label="Forfeit")
    assert asked.ephemeral
    await world.env.advance_time(25 * 3600)
    ended = await world.game(game_id)
    assert ended.status != "active"
    result = await waiting.click(asked.response, label="Yes, give up this game")
    text = private(result, "already over", "ran out of time", "Nothing was changed")
    assert "You gave up" not in text, text
    assert unchanged(ended, await world.game(game_id))


async def test_a_forfeit_at_the_deadline_with_the_timer_firing_is_announced_once(world: World):
    """The timer fires while the confirmed forfeit is being saved: one of the two ends
    the game, the player reads what the database holds, the channel hears of it once."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    asked = await mover.click(await world.table(game_id), label="Forfeit")
    game = await world.game(game_id)
    assert game.deadline is not None
    world.env.backend.advance_clock((game.deadline - world.env.now()).total_seconds())
    service, store = world.bot.service, world.bot.store
    real_commit, real_lock = store.set_status, service.lock
    timer_waits = asyncio.Event()
    ticks: list[asyncio.Task[int]] = []

    def lock(gid: int) -> asyncio.Lock:
        if ticks and asyncio.current_task() is ticks[0]:
            timer_waits.set()
        return real_lock(gid)

    async def set_status(*args: Any, **kwargs: Any) -> Any:  # a forfeit's commit
        if not ticks:
            ticks.append(asyncio.create_task(world.bot.timer.tick()))
            await timer_waits.wait()
        return await real_commit(*args, **kwargs)

    service.lock = lock  # type: ignore[method-assign]
    store.set_status = set_status  # type: ignore[method-assign]
    done = await mover.click(asked.response, label="Yes, give up this game")
    store.set_status = real_commit  # type: ignore[method-assign]
    service.lock = real_lock  # type: ignore[method-assign]
    await ticks[0]
    await world.env.settle()

    ended = await world.game(game_id)
    assert ended.status == "forfeited"
    assert "You gave up" in said(done), said(done)
    record = await world.bot.store.get_result(game_id)
    assert record is not None and record.winner == 1 - state.current
    ends = [m.content for m in world.messages() if m.content.startswith("🏁")]
    assert len(ends) == 1, ends
    assert not [m for m in world.messages() if "ran out of time" in m.content]


# ------------------------------------- forged values, a failing DM, a stopped AI
async def test_forged_start_choices_are_refused_and_start_nothing(world: World):
    """A client may send a value its choices never offered: `first:both` once started
    a game the AI began, `first:nobody` a solo game the robot began, and the solo
    game's DM announced a game at a level that does not exist."""
    dm = world.alice.user.dm_channel
    for name, options in (
        ("ai", {"strength": "easy", "first": "both"}),
        ("solo", {"level": 2, "first": "nobody"}),
        ("solo", {"level": 9, "first": "you"}),
    ):
        result = await world.raw(world.alice, name, **options)
        text = said(result)
        assert result.ephemeral and "who starts" in text, (name, options, text)
    assert await world.bot.store.active_games() == []
    assert not [m for m in dm.history() if "solo game" in m.content], [
        m.content for m in dm.history()
    ]


async def test_forged_board_choices_are_refused_privately(world: World):
    for options, words in (
        ({"board": "secret"}, "board"),
        ({"board": "rating", "scope": "galaxy"}, "scope"),
        ({"board": "solo", "level": 7}, "level"),
        ({"board": "solo", "level": -1}, "level"),
        ({"board": "solo", "level": "3"}, "level"),
        ({"board": "solo", "level": 3.0}, "level"),
    ):
        result = await world.raw(world.alice, "leaderboard", **options)
        text = said(result)
        assert result.ephemeral and words in text and "went wrong" not in text, (options, text)
    for page in ("x", -1, 99, 1.0, 1.5):
        result = await world.raw(world.alice, "rules", page=page)
        assert result.ephemeral and "no such rules page" in said(result), (page, said(result))


async def test_a_select_sent_with_two_values_is_refused_not_half_read(world: World):
    """A menu offers one choice at a time; a client sending two (take #1 and #2) got
    the first one taken silently."""
    game_id = await world.start_game(world.alice, world.bob)
    mover, _ = await play_until(world, game_id, lambda s: len(choices(s, ["take"])) >= 3)
    hand = await world.open_hand(mover, game_id)
    [take] = [p for p in World.components(hand) if p.get("custom_id", "").endswith(":take")]
    values = [option["value"] for option in take["options"][:2]]
    before = await world.game(game_id)
    result = await world.forged_select(mover, hand, take["custom_id"], values)
    private(result, "not one of the choices")
    assert unchanged(before, await world.game(game_id))


async def test_resume_when_discord_fails_to_post_in_the_dm_says_so_and_keeps_the_table(
    world: World,
):
    user = world.alice.user
    await world.slash(world.alice, "solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    world.env.inject_error("POST", f"/channels/{user.dm_channel.id}/messages", status=503)
    result = await world.slash(world.alice, "resume")
    text = said(result)
    assert result.ephemeral and "try `/famiglia resume` again" in text, text
    assert (await world.game(game.id)).table_message_id == game.table_message_id
    assert "moved here" not in (await dm_table(world, user, game.id)).content


async def test_a_move_while_the_ai_cannot_move_says_how_to_go_on_not_to_wait(
    world: World, monkeypatch: Any
):
    """The AI's worker failed on every attempt: the table says the AI could not move,
    so a move refused as "not your turn" must not tell the player to wait for it."""

    async def fails(*_args: Any, **_kwargs: Any) -> str:
        raise AiUnavailable("the worker died")

    monkeypatch.setattr(world.bot.ai.ai, "think", fails)
    await world.slash(world.alice, "ai", strength="easy", first="you")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    hand = await world.open_hand(world.alice, game.id)
    await world.alice.click(hand, label="Pass (take nothing)")
    assert any("could not make its move" in m.content for m in world.messages())
    before = await world.game(game.id)
    result = await world.slash(world.alice, "pass")
    text = private(result, "/famiglia board")
    assert "wait for your opponent" not in text, text
    assert unchanged(before, await world.game(game.id))


# ------------------------------------------------------------------ solo in DMs
async def _solo(world: World) -> tuple[Any, int]:
    user = world.alice.user
    await user.slash("famiglia solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    return user, game.id


def _a_control(message: Any) -> str:
    return next(
        p["custom_id"]
        for p in World.components(message)
        if p.get("custom_id", "").startswith("fam:do:") and p.get("label") != "Forfeit"
    )


async def test_a_double_click_on_the_solo_table_makes_one_move(world: World):
    user, game_id = await _solo(world)
    table = await dm_table(world, user, game_id)
    control = _a_control(table)
    before = await world.game(game_id)
    first, second = await _at_once(world, [(user.id, table, control)] * 2)
    refused = [r for r in (first, second) if r.ephemeral]
    assert len(refused) == 1, (first, second)
    assert "earlier moment" in refused[0].response.content
    log = await world.bot.store.action_log(game_id)
    players_moves = [row for row in log if row.actor == user.id]
    assert len(players_moves) == 1, [row.action_json for row in log]
    assert (await world.game(game_id)).version > before.version


async def test_the_old_solo_table_after_resume_keeps_pointing_to_the_new_one(world: World):
    user, game_id = await _solo(world)
    old = await dm_table(world, user, game_id)
    control = _a_control(old)  # drawn for the current move: still a legal one
    resumed = await user.slash("famiglia resume")
    assert not resumed.ephemeral
    new_id = (await world.game(game_id)).table_message_id
    assert new_id != old.id
    [result] = await _at_once(world, [(user.id, fresh(world, old), control)])
    assert result.ephemeral and result.response is not None, result
    now = await world.game(game_id)
    assert now.table_message_id == new_id
    assert "moved here" in fresh(world, old).content
    assert not World.components(fresh(world, old))
    if now.action_count > 0:  # the move was made: the new table shows it, and said so
        assert "Done" in result.response.content
        assert f"turn {now.action_count}" not in str(
            fresh(world, old).to_dict() if hasattr(fresh(world, old), "to_dict") else ""
        )


async def test_a_forfeit_while_the_ai_thinks_then_its_worker_dies_says_only_the_forfeit(
    world: World, monkeypatch: Any
):
    """The AI thinks; the player gives up; then the AI's worker dies: the player must
    not be told the AI "could not make its move" in a game that is over."""
    reached, release = asyncio.Event(), asyncio.Event()

    async def think(*_args: Any, **_kwargs: Any) -> Any:
        reached.set()
        await release.wait()
        raise AiUnavailable("the worker died")

    await world.slash(world.alice, "ai", strength="easy", first="you")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    hand = await world.open_hand(world.alice, game.id)
    pass_id = next(p["custom_id"] for p in World.components(hand) if p.get("label") == PASS)
    monkeypatch.setattr(world.bot.ai.ai, "think", think)
    async with Held(world):
        passed = emit(world, world.alice.id, hand, click(pass_id))
        await asyncio.wait_for(reached.wait(), 30)
        table = await world.table(game.id)
        forfeit = next(
            p["custom_id"] for p in World.components(table) if p.get("label") == "Forfeit"
        )
        ask = emit(world, world.alice.id, table, click(forfeit))
        await _until(lambda: ask.response is not None, "the forfeit question")
        [confirm] = [p["custom_id"] for p in World.components(ask.response)]
        done = emit(world, world.alice.id, ask.response, click(confirm))
        await _until(lambda: done.response is not None, "the forfeit's answer")
        release.set()

    assert "You gave up" in said(done), said(done)
    assert (await world.game(game.id)).status == "forfeited"
    everything = [m.content for m in world.messages()] + [
        str(e.to_dict()) for m in world.messages() for e in m.embeds
    ]
    assert not [t for t in everything if "could not make its move" in t], everything
    assert "could not make its move" not in str(said(passed))
    assert len([m for m in world.messages() if "against the AI is over" in m.content]) == 1


async def test_solo_from_a_server_while_a_solo_game_runs_announces_nothing_in_the_dm(
    world: World,
):
    user, game_id = await _solo(world)
    before = [m.id for m in user.dm_channel.history()]
    result = await world.slash(world.alice, "solo", level=1, first="robot")
    assert result.ephemeral and "already have a solo game" in said(result), said(result)
    assert [m.content for m in user.dm_channel.history() if m.id not in before] == []
    assert [g.id for g in await world.bot.store.active_games()] == [game_id]
