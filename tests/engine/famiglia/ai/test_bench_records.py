"""bench/ai.py keeps every finished game in a records file and resumes from it: a full
run outlasts a working session, so a later run must continue where the last one stopped
and print the same table as a run in one go. Cheap players only (random, greedy, eager)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bench_scripts import load_bench

bench = load_bench("ai")


def _run(capsys, path: Path, *args: str) -> list[str]:
    """main()'s stdout lines, without the wall-clock total."""
    capsys.readouterr()
    bench.main([*args, "--records", str(path)])
    return [x for x in capsys.readouterr().out.splitlines() if not x.startswith("total time")]


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def _row(out: list[str], label: str) -> str:
    (line,) = [x for x in out if x.startswith(f"{label} ")]
    return line


@pytest.fixture
def counted(monkeypatch):
    """Counts the games actually played, in order."""
    played: list[tuple] = []
    real = bench.play

    def play(task):
        played.append(task)
        return real(task)

    monkeypatch.setattr(bench, "play", play)
    return played


def _no_play(monkeypatch) -> None:
    def play(task):
        raise AssertionError(f"played {task} again")

    monkeypatch.setattr(bench, "play", play)


def test_each_game_is_a_line_and_a_second_run_plays_nothing(tmp_path, capsys, monkeypatch):
    path = tmp_path / "deep" / "ai.jsonl"  # the folder is created
    first = _run(capsys, path, "--games", "2", "--only", "random-greedy", "--jobs", "1")
    recs = _lines(path)
    assert len(recs) == 2
    assert [r["players"] for r in recs] == [["random", "greedy"], ["greedy", "random"]]
    assert recs[0]["seed"] == recs[1]["seed"]  # one seed, the seats swapped
    for r in recs:
        assert (r["mode"], r["level"], r["first"]) == ("duel", None, None)
        for field in ("winner", "totals", "times", "iters", "search_s", "date", "cpus", "python"):
            assert field in r
    assert path.read_bytes().endswith(b"\n")

    _no_play(monkeypatch)
    second = _run(capsys, path, "--games", "2", "--only", "random-greedy", "--jobs", "1")
    assert second == first
    assert "(2 of 2)" not in _row(first, "random vs greedy")
    assert len(_lines(path)) == 2


def test_a_larger_run_reuses_the_smaller_and_matches_a_run_in_one_go(tmp_path, capsys, counted):
    path = tmp_path / "ai.jsonl"
    args = ("--only", "random-greedy,greedy~eager", "--jobs", "1")
    _run(capsys, path, "--games", "2", *args)
    assert len(counted) == 4
    small = {bench.key_of(r) for r in _lines(path)}
    resumed = _run(capsys, path, "--games", "6", *args)
    assert len(counted) == 12  # only the 8 games the smaller run lacked
    assert len(set(counted[4:])) == 8 and not small & set(counted[4:])
    fresh = _run(capsys, tmp_path / "fresh.jsonl", "--games", "6", *args)
    body = [x for x in resumed if not x.startswith("records")]
    assert body == [x for x in fresh if not x.startswith("records")]
    assert "greedy vs eager" in "\n".join(body)


def test_a_cut_off_last_line_is_skipped_and_appending_goes_on(tmp_path, capsys, counted):
    path = tmp_path / "ai.jsonl"
    _run(capsys, path, "--games", "2", "--only", "random-greedy", "--jobs", "1")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 40])  # a kill in the middle of the last line
    bench.main(["--games", "4", "--only", "random-greedy", "--jobs", "1", "--records", str(path)])
    out, err = capsys.readouterr()
    assert "skipped 1 unreadable line" in err
    assert len(counted) == 2 + 3  # the cut-off game again, and the two new ones
    records, bad = bench.read_records(path)
    assert (len(records), bad) == (4, 1)
    text = path.read_text()
    assert text.endswith("\n")
    lines = text.splitlines()
    assert len(lines) == 5
    assert [json.loads(x)["players"] for x in lines[2:]]  # whole lines after the cut
    assert _row(out.splitlines(), "random vs greedy").split()[3] == "4"


def test_report_reads_only_and_marks_missing_games(tmp_path, capsys, monkeypatch):
    path = tmp_path / "ai.jsonl"
    _run(capsys, path, "--games", "2", "--only", "random-greedy", "--jobs", "1")
    before = path.read_bytes()
    _no_play(monkeypatch)
    out = _run(capsys, path, "--report", "--games", "4", "--only", "random-greedy,eager-greedy")
    assert _row(out, "random vs greedy").endswith("(2 of 4)")
    assert "%" in _row(out, "random vs greedy")
    assert "0 of 4" in _row(out, "eager vs greedy")
    assert any(x.startswith("missing 6 games") for x in out)
    assert path.read_bytes() == before
    missing = tmp_path / "none.jsonl"
    out = _run(capsys, missing, "--report", "--games", "4", "--only", "random-greedy")
    assert "0 of 4" in _row(out, "random vs greedy")
    assert not missing.exists()


