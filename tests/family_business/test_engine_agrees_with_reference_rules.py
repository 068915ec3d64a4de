"""Differential test: seeded random games driven through the engine's protocol, every
turn compared with the independent reference model of the rules (reference_rules):
the cards playable for effect and every complete play of each (targets, positions,
orders), which seats a window asks and what each is offered (rules 5.2, 5.4, R12),
and the position after the turn (zones, list, war, eliminations, result, next player,
hands and piles)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.family_business import GAME, FBOptions
from engine.family_business.actions import Action
from engine.family_business.cards import CODE_OF, KEYS
from engine.family_business.state import FBState

from .reference_bridge import (
    NO_COUNTER,
    actions_of,
    compare,
    engine_leaves,
    feed,
    first_options,
    random_answer,
    random_position,
    to_reference,
)
from .reference_position import TABLE, Choice, Position
from .reference_rules import offered, order_items, plays_of, responders, take_turn

CAP = 60  # complete plays compared one by one up to this many per card
MAX_TURNS = 600


@dataclass
class Tally:
    games: int = 0
    turns: int = 0
    plays_compared: int = 0
    windows: int = 0
    counters: int = 0


def _check_legal_plays(
    s: FBState, rng: random.Random, tally: Tally
) -> dict[str, list[Choice] | int]:
    """Rules 4.3, 8, 9, R6: discard any card; play exactly the cards with a legal
    choice, with exactly the reference's complete plays."""
    seat = s.active
    pos = to_reference(s)
    legal = set(GAME.legal_actions(s, seat))
    hand = {KEYS[c] for c in s.hands[seat]}
    assert {a for a in legal if a.kind == "discard"} == {
        Action("discard", CODE_OF[c]) for c in hand
    }
    plays = {c: plays_of(pos, seat, c, CAP) for c in sorted(hand)}
    want = {Action("play", CODE_OF[c]) for c, p in plays.items() if p}
    assert {a for a in legal if a.kind == "play"} == want, (pos, plays)
    for card, ps in plays.items():
        if not ps:
            continue
        code = CODE_OF[card]
        if isinstance(ps, int):  # too many: the first step only
            items = ps
            first = first_options(s, seat, code)
            assert first and engine_leaves(s, seat, code, CAP) > CAP, (card, items)
            continue
        reached = {feed(GAME.copy(s), seat, actions_of(card, p)) for p in ps}
        assert len(reached) == len(ps), (card, ps)
        assert engine_leaves(s, seat, code, len(ps) + 1) == len(ps), (card, ps, pos)
        tally.plays_compared += len(ps)
    return {c: p for c, p in plays.items() if p}


def _random_order(pos: Position, seat: int, card: str, rng: random.Random) -> Choice:
    items = order_items(pos, seat, card)
    assert items is not None
    rng.shuffle(items)
    return tuple(items)


def _one_turn(s: FBState, rng: random.Random, tally: Tally, where: str) -> None:
    seat = s.active
    plays = _check_legal_plays(s, rng, tally)
    pos = to_reference(s)
    hand = sorted({KEYS[c] for c in s.hands[seat]})
    if plays and rng.random() < 0.85:
        card = rng.choice(sorted(plays))
        ps = plays[card]
        choice: Choice | None = (
            _random_order(pos, seat, card, rng) if isinstance(ps, int) else rng.choice(ps)
        )
    else:
        card, choice = rng.choice(hand), None
    answers: dict[int, str | None] = {}
    window = choice is not None and bool(TABLE[card][1])
    asked = responders(pos) if window else []
    for g in asked:
        answers[g] = random_answer(rng, offered(pos, g, card))
    feed(s, seat, actions_of(card, choice))
    if window:
        tally.windows += 1
        view = GAME.view(s, None)
        assert view.window is not None and set(view.window.responders) == set(asked), where
        assert set(GAME.awaiting(s)) == set(asked), where  # R12: everybody, whatever he holds
        for g in asked:
            want = {Action("counter", CODE_OF[c]) for c in offered(pos, g, card)} | {NO_COUNTER}
            assert set(GAME.legal_actions(s, g)) == want, (where, g)
        order = asked[:]
        rng.shuffle(order)  # R13: the answer order does not matter
        for g in order:
            assert GAME.view(s, None).window is not None, f"{where}: window closed early"
            said = answers[g]
            GAME.apply(s, NO_COUNTER if said is None else Action("counter", CODE_OF[said]), g)
        tally.counters += any(a is not None for a in answers.values())
    else:
        assert GAME.view(s, None).window is None, f"{where}: {card} opened a window"
    take_turn(pos, card, choice, answers)
    compare(s, pos, f"{where} after {card} {choice} answers {answers}")
    tally.turns += 1


def _run(s: FBState, rng: random.Random, tally: Tally, name: str) -> None:
    for turn in range(MAX_TURNS):
        if GAME.is_over(s):
            break
        _one_turn(s, rng, tally, f"{name} turn {turn}")
    assert GAME.is_over(s), f"{name} did not end in {MAX_TURNS} turns"
    tally.games += 1


def test_engine_agrees_with_the_reference_in_random_games_from_the_deal():
    tally = Tally()
    for seed in range(40):
        n = 2 + seed % 5
        rng = random.Random(seed)
        _run(GAME.new(seed, FBOptions(seats=n)), rng, tally, f"deal seed {seed} n {n}")
    print(f"\nfrom the deal: {tally}")
    assert tally.games == 40 and tally.windows > 0 and tally.counters > 0


def test_engine_agrees_with_the_reference_from_random_late_positions():
    tally = Tally()
    for seed in range(250):
        rng = random.Random(10_000 + seed)
        _run(random_position(rng), rng, tally, f"position seed {seed}")
    print(f"\nfrom random positions: {tally}")
    assert tally.games == 250 and tally.windows > 0 and tally.counters > 0
