"""What the bot answered a user, read as the user reads it, and whether a game row
changed: shared by the end-to-end tests of refusals."""

from __future__ import annotations

from typing import Any


def unchanged(before: Any, after: Any) -> bool:
    """Whether a game row kept its version, state and status."""
    return (before.version, before.state_json, before.status) == (
        after.version,
        after.state_json,
        after.status,
    )


#: the start of what the bot says when a command failed (a bug, never a refusal)
GENERIC = "Something went wrong"


def refused(result: Any, *words: str) -> str:
    """The private refusal ``result`` answered, naming every one of ``words`` (a
    refusal, not the answer to a failure)."""
    assert result.ephemeral and result.response is not None, result
    text = result.response.content
    for word in words:
        assert word in text, text
    assert GENERIC not in text, text
    return text


def hand_redrawn_stale(result: Any, hand: Any) -> str:
    """A step on the private ``hand`` drawn before the game moved on: refused in that
    hand's own message, drawn again as it is now under the refusal; the hand's text."""
    assert result.response is not None and result.response.id == hand.id, result
    assert result.response.ephemeral, result
    note, _, text = result.response.content.partition("\n\n")
    assert "offered at an earlier moment of the game; the game has moved on" in note, note
    assert "Your hand" in text, text
    return text


def said(result: Any) -> str:
    """What the user read: the answer, or after a deferral its last follow-up."""
    if result.followups:
        return str(result.followups[-1].content)
    assert result.response is not None, result
    return str(result.response.content)
