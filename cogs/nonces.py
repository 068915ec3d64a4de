"""The nonces of the bot's messages that must not be posted twice: Discord answers a
message sent again with the nonce of one it posted a few minutes before with that one
(``enforce_nonce``, which discord.py sets with every nonce), so a send retried after
its answer was lost, or repeated after a quick restart, posts nothing new.

Discord takes a nonce of at most 25 characters: a message's kind and numbers (game ids,
versions, turns and deadlines grow without bound) are hashed into one that always fits,
the same in every process."""

from __future__ import annotations

import hashlib
from typing import Final

#: Discord's limit on a message nonce, in characters
MAX_NONCE: Final = 25


def nonce(kind: str, *parts: int) -> str:
    """The nonce of the ``kind`` message of ``parts``: ``kind``, a dash and a hash of
    the parts, 25 characters at most (``kind`` is a short word)."""
    room = MAX_NONCE - len(kind) - 1
    if room < 8:
        raise ValueError(f"a nonce kind of {len(kind)} characters leaves no room: {kind!r}")
    digest = hashlib.blake2b(repr((kind, parts)).encode(), digest_size=16).hexdigest()
    return f"{kind}-{digest[:room]}"
