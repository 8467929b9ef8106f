"""Times hole detection per placement in Hole in the Wall (see hole_detection.cpp).

Builds bench/cpp/hole_detection.cpp (the CMake target cardsim_hole_detection; the
core is header-only, so no Python is involved), runs it, and writes
bench/results/hole_detection.json. Figures are nanoseconds per placement over
the placements of random 3-player games; the machine is shared, so compare the
three rows with each other rather than across runs.

    python bench/studies/hole_detection.py [--games 2000] [--reps 20]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import build_drivers, run_driver, write_results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--reps", type=int, default=20)
    args = ap.parse_args()
    exe = build_drivers("cardsim_hole_detection")["cardsim_hole_detection"]
    result = json.loads(run_driver(exe, args.games, args.reps))
    write_results("hole_detection", result, indent=2)
    print(
        f"{result['placements']:,} placements: game {result['ns_game']:.0f} ns,"
        f" flood every time {result['ns_flood_always']:.0f} ns,"
        f" per-cell BFS {result['ns_bfs']:.0f} ns;"
        f" the local test spares the flood {100 * result['local_test_skips_flood']:.1f}%"
        " of the time"
    )


if __name__ == "__main__":
    main()
