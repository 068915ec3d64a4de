"""Settings of the bot process, read from the environment and from ``.env``."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Final, Literal
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.services.cooldowns import ChallengeLimits
from db.shards import ALL, Shards

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


#: Upper bounds of the durations (each also refuses ``inf``, which would overflow the
#: clock at start-up): a week for what waits on people, a year for a turn.
WEEK_HOURS: Final = 24 * 7
WEEK_MINUTES: Final = WEEK_HOURS * 60
#: SHARD_COUNT's bound (Discord's largest bots run some thousands of shards)
MAX_SHARDS: Final = 100_000


class Settings(BaseSettings):
    """Every setting the bot reads. ``.env.example`` lists them with safe defaults."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,  # `DEV_GUILD_ID=` in .env means "not set"
        extra="ignore",
    )

    discord_token: SecretStr | None = None
    database_path: Path = Path("famiglia.db")
    #: ``postgresql://user:password@host:port/database``: use that PostgreSQL database
    #: instead of the SQLite file (several bot processes can share it).
    database_url: SecretStr | None = None
    dev_guild_id: int | None = Field(default=None, gt=0)
    turn_timeout_hours: float = Field(default=24.0, gt=0, le=WEEK_HOURS * 52)
    challenge_timeout_minutes: float = Field(default=10.0, gt=0, le=WEEK_MINUTES)
    #: Within CHALLENGE_LIMIT_MINUTES a member challenges one other member at most
    #: CHALLENGES_PER_OPPONENT times, and opens at most CHALLENGES_PER_CHALLENGER
    #: challenges in all (declined, cancelled and expired ones count too).
    challenges_per_opponent: int = Field(default=3, ge=1)
    challenges_per_challenger: int = Field(default=6, ge=1)
    challenge_limit_minutes: float = Field(default=10.0, gt=0, le=WEEK_MINUTES)
    log_level: LogLevel = "INFO"
    #: Processes that run the AI's searches (outside the event loop).
    ai_workers: int = Field(default=1, ge=1, le=64)
    #: Seconds per AI decision, replacing each strength's own cap; 0 lifts the cap (every
    #: decision then depends only on the position and its seed); None: the strengths' caps.
    ai_time_cap_seconds: float | None = Field(default=None, ge=0, le=3600)
    #: The AI's deadline for one decision: a search still running then has a stuck worker;
    #: the pool is replaced and the decision tried once more, then the player is told.
    ai_decision_timeout_seconds: float = Field(default=30.0, gt=0, le=3600)
    #: Games against the AI one user may have running at once.
    ai_games_per_user: int = Field(default=1, ge=1, le=100)
    #: Processes that draw the tables' pictures beside the bot (0: in the bot's own
    #: process, in threads that then compete with its event loop for the interpreter).
    picture_workers: int = Field(default=1, ge=0, le=16)

    #: Several processes: Discord's shard count, and the shards this process runs (e.g.
    #: ``0,1``; empty: all of them). Each needs DATABASE_URL (one shared database).
    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    shard_ids: str | None = None

    #: After a restart nobody loses on time for this long: turns whose deadline passed
    #: while the bot was down (or ends sooner) end this many minutes after start-up.
    downtime_grace_minutes: float = Field(default=60.0, ge=0, le=WEEK_MINUTES)
    #: Family Business: how long a counter window stays open (silent seats: no counter).
    counter_window_seconds: float = Field(default=60.0, gt=0, le=WEEK_MINUTES * 60)
    #: Family Business: how long a lobby waits to be started before it expires.
    lobby_timeout_minutes: float = Field(default=15.0, gt=0, le=WEEK_MINUTES)

    @property
    def challenge_limits(self) -> ChallengeLimits:
        return ChallengeLimits(
            per_opponent=self.challenges_per_opponent,
            per_challenger=self.challenges_per_challenger,
            window=timedelta(minutes=self.challenge_limit_minutes),
        )

    @property
    def downtime_grace(self) -> timedelta:
        return timedelta(minutes=self.downtime_grace_minutes)

    @field_validator("database_url")
    @classmethod
    def _postgresql_only(cls, url: SecretStr | None) -> SecretStr | None:
        if url is None:
            return url
        value = url.get_secret_value()
        if not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("DATABASE_URL must be a postgresql:// URL (or empty for SQLite)")
        if why := url_problem(value):  # the URL never echoed: it holds the password
            raise ValueError(f"DATABASE_URL {why}")
        return url

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT")
        self.shards()  # raises ValueError for ids outside 0..SHARD_COUNT-1
        return self

    def shards(self) -> Shards:
        """The shards this process runs (one shard, the whole bot, by default)."""
        if self.shard_count is None:
            return ALL
        ids = None
        if self.shard_ids is not None:
            try:
                ids = sorted({int(part) for part in self.shard_ids.split(",") if part.strip()})
            except ValueError:
                raise ValueError("SHARD_IDS is a list of shard numbers such as 0,1") from None
        return Shards.of(self.shard_count, ids)

    @property
    def store_target(self) -> str:
        """What the store opens: ``DATABASE_URL`` if set, else the SQLite file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return str(self.database_path)

    @property
    def store_name(self) -> str:
        """The database for logs: the file, or PostgreSQL's host and database (no password)."""
        if self.database_url is None:
            return str(self.database_path)
        return "postgresql://…@" + self.database_url.get_secret_value().rpartition("@")[2]

    @property
    def turn_timeout(self) -> timedelta:
        return timedelta(hours=self.turn_timeout_hours)

    @property
    def counter_window(self) -> timedelta:
        return timedelta(seconds=self.counter_window_seconds)

    @property
    def lobby_timeout(self) -> timedelta:
        return timedelta(minutes=self.lobby_timeout_minutes)

    @property
    def challenge_timeout(self) -> timedelta:
        return timedelta(minutes=self.challenge_timeout_minutes)


