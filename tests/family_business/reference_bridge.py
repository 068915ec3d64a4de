"""Between the engine and the reference model of reference_rules: an engine position
as a reference position, a reference play as engine actions, the engine's complete
plays counted through the protocol, and the comparison of the two results."""

from __future__ import annotations

import random
from collections import Counter

from engine.family_business import GAME
from engine.family_business import cards as C
from engine.family_business.actions import Action
from engine.family_business.cards import CODE_OF, KEYS
from engine.family_business.state import NONE, NOT_ASKED, PLAY, SINGLE, FBState

from .reference_position import COUNTERS, ONE_GANG, ORDERS, Choice, Position

NO_COUNTER = Action("no_counter", 0)


def to_reference(s: FBState) -> Position:
    """The engine's position (at a player's S3) in the reference's terms; only public
    facts, each seat's own hand and the draw pile's order are read."""
    v = GAME.view(s, None)
    return Position(
        n=s.n,
        live=[g.live for g in v.gangs],
        at_large=[g.at_large for g in v.gangs],
        hit=list(v.hit_list),
        war=v.war,
        hands=[Counter(KEYS[c] for c in GAME.view(s, g).hand) for g in range(s.n)],
        draw=[KEYS[c] for c in s.draw],
        discard=Counter(KEYS[c] for c in v.discard),
        active=v.active,
        eliminated=[tuple(g) for g in v.eliminated],
    )


def actions_of(card: str, choice: Choice | None) -> list[Action]:
    """A reference play as the engine's decisions (``choice`` None: a discard)."""
    code = CODE_OF[card]
    if choice is None:
        return [Action("discard", code)]
    head = [Action("play", code)]
    if card in ONE_GANG or card == "pay_off":
        return [*head, Action("gang", choice[0])]
    if card == "hit":
        return [*head, Action(choice[0], choice[1])]
    if card in ORDERS:
        return [*head, *(Action("next", g) for g in choice)]
    if card == "turncoat":
        d, (kind, arg), r = choice
        return [*head, Action("gang", d), Action(kind, arg), Action("receiver", r)]
    if card in ("take_it_on_the_lam", "police_protection"):
        return [*head, Action("position", choice[0])]
    if card == "substitution":
        p, (kind, arg) = choice
        return [*head, Action("position", p), Action(kind, arg)]
    return head


def choosing(s: FBState, seat: int) -> bool:
    return GAME.view(s, seat).choosing is not None


def feed(s: FBState, seat: int, actions: list[Action]) -> tuple[Action, ...]:
    """Apply a complete play; the engine may complete an order by itself once the rest
    is all one gang (its mobsters are interchangeable, rule 1.3). Returns the actions
    applied after the first."""
    GAME.apply(s, actions[0], seat)
    rest = list(actions[1:])
    done: list[Action] = []
    while rest and choosing(s, seat):
        a = rest.pop(0)
        legal = GAME.legal_actions(s, seat)
        assert a in legal, f"{a} not offered; engine offers {legal}"
        GAME.apply(s, a, seat)
        done.append(a)
    assert not choosing(s, seat), f"engine still asks after {actions}"
    assert all(a.kind == "next" for a in rest) and len({a.arg for a in rest}) <= 1, (
        f"engine completed {actions} early, leaving {rest}"
    )
    return tuple(done)


def engine_leaves(s: FBState, seat: int, code: int, cap: int) -> int:
    """How many complete plays of ``code`` the engine offers (stops counting past
    ``cap``), walking its options through the protocol on copies."""
    root = GAME.copy(s)
    GAME.apply(root, Action("play", code), seat)
    leaves, stack = 0, [root]
    while stack and leaves <= cap:
        node = stack.pop()
        if not choosing(node, seat):
            leaves += 1
            continue
        for a in GAME.legal_actions(node, seat):
            child = GAME.copy(node)
            GAME.apply(child, a, seat)
            stack.append(child)
    return leaves


