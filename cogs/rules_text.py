"""The rules in short pages, for ``/famiglia rules`` and the Rules button."""

from __future__ import annotations

PAGES: tuple[tuple[str, str], ...] = (
    (
        "Turn order",
        "Famiglia is a two-player game of recruiting gangsters. Each turn you may do, "
        "**in this order**, each step at most once:\n"
        "1. **Refresh** the Street — only if no 0 is showing at the start of your turn.\n"
        "2. Play an **Accountant** (blue) to exchange cards between hand and play area.\n"
        "3. Play a **Brute** (yellow) to lower one Street card's rank for this turn.\n"
        "4. **Take** one Street card — or pass.\n\n"
        "Every step is optional. A turn in which you take no card is a pass. "
        "You start with one 0 of each family in hand.",
    ),
    (
        "The families",
        "🟥 **La Famiglia** (red): no ability, but worth the most: 1/3/6/10/15 VP for "
        "ranks 0–4.\n"
        "🟦 **Accountants** (blue): play one of rank N into your play area, then take up to N "
        "other cards from your play area back into hand and put as many from hand down.\n"
        "🟨 **Brutes** (yellow): play one of rank N into your play area and lower one Street "
        "card by 1 to N (not below 0) — only for this turn's take.\n"
        "🟩 **Mercenaries** (green): a Mercenary of rank k can stand in as the second card of a "
        "payment for a card of rank up to k.\n"
        "Blue, yellow and green cards are worth 0/1/3/6/10 VP. Zeros have no ability.",
    ),
    (
        "The Street",
        "Six cards lie face up in the **Street**.\n"
        "**Refresh**: if no 0 shows at the start of your turn, discard any Street card and "
        "reveal as many new cards as its rank. Repeat while still no 0 shows.\n"
        "When the draw pile runs out the first time, the discard pile is shuffled into a new "
        "draw pile. From then on you may refresh only once per turn, and the card goes under "
        "the draw pile instead.\n"
        "When the Street is empty after a turn, six new cards are revealed.",
    ),
    (
        "Taking a card",
        "A card of rank 0 (or lowered to 0 by a Brute) is **free**.\n"
        "A card of rank r costs **two cards of the same family and rank r−1** from your hand: "
        "you take the card into hand, one of the two payment cards goes into your play area "
        "(it is exhausted), the other goes back into your hand.\n"
        "If you hold only one such card, a Mercenary of rank r or higher may be the second "
        "card (a wild). Two wilds are never allowed. Cards in your play area still score but "
        "can never pay.",
    ),
    (
        "Game end and scoring",
        "The game ends when the last card of the second draw pile has come out: the round is "
        "completed so both players had the same number of turns. It also ends at once when "
        "both players pass one right after the other.\n"
        "**Scoring**: every card you own — hand **and** play area — scores its VP. The higher "
        "total wins. On a tie, the player with the single most valuable card wins; if those "
        "are equal too, the second-best card decides, and so on. Equal all the way is a shared "
        "win.\n"
        "In a game between two people each turn has a time limit; a player who runs out of "
        "time loses the game. Games in DMs (solo, against the AI) have no time limit.",
    ),
    (
        "Solo: the robot gangster",
        "In DMs, **/famiglia solo** pits you against the robot gangster, who follows a fixed "
        "program. He has no hand: he starts with one 0 of each family face up in his area, "
        "and each turn he takes one Street card (refreshing the Street when his program "
        "says so); he never plays a card or pays for one.\n"
        "**Levels** 1 to 4 run from the easiest robot to the hardest (level 3 is the printed "
        "game); **a** means you start, **b** that he starts, which is harder.\n"
        "**Scoring**: both sides count their VP. If he has more, you lose. If you beat him, "
        "your score is **2 × your VP − his VP**, kept per level on the solo high-score "
        "boards. A tie in VP is decided as between two people (the most valuable card, "
        "then the next, and so on); a tie all the way is not a win over him.",
    ),
)


def titles() -> list[str]:
    return [f"{i + 1}. {title}" for i, (title, _) in enumerate(PAGES)]
