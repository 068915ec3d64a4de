"""The AI's decision for a seat of a game for 2-6 players, as the worker pool runs it:
JSON in, the engine's action JSON out, legal for that seat; each decision its own seed;
the game's log goes with it, from which the AI reads what the public play showed (a
contracted player who let the card pass held no counter: rules 8.1, 10.1, 10.2)."""

from __future__ import annotations

import asyncio
import pickle
import random
from types import SimpleNamespace
from typing import Any

from bot.services.multi_games import MultiService
from bot.services.multi_rules import (
    FamilyBusinessRules,
    Past,
    decide,
    decision_seed,
    dump_move,
    rules_of,
)
from cogs.family_business import pool_decider
from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.ai import think
from engine.family_business.belief import Belief
from engine.family_business.lookahead import HARD
from engine.family_business.policies import bot_policy
from engine.family_business.state import WINDOW
from engine.family_business.tuned import act, weights_for


def test_the_ai_answers_a_legal_action_for_its_seat_with_a_seed_per_decision() -> None:
    state = GAME.new(42, FBOptions(seats=4))
    seat = GAME.awaiting(state)[0]
    seed = decision_seed(42, 0, seat)
    text = decide("family_business", GAME.dump_state(state), seat, "easy", seed)
    assert GAME.parse_action(text) in GAME.legal_actions(state, seat)
    assert decision_seed(42, 0, seat) != decision_seed(42, 1, seat)


def _to_declined_contract(seed: int, seats: int = 3) -> tuple[Any, list[str], int]:
    """A game of bots until a contracted gang (not seat 0) let the card pass; the state,
    the log's texts and that gang's seat."""
    rules = rules_of("family_business")
    state = rules.new_state(seed, seats)
    log: list[str] = []
    rng = random.Random(seed)
    while not GAME.is_over(state):
        for seat in GAME.awaiting(state):
            before = state.copy()
            action = bot_policy(state, seat, rng)
            events = GAME.apply(state, action, seat)
            log.append(dump_move(GAME, seat, action))
            target = next((a for k, a in before.choices if k == "gang"), -1)
            if before.phase == WINDOW and {"kind": "no_counter"} in events and target > 0:
                return state, log, target
    raise AssertionError("no declined contract in the game")


def test_the_ai_reads_from_the_log_that_a_contracted_player_who_declined_holds_no_counter():
    state, log, target = _to_declined_contract(9)
    rules = rules_of("family_business")
    belief = rules.belief(state, 0, Past(9, tuple(log)))
    assert belief is not None and belief.constrained(target) > 0
    rng = random.Random(1)
    free = len(state.hands[target]) - belief.constrained(target)  # drawn since
    for _ in range(50):
        hand = belief.determinize(state, 0, rng).hands[target]
        assert len(hand) == len(state.hands[target])
        assert sum(c in (C.MOB_POWER, C.FAMILY_INFLUENCE) for c in hand) <= free
    text = decide("family_business", GAME.dump_state(state), 0, "hard", 5, Past(9, tuple(log)))
    assert GAME.parse_action(text) in GAME.legal_actions(state, 0) or 0 not in GAME.awaiting(state)


def test_hard_reads_the_play_from_the_log_at_a_table_of_two_too():
    rules = rules_of("family_business")
    state, log, target = _to_declined_contract(9, seats=2)
    assert rules.reads_past(state, "hard") and not rules.reads_past(state, "medium")
    belief = rules.belief(state, 0, Past(9, tuple(log)))
    assert belief is not None and belief.constrained(target) > 0
    while 0 not in GAME.awaiting(state):  # the bot plays on to seat 0's decision
        action = bot_policy(state, 1, random.Random(1))
        GAME.apply(state, action, 1)
        log.append(dump_move(GAME, 1, action))
    text = decide("family_business", GAME.dump_state(state), 0, "hard", 5, Past(9, tuple(log)))
    assert GAME.parse_action(text) in GAME.legal_actions(state, 0)


def test_a_log_that_is_cut_foreign_or_garbage_gives_no_belief_and_still_a_legal_action():
    state, log, _ = _to_declined_contract(9)
    rules = rules_of("family_business")
    assert rules.belief(state, 0, Past(9, tuple(log[:-1]))) is None
    assert rules.belief(state, 0, Past(10, tuple(log[:1]))) is None
    for garbage in ("not json", '{"seat": "x"}', '{"seat": 0}', "[]", '{"seat": 0, "action": 7}'):
        assert rules.belief(state, 0, Past(9, (*log[:-1], garbage))) is None
    seat = GAME.awaiting(state)[0]
    text = decide("family_business", GAME.dump_state(state), seat, "easy", 5, Past(9, ()))
    assert GAME.parse_action(text) in GAME.legal_actions(state, seat)


