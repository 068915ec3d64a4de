"""The AI's belief read *as the bot* (engine.family_business.belief, the default): a
player's choice of what to play or discard, and his declines in a window, tell which
cards he lacked by the rule-based bot's own rules (engine.family_business.policies);
a player whose play contradicts that is read as a sensible player from then on."""

from __future__ import annotations

import random

from engine.family_business import GAME, FBOptions
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.belief import Belief, apply
from engine.family_business.policies import bot_policy, ruled_out
from engine.family_business.state import PLAY, FBState

from .positions import CC, A, B, D, board


def _bot_choices(seeds: range, n: int) -> list[tuple[FBState, int, Action]]:
    """Positions where a bot chose what to play or discard, with its choice."""
    found = []
    for seed in seeds:
        s = GAME.new(seed, FBOptions(seats=n))
        rng = random.Random(seed)
        while not GAME.is_over(s):
            for g in GAME.awaiting(s):
                action = bot_policy(s, g, rng)
                if s.phase == PLAY and s.card < 0 and len(found) < 12 * seed:
                    found.append((s.copy(), g, action))
                GAME.apply(s, action, g)
    return found


def test_rule_4_3_a_bots_choice_rules_out_exactly_the_cards_that_would_have_changed_it():
    # one more card of a kind in the bot's hand changes its choice if and only if the
    # kind is ruled out by the choice it made (read from the public position alone)
    checked = changed = 0
    for s, g, action in _bot_choices(range(1, 4), 4):
        out = ruled_out(s.public_copy(), g, action)
        for card in range(C.N_TYPES):
            if card == action.arg:
                continue
            t = s.copy()
            t.hands[g].append(card)
            other = bot_policy(t, g, random.Random(0)) != action
            assert other == (card in out), (C.KEYS[card], action, s.hands[g])
            checked += 1
            changed += other
    assert checked > 500 and 0 < changed < checked


def test_rule_4_3_a_player_who_discards_instead_of_a_play_the_bot_would_make_lacks_that_card():
    # B holds the Massacre with two rival mobsters listed; a bot would play it. B
    # discards the Truce instead: read as the bot, B cannot hold the Massacre now
    hand = [C.MASSACRE, C.INTRIGUE, C.TRUCE, C.SUBSTITUTION, C.SUBSTITUTION]
    s = board(3, hit=[A, CC], hands={B: hand}, active=B)
    assert bot_policy(s, B, random.Random(0)) == Action("play", C.MASSACRE)
    belief = Belief(s, A)
    apply(belief, s, Action("discard", C.TRUCE), B)
    rng = random.Random(5)
    assert all(C.MASSACRE not in belief.determinize(s, A, rng).hands[B] for _ in range(100))
    # the sensible reading tells nothing from a discard
    sensible = Belief(board(3, hit=[A, CC], hands={B: hand}, active=B), A, as_bot=False)
    t = board(3, hit=[A, CC], hands={B: hand}, active=B)
    apply(sensible, t, Action("discard", C.TRUCE), B)
    assert sensible.constrained(B) == 0


def test_rule_4_3_a_player_found_to_play_otherwise_than_the_bot_is_no_longer_read_as_one():
    # B discards its Mob Power, the card the bot keeps longest: read as the bot, B holds
    # nothing but Mob Power now. Before B refills, A contracts B and B counters with
    # Family Influence: the belief was wrong, it forgets B's hand and reads B only as a
    # sensible player from then on
    hand = [C.MOB_POWER, C.FAMILY_INFLUENCE, C.INTRIGUE, C.TRUCE, C.SUBSTITUTION]
    s = board(3, hands={A: [C.CONTRACT] * 5, B: hand}, active=B)
    belief = Belief(s, A)
    apply(belief, s, Action("discard", C.MOB_POWER), B)
    assert belief.constrained(B) == 4
    rng = random.Random(1)
    while s.active != A or s.phase != PLAY or s.card >= 0:  # C's turn, B declining
        for g in GAME.awaiting(s):
            apply(belief, s, Action("no_counter", 0) if g == B else bot_policy(s, g, rng), g)
    assert belief.bots[B] and C.FAMILY_INFLUENCE in s.hands[B]
    for seat, kind, arg in [(A, "play", C.CONTRACT), (A, "gang", B), (CC, "no_counter", 0)]:
        apply(belief, s, Action(kind, arg), seat)
    apply(belief, s, Action("counter", C.FAMILY_INFLUENCE), B)
    assert not belief.bots[B] and belief.constrained(B) == 0
    assert belief.bots[CC]  # the others are still read as bots


def test_rule_10_1_a_bot_that_lets_the_leaders_contract_on_another_pass_holds_no_mob_power():
    # A leads; A contracts C. Nobody counters. Read as the bot: B (not the target)
    # would have turned the leader's contract with Mob Power, so it holds none, but may
    # hold Family Influence; C (the target) holds neither. D watches.
    s = board(4, at_large=[9, 6, 6, 6], hands={A: [C.CONTRACT] * 5})
    belief = Belief(s, D)
    for seat, kind, arg in [(A, "play", C.CONTRACT), (A, "gang", CC)]:
        apply(belief, s, Action(kind, arg), seat)
    for seat in (B, CC, D):
        apply(belief, s, Action("no_counter", 0), seat)
    rng = random.Random(2)
    dealt = [belief.determinize(s, D, rng) for _ in range(300)]
    assert not any(C.MOB_POWER in d.hands[B] for d in dealt)
    assert any(C.FAMILY_INFLUENCE in d.hands[B] for d in dealt)
    assert not any({C.MOB_POWER, C.FAMILY_INFLUENCE} & set(d.hands[CC]) for d in dealt)
