"""Words for players: the current prompt, action labels and move-log lines."""

from __future__ import annotations

from collections.abc import Sequence

from engine.famiglia.actions import Action
from engine.famiglia.cards import code
from engine.famiglia.codes import Op, Stage
from engine.famiglia.events import Event
from engine.famiglia.flow import can_refresh
from engine.famiglia.payment import effective_rank, genuine_kind
from engine.famiglia.state import GameState


def prompt(s: GameState) -> str:
    """What the current decision asks, for the seat to move."""
    d = s.decision
    if d == "over":
        return "The game is over."
    if d == "robot":
        return "The robot gangster is moving."
    if d == "exchange_take":
        left = s.exch_limit - s.exch_taken
        return (
            f"Accountant {s.exch_limit}: take up to {left} more card(s) back "
            "from your play area, or stop."
        )
    if d == "exchange_give":
        return f"Accountant: put {s.exch_taken} card(s) from your hand into your play area."
    if d == "brute_target":
        return f"Brute {s.brute_rank}: choose the Street card to lower."
    if d == "brute_amount":
        return f"Brute {s.brute_rank}: lower {code(s.street[s.brute_idx])} by how much?"
    if d == "pay":
        target = s.street[s.take_idx]
        eff = effective_rank(s, s.take_idx)
        genuine = code(genuine_kind(target, eff))
        return (
            f"Taking {code(target)}: pay {genuine} and a Mercenary of rank {eff}+ as a wild; "
            "choose the wild and which card is exhausted."
        )
    kinds = {k[0] for k in s.legal_keys()}
    parts = []
    if Op.REFRESH in kinds:
        parts.append("refresh the Street")
    if Op.ACCOUNTANT in kinds:
        parts.append("play an Accountant")
    if Op.BRUTE in kinds:
        parts.append("play a Brute")
    if Op.TAKE in kinds:
        parts.append("take a card")
    parts.append("pass")
    text = ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1]
    return text[0].upper() + text[1:] + "."


def public_prompt(s: GameState) -> str:
    """What the seat to move is deciding, as everyone may see it.

    ``prompt`` lists only the options the mover's hand allows ("play a Brute"), which
    would tell the table what the hand holds; this lists what the stage of the turn
    allows, from public facts only (rule 4: A1-A4 in order)."""
    if s.decision != "main":
        return prompt(s)
    parts = []
    if s.stage == Stage.REFRESH and can_refresh(s):
        parts.append("refresh the Street")
    if s.stage <= Stage.ACCOUNTANT:
        parts.append("play an Accountant")
    if s.stage <= Stage.BRUTE and s.street:
        parts.append("play a Brute")
    parts += ["take a card", "pass"]
    # the steps still open, not the mover's choices (which the hand alone shows)
    return "Steps still open this turn: " + ", ".join(parts[:-1]) + " or " + parts[-1] + "."


def _refresh_label(s: GameState, i: int) -> str:
    card = s.street[i]
    if s.switched:  # rule 4.1.4: the card goes under the draw pile
        return f"Refresh: put {code(card)} (#{i + 1}) under the pile, reveal {card % 5}"
    return f"Refresh: discard {code(card)} (#{i + 1}), reveal {card % 5}"


def label(s: GameState, action: Action) -> str:
    """A short label (≤ 80 characters) for a button or a select option."""
    kind, a, b = action.key()
    street = s.street
    if kind == Op.REFRESH:
        return _refresh_label(s, a)
    if kind == Op.ACCOUNTANT:
        return f"Play Accountant A{a}: exchange up to {a}"
    if kind == Op.EXCHANGE_TAKE:
        return f"Take back {code(a)} from your play area"
    if kind == Op.EXCHANGE_DONE:
        return "Stop taking cards back"
    if kind == Op.EXCHANGE_GIVE:
        return f"Put {code(a)} into your play area"
    if kind == Op.BRUTE:
        return f"Play Brute B{a}: lower a Street card by up to {a}"
    if kind == Op.BRUTE_TARGET:
        return f"Lower {code(street[a])} (#{a + 1})"
    if kind == Op.BRUTE_AMOUNT:
        card = street[s.brute_idx]
        return f"Lower {code(card)} by {a} to {card % 5 - a}"
    if kind == Op.TAKE:
        return _take_label(s, a)
    if kind == Op.PAY:
        target = street[s.take_idx]
        genuine = code(genuine_kind(target, effective_rank(s, s.take_idx)))
        wild = f"M{a}"
        kept, spent = (genuine, wild) if b else (wild, genuine)
        return f"Pay {genuine} + {wild}; exhaust {spent}, keep {kept}"
    if kind == Op.PASS:
        return "Pass (take nothing)"
    return "Robot gangster's turn"


