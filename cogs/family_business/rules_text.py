"""The rules of Family Business in one short page, for ``/familybusiness rules``; the
numbered rules file is the authority."""

from __future__ import annotations

RULES = (
    "**Family Business** (2–6 players). Each player leads a gang of 9 mobsters. Mobsters"
    " are put on the **hit list**; while a **Mob War** runs, the one at the wall (position"
    " 1) dies at the start of every turn (two at double rate). A gang with no mobster in"
    " play is out; the last gang standing wins.\n\n"
    "**Your turn:** the war executes first; you refill your hand to 6; then you play one"
    " card for effect (its targets and order chosen step by step) or discard any card"
    " without effect.\n"
    "🔴 **Attack** cards put mobsters on the list (Contracts, Double Cross, Vendetta), kill"
    " (Hit, St. Valentine's Day Massacre) or start the war (Mob War, Ambush).\n"
    "🟢 **Rescue** cards take mobsters off the list (Take It On the Lam, Police Protection,"
    " Pay Off, Federal Crackdown), swap or reorder it (Substitution, Intrigue) or end the"
    " war (Truce).\n"
    "🔵 **Counter** cards are played only in a **counter window**: when a Contract,"
    " Priority or Double Contract, Vendetta or Take It On the Lam is played, every other"
    " player is asked at once and blind — counter or not — whatever they hold. The first"
    " counter clockwise from the player's left counts, and its player takes the next"
    " turn. Family Influence cancels a contract, Mob Power turns it on its player, Finger"
    " cancels Take It On the Lam, Safe House shields your gang from a Vendetta.\n\n"
    "**On Discord:** **Show my hand** on the table plays your turn by menus; a window's"
    " announcement has a button for your private answer. No answer by the deadline counts"
    " as no counter. `/familybusiness leave` (or running out of time) hands your gang to"
    " the AI, and you are placed as if your gang was eliminated then."
)
