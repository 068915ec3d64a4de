"""The records file of bench/ai.py: one JSON line per finished game, read back to resume.

A record's key is (mode, player in seat 0, player in seat 1, seed, solo level, first);
the file is appended line by line (synced), locked against a second writer, and read
back skipping a line cut off by a kill.
"""

from __future__ import annotations

import fcntl
import json
import os
import platform
import subprocess
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

Key = tuple[str, str, str, int, int | None, int | None]


def key_of(rec: dict) -> Key:
    a, b = rec["players"]
    return (rec["mode"], a, b, rec["seed"], rec["level"], rec["first"])


def _valid(rec: object) -> bool:
    if not isinstance(rec, dict):
        return False
    try:
        key_of(rec)
    except (KeyError, TypeError, ValueError):
        return False
    return all(f in rec for f in ("winner", "totals", "times", "iters", "search_s"))


def read_records(path: Path) -> tuple[dict[Key, dict], int]:
    """The records of ``path`` by key (the first of duplicates) and the number of lines
    skipped as unreadable (a line cut off by a kill)."""
    records: dict[Key, dict] = {}
    bad = 0
    if not path.exists():
        return records, bad
    for line in path.read_bytes().split(b"\n"):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            bad += 1
            continue
        if not _valid(rec):
            bad += 1
            continue
        records.setdefault(key_of(rec), rec)
    return records, bad


def _commit() -> str | None:
    """HEAD, with "+dirty" when engine/ has uncommitted changes: what was measured."""

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10, check=True
        )
        return done.stdout.strip()

    try:
        head = git("rev-parse", "--short=12", "HEAD")
        dirty = git("status", "--porcelain", "--", "engine")
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+dirty" if dirty else "")


class RecordFile:
    """The records file opened for appending, locked against a second writer."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self.fd)
            raise SystemExit(f"another bench/ai.py run is writing {path}") from None
        self.records, self.bad = read_records(path)
        self.busy = self.stopped = False
        size = os.fstat(self.fd).st_size
        if size and os.pread(self.fd, 1, size - 1) != b"\n":
            self._write(b"\n")  # after a cut-off line: the next record starts a line
        self.provenance = {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "commit": _commit(),
        }

    def _write(self, data: bytes) -> None:
        while data:
            data = data[os.write(self.fd, data) :]
        os.fsync(self.fd)

    def append(self, rec: dict) -> None:
        """Write ``rec`` as a line and add it to ``records``; a stop (see :meth:`stop`)
        that comes meanwhile waits until both are done, so the table printed after it
        matches the file."""
        rec = {**rec, "date": datetime.now(UTC).isoformat(timespec="seconds"), **self.provenance}
        data = (json.dumps(rec, separators=(",", ":")) + "\n").encode()
        self.busy = True
        try:
            self._write(data)
            self.records.setdefault(key_of(rec), rec)
        finally:
            self.busy = False
        if self.stopped:
            raise KeyboardInterrupt

    def stop(self, signum: int, frame: object) -> None:
        """The handler of Ctrl-C and SIGTERM while games are played."""
        self.stopped = True
        if not self.busy:
            raise KeyboardInterrupt

    def close(self) -> None:
        os.close(self.fd)
