"""Slash-command options are checked, never silently reinterpreted or ignored.

An autocompleted value holds only at the moment it was listed for, so it is refused as
stale once the game has moved on; a Street card typed as "#4 F3" names the card the
player saw, so it is refused once the Street has changed; a refusal says what is wrong
and what to do; an option the move
does not need, or one that contradicts a move begun with buttons, is refused. Every
refusal is private and changes nothing.
"""

from __future__ import annotations

from typing import Any

from bot.services.choices import choices
from cogs.offered_values import unmarked
from engine.famiglia import GameState, parse_action
from engine.famiglia.actions import Pass, PlayBrute, Refresh, Take
from engine.famiglia.cards import code
from tests.answers import refused, unchanged
from tests.simcord_world import World, play_until


def accepted(result) -> None:
    assert result.response is not None, result
    assert result.response.content.startswith("✅"), result.response.content


async def click(world: World, who, game_id: int, key: str) -> None:
    """Make one decision with the hand's controls (a select option or a button)."""
    hand = await world.open_hand(who, game_id)
    part = next(
        p for p in world.components(hand)
        if p.get("custom_id", "").endswith(f":{key}")
        or key in [o["value"] for o in p.get("options", [])]
    )  # fmt: skip
    if part.get("type") == 3:
        await who.select(hand, [key], custom_id=part["custom_id"])
    else:
        await who.click(hand, custom_id=part["custom_id"])


def _after_refresh(state: GameState) -> list[int]:
    run = state.copy()
    run.apply(Refresh(index=0))
    return run.street


def _moved(state: GameState, index: int) -> bool:
    """The refresh of #1 leaves another card (or none) at ``index``."""
    street = _after_refresh(state)
    return index >= len(street) or street[index] != state.street[index]


def _stale_position(state: GameState) -> bool:
    """A refresh of #1 is possible and moves #1 and a card the player could take."""
    refresh = choices(state, ["refresh"])
    takes = [c.action.index for c in choices(state, ["take"])]
    return (
        bool(refresh)
        and refresh[0].action == Refresh(index=0)
        and any(_moved(state, i) for i in takes)
        and _moved(state, 0)
    )


async def _offered(world: World, who, command: str, option: str, **filled: Any) -> list[str]:
    return [c["value"] for c in await world.autocomplete(who, command, option, **filled)]


async def test_an_autocompleted_street_card_is_refused_once_the_street_changed(world: World):
    """Issue 1: autocomplete, refresh with a button, then send: the old position holds
    another card now. The command is refused, nothing changes; typed values still work."""
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _stale_position)
    takes = choices(state, ["take"])  # the autocomplete lists them in this order
    pick = next(i for i, c in enumerate(takes) if _moved(state, c.action.index))
    seen = {
        "take": (await _offered(world, mover, "take", "card"))[pick],
        "refresh": (await _offered(world, mover, "refresh", "card"))[0],  # #1
    }
    cards = {"take": state.street[takes[pick].action.index], "refresh": state.street[0]}

    await click(world, mover, game_id, "0.0.0")  # refresh #1 with the hand's controls
    before = await world.game(game_id)
    now = await world.state(game_id)
    assert now.street != state.street

    for command, value in seen.items():
        refused(await world.slash(mover, command, card=value), "earlier moment")
        typed = unmarked(value)  # "#4 F3", as a player types what they saw
        text = refused(await world.slash(mover, command, card=typed), "of the Street holds")
        assert "choose again" in text and code(cards[command]) in text, text
    assert unchanged(before, await world.game(game_id))

    # What the player types by hand is still taken as it is meant now.
    fresh = choices(now, ["take"])
    if fresh:
        target = fresh[0].action.index
        accepted(await world.slash(mover, "take", card=code(now.street[target])))
        assert (await world.game(game_id)).action_count > before.action_count


def after_brute(state: GameState, rank: int) -> GameState:
    run = state.copy()
    run.apply(PlayBrute(rank=rank))
    return run


