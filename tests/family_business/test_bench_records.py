"""bench/fb_ai.py records every finished game and a later run resumes from the records:
a cut-off line is skipped, nothing is played twice, the table is the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bench_scripts import load_bench

bench = load_bench("fb_ai")
players = load_bench("fb_ai_players")


def _run(capsys, path: Path) -> list[str]:
    capsys.readouterr()
    bench.main(["--seeds4", "0", "--seeds2", "1", "--strength", "easy", "--records", str(path)])
    return [x for x in capsys.readouterr().out.splitlines() if not x.startswith("total time")]


def test_a_second_run_plays_nothing_and_prints_the_same_table(tmp_path, capsys):
    path = tmp_path / "fb.jsonl"
    first = _run(capsys, path)
    assert first[0] == "0 games on record, 4 to play"
    lines = path.read_text().splitlines()
    assert len(lines) == 4 and {json.loads(x)["player"] for x in lines} == {"easy", "bot"}
    with path.open("a") as f:
        f.write('{"players": 2, "pla')  # a line cut off by a kill
    second = _run(capsys, path)
    assert second[0] == "4 games on record, 0 to play"
    assert second[1:] == first[1:]
    assert second[-1].startswith("HEADLINE: easy wins 2p ")
    assert not any("4 players" in x or "4p" in x for x in second)  # --seeds4 0: no table


def test_first_plays_and_counts_the_seeds_from_it_only(tmp_path, capsys):
    path = tmp_path / "fb.jsonl"
    path.write_text(_rec2("easy", 1, 0, 1.0) + "\n" + _rec2("easy", 1, 1, 1.0) + "\n")
    capsys.readouterr()
    args = ["--seeds4", "0", "--seeds2", "1", "--first", "3", "--strength", "easy"]
    bench.main([*args, "--records", str(path)])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 games on record, 4 to play"
    played = [json.loads(x) for x in path.read_text().splitlines()[2:]]
    assert sorted((r["player"], r["seed"], r["seat"]) for r in played) == [
        ("bot", 3, 0),
        ("bot", 3, 1),
        ("easy", 3, 0),
        ("easy", 3, 1),
    ]
    wins = sum(r["score"] for r in played if r["player"] == "easy")
    assert any(f"2 games  wins {wins:6.1f}" in x for x in out)  # seed 1's two wins not counted


def _rec2(player: str, seed: int, seat: int, score: float) -> str:
    """A 2-player record with every field the table reads (the seat won alone)."""
    table = {"winners": [seat], "turns": 1, "decisions": 1, "max_s": 0.0, "sum_s": 0.0}
    return _rec(player, seed, seat, score, players=2, over_bar=0, iters=0, **table)


def _rec(player: str, seed: int, seat: int, score: float, players: int = 4, **more: object) -> str:
    rec = {"players": players, "player": player, "seed": seed, "seat": seat, "score": score}
    return json.dumps({**rec, **more})


def test_two_players_are_compared_on_the_games_both_played_only(tmp_path, capsys):
    compare = load_bench("fb_ai_compare")
    (tmp_path / "fb-ai.jsonl").write_text(
        "\n".join(
            [
                _rec("hard", 1, 0, 1.0),
                _rec("hard", 1, 1, 0.0),
                _rec("hard", 1, 0, 0.0),  # a game's first record counts
                _rec("hard", 2, 0, 0.0),  # the trial has no such game
                _rec("hard", 9, 0, 1.0),  # outside the seeds asked for
            ]
        )
        + '\n{"players": 4, "pla'  # a line cut off by a kill
    )
    (tmp_path / "trial.jsonl").write_text(
        "\n".join([_rec("x", 1, 0, 0.0), _rec("x", 1, 1, 0.5), _rec("hard", 1, 1, 1.0)])
    )
    hard = compare.scores("hard", 4, range(1, 5), tmp_path)
    trial = compare.scores("x@trial.jsonl", 4, range(1, 5), tmp_path)
    assert hard == {(1, 0): 1.0, (1, 1): 0.0, (2, 0): 0.0}
    assert trial == {(1, 0): 0.0, (1, 1): 0.5}
    k, mean_trial, mean_hard, diff, half = compare.paired(trial, hard)
    assert (k, mean_trial, mean_hard, diff) == (2, 0.25, 0.5, -0.25)
    assert half == pytest.approx(1.96 * 0.75)  # the sd of (-1.0, +0.5), 1.06, over sqrt(2)
    assert compare.paired(trial, {})[0] == 0


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["4", "nobody", "hard", "--seeds", "1-40"], "nobody: no 4-player games on record"),
        (["4", "hard@none.jsonl", "hard"], "no records file bench/results/none.jsonl"),
        (["4", "hard", "hard", "--seeds", "40-1"], "the first seed first"),
    ],
)
def test_a_comparison_of_players_or_seeds_not_on_record_is_refused(argv, said, capsys):
    compare = load_bench("fb_ai_compare")
    with pytest.raises(SystemExit) as exc:
        compare.main(argv)
    assert exc.value.code == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("player", "base", "caution"),
    [
        ("lookahead-2p32-bot", "lookahead-2p32", players.CAUTION),
        ("lookahead-2p32-bot1", "lookahead-2p32", 1.0),
        ("lookahead-2p32-bot10", "lookahead-2p32", 10.0),
        ("lookahead-h24-bot", "lookahead-h24", players.CAUTION),
    ],
)
def test_a_trials_name_gives_its_plan_and_the_whole_suffix_its_belief(
    player: str, base: str, caution: float
) -> None:
    # records are kept by name: "-bot10" must not be read as "-bot1" with a stray 0
    name, kind = players.belief_kind(player)
    assert (name, kind) == (base, (True, caution, True))
    assert name in players.CANDIDATES