NO_TOKEN_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

To get a token:
  1. Open https://discord.com/developers/applications and click "New Application".
  2. On the "Bot" page click "Reset Token" and copy the token.
  3. Put it in a file named .env in the directory you start the bot from (the
     project's folder: cp .env.example .env creates it) as   DISCORD_TOKEN=<your token>
     (README.md explains inviting the bot).

No token is needed to play: `famiglia play` starts a game in the terminal.
"""


def settings_errors(error: ValidationError) -> str:
    """What is wrong with the settings, one line per variable, for the person starting
    the bot: each variable's name and the rule it breaks, never its value (a
    DATABASE_URL holds a password; pydantic's own message prints it)."""
    lines = ["The settings (environment variables, or .env here) are not valid:"]
    for problem in error.errors(include_input=False, include_url=False):
        name = "_".join(str(part) for part in problem["loc"]).upper() or "settings"
        lines.append(f"  {name}: {problem['msg'].removeprefix('Value error, ')}")
    lines.append("See .env.example and the README's settings table for what each one takes.")
    return "\n".join(lines)


def url_problem(url: str) -> str | None:
    """Why the PostgreSQL ``url`` cannot be read as written (None: it can): a password
    holding ``/``, ``#`` or ``?`` unencoded ends the host part early, and the rest (the
    password's tail, the host) is read as a port, a path, a query or a fragment; one
    holding ``@`` unencoded leaves the host in doubt."""
    parts = urlsplit(url)
    hosts = parts.netloc.rpartition("@")[2].split(",")  # several: a failover list
    ports = [h.rpartition(":")[2] for h in hosts if ":" in h and not h.endswith("]")]
    readable = all(p.isdigit() for p in ports if p)
    stray = "@" in parts.path + parts.query or parts.netloc.count("@") > 1  # in the password
    if readable and not stray and not parts.fragment:
        return None
    return (
        "cannot be read as user:password@host:port/database; in the user or password"
        " write / as %2F, # as %23, ? as %3F, @ as %40 and : as %3A"
    )
