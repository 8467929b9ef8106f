"""Loading a bench script (bench/<kind>/*.py, not a package) as a module, for the
tests that run a miniature of it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_bench(name: str) -> ModuleType:
    """bench/<kind>/<name>.py (kind: speed, studies or figures), imported fresh."""
    (path,) = BENCH.glob(f"*/{name}.py")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
