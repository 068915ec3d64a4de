"""A short summary of the rules for players (the full text: the project's rules spec)."""

from __future__ import annotations

from typing import Final

RULES_SUMMARY: Final = """\
Famiglia in short
* 60 cards, four families, ranks 0-4: La Famiglia F (red, no ability), Accountants A
  (blue), Brutes B (yellow), Mercenaries M (green). Each player starts with F0 A0 B0 M0.
* VP per card: F 1/3/6/10/15 for ranks 0-4; A, B and M 0/1/3/6/10. Cards in your hand
  and in your play area all count.
* Your turn, in this order, each step optional:
  1. Refresh: only if no 0 shows in the Street. Discard a Street card and reveal as
     many new cards as its rank; repeat while no 0 shows. After the draw pile has run
     out once, only one refresh per turn, and the card goes under the pile.
  2. Accountant: put an Accountant of rank N from hand into your play area, then swap
     up to N cards: take them back from your play area, put as many from hand down.
  3. Brute: put a Brute of rank N into your play area and lower one Street card's rank
     by 1 to N, for this turn only.
  4. Take one Street card, or pass. A 0 is free. A card of rank r costs two cards of
     the same family and rank r-1 from your hand: you keep one, the other goes to your
     play area. With only one such card, a Mercenary of rank r or more may be the
     second card (a wild). Then a Street that ran empty is refilled with six cards.
* The end: when the last card of the second draw pile is revealed, the round is
  finished so both had as many turns; two passes in a row end the game at once.
* Most VP wins; a tie goes to the owner of the most valuable single card.
* Solo: the robot gangster takes one card per turn by a fixed program (zeros first,
  then ones, twos, threes, then the most valuable card). Level 1 is the easiest,
  4 the hardest; "b" means the robot starts. Beat him for 2 x your VP - his VP."""
