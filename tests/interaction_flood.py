"""Send many interactions at the bot at once through SimCord, and time each answer.

SimCord's public actions (``member.click`` ...) settle the whole bot after every
interaction, so they run one at a time. The fuzz test and ``bench/bot.py`` need many
interactions in flight, like a busy Discord: this module builds the same payloads
SimCord builds (with its own helpers) and emits them without settling. Each answer is
timed from the moment the interaction is emitted to the moment the bot's response
reaches SimCord's backend. It uses SimCord internals on purpose and alone.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import simcord
from simcord import _settlement
from simcord import actors as _actors
from simcord import interactions as _ix
from simcord.backend import serializers
from simcord.backend.models.interaction import Interaction as Record

SLASH, COMPONENT, AUTOCOMPLETE = 2, 3, 4
BUTTON, STRING_SELECT = 2, 3
MOVE_BUTTON = re.compile(r"fam:(do|so):")
MOVE_SELECT = re.compile(r"fam:(pick|sp):")

_WAITING: dict[int, Sent] = {}
#: Called inside the bot's answering task the moment an answer arrives (bench/bot.py
#: takes its time split there); None: nothing to do.
on_answer: Callable[[Sent], None] | None = None
_ANSWERS = (
    "respond_with_message", "defer", "defer_update", "update_source", "show_modal",
    "complete_autocomplete", "pong",
)  # fmt: skip


def _install_answer_hook() -> None:
    """Note the moment each answer reaches the backend (every response kind)."""
    if getattr(Record, "_simdrive_hooked", False):
        return
    for name in _ANSWERS:
        original = getattr(Record, name)

        def answered(self: Record, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            _original(self, *args, **kwargs)
            sent = _WAITING.pop(self.id, None)
            if sent is not None:
                sent.answered_at = time.perf_counter()
                if on_answer is not None:
                    on_answer(sent)
                if not sent.done.done():
                    sent.done.set_result(None)

        setattr(Record, name, answered)
    Record._simdrive_hooked = True  # type: ignore[attr-defined]


@dataclass
class Sent:
    """One interaction in flight."""

    record: Record
    kind: str
    started: float
    done: asyncio.Future[None]
    answered_at: float | None = None
    split: dict[str, float] = field(default_factory=dict)  # filled by on_answer

    data: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        return f"{self.kind} by {self.record.user_id} in {self.record.channel_id}: {self.data}"

    @property
    def latency_ms(self) -> float:
        assert self.answered_at is not None
        return (self.answered_at - self.started) * 1000


@dataclass
class Driver:
    env: simcord.Env
    sent: list[Sent] = field(default_factory=list)

    def __post_init__(self) -> None:
        _install_answer_hook()

    @property
    def backend(self) -> Any:
        return self.env.backend

    # ------------------------------------------------------------------ emitting
    def emit(
        self, actor: Any, type_: int, channel_id: int, data: dict[str, Any], kind: str,
        *, message: Any = None, forge: bool = False,
    ) -> Sent:  # fmt: skip
        channel = self.backend.get_channel(channel_id)
        guild_id = getattr(channel, "guild_id", None)
        record, payload = _ix.base_payload(
            self.backend, type=type_, channel_id=channel_id, guild_id=guild_id,
            user_id=actor.id, data=data,
        )  # fmt: skip
        if message is not None:
            payload["message"] = dict(serializers.message_payload(self.backend, message))
            record.source_message_id = message.id
            if forge:  # a message that carries this id (else discord.py ignores the click)
                part: dict[str, Any] = {"type": data["component_type"],
                                        "custom_id": data["custom_id"]}  # fmt: skip
                if data["component_type"] == STRING_SELECT:
                    part["options"] = [{"label": v[:100] or "?", "value": v[:100] or "?"}
                                       for v in data["values"]]  # fmt: skip
                else:
                    part["label"], part["style"] = "?", 1
                rows = list(payload["message"].get("components") or [])
                payload["message"]["components"] = [{"type": 1, "components": [part]}, *rows][:5]
        sent = Sent(record, kind, time.perf_counter(), asyncio.get_running_loop().create_future())
        sent.data = data
        _WAITING[record.id] = sent
        self.sent.append(sent)
        self.backend.emit("INTERACTION_CREATE", payload)
        return sent

    def _command(self, actor: Any, channel_id: int, name: str) -> tuple[dict, dict, list]:
        parts = name.split()
        root = _actors._resolve_visible_command(actor, channel_id, parts[0], 1)
        leaf, nesting = _ix.walk_to_subcommand(root, parts[1:])
        return root, leaf, nesting

    @staticmethod
    def _data(root: dict, nesting: list, options: list[dict[str, Any]]) -> dict[str, Any]:
        data = {"id": root["id"], "name": root["name"], "type": 1,
                "options": _ix.nest_options(root, nesting, options)}  # fmt: skip
        if root.get("guild_id"):
            data["guild_id"] = root["guild_id"]
        return data

    def slash(self, actor: Any, channel_id: int, name: str, **options: Any) -> Sent:
        """A slash command as a client sends it (options checked by SimCord)."""
        channel = simcord.builders.ChannelHandle(
            self.env, None, self.backend.get_channel(channel_id)
        )
        root, leaf, nesting = self._command(actor, channel_id, name)
        built, resolved = _ix.build_options(actor, name, leaf, options, channel_id=channel.id)
        data = self._data(root, nesting, built)
        if resolved:
            data["resolved"] = resolved
        return self.emit(actor, SLASH, channel_id, data, f"/{name}")

    def raw_slash(self, actor: Any, channel_id: int, name: str, options: dict[str, Any]) -> Sent:
        """A slash command with options no client would send (wrong types, bad values)."""
        root, leaf, nesting = self._command(actor, channel_id, name)
        types = {o["name"]: o["type"] for o in leaf.get("options") or []}
        built = [{"name": k, "type": types.get(k, 3), "value": v} for k, v in options.items()]
        return self.emit(actor, SLASH, channel_id, self._data(root, nesting, built), f"/{name}!")

    def autocomplete(
        self, actor: Any, channel_id: int, name: str, option: str, typed: str, **filled: str
    ) -> Sent:
        root, leaf, nesting = self._command(actor, channel_id, name)
        types = {o["name"]: o["type"] for o in leaf.get("options") or []}
        built = [{"name": k, "type": types.get(k, 3), "value": v} for k, v in filled.items()]
        built.append({"name": option, "type": types.get(option, 3), "value": typed,
                      "focused": True})  # fmt: skip
        data = self._data(root, nesting, built)
        return self.emit(actor, AUTOCOMPLETE, channel_id, data, f"?{name}")

    def click(self, actor: Any, message: Any, custom_id: str, *, forge: bool = False) -> Sent:
        """``forge``: the id is put on the message as sent to the bot (a stale or forged
        button elsewhere); otherwise it must be on the message, as Discord checks."""
        data = {"custom_id": custom_id, "component_type": BUTTON}
        return self.emit(actor, COMPONENT, message.channel_id, data, "click", message=message,
                         forge=forge)  # fmt: skip

    def select(
        self, actor: Any, message: Any, custom_id: str, values: list[str], *, forge: bool = False
    ) -> Sent:
        data = {"custom_id": custom_id, "component_type": STRING_SELECT, "values": values}
        return self.emit(actor, COMPONENT, message.channel_id, data, "select", message=message,
                         forge=forge)  # fmt: skip

    # ------------------------------------------------------------------ waiting
    async def answer(self, sent: Sent, timeout: float = 3.0) -> Sent:
        """Wait for the bot's answer; Discord gives up after 3 s."""
        try:
            await asyncio.wait_for(asyncio.shield(sent.done), timeout)
        except TimeoutError:
            raise AssertionError(f"no answer within {timeout} s to {sent.describe()}") from None
        return sent

    async def quiet(self, timeout: float = 30.0) -> None:
        """Wait until the bot has no work left but waits SimCord parks (timers)."""
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + timeout
        state = self.env._settlement_state()
        while True:
            horizon = loop.time() + 1.0
            busy = [
                t
                for t in _settlement._owned_tasks(state)
                if not t.done() and not _settlement._is_parked(state, t, horizon)
            ]
            if not busy and not self.env._work.executors:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"bot still busy: {busy[:3]}")
            await asyncio.sleep(0.001)

    # ----------------------------------------------------------------- reading
    def message(self, channel_id: int, message_id: int) -> Any:
        return self.backend.get_message(channel_id, message_id)

    def answer_message(self, sent: Sent) -> Any | None:
        record = sent.record
        if record.message_id is None:
            return None
        try:
            return self.backend.get_message(record.channel_id, record.message_id)
        except Exception:  # deleted
            return None


def components(message: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in message.components or []:
        row = row if isinstance(row, dict) else row.to_dict()
        out.extend(row.get("components", []))
    return out


def move_controls(message: Any) -> list[tuple[str, str | None]]:
    """Every move a message offers as (custom id, select value or None for a button)."""
    found: list[tuple[str, str | None]] = []
    for part in components(message):
        custom_id = part.get("custom_id", "")
        if part.get("type") == BUTTON and MOVE_BUTTON.match(custom_id):
            found.append((custom_id, None))
        elif part.get("type") == STRING_SELECT and MOVE_SELECT.match(custom_id):
            found.extend((custom_id, o["value"]) for o in part.get("options", []))
    return found


def find_button(message: Any, prefix: str) -> str | None:
    for part in components(message):
        if part.get("custom_id", "").startswith(prefix):
            return str(part["custom_id"])
    return None