def _after_pass_and_take(state: GameState) -> tuple[int, list[int]] | None:
    """The mover passes, the other player takes a card: which card (its index), and
    the Street then; None if the other player could not take one."""
    run = state.copy()
    run.apply(Pass())
    takes = choices(run, ["take"])
    if not takes:
        return None
    take = takes[0].action
    run.apply(take)
    if run.decision == "pay":
        run.apply(choices(run, ["pay"])[0].action)
    return take.index, run.street


def _brute_goes_stale(state: GameState) -> bool:
    after = _after_pass_and_take(state)
    return (
        bool(choices(state, ["brute"]))
        and after is not None
        and (len(after[1]) <= after[0] or after[1][after[0]] != state.street[after[0]])
    )


async def test_an_autocompleted_brute_target_is_refused_once_the_street_changed(world: World):
    """Issue 1 for the Brute's target: filled in one turn, sent in the next, after the
    other player took the card at that position."""
    game_id = await world.start_game(world.alice, world.bob)
    mover, state = await play_until(world, game_id, _brute_goes_stale)
    rank = choices(state, ["brute"])[0].action.rank
    index, _ = _after_pass_and_take(state) or (0, [])
    targets = choices(after_brute(state, rank), ["brute_target"])
    pick = next(i for i, c in enumerate(targets) if c.action.index == index)
    value = (await _offered(world, mover, "brute", "target", rank=rank))[pick]
    assert unmarked(value) == f"#{index + 1} {code(state.street[index])}"

    await click(world, mover, game_id, "10.0.0")  # pass with the hand's controls
    other = await world.player(game_id, (await world.state(game_id)).current)
    run = await world.state(game_id)
    take = choices(run, ["take"])[0]
    accepted(await world.slash(other, "take", card=take.label))
    if (await world.state(game_id)).decision == "pay":
        await world.slash(
            other,
            "take",
            card=take.label,
            payment=choices(await world.state(game_id), ["pay"])[0].label,
        )
    assert (await world.state(game_id)).current == state.current

    before = await world.game(game_id)
    refused(await world.slash(mover, "brute", rank=rank, target=value), "earlier moment")
    text = refused(
        await world.slash(mover, "brute", rank=rank, target=unmarked(value)),
        "of the Street holds",
        "choose again",
    )  # fmt: skip  (typed by hand as seen)
    assert code(state.street[index]) in text, text
    assert unchanged(before, await world.game(game_id))


async def test_a_fresh_autocompleted_value_and_typed_positions_are_taken(world: World):
    """The value names position and card ("#4 F3"); it and hand-typed positions ("#2")
    are taken when the Street has not changed."""
    game_id = await world.start_game(world.alice, world.bob)

    def both_take(s: GameState) -> bool:
        takes = choices(s, ["take"])
        if not takes:
            return False
        run = s.copy()
        run.apply(takes[-1].action)
        return run.decision == "main" and bool(choices(run, ["take"]))

    mover, state = await play_until(world, game_id, both_take)
    index = choices(state, ["take"])[-1].action.index
    value = (await _offered(world, mover, "take", "card"))[-1]
    assert unmarked(value) == f"#{index + 1} {code(state.street[index])}"
    accepted(await world.slash(mover, "take", card=value))
    log = await world.bot.store.action_log(game_id)
    assert parse_action(log[-1].action_json) == Take(index=index)
    typed = choices(await world.state(game_id), ["take"])
    other = await world.player(game_id, (await world.state(game_id)).current)
    position = typed[0].action.index
    accepted(await world.slash(other, "take", card=f"#{position + 1}"))
    log = await world.bot.store.action_log(game_id)
    assert parse_action(log[-1].action_json) == Take(index=position)


