"""The terminal game's table and its end (issue 14, item 17): equal cards grouped as on
Discord, the robot's refreshes with their reason, and at the end of a solo game how the
score is counted (rule 9.10) and whether it is a new best of this machine's record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.famiglia import new_game
from engine.famiglia.cards import parse_code
from engine.famiglia.solo_bests import SoloBests, default_path, level_tag
from engine.famiglia.terminal import TerminalGame, grouped

ROOT = Path(__file__).resolve().parents[3]


class Screen:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, text: str) -> None:
        self.lines.extend(str(text).split("\n"))

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def no_input(prompt: str) -> str:
    raise EOFError


def add(counts: list[int], cards: str) -> None:
    for c in cards.split():
        counts[parse_code(c)] += 1


def test_grouped_writes_each_card_once_with_its_count():
    assert grouped(["F0", "B0", "B0", "B0", "M2"]) == "F0 B0×3 M2"
    assert grouped([]) == "-"


def test_equal_cards_in_hand_and_play_areas_are_grouped_on_the_table():
    state = new_game(2, mode="duel", first=0)
    add(state.hands[0], "B0 B0 M2")
    add(state.areas[0], "A1 A1")
    add(state.areas[1], "F3 F3 F3")
    table = TerminalGame(state, ("Ann", "Bob"), ask=no_input, say=Screen()).table(0)
    assert "Ann (you): hand F0 A0 B0×3 M0 M2 | play area A1×2" in table
    assert "Bob: 4 cards in hand | play area F3×3" in table


def test_the_robots_refreshes_say_which_step_made_them_and_why():
    # Rule 9.7: the robot refreshes the leftmost card while his step's card is missing.
    for seed in range(100):
        state = new_game(seed, mode="solo", level=3, first=1)
        if all(k % 5 for k in state.street):  # no 0 showing: Step 1 refreshes
            break
    screen = Screen()
    TerminalGame(state, ("Ann", "Robot gangster"), ask=no_input, say=screen).step()
    refreshes = [line for line in screen.lines if "refreshes the Street" in line]
    assert refreshes
    assert all(line.endswith("(Step 1: he wants a 0 and none is showing)") for line in refreshes)


def finished_solo(hand: str, robot_area: str, *, level: int = 3, first: int = 0):
    state = new_game(5, mode="solo", level=level, first=first)
    state.hands[0] = [0] * 20
    state.areas[1] = [0] * 20
    add(state.hands[0], hand)
    add(state.areas[1], robot_area)
    state.over = True
    return state


def end_text(state, bests: SoloBests | None) -> str:
    game = TerminalGame(state, ("Ann", "Robot gangster"), ask=no_input, say=Screen(), bests=bests)
    return game.final()


def test_9_10_3_a_won_solo_game_shows_how_its_score_is_counted(tmp_path):
    # Ann: F4 (15) + F3 (10) = 25 VP; the robot: A4 (10) = 10 VP -> 2 x 25 - 10 = 40.
    text = end_text(finished_solo("F4 F3", "A4"), SoloBests(tmp_path / "bests.json"))
    assert "Ann wins, 25 VP to 10 VP." in text
    assert "Solo score (rule 9.10): 2 × your 25 VP − the robot's 10 VP = 40 at level 3a." in text


def test_9_10_3_the_first_score_of_a_level_is_a_new_best_and_is_recorded(tmp_path):
    bests = SoloBests(tmp_path / "bests.json")
    text = end_text(finished_solo("F4 F3", "A4", level=2, first=1), bests)
    assert "A new best: your first solo score at level 2b." in text
    assert json.loads((tmp_path / "bests.json").read_text()) == {"2b": 40}


def test_9_10_3_a_higher_score_beats_the_best_and_a_lower_one_does_not(tmp_path):
    bests = SoloBests(tmp_path / "bests.json")
    end_text(finished_solo("F4 F3", "A4"), bests)  # 40
    lower = end_text(finished_solo("F4", "A4"), bests)  # 2 x 15 - 10 = 20
    assert "Your best at level 3a stays 40." in lower
    higher = end_text(finished_solo("F4 F3 A4", "A3"), bests)  # 2 x 35 - 6 = 64
    assert "A new best at level 3a! The last best was 40." in higher
    assert bests.best("3a") == 64 and bests.best("3b") is None


def test_9_10_2_a_lost_solo_game_has_no_score_and_says_why(tmp_path):
    bests = SoloBests(tmp_path / "bests.json")
    bests.offer("3a", 33)
    text = end_text(finished_solo("A1", "F4"), bests)
    assert "Robot gangster wins, 15 VP to 1 VP." in text
    assert "No solo score: only a win scores, 2 × your VP − the robot's (rule 9.10)." in text
    assert "Your best at level 3a stays 33." in text
    assert bests.best("3a") == 33


def test_an_unreadable_or_unwritable_record_costs_the_record_not_the_game(tmp_path):
    broken = tmp_path / "bests.json"
    broken.write_text("not json")
    assert SoloBests(broken).best("3a") is None
    blocked = tmp_path / "a-file" / "bests.json"
    (tmp_path / "a-file").write_text("")  # a file where the folder should be
    text = end_text(finished_solo("F4 F3", "A4"), SoloBests(blocked))
    assert "A new best: your first solo score at level 3a." in text
    assert "could not be written" in text


def test_the_record_lives_in_famiglia_scores_else_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("FAMIGLIA_SCORES", str(tmp_path / "mine.json"))
    assert default_path() == tmp_path / "mine.json"
    monkeypatch.delenv("FAMIGLIA_SCORES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "famiglia" / "solo-bests.json"
    assert level_tag(4, 0) == "4a" and level_tag(1, 1) == "1b"


def test_famiglia_play_keeps_the_solo_best_in_the_scores_file(tmp_path):
    scores = tmp_path / "bests.json"
    for seed in range(1, 40):  # the first seed whose game the always-first-action player wins
        args = ["play", "--level", "1", "--seed", str(seed), "--scores", str(scores)]
        done = subprocess.run(
            [sys.executable, "-m", "engine.cli", *args],
            input="1\n" * 2000,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        if "Solo score (rule 9.10)" in done.stdout:
            assert "A new best: your first solo score at level 1a." in done.stdout
            assert list(json.loads(scores.read_text())) == ["1a"]
            return
        assert "No solo score" in done.stdout and not scores.exists()
    raise AssertionError("no won game in 39 seeds")
