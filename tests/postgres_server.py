"""A throwaway PostgreSQL server from the machine's own binaries (pytest-postgresql's
executor and janitor), for the tests and the benchmarks.

``pg_ctl`` is found without any setting: ``$PG_CTL`` if set, else on ``PATH``, else in
the usual install places (Debian's /usr/lib/postgresql/<version>/bin first, newest
version first), else the server programs that the ``pgserver`` wheel of the dev extra
ships, so a fresh machine needs no system package. PostgreSQL refuses to run as root, so
under root (CI) the server runs as the ``postgres`` user, or ``nobody`` where the machine
has no such user (``runuser``), in a directory handed to that user.
"""

from __future__ import annotations

import glob
import importlib.util
import itertools
import os
import pwd
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import port_for
from pytest_postgresql.executors import PostgreSQLExecutor
from pytest_postgresql.janitor import DatabaseJanitor


class NoPostgreSQL(RuntimeError):
    """The machine has no PostgreSQL server programs (or cannot run them)."""


SUPERUSER = "postgres"
HOST = "127.0.0.1"

_SEARCH = (
    "/usr/lib/postgresql/*/bin/pg_ctl",
    "/usr/pgsql-*/bin/pg_ctl",
    "/usr/local/pgsql/bin/pg_ctl",
    "/opt/homebrew/opt/postgresql@*/bin/pg_ctl",
    "/usr/local/opt/postgresql@*/bin/pg_ctl",
)


def _version_key(path: str) -> tuple[int, ...]:
    digits = [int(part) for part in Path(path).parts if part.split("@")[-1].isdigit()]
    return tuple(digits)


def find_pg_ctl() -> str | None:
    if os.environ.get("PG_CTL"):
        return os.environ["PG_CTL"]
    found = shutil.which("pg_ctl")
    if found:
        return found
    candidates = [p for pattern in _SEARCH for p in glob.glob(pattern)]
    if candidates:
        return max(candidates, key=_version_key)
    return _wheel_pg_ctl()


def _wheel_pg_ctl() -> str | None:
    """The pg_ctl inside the installed ``pgserver`` wheel (found, not imported)."""
    spec = importlib.util.find_spec("pgserver")
    for root in (spec.submodule_search_locations or []) if spec else []:
        path = Path(root) / "pginstall" / "bin" / "pg_ctl"
        if path.is_file():
            return str(path)
    return None


def _as_server_user(pg_ctl: str, base: Path) -> str:
    """Under root: a pg_ctl that runs as the ``postgres`` user (else ``nobody``), who
    owns ``base``."""
    for name in (SUPERUSER, "nobody"):
        try:
            user = pwd.getpwnam(name)
            break
        except KeyError:
            continue
    else:
        raise NoPostgreSQL("running as root needs a 'postgres' or 'nobody' user to run as")
    os.chown(base, user.pw_uid, user.pw_gid)
    wrapper = base / "pg_ctl"
    wrapper.write_text(f'#!/bin/sh\nexec runuser -u {user.pw_name} -- "{pg_ctl}" "$@"\n')
    wrapper.chmod(stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    return str(wrapper)


@contextmanager
def running_server(*, durable: bool = False) -> Iterator[PostgreSQLExecutor]:
    """A new server on a free port, stopped and deleted afterwards. pytest-postgresql
    starts it without fsync (fast tests); ``durable`` turns fsync back on, so that a
    benchmark's commits wait for the disk as a production server's do."""
    pg_ctl = find_pg_ctl()
    if pg_ctl is None:
        raise NoPostgreSQL(
            "PostgreSQL's pg_ctl was not found: install PostgreSQL (Debian/Ubuntu:"
            " apt-get install postgresql) or set PG_CTL to its path"
        )
    base = Path(tempfile.mkdtemp(prefix="famiglia-pg-"))
    executable = _as_server_user(pg_ctl, base) if os.geteuid() == 0 else pg_ctl
    server = PostgreSQLExecutor(
        executable=executable,
        host=HOST,
        port=port_for.select_random(),
        datadir=str(base / "data"),
        unixsocketdir=str(base),
        logfile=str(base / "server.log"),
        startparams="-w",
        dbname="famiglia",
        user=SUPERUSER,
        postgres_options="-c fsync=on" if durable else "",
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)


_databases = itertools.count(1)


@contextmanager
def new_database(server: PostgreSQLExecutor) -> Iterator[str]:
    """The URL of a new, empty database on ``server``, dropped afterwards."""
    name = f"famiglia_{os.getpid()}_{next(_databases)}"
    janitor = DatabaseJanitor(user=SUPERUSER, host=HOST, port=server.port, dbname=name)
    janitor.init()
    try:
        yield f"postgresql://{SUPERUSER}@{HOST}:{server.port}/{name}"
    finally:
        janitor.drop()
