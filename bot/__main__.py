"""``python -m bot``: run the Famiglia bot (``--sync-global`` to publish commands)."""

from __future__ import annotations

import argparse
import sys

from pydantic import ValidationError

from bot.collector import schedule_for_a_long_run
from bot.logs import setup_logging
from bot.settings import NO_TOKEN_HELP, Settings, settings_errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Famiglia bot.")
    parser.add_argument(
        "--sync-global",
        action="store_true",
        help="publish the slash commands to every server once (takes up to an hour to show)",
    )
    commands = parser.add_subparsers(dest="command", metavar="[migrate]")
    copy = commands.add_parser(
        "migrate",
        help="copy the SQLite database into an empty PostgreSQL database, verified by replay",
        description="Copy every game, move, result and rating of the SQLite file into an"
        " empty PostgreSQL database and check every game by replaying its log. Nothing is"
        " kept unless all of it checks out; a database that is not empty is refused.",
    )
    copy.add_argument("--to", required=True, metavar="postgresql://…", help="the target")
    copy.add_argument(
        "--from",
        dest="source",
        metavar="FILE",
        help="the SQLite file (default: DATABASE_PATH)",
    )
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        print(settings_errors(error), file=sys.stderr)
        return 2
    if args.command == "migrate":
        from bot.migrate import migrate

        return migrate(args.source or str(settings.database_path), args.to)
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    schedule_for_a_long_run()
    from bot.app import FamigliaBot

    bot = FamigliaBot(settings, sync_global=args.sync_global)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except Exception as error:  # what keeps it from starting, said in one line
        text = start_failure(error, settings.store_target)
        if text is None:
            raise
        print(text, file=sys.stderr)
        return 1
    return 0


def start_failure(error: BaseException, target: str) -> str | None:
    """What kept the bot from starting, in words (None: a bug, for its traceback): the
    token refused, or the database not opened (its password never shown)."""
    import sqlite3

    import aiohttp
    import asyncpg
    import discord

    place = "postgresql://…@" + target.rpartition("@")[2] if "://" in target else target
    if isinstance(error, discord.LoginFailure):
        return (
            "Discord refused the token in DISCORD_TOKEN: copy the bot's token again from"
            " the Developer Portal (Bot → Reset Token) into .env. Nothing was started."
        )
    if isinstance(error, aiohttp.ClientError | discord.GatewayNotFound):
        return f"Discord could not be reached: {error}. Nothing was started; try again."
    if isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError):
        return f"The database {place} refused the bot: {error}. Nothing was started."
    if isinstance(error, OSError | sqlite3.Error):
        why = getattr(error, "strerror", None) or error
        return f"The database {place} could not be opened: {why}. Nothing was started."
    return None


if __name__ == "__main__":
    sys.exit(main())
