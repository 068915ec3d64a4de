"""bench/fb_ai.py records every finished game and a later run resumes from the records:
a cut-off line is skipped, nothing is played twice, the table is the same."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load():
    if "bench_fb_ai" in sys.modules:
        return sys.modules["bench_fb_ai"]
    spec = importlib.util.spec_from_file_location("bench_fb_ai", ROOT / "bench" / "fb_ai.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_fb_ai"] = mod
    spec.loader.exec_module(mod)
    return mod


bench = _load()


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
    assert second[-1].startswith("HEADLINE: easy wins")
