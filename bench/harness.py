"""What the bench scripts share: timing, the machine's description, the C++ drivers'
build, and the writer of bench/results/<stem>.{json,md}.

The scripts are not a package (each runs as ``python bench/<kind>/<script>.py``), so
each puts bench/ on ``sys.path`` before importing this module::

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from harness import write_results
"""

from __future__ import annotations

import json
import os
import platform
import re
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import TypeVar

#: The repository's root, bench/'s parent.
ROOT = Path(__file__).resolve().parents[1]
#: Where every script writes its figures (bench/README.md indexes them); a short trial
#: run can send them elsewhere with CARDSIM_BENCH_RESULTS=<folder>.
RESULTS = Path(os.environ.get("CARDSIM_BENCH_RESULTS") or ROOT / "bench" / "results")
#: The C++ drivers' build directory: reused between scripts, so that each driver is
#: compiled once and again only when its sources change.
BUILD = ROOT / "build" / "bench"

T = TypeVar("T")


def now() -> str:
    """The current UTC time, to the second, in ISO 8601 (the stamp of a run)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def machine(**extra: object) -> dict[str, object]:
    """The machine a figure was measured on: architecture, CPUs, Python, the load
    average at the time of the call (the machine is shared: the figures say how
    busy it was), and the run's date; ``extra`` is added as given."""
    return {
        "when": now(),
        "machine": platform.machine(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "load_average": round(os.getloadavg()[0], 2),
        **extra,
    }


def median_of(measure: Callable[[], float], repeats: int) -> float:
    """The median of ``repeats`` calls of ``measure`` (a rate or a duration): the
    middle is steadier than the mean on a machine that other jobs share."""
    return statistics.median(measure() for _ in range(max(1, repeats)))


def seconds(run: Callable[[], object]) -> float:
    """The wall time of one call of ``run``, in seconds."""
    t0 = time.perf_counter()
    run()
    return time.perf_counter() - t0


def median_seconds(run: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``repeats`` calls of ``run``, in seconds."""
    return median_of(lambda: seconds(run), repeats)


def timed(run: Callable[[], T]) -> tuple[float, T]:
    """One call of ``run``: its wall time in seconds and what it returned."""
    t0 = time.perf_counter()
    value = run()
    return time.perf_counter() - t0, value


def calls_per_second(call: Callable[[], object], budget: float, batch: int = 100) -> float:
    """How many calls of ``call`` run in a second, calling it in batches of ``batch``
    until ``budget`` seconds have passed (the clock is read once a batch, so that
    reading it costs little beside a fast call)."""
    n = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(batch):
            call()
        n += batch
        elapsed = time.perf_counter() - t0
        if elapsed >= budget:
            return n / elapsed


def table(header: Sequence[str], rows: Iterable[Sequence[object]], align: str = "") -> list[str]:
    """A markdown table's lines: the header, the rule (``align`` per column: ``r``
    for right-aligned, anything else left; default all left) and one line a row."""
    rule = ["---:" if i < len(align) and align[i] == "r" else "---" for i in range(len(header))]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(rule) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def write_results(
    stem: str,
    data: object,
    markdown: str | Sequence[str] | None = None,
    *,
    indent: int = 1,
    out: Path = RESULTS,
) -> Path:
    """Write ``data`` as ``out/<stem>.json`` and, if given, ``markdown`` (text or
    lines) as ``out/<stem>.md``, each ending in one newline; returns the JSON's path."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{stem}.json"
    path.write_text(json.dumps(data, indent=indent) + "\n")
    if markdown is not None:
        text = markdown if isinstance(markdown, str) else "\n".join(markdown)
        (out / f"{stem}.md").write_text(text.rstrip("\n") + "\n")
    return path


def build_drivers(*targets: str, build_dir: Path = BUILD) -> dict[str, Path]:
    """Build the C++ drivers ``targets`` (CMake targets of bench/cpp/, under the
    CARDSIM_BENCH option, without the Python module) in ``build_dir``, and return
    each target's executable. Release flags as the wheel's (-O3, no
    -march=native); a second call rebuilds only what changed."""
    subprocess.run(
        ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCARDSIM_PYTHON=OFF",
         "-DCARDSIM_BENCH=ON", "-DCMAKE_BUILD_TYPE=Release"],
        check=True, capture_output=True,
    )  # fmt: skip
    subprocess.run(
        ["cmake", "--build", str(build_dir), "-j", "2", "--target", *targets],
        check=True, capture_output=True,
    )  # fmt: skip
    return {t: build_dir / t for t in targets}


def run_driver(exe: Path, *args: object) -> str:
    """Run a built driver with ``args`` and return what it printed."""
    return subprocess.run(
        [str(exe), *map(str, args)], check=True, capture_output=True, text=True
    ).stdout


def callgrind(exe: Path, *args: object) -> tuple[int, str]:
    """Run a built driver under callgrind: the instructions it executed (the same
    whatever else the machine is doing) and what it printed."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(exe),
             *map(str, args)],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        found = re.search(r"summary: (\d+)", out.read_text())
        if found is None:
            raise RuntimeError(f"callgrind wrote no summary for {exe.name}")
        return int(found.group(1)), run.stdout
