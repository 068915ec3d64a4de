"""Render benchmark: mean and p95 milliseconds of the table image (PNG bytes) and of the
table embed, for a typical and a maximal view. Run: ``python bench/render.py [N]``.

Card faces are cached after the first render (as in the running bot); the first, cold
render is reported separately. The headline (maximal view, image) is printed last.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cogs.render.embed import hand_embed, table_embed  # noqa: E402
from cogs.render.image import table_png  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "sample_views", ROOT / "tests" / "render" / "sample_views.py"
)
assert _spec is not None and _spec.loader is not None
sample_views = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sample_views)

NAMES = ("Alice", "Bob")
LONG = (sample_views.LONG_NAME, sample_views.LONG_NAME)


def measure(fn, n: int) -> tuple[float, float]:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return statistics.fmean(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=300, help="renders timed per row")
    n = parser.parse_args().n
    typical, maximal = sample_views.typical_view(), sample_views.maximal_view(result=False)
    log = sample_views.long_log()
    t = time.perf_counter()
    png = table_png(typical, NAMES)
    cold = (time.perf_counter() - t) * 1000
    print(f"cold first image render (fills the face cache): {cold:.1f} ms")
    print(f"typical PNG {len(png)} bytes, maximal PNG {len(table_png(maximal, LONG))} bytes")
    private = typical.model_copy(
        update={"viewer": 0, "hand": ["A1", "A1", "M2", "F0", "B3"], "hand_vp": 20}
    )
    rows = [
        ("typical embed", lambda: table_embed(typical, NAMES, ["Bob passed"])),
        ("hand embed", lambda: hand_embed(private, NAMES)),
        ("maximal embed", lambda: table_embed(maximal, LONG, log)),
        ("typical image", lambda: table_png(typical, NAMES)),
        ("maximal image", lambda: table_png(maximal, LONG)),
    ]
    for label, fn in rows:
        mean, p95 = measure(fn, n)
        print(f"{label:14s} mean {mean:6.2f} ms   p95 {p95:6.2f} ms   (n={n})")
    print(f"HEADLINE: the maximal table image renders in {mean:.2f} ms (p95 {p95:.2f} ms)")


if __name__ == "__main__":
    main()