async def test_refusals_say_what_is_wrong_and_what_to_do(world: World):
    """Issue 2: no "no Brute 4" for B9, no "not possible at this point" for a refresh
    while a 0 shows, and a position typed by hand is explained for that card."""
    game_id = await world.start_game(world.alice, world.bob)

    def position(s: GameState) -> bool:
        zero = any(k % 5 == 0 for k in s.street)
        takes = {c.action.index for c in choices(s, ["take"])}
        costly = [i for i in range(len(s.street)) if i not in takes]
        return (
            zero
            and bool(costly)
            and "B3" not in [code(k) for k in s.street]
            and any(code(s.street[i]) != code(s.street[0]) for i in costly)
        )

    mover, state = await play_until(world, game_id, position)
    before = await world.game(game_id)

    text = refused(await world.raw(mover, "brute", rank="B9"), "no Brute 9", "1 to 4")
    assert "Brute 4" not in text
    refused(await world.raw(mover, "brute", rank="A2"), "not a Brute")
    text = refused(await world.slash(mover, "refresh", card="B3"), "0 is showing")
    assert "not possible at this point" not in text and "pass" in text  # and what to do
    takes = {c.action.index for c in choices(state, ["take"])}
    costly = next(
        i for i in range(len(state.street))
        if i not in takes and code(state.street[i]) != code(state.street[0])
    )  # fmt: skip
    card = code(state.street[costly])
    refused(await world.slash(mover, "take", card=f"#{costly + 1}"), f"To take {card}")
    refused(await world.slash(mover, "take", card="F7"), "no card F7", "0 to 4")
    assert unchanged(before, await world.game(game_id))


async def test_options_a_move_does_not_use_are_refused(world: World):
    """Issue 3: amount:9 on a Brute 1, payment: on a free take and a different rank:
    once a Brute was played with a button are refused, and change nothing."""
    game_id = await world.start_game(world.alice, world.bob)

    def position(s: GameState) -> bool:
        brute_one = PlayBrute(rank=1) in [c.action for c in choices(s, ["brute"])]
        free = any(k % 5 == 0 for k in s.street)
        return brute_one and free and any(k % 5 >= 1 for k in s.street)

    mover, state = await play_until(world, game_id, position)
    before = await world.game(game_id)
    zero = next(i for i, k in enumerate(state.street) if k % 5 == 0)
    target = next(i for i, k in enumerate(state.street) if k % 5 >= 1)
    card = code(state.street[target])

    refused(
        await world.slash(mover, "brute", rank=1, target=f"#{target + 1}", amount=4),
        "amount", "only by 1",
    )  # fmt: skip
    refused(
        await world.slash(mover, "take", card=f"#{zero + 1}", payment="Pay M0 + M1"),
        "payment", "nothing",
    )  # fmt: skip
    refused(await world.slash(mover, "brute", rank=1, amount=1), "needs target")
    assert unchanged(before, await world.game(game_id))

    await click(world, mover, game_id, "5.1.0")  # the Brute 1, with the hand's controls
    assert (await world.state(game_id)).decision == "brute_target"
    before = await world.game(game_id)
    offered = await world.autocomplete(mover, "brute", "rank")
    assert [c["value"] for c in offered] == [1]  # what was played
    for rank in (2, 4, 3):
        refused(
            await world.slash(mover, "brute", rank=rank, target=f"#{target + 1}"),
            "already under way", "rank:1",
        )  # fmt: skip
    assert unchanged(before, await world.game(game_id))
    accepted(await world.slash(mover, "brute", rank=1, target=card, amount=1))
    assert (await world.state(game_id)).decision == "main"


async def test_a_street_card_typed_wrong_is_refused_without_saying_the_street_changed(
    world: World,
):
    """A typing slip ("#1 F4" where #1 is and was M2) is told what #1 holds; "The Street
    changed" would send the player looking for a change that never happened."""
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    first = code(state.street[0])
    wrong = next(
        c for c in ("F4", "A4", "B4", "M4") if c != first and c not in map(code, state.street)
    )
    before = await world.game(game_id)
    text = refused(
        await world.slash(mover, "take", card=f"#1 {wrong}"),
        f"#1 of the Street holds {first}, not {wrong}",
    )
    assert "changed" not in text, text
    assert unchanged(before, await world.game(game_id))
