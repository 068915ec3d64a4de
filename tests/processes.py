"""What ``/proc`` says of a process (Linux): whether it still runs and the CPU it used.
For the tests of the bot's worker processes and the load benchmark's CPU figures."""

from __future__ import annotations

import os
from pathlib import Path


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command's name (None: no process)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has: only its exit
    status is left for its parent)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) the process has used so far; 0 when it is gone."""
    fields = _stat(pid)
    if fields is None:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
