"""What a game looks like in a message: the table, a hand, a challenge, a result.

The embeds and the picture come from ``cogs.render``; this module adds what only the
bot knows (names, forfeits, challenges). Public embeds are built from the public view
(``view(state, None)``), so they cannot show a hand or the pile's order.
"""

from __future__ import annotations

import discord

from bot.services.mode_protocol import TITLES
from bot.services.modes import mode_of, options_of
from cogs.render import hand_embed, table_message
from cogs.render.embed import Hands, result_sentence
from cogs.safe_text import shown
from db.rows import GameRow, ResultRow
from engine.famiglia import Event, GameState, PlayerView, describe_event, prompt, view

#: Events the move log leaves out: a turn passing shows in the table itself, and the
#: game's end has its own line (the result is said once, winner first).
UNSAID = ("turn", "game_over")


def played_where(game: GameRow, channel_id: int | None) -> list[str]:
    """The game a move went to, when it was typed away from it (in our DMs, or where
    nobody plays): the answer names it, as nothing else there does."""
    if channel_id == game.channel_id:
        return []
    return [f"🎲 Famiglia #{game.id} {where(game)}:"]


def move_answer(lines: list[str], state: GameState, seat: int | None) -> list[str]:
    """What a player is told after their move: what happened (``lines``), and, while the
    move or the turn still waits for them (a payment to choose, a card to take after a
    refresh), what is still needed — never a bare "Done" then."""
    said = [f"✅ {line}" for line in lines]
    if state.over or seat is None or state.current != seat:
        return said or ["✅ Done."]
    return [*said, f"⏳ Not finished: {prompt(state)}"]


def names_of(game: GameRow) -> tuple[str, str]:
    """The players' names as stored (the picture draws them as they are)."""
    first, second = options_of(game).names
    return (first, second)


def shown_names(game: GameRow) -> tuple[str, str]:
    """The players' names for message text: escaped (:func:`cogs.safe_text.shown`)."""
    first, second = names_of(game)
    return (shown(first), shown(second))


def said(game: GameRow, events: list[Event]) -> list[str]:
    """What ``events`` did, one line each, as the move log and the answers say it."""
    names = shown_names(game)
    return [describe_event(e, names) for e in events if e.kind not in UNSAID]


def answer_lines(
    game: GameRow, events: list[Event], state: GameState, seat: int | None, channel_id: int | None
) -> list[str]:
    """What a mover reads after their move in a duel or against the AI: the game it went
    to when typed away from it, its last events, and what is still needed."""
    lines = move_answer(said(game, events)[-8:], state, seat)
    return played_where(game, channel_id) + lines


def mention(game: GameRow, seat: int) -> str:
    return f"<@{game.players[seat]}>"


def turn_ping(game: GameRow, seat: int, what: str = "Famiglia") -> str:
    """The ping of the player to move: whose turn, where to play, and until when."""
    until = ""
    if game.deadline is not None:
        until = f" Your time runs out <t:{int(game.deadline.timestamp())}:R>."
    return (
        f"{mention(game, seat)}, your turn in {what} #{game.id}. "
        f"Press **Show my hand** on the table to play.{until}"
    )


def where(game: GameRow) -> str:
    """Where ``game`` is played, for a sentence: ``in <#channel>`` or ``in our DMs``."""
    in_dm = mode_of(game).in_dm(game)
    return "in our DMs" if in_dm else f"in <#{game.channel_id}>"


def forfeit_question(game: GameRow, user_id: int) -> str:
    """The confirmation of a forfeit, naming the game: ``/famiglia forfeit`` may be used
    away from the game's channel."""
    seat = game.seat_of(user_id)
    opponent = shown_names(game)[1 - seat] if seat is not None else "your opponent"
    return (
        f"Give up game #{game.id} against **{opponent}** "
        f"{where(game)}? Your opponent wins and it counts as a loss for you."
    )


def challenge_message(game: GameRow) -> str:
    """The challenge's message as a link when it is known, else its channel."""
    if game.guild_id is not None and game.table_message_id is not None:
        channel = game.table_channel_id or game.channel_id
        url = f"https://discord.com/channels/{game.guild_id}/{channel}/{game.table_message_id}"
        return f"the challenge message ({url})"
    return f"the challenge message {where(game)}"


def pending_challenge_text(game: GameRow, user_id: int) -> str:
    """``/famiglia forfeit`` on a challenge not accepted yet: nothing to give up; how
    to withdraw (the challenger) or turn down (the challenged player) the challenge."""
    names = shown_names(game)
    if game.seat_of(user_id) == 0:
        return (
            f"Your challenge to **{names[1]}** (game #{game.id}) is not accepted yet, so "
            "there is no game to give up. To withdraw it, press **Cancel challenge** on "
            f"{challenge_message(game)}; unanswered, it expires by itself."
        )
    return (
        f"The challenge from **{names[0]}** (game #{game.id}) is not accepted yet, so "
        f"there is no game to give up. To turn it down, press **Decline** on "
        f"{challenge_message(game)}."
    )


def _forfeit_field(
    embed: discord.Embed, game: GameRow, state: GameState, record: ResultRow | None
) -> None:
    """A game given up or lost on time is over although the engine's game is not:
    say so (the render only knows games finished on points)."""
    if game.status == "forfeited":
        embed.add_field(name="Game over", value=result_text(game, state, record), inline=False)


