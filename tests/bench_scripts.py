"""The bench scripts (bench/*.py, not a package) loaded as modules for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_bench(name: str) -> ModuleType:
    """``bench/<name>.py`` as the module ``bench_<name>``, loaded once (so that forked
    pool workers find its functions under the same name)."""
    key = f"bench_{name}"
    if key in sys.modules:
        return sys.modules[key]
    sys.path.insert(0, str(ROOT / "bench"))  # a script may import its neighbours
    spec = importlib.util.spec_from_file_location(key, ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[key] = mod
    spec.loader.exec_module(mod)
    return mod
