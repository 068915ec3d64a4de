"""The terminal game (engine.famiglia.terminal, `famiglia play`) driven by scripted input."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import pytest

from engine.famiglia import new_game
from engine.famiglia.terminal import (
    HOTSEAT_WARNING,
    Quit,
    TerminalGame,
    ask_level,
    parse_level,
    play,
)

ROOT = Path(__file__).resolve().parents[3]


class Script:
    """Answers prompts from a list, then raises EOFError (like Ctrl-D) or repeats."""

    def __init__(self, lines: Iterable[str], then: str | None = None) -> None:
        self.lines = list(lines)
        self.then = then
        self.asked: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        if self.then is None:
            raise EOFError
        return self.then


class Screen:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, text: str) -> None:
        self.lines.extend(str(text).split("\n"))

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def solo_game(seed: int = 3, level: int = 3, first: int = 0) -> TerminalGame:
    return TerminalGame(
        new_game(seed, mode="solo", level=level, first=first),
        ("Ann", "Robot gangster"),
        ask=Script([], then="1"),
        say=Screen(),
    )


@pytest.mark.parametrize(("level", "first"), [(1, 0), (3, 1), (4, 0)])
def test_whole_game_against_the_robot_to_the_end(level, first):
    screen = Screen()
    status = play(seed=11, level=level, first=first, ask=Script([], then="1"), say=screen)
    assert status == 0
    assert "=== Game over ===" in screen.text
    assert "Robot gangster: " in screen.text
    assert "Traceback" not in screen.text


def test_bad_input_gets_a_clear_message_and_the_game_goes_on():
    screen = Screen()
    ask = Script(["abc", "99", "0", "", "-1", "1.5", "²", "#1", "1"], then=None)
    game = TerminalGame(
        new_game(5, mode="solo", level=3, first=0), ("Ann", "Robot"), ask=ask, say=screen
    )
    n = len(game.state.legal_keys())
    status = game.run()
    assert status == 0  # EOF after the script: a clean exit
    text = screen.text
    assert f"'abc' is not a number or a command: type 1-{n}, or help." in text
    assert f"There is no action 99: choose from 1 to {n}." in text
    assert f"There is no action 0: choose from 1 to {n}." in text
    assert f"Type a number from 1 to {n}, or help." in text
    assert "'-1' is not a number or a command" in text
    assert "'1.5' is not a number or a command" in text
    assert "'²' is not a number or a command" in text  # a digit, but no number
    # "#1" reads as the Street's first card, which is not action 1 (a refresh of "#7"
    # could otherwise discard the card listed seventh among the actions)
    assert f"Type the number of an action (1-{n}), not a Street position." in text
    assert game.log, "the valid '1' after the bad lines was played"
    assert "Game left. Goodbye!" in text


def test_help_rules_table_and_log_commands_do_not_use_up_the_turn():
    screen = Screen()
    ask = Script(["help", "rules", "log", "table", "quit"])
    game = TerminalGame(
        new_game(5, mode="solo", level=3, first=0), ("Ann", "R"), ask=ask, say=screen
    )
    assert game.run() == 0
    assert "Type the number of an action" in screen.text
    assert "Famiglia in short" in screen.text
    assert "No moves yet." in screen.text
    assert screen.text.count("Street: ") == 2  # the table, then shown again by 'table'
    assert game.state.turn == 1 and not game.log


def test_end_of_input_and_ctrl_c_exit_cleanly():
    game = solo_game()
    game.ask = Script([])
    assert game.run() == 0

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    game = solo_game()
    game.ask = interrupt
    assert game.run() == 130
    assert "Game left. Goodbye!" in game.say.text  # type: ignore[attr-defined]


def test_screen_shows_street_hand_play_areas_scores_prompt_and_numbered_actions():
    screen = Screen()
    game = TerminalGame(
        new_game(2, mode="solo", level=2, first=0),
        ("Ann", "Robot gangster"),
        ask=Script(["quit"]),
        say=screen,
    )
    game.run()
    text = screen.text
    assert "Street: #1 " in text
    assert "Ann (you): hand F0 A0 B0 M0 | play area -  (1 VP)" in text
    assert "Robot gangster: F0 A0 B0 M0  (1 VP)" in text
    assert "   1. " in text and "Pass (take nothing)" in text
    assert "draw pile 46, discard pile 0" in text


def test_brute_reduction_is_shown_on_the_street():
    state = new_game(2, mode="duel", first=0)
    state.hands[0][10 + 2] += 1  # a B2 in hand
    target = next(i for i, k in enumerate(state.street) if k % 5 >= 2)
    card = state.street[target]
    state.apply_key((5, 2, 0))  # play B2
    state.apply_key((6, target, 0))
    if state.pending:  # choose the amount
        state.apply_key((7, 2, 0))
    game = TerminalGame(state, ("Ann", "Bob"), ask=Script([]), say=Screen())
    code = "FABM"[card // 5] + str(card % 5)
    assert f"#{target + 1} {code}->{card % 5 - 2}" in game.table(0)


def test_hotseat_warns_and_shows_only_the_movers_hand():
    screen = Screen()
    ask = Script(["", "1", "", "1", ""], then=None)
    state = new_game(4, mode="duel", first=0)
    game = TerminalGame(state, ("Ann", "Bob"), ask=ask, say=screen, hotseat=True)
    assert game.run() == 0
    text = screen.text
    assert HOTSEAT_WARNING.splitlines()[0] in text
    assert "Pass the keyboard to Ann and press Enter. " in ask.asked
    assert "Pass the keyboard to Bob and press Enter. " in ask.asked
    assert "Ann (you): hand" in text and "Bob (you): hand" in text
    assert "Bob: 4 cards in hand" in text or "Bob: 5 cards in hand" in text
    for line in screen.lines:  # one hand per table: never both hands at once
        assert not ("Ann (you)" in line and "Bob (you)" in line)


def test_whole_hotseat_game_to_the_end():
    screen = Screen()
    assert play(seed=8, hotseat=True, first=None, ask=Script([], then="1"), say=screen) == 0
    assert "=== Game over ===" in screen.text


def test_parse_level():
    assert parse_level("3") == (3, 0)
    assert parse_level("2a") == (2, 0)
    assert parse_level("4B") == (4, 1)
    for bad in ("5", "0b", "x", "", "3c"):
        with pytest.raises(ValueError, match="is not a level"):
            parse_level(bad)


def run_cli(*args: str, stdin: str, scores: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``famiglia`` in a subprocess; solo bests go to ``scores`` (a throwaway file by
    default), never to the user's own record."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FAMIGLIA_SCORES": str(scores or Path(tmp) / "bests.json")}
        return subprocess.run(
            [sys.executable, "-m", "engine.cli", *args],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=120,
        )


def test_famiglia_play_subprocess_plays_to_the_end():
    done = run_cli("play", "--level", "3b", "--seed", "7", stdin="1\n" * 2000)
    assert done.returncode == 0, done.stderr
    assert "Solo game against the robot gangster, level 3b (seed 7)." in done.stdout
    assert "=== Game over ===" in done.stdout
    assert "Traceback" not in done.stderr


def test_famiglia_play_subprocess_end_of_input_is_clean():
    done = run_cli("play", "--level", "1", "--seed", "7", stdin="zz\n")
    assert done.returncode == 0
    assert "'zz' is not a number or a command" in done.stdout
    assert "Game left. Goodbye!" in done.stdout
    assert done.stderr == ""


def test_famiglia_play_rejects_a_bad_level():
    done = run_cli("play", "--level", "7", stdin="")
    assert done.returncode == 2
    assert "is not a level" in done.stderr


def test_ask_level_repeats_until_valid_and_enter_means_3a():
    screen = Screen()
    assert ask_level(Script(["9", "2b"]), screen) == (2, 1)
    assert "'9' is not a level" in screen.text
    assert ask_level(Script([""]), screen) == (3, 0)
    with pytest.raises(Quit):
        ask_level(Script([]), screen)
