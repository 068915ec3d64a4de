"""Family Business in the terminal and the ``famiglia`` command's game option."""

from __future__ import annotations

import itertools

import pytest

from engine.cli import main
from engine.family_business.terminal import play


def test_a_terminal_game_against_random_players_runs_to_its_placing():
    answers = itertools.chain(["help", "table", "log", "99", "x", "²"], itertools.repeat("1"))
    out: list[str] = []
    assert (
        play(seed=4, players=3, opponent="random", ask=lambda _: next(answers), say=out.append) == 0
    )
    text = "\n".join(out)
    assert "Type a number from 1 to" in text and "Final placing: 1." in text  # "²" too
    last_table = text.rsplit("--- Turn", 1)[1]
    assert last_table.split("---")[0].endswith(": game over ")  # nobody is to move
    assert "Hit list from the wall" in text and "Your hand:" in text


def test_hotseat_asks_each_player_to_take_the_keyboard():
    answers = itertools.chain(itertools.repeat("1", 4000))
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    play(seed=2, players=2, hotseat=True, ask=ask, say=lambda _: None)
    assert any("press Enter when the others look away" in p for p in prompts)
    assert {p.split(",")[0] for p in prompts if "your choice" in p} == {"Player 1", "Player 2"}


def test_hotseat_hands_the_keyboard_over_only_when_the_player_changes():
    answers = itertools.repeat("1")
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    play(seed=2, players=3, hotseat=True, ask=ask, say=lambda _: None)
    facing = ""
    for prompt in prompts:  # never between the steps of one player's own card
        who = prompt.split(":")[0].split(",")[0]
        if "look away" in prompt:
            assert who != facing, prompt
        facing = who


def test_ctrl_c_while_an_ai_thinks_leaves_the_game_with_a_goodbye(monkeypatch):
    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("engine.family_business.terminal.choose", interrupted)
    out: list[str] = []
    assert play(seed=1, players=4, opponent="hard", ask=lambda _: "1", say=out.append) == 130
    assert out[-1].strip() == "Goodbye!"


def test_shared_places_count_for_each_in_the_final_placing():
    out: list[str] = []  # seed 17: two gangs eliminated together, second and third
    play(seed=17, players=4, opponent="random", ask=lambda _: "1", say=out.append)
    assert out[-1] == "Final placing: 1. Player; 2. Random 2, Random 3; 4. Random 1"


def test_a_terminal_game_opens_with_who_plays_whom_and_its_seed():
    """It began with the first AI move: no seat named, and no seed to deal it again."""
    out: list[str] = []
    play(seed=5, players=4, opponent="hard", ask=lambda _: "quit", say=out.append)
    assert out[0] == (
        "Family Business, 4 players (seed 5): Player against Hard AI 1, Hard AI 2,"
        " Hard AI 3. Hard AI 3 starts. Type help at any time."
    )
    out.clear()
    play(
        seed=5, players=3, opponent="bot", names=["Me", "Al"], ask=lambda _: "quit", say=out.append
    )
    assert out[0].startswith("Family Business, 3 players (seed 5): Me against Al, Bot 2")
    assert "(played by bot)" in out[0]


def test_quit_leaves_the_terminal_game():
    out: list[str] = []
    assert play(seed=1, players=4, opponent="bot", ask=lambda _: "quit", say=out.append) == 0
    assert out[-1].strip() == "Goodbye!"


def test_simulate_family_business_prints_wins_with_intervals(capsys):
    argv = ["simulate", "--game", "family-business", "--players", "3", "--games", "4"]
    assert main([*argv, "--p0", "bot", "--others", "random"]) == 0
    out = capsys.readouterr().out
    assert "Family Business, 3 players, 4 games" in out and "95%" in out
    assert "seat 0 bot" in out and "seat 2 random" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--game", "family-business", "--players", "7"],
        ["simulate", "--game", "family-business", "--p0", "greedy"],
        ["play", "--game", "family-business", "--players", "1"],
        ["play", "--game", "family-business", "--opponent", "genius"],
        ["simulate", "--game", "family-business", "--players", "3", "--p5", "random"],
        ["play", "--game", "family-business", "--players", "3", "--hotseat", "--names", "A", "B"],
        ["play", "--game", "family-business", "--players", "2", "--names", "A", "B", "C"],
        ["play", "--game", "family-business", "--hotseat", "--names", "A", " ", "C", "D"],
        ["play", "--hotseat", "--names", "", ""],
        ["play", "--hotseat", "--names", "Ann"],
        ["play", "--names", "Ann", "Bob", "Cy"],
        ["play", "--names", "Ann", "Bob"],  # solo: the second name was dropped
    ],
)
def test_terminal_arguments_that_cannot_hold_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "error:" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "--opponent", "hard"], "--opponent: only for --game family-business"),
        (["play", "--players", "4"], "--players: only for --game family-business"),
        (
            ["play", "--game", "family-business", "--level", "3"],
            "--level: only for --game famiglia",
        ),
        (["simulate", "--players", "4", "--others", "random"], "--players and --others: only for"),
        (["simulate", "--game", "family-business", "--solo"], "--solo: only for --game famiglia"),
    ],
)
def test_an_option_of_the_other_game_is_refused_not_ignored(argv, said, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert said in capsys.readouterr().err


def test_ctrl_c_during_simulate_stops_without_a_traceback(monkeypatch, capsys):
    """A traceback of KeyboardInterrupt, where play leaves with a goodbye."""
    import engine.cli as cli

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_simulate", interrupted)
    assert main(["simulate", "--game", "family-business", "--players", "2"]) == 130
    assert "Stopped" in capsys.readouterr().err