async def test_the_pool_gets_the_games_log_as_stored_when_the_ai_reads_it(
    multi: MultiService,
) -> None:
    lobby = await multi.open_lobby(1, 500, 101, "Ann", 4, "family_business")
    await multi.add_ai(lobby.game.id, 101, "hard")  # reads the play at 3 seats
    await multi.add_ai(lobby.game.id, 101, "easy")  # does not: no log is read for it
    game = (await multi.start(lobby.game.id, 101)).game
    sent: list[tuple[Any, ...]] = []

    class Pool:
        async def run(self, user: int, fn: Any, *args: Any) -> Any:
            args = pickle.loads(pickle.dumps(args))  # as a worker process gets them
            sent.append(args)
            return fn(*args)

    bot = SimpleNamespace(ai_pool=Pool())
    multi.decide = pool_decider(bot, multi, window_pace=0.0)  # type: ignore[arg-type]
    for _ in range(30):
        game, state = await multi.load(game.id)
        if GAME.is_over(state):
            break
        if multi.ai_seat_awaited(game, state) is not None:
            await multi.ai_step(game.id)
        else:
            seat = GAME.awaiting(state)[0]
            action = GAME.legal_actions(state, seat)[0]
            await multi.play(game.id, game.players[seat], GAME.dump_action(action))
    assert {args[3] for args in sent} == {"hard", "easy"}
    stored = [row.action_json for row in await multi.store.action_log(game.id)]
    rules = rules_of("family_business")
    for _name, state_json, seat, strength, _seed, past in sent:
        if strength == "easy":
            assert past is None
        else:
            assert isinstance(past, Past) and past.seed == game.seed
            assert list(past.log) == stored[: len(past.log)]
            # the log is the game's up to the position decided: its belief replays
            assert rules.belief(GAME.load_state(state_json), seat, past) is not None
    assert any(past is not None and past.log for *_, past in sent)


def test_a_worker_reads_only_the_moves_since_it_last_read_the_game_as_a_full_read_would():
    # the belief kept between decisions equals the one read from the whole log anew,
    # also after a read of another log (cut short, another game) in between
    kept = FamilyBusinessRules()
    state = kept.new_state(23, 4)
    log: list[str] = []
    rng = random.Random(23)
    reads = 0
    while not GAME.is_over(state):
        for seat in GAME.awaiting(state):
            if seat == 0 and state.phase != WINDOW:
                past = Past(23, tuple(log))
                belief = kept.belief(state, 0, past)
                fresh = FamilyBusinessRules().belief(state, 0, past)
                assert belief is not None and fresh is not None
                assert (belief.slots, belief.bots) == (fresh.slots, fresh.bots)
                reads += 1
                if reads % 5 == 0 and log:
                    assert kept.belief(state, 0, Past(23, tuple(log[:-1]))) is None
                    assert kept.belief(state, 0, Past(24, tuple(log))) is None
            action = bot_policy(state, seat, rng)
            GAME.apply(state, action, seat)
            log.append(dump_move(GAME, seat, action))
    assert reads > 20


def test_the_time_spent_reading_the_play_comes_off_the_look_aheads_cap():
    # with its whole cap spent on reading, hard plays the tuned player's move unsearched
    s = GAME.new(5, FBOptions(seats=4, first=0))
    rng = random.Random(5)
    while len(GAME.legal_actions(s, s.active)) < 4 or s.phase == WINDOW:
        for g in GAME.awaiting(s):
            GAME.apply(s, bot_policy(s, g, rng), g)
    seat = s.active
    searched = think(s, seat, "hard", random.Random(1), Belief(s, seat))
    assert searched.iterations > 0
    hurried = think(s, seat, "hard", random.Random(1), Belief(s, seat), spent=HARD.time_cap)
    assert hurried.iterations == 0
    assert hurried.action == act(s, seat, weights_for(s.n))


def _window_for_seat_1(counter: bool) -> Any:
    """A 2-player window on a Contract against seat 1, whose hand is swapped with cards
    of the draw pile: a Mob Power and cards no counter, or no counter at all."""
    state = GAME.new(8, FBOptions(seats=2, first=0))
    rng = random.Random(8)
    while not (state.phase == WINDOW and state.card == C.CONTRACT and state.active == 0):
        for seat in GAME.awaiting(state):
            GAME.apply(state, bot_policy(state, seat, rng), seat)
    pool = state.draw + state.hands[1]
    plain = [c for c in pool if c not in C.COUNTERS_ALLOWED[C.CONTRACT]]
    size = len(state.hands[1])
    hand = [C.MOB_POWER, *plain[: size - 1]] if counter else plain[:size]
    for c in hand:
        pool.remove(c)
    state.hands[1], state.draw = hand, pool
    return state


async def test_an_ai_window_answer_takes_as_long_whatever_the_seat_holds() -> None:
    # RULING R31: with only "No counter" the AI answers at once, holding a counter it
    # weighs it; the answer is held back to the same pace either way, so the moment a
    # window closes tells nothing of the AI's hand
    class Pool:
        async def run(self, user: int, fn: Any, *args: Any) -> Any:
            return fn(*args)

    async def actions(game: Any, since: int) -> list[str]:
        return []  # no log: the look-ahead decides without a belief

    from cogs.family_business import WINDOW_ANSWER_SECONDS

    multi = SimpleNamespace(core=lambda game: SimpleNamespace(actions=actions))
    choose = pool_decider(SimpleNamespace(ai_pool=Pool()), multi)  # type: ignore[arg-type]
    loop = asyncio.get_running_loop()
    for counter in (False, True):
        state = _window_for_seat_1(counter)
        assert (C.MOB_POWER in state.hands[1]) is counter
        game = SimpleNamespace(
            game="family_business",
            seed=8,
            action_count=50,
            players=[101, 102],
            state_json=GAME.dump_state(state),
        )
        began = loop.time()
        action = await choose(game, state, 1, "hard")
        assert loop.time() - began >= WINDOW_ANSWER_SECONDS
        assert action in GAME.legal_actions(state, 1)
