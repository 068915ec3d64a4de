"""How long the AI waits before trying a decision again after it failed (a worker
killed, a pool being replaced, the database briefly away): an AI's turn has no
deadline, so it never gives up, but it does not hammer what failed either."""

from __future__ import annotations

from typing import Final

AI_RETRY_SECONDS: Final = 30.0  # the first pause after a failed decision; each next one doubles
AI_RETRY_MAX_SECONDS: Final = 600.0


def retry_pause(failures: int) -> float:
    """The pause after the ``failures``-th failed decision in a row."""
    return min(AI_RETRY_SECONDS * 2 ** min(failures - 1, 10), AI_RETRY_MAX_SECONDS)