def final_hands(game: GameRow, state: GameState) -> Hands | None:
    """Every hand, once the game is over (finished or given up): the players check the
    totals on the final table. None while it runs: hands are secret then."""
    if game.is_open:
        return None
    return (view(state, 0).hand, view(state, 1).hand)


def seen(game: GameRow, state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` (None: everybody) sees of ``game``: the engine's view, with nobody to
    move once the row says the game is over though its rules did not end it (given up,
    lost on time), as at the end of a game ended by the rules; who won is the row's."""
    shown_view = view(state, seat)
    if game.is_open or state.over:
        return shown_view
    return shown_view.model_copy(
        update={"current": None, "decision": "over", "prompt": "The game is over."}
    )


def table(
    game: GameRow,
    state: GameState,
    recent: list[str],
    record: ResultRow | None = None,
    *,
    hand_below: bool = False,
) -> tuple[discord.Embed, discord.File]:
    """The public table (embed + image), from the public view only (and, once the game
    is over, every hand); ``hand_below``: the player's hand is shown under it (a DM
    table), which says exactly what they may do, so the table's general prompt is left
    out (the two read "Play an Accountant, play a Brute …" against "Take a card or
    pass")."""
    public = seen(game, state, None)
    if hand_below:
        public = public.model_copy(update={"prompt": ""})
    embed, file = table_message(public, names_of(game), recent, final_hands(game, state))
    _forfeit_field(embed, game, state, record)
    return embed, file


def hand(
    game: GameRow, state: GameState, seat: int, record: ResultRow | None = None
) -> discord.Embed:
    """One player's own view: their hand, play area, total and what is asked of them."""
    embed = hand_embed(seen(game, state, seat), names_of(game))
    _forfeit_field(embed, game, state, record)
    return embed


def result_text(game: GameRow, state: GameState, record: ResultRow | None) -> str:
    names = shown_names(game)
    if record is not None and record.reason != "score" and record.winner is not None:
        loser = 1 - record.winner
        how = "ran out of time" if record.reason == "timeout" else "gave up"
        return f"{names[loser]} {how}: **{names[record.winner]} wins.**"
    final = view(state, None).result
    if final is None:
        return "The game ended."
    return result_sentence(final, names) + end_cause(state)


def end_cause(state: GameState) -> str:
    """Why a game played out ended early: two passes in a row (rule 6.3); nothing when
    the last card came out (the usual end)."""
    early = state.passes >= 2 and state.turns_left != 0  # 0: the last round was played
    return " (Both players passed in a row, which ends the game.)" if early else ""


def someone_elses_game_text(game: GameRow) -> str:
    """A command for a game, typed by someone with no game of their own in a channel
    where others play."""
    first, second = shown_names(game)
    what = "game" if game.status == "active" else "challenge"
    if not mode_of(game).two_people:
        return (
            f"This channel's game is {first}'s game against the {second}; you are not "
            "playing in it. Start your own in another channel or in our DMs "
            "(`/famiglia solo`, `/famiglia ai`)."
        )
    return (
        f"This channel's {what} is {first} vs {second}; you are not playing in it. "
        "Start your own with `/famiglia start` in another channel, or play in our DMs "
        "(`/famiglia solo`, `/famiglia ai`)."
    )


def your_game_elsewhere_text(yours: GameRow, here: GameRow, user_id: int) -> str:
    """A move typed by ``user_id`` in the channel of ``here`` (others' game, or a
    challenge of theirs waiting), whose game is elsewhere: it is not made in that game
    from here without their seeing which game it is."""
    seat = here.seat_of(user_id)
    if seat == 0:
        here_text = "Your challenge in this channel is not accepted yet"
    elif seat == 1:
        here_text = (
            f"The challenge from **{shown_names(here)[0]}** in this channel waits for your Accept"
        )
    else:
        here_text = "Others play in this channel"
    return (
        f"{here_text}; your game is Famiglia #{yours.id} {where(yours)}."
        " Make your moves there, or with the controls of your hand."
    )


#: a Famiglia command typed by a player of the channel's Family Business game
FAMILY_BUSINESS_HERE = (
    "This channel's game is Family Business: play it with the /familybusiness commands"
    " and the buttons on its table."
)


def other_game_here_text(game: GameRow) -> str:
    """A Famiglia command typed where a game of another kind runs, by someone with no
    Famiglia game: they are not in that game, and no Famiglia game starts here."""
    title = TITLES.get(game.game, "another game")
    return (
        f"This channel's game is {title}; you are not playing in it, and a Famiglia game"
        " needs a channel of its own. Start one with `/famiglia start` in another"
        " channel, or play in our DMs (`/famiglia solo`, `/famiglia ai`)."
    )


def challenge_text(game: GameRow, minutes: float) -> str:
    names = shown_names(game)
    return (
        f"{mention(game, 1)}, **{names[0]}** challenges you to a game of **Famiglia**! "
        f"Accept or decline within {minutes:g} minutes."
    )


def challenge_closed_text(game: GameRow) -> str:
    names = shown_names(game)
    return {
        "declined": f"{names[1]} declined the Famiglia challenge from {names[0]}.",
        "cancelled": f"{names[0]} withdrew the Famiglia challenge to {names[1]}.",
        "expired": (
            f"The Famiglia challenge from {names[0]} to {names[1]} expired: "
            "nobody answered in time."
        ),
    }.get(game.status, "This challenge is closed.")