def test_solo_keys_and_interleaving(tmp_path, capsys, counted):
    path = tmp_path / "ai.jsonl"
    out = _run(
        capsys,
        path,
        *("--games", "4", "--solo-games", "1", "--only", "random-eager,solo"),
        *("--solo-ai", "random", "--jobs", "1", "--interleave"),
    )
    solo = [t for t in counted if t[0] == "solo"]
    assert len(solo) == 16
    assert {t[4:] for t in solo} == {(lv, f) for lv in (1, 2, 3, 4) for f in (0, 1)}
    assert {t[1:3] for t in solo} == {("random", "robot"), ("greedy", "robot")}
    # round-robin, two games of a row at a time: the duel's first seed, every solo row
    # (one game each), then the duel's second seed
    assert [t[0] for t in counted] == ["duel"] * 2 + ["solo"] * 16 + ["duel"] * 2
    assert _row(out, "greedy vs robot 3b")
    assert len(_lines(path)) == 20


def test_a_pool_of_processes_records_too(tmp_path, capsys):
    path = tmp_path / "ai.jsonl"
    one = _run(
        capsys, tmp_path / "one.jsonl", "--games", "4", "--only", "random-greedy", "--jobs", "1"
    )
    two = _run(capsys, path, "--games", "4", "--only", "random-greedy", "--jobs", "2")
    assert _row(one, "random vs greedy") == _row(two, "random vs greedy")
    assert len(_lines(path)) == 4


def test_headline_sums_up_the_bars_last(tmp_path, capsys, monkeypatch):
    """Recorded hard games (made up here: too slow to play in a test) give the headline."""
    path = tmp_path / "ai.jsonl"
    row = bench.duel_row("hard", "greedy", 4, 6)
    with path.open("w") as f:
        for i, (key, seat_a) in enumerate(row.games[:3]):
            mode, a, b, seed, level, first = key
            rec = {
                "mode": mode,
                "players": [a, b],
                "seed": seed,
                "level": level,
                "first": first,
                "winner": seat_a if i < 2 else 1 - seat_a,
                "totals": [50, 40],
                "times": [[0.5, 1.25], []] if a == "hard" else [[], [0.75]],
                "iters": [1200, 0] if a == "hard" else [0, 600],
                "search_s": [1.5, 0.0] if a == "hard" else [0.0, 0.5],
            }
            f.write(json.dumps(rec) + "\n")
    _no_play(monkeypatch)
    out = _run(capsys, path, "--report", "--games", "4", "--only", "hard-greedy,hard-random")
    assert "(3 of 4)" in _row(out, "hard vs greedy")
    assert "0 of 4" in _row(out, "hard vs random")
    head = out[-1]
    assert head.startswith("HEADLINE hard vs greedy 66.7% [")
    assert "(3 of 4; bar 75%)" in head
    assert "hard vs random no games (0 of 4; bar 98%)" in head
    assert head.endswith("hard max 1.25 s/decision (bar 1.5 s)")
    hard = [x for x in out if x.startswith("hard ") and "searched decisions" in x]
    assert hard and "max 1.250 s" in hard[0] and "playouts/s 857" in hard[0]


def test_headline_counts_the_robot_levels_where_the_ai_beats_greedy(tmp_path, capsys, monkeypatch):
    """Issue 6's solo bar: the searching AI wins more often than greedy at each robot level.
    Made-up records: medium ahead at level 1a, behind at 1b, so 1 of 2 levels."""
    path = tmp_path / "ai.jsonl"
    wins = {("medium", 0): 2, ("greedy", 0): 1, ("medium", 1): 0, ("greedy", 1): 1}
    with path.open("w") as f:
        for (who, first), won in wins.items():
            row = bench.solo_row(who, 1, first, 2, 6)
            for i, (key, _) in enumerate(row.games):
                mode, a, b, seed, level, first_ = key
                rec = {
                    "mode": mode,
                    "players": [a, b],
                    "seed": seed,
                    "level": level,
                    "first": first_,
                    "winner": 0 if i < won else 1,
                    "totals": [50, 40],
                    "times": [[0.1], []] if a == "medium" else [[], []],
                    "iters": [100, 0],
                    "search_s": [0.1, 0.0],
                }
                f.write(json.dumps(rec) + "\n")
    _no_play(monkeypatch)
    out = _run(capsys, path, "--report", "--games", "2", "--solo-ai", "medium", "--only", "solo")
    assert _row(out, "medium vs robot 1a").split()[5] == "100.0%"
    assert "medium ahead of greedy vs robot at 1 of 2 levels" in out[-1]
