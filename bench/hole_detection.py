"""Times hole detection per placement in Hole in the Wall (see hole_detection.cpp).

Compiles bench/hole_detection.cpp with the system C++ compiler (the core is
header-only, so no Python is involved), runs it, and writes
bench/results/hole_detection.json. Figures are nanoseconds per placement over
the placements of random 3-player games; the machine is shared, so compare the
three rows with each other rather than across runs.

    python bench/hole_detection.py [--games 2000] [--reps 20] [--cxx g++]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--cxx", default="g++")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "hole_detection"
        subprocess.run(
            [args.cxx, "-std=c++20", "-O3", "-DNDEBUG", f"-I{ROOT / 'cpp'}",
             str(ROOT / "bench" / "hole_detection.cpp"), "-o", str(exe)],
            check=True,
        )  # fmt: skip
        out = subprocess.run(
            [str(exe), str(args.games), str(args.reps)], check=True, capture_output=True, text=True
        ).stdout
    result = json.loads(out)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "hole_detection.json").write_text(json.dumps(result, indent=2) + "\n")
    print(
        f"{result['placements']:,} placements: game {result['ns_game']:.0f} ns,"
        f" flood every time {result['ns_flood_always']:.0f} ns,"
        f" per-cell BFS {result['ns_bfs']:.0f} ns;"
        f" the local test spares the flood {100 * result['local_test_skips_flood']:.1f}%"
        " of the time"
    )


if __name__ == "__main__":
    main()
