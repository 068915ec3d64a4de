"""The forms a value typed into a slash option may take, each matched completely.

A value is one of: a Street position (``#4``), a position with the card seen there, as
the autocomplete sends it (``#4 F3``), a card code (``F3``, any letter and rank here:
whether such a card exists is said by the caller), a plain number (``2``), or an
action key (``8.3.0``, the value of a hand's select). Digits are ASCII only (``#٣`` or
a fullwidth ``３`` name nothing), signs are no part of a number (``-1`` is no number),
and nothing may follow or precede the form (``#3 or #6``, ``not F0, take B0``): such a
value reads as no form at all and is refused with the forms that are accepted. Nothing
here knows a rule or a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

FormKind = Literal["position", "seen", "card", "number", "key"]

_POSITION = re.compile(r"#\s?([0-9]{1,3})", re.ASCII)
_SEEN = re.compile(r"#\s?([0-9]{1,3})\s+([A-Za-z][0-9]{1,3})", re.ASCII)
_CARD = re.compile(r"[A-Za-z][0-9]{1,3}", re.ASCII)
_NUMBER = re.compile(r"[0-9]{1,3}", re.ASCII)
#: an action key as a hand's select writes it (``8.3.0``): three ASCII numbers without
#: leading zeros (``bot.services.choices.key_text``, ``parse_key``)
KEY = re.compile(r"(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})", re.ASCII)
#: Card codes naming a payment or an exchange: ``M0 M1``, ``M0 + M1``, ``A1, B2``.
_CARD_LIST = re.compile(r"[A-Za-z][0-9](?:\s*[+,]?\s*[A-Za-z][0-9])*", re.ASCII)


@dataclass(frozen=True, slots=True)
class Form:
    """What a typed value is: ``position`` is 1-based as typed, ``card`` upper case."""

    kind: FormKind
    position: int | None = None
    card: str | None = None
    number: int | None = None
    key: tuple[int, int, int] | None = None


def read(text: str) -> Form | None:
    """The one form ``text`` (surrounding spaces aside) has completely, else None."""
    typed = text.strip()
    if (found := _SEEN.fullmatch(typed)) is not None:
        return Form("seen", position=int(found[1]), card=found[2].upper())
    if (found := _POSITION.fullmatch(typed)) is not None:
        return Form("position", position=int(found[1]))
    if _CARD.fullmatch(typed) is not None:
        return Form("card", card=typed.upper())
    if _NUMBER.fullmatch(typed) is not None:
        return Form("number", number=int(typed))
    if (found := KEY.fullmatch(typed)) is not None:  # as a hand's select writes a key
        return Form("key", key=(int(found[1]), int(found[2]), int(found[3])))
    return None


def card_list(text: str) -> list[str] | None:
    """The card codes ``text`` lists (``M0 + M1``), upper case; None when it is
    anything else."""
    typed = text.strip()
    if _CARD_LIST.fullmatch(typed) is None:
        return None
    return [code.upper() for code in re.findall(r"[A-Za-z][0-9]", typed, re.ASCII)]


#: What each kind of decision accepts, for refusals (besides the offered labels).
ACCEPTED: dict[str, str] = {
    "refresh": "a Street card's code (F3), its position (#4), or both (#4 F3)",
    "take": "a Street card's code (F3), its position (#4), or both (#4 F3)",
    "brute_target": "a Street card's code (F3), its position (#4), or both (#4 F3)",
    "accountant": "the rank of the Accountant, a number from 1 to 4",
    "brute": "the rank of the Brute, a number from 1 to 4",
    "brute_amount": "a number from 1 to 4",
    "exchange_take": "card codes such as A2 B0, or none",
    "exchange_give": "card codes such as A2 B0",
    "pay": "one of the payments the list offers",
}