def _take_label(s: GameState, i: int) -> str:
    card = s.street[i]
    eff = effective_rank(s, i)
    if eff == 0:
        return f"Take {code(card)} (#{i + 1}) for free"
    genuine = genuine_kind(card, eff)
    if s.hands[s.current][genuine] >= 2:
        return f"Take {code(card)} (#{i + 1}): pay two {code(genuine)}"
    return f"Take {code(card)} (#{i + 1}): pay {code(genuine)} + a wild Mercenary"


#: Move-log lines that only fill in the event's fields.
_LINES: dict[str, str] = {
    "switch": "The draw pile ran out: the discard pile is shuffled into a new pile of {amount}",
    "accountant": "{who} plays {card}",
    "exchange_take": "{who} takes {card} back into hand",
    "exchange_give": "{who} puts {card} into the play area",
    "brute": "{who} plays {card}",
    "brute_target": "{who} lowers {card} by {amount} for this turn",
    "pass": "{who} passes",
    "robot_step": "{who}: {note}",
    "turn": "{who}'s turn",
    "game_over": "Game over: {note}",
}
#: Why the robot refreshes, by the step of his program that does it (rules 9.7, 9.8).
_ROBOT_REFRESH: dict[int, str] = {
    1: "Step 1: he wants a 0 and none is showing",
    2: "Step 2: he wants a 1 and none is showing",
    3: "Step 3: he wants a 2 and none is showing",
    4: "Step 4: he wants a 3 and none is showing",
    5: "Step 5: a more valuable card is still in the piles",
}
_LAST_TURNS: dict[int, str] = {
    0: "this is the last turn",
    1: "one more turn",
    2: "one more round",
}


_NUMBERS: tuple[str, ...] = ("no", "one", "two", "three", "four", "five", "six")


def refill_line(cards: Sequence[int]) -> str:
    """Rule 4.5.1: the cards an empty Street was refilled with; fewer than six when the
    draw pile runs out."""
    n = len(cards)
    count = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"The Street was empty: {count} new card{'' if n == 1 else 's'} {_codes(cards)}"


def _codes(cards: Sequence[int]) -> str:
    return " ".join(code(c) for c in cards)


def describe_event(e: Event, names: Sequence[str]) -> str:
    """One line of the move log, e.g. 'Anna takes F3, paying F2 + M3 (F2 exhausted)'."""
    who = names[e.seat] if 0 <= e.seat < len(names) else "Nobody"
    k = e.kind
    if k == "refresh":
        where = "under the pile" if e.note == "bottom" else "to the discard pile"
        shown = _codes(e.cards) or "nothing"
        why = f" ({_ROBOT_REFRESH[e.amount]})" if e.amount in _ROBOT_REFRESH else ""
        return f"{who} refreshes the Street: {code(e.card)} {where}, reveals {shown}{why}"
    if k == "take":
        if not e.cards:
            return f"{who} takes {code(e.card)}"
        paid = " + ".join(code(c) for c in e.cards)
        return f"{who} takes {code(e.card)}, paying {paid} ({code(e.exhausted)} exhausted)"
    if k == "refill":
        return refill_line(e.cards)
    if k == "end_triggered":
        return f"The last card is out: {_LAST_TURNS[e.amount]}"
    card = code(e.card) if e.card >= 0 else ""
    return _LINES[k].format(who=who, card=card, amount=e.amount, note=e.note)