def first_options(s: FBState, seat: int, code: int) -> set[Action]:
    c = GAME.copy(s)
    GAME.apply(c, Action("play", code), seat)
    return set(GAME.legal_actions(c, seat)) if choosing(c, seat) else set()


def compare(s: FBState, pos: Position, where: str) -> None:
    """The engine's position after a turn equals the reference's (everything the rules
    decide: zones, list, war, live gangs, result, next player, cards)."""
    v = GAME.view(s, None)
    got = {
        "live": [g.live for g in v.gangs],
        "at_large": [g.at_large for g in v.gangs],
        "hit": list(v.hit_list),
        "war": v.war,
        "over": v.over,
        "eliminated": [tuple(g) for g in v.eliminated],
        "discard": Counter(KEYS[c] for c in v.discard),
        "draw_size": v.draw_size,
    }
    want = {
        "live": pos.live,
        "at_large": pos.at_large,
        "hit": pos.hit,
        "war": pos.war,
        "over": pos.over,
        "eliminated": pos.eliminated,
        "discard": pos.discard,
        "draw_size": pos.draw_size(),
    }
    if pos.over:
        detail = GAME.outcome(s).detail
        got["result"] = (detail.winner, tuple(detail.draw))
        want["result"] = (pos.winner, tuple(pos.draw_between))
    else:
        got["active"], want["active"] = v.active, pos.active
        got["awaiting"], want["awaiting"] = GAME.awaiting(s), (pos.active,)
    mystery: Counter[str] = Counter(KEYS[c] for c in s.draw) if pos.shuffled else Counter()
    for g in range(s.n):
        hand = Counter(KEYS[c] for c in s.hands[g])
        extra = hand - pos.hands[g]
        got[f"hand {g}"] = (sum(hand.values()), pos.hands[g] - hand)
        want[f"hand {g}"] = (sum(pos.hands[g].values()) + pos.unknown[g], Counter())
        mystery += extra
    if pos.shuffled:
        got["reshuffled cards"], want["reshuffled cards"] = mystery, pos.mystery
    else:
        got["draw"], want["draw"] = [KEYS[c] for c in s.draw], pos.draw
    diff = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
    assert not diff, f"{where}: engine vs reference differ (engine, reference): {diff}"


def random_position(rng: random.Random) -> FBState:
    """A position at a player's S3 such as a game can reach: live gangs with 1-9 in
    play, a random list, a war, cards spread over hands and piles."""
    n = rng.randint(2, 6)
    s = FBState(n, rng.getrandbits(32))
    out = [g for g in range(n) if n > 2 and rng.random() < 0.25]
    while n - len(out) < 2:
        out.pop()
    listed: list[int] = []
    for g in range(n):
        s.live[g] = g not in out
        if not s.live[g]:
            s.at_large[g] = 0
            continue
        total = rng.choice((1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 9))
        k = rng.randint(0, min(total, 4))
        s.at_large[g] = total - k
        listed += [g] * k
    rng.shuffle(listed)
    s.hit = listed
    s.war = rng.choice((NONE, NONE, 1, 2))
    if s.war == NONE and (len(s.hit) >= 6 or s.total_in_play() <= 6):
        s.war = SINGLE  # the S1 checkpoint has run (rule 6.3)
    deck = C.full_deck()
    rng.shuffle(deck)
    s.active = rng.choice([g for g in range(n) if s.live[g]])
    for g in range(n):
        if s.live[g]:
            size = 6 if g == s.active else rng.randint(3, 6)
            s.hands[g] = [deck.pop() for _ in range(size)]
    keep = rng.choice((1, 2, 3, len(deck) // 2, len(deck)))
    s.discard = deck[: len(deck) - keep]
    s.draw = deck[len(deck) - keep :]
    s.phase = PLAY
    s.card = -1
    s.answers = [NOT_ASKED] * n
    s.turn = 1
    return s


def random_answer(rng: random.Random, options: set[str]) -> str | None:
    return rng.choice(sorted(options)) if options and rng.random() < 0.6 else None


__all__ = ["COUNTERS", "NO_COUNTER", "actions_of", "compare", "feed", "to_reference"]
