"""Clock Patience against the bare C++ loop, measured in one run.

Three ways of playing the same games (same seed, same deals) on one core,
interleaved so that machine load hits them alike:
  api:      cardsim.simulate("clock", threads=1) from Python;
  playouts: bench/cpp/playouts.cpp, the batch runner called straight from C++;
  floor:    bench/cpp/clock_floor.cpp, the patience on bare arrays (no state
            class, no action list, no summary).
It checks that all three count the same wins and cards turned, then reports
games/s (median of --repeats) and the ratios api/playouts and api/floor. With
--callgrind it adds instructions per game (load-independent) for the C++ two.
Writes bench/results/clock.{json,md}.

    python bench/speed/bench_clock.py [--games 3000000] [--repeats 5] [--callgrind]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path

import cardsim

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import BUILD, build_drivers, callgrind, now, run_driver, write_results

SEED = 1


def field(text: str, name: str) -> float:
    return float(re.search(rf"{name} ([\d.]+)", text).group(1))


def run_api(games: int) -> tuple[float, int, int]:
    r = cardsim.simulate(
        "clock", games=games, seed=SEED, threads=1, summary_only=True, progress=False
    )
    return r.games / r.seconds, r.summary.wins[0], r.summary.score[0]["sum"]


def run_playouts(exe: Path, games: int) -> tuple[float, float]:
    out = run_driver(exe, games, "random", "clock")
    return field(out, "games_per_s"), field(out, "actions")


def run_floor(exe: Path, games: int) -> tuple[float, int, int]:
    out = run_driver(exe, games, SEED)
    return field(out, "games_per_s"), int(field(out, "won")), int(field(out, "turned"))


def callgrind_per_game(exe: Path, games: int, *args: object) -> float:
    # The difference cancels start-up: what remains is the games alone.
    return (callgrind(exe, games + 1, *args)[0] - callgrind(exe, 1, *args)[0]) / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=3_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--callgrind", action="store_true", help="also count instructions per game")
    ap.add_argument(
        "--build-dir", default="", help="reuse this CMake build dir (default: build/bench)"
    )
    args = ap.parse_args()
    drivers = build_drivers(
        "cardsim_bench", "cardsim_clock_floor", build_dir=Path(args.build_dir or BUILD)
    )
    bench_exe, floor_exe = drivers["cardsim_bench"], drivers["cardsim_clock_floor"]
    api, playouts, floor = [], [], []
    for _ in range(args.repeats):
        rate, wins, turned = run_api(args.games)
        api.append(rate)
        p_rate, actions = run_playouts(bench_exe, args.games)
        playouts.append(p_rate)
        f_rate, f_won, f_turned = run_floor(floor_exe, args.games)
        floor.append(f_rate)
        # The same games: one action per card turned, the same wins and cards.
        assert (f_won, f_turned) == (wins, turned) and actions == turned, "different work"
    row = {
        "games": args.games,
        "api_games_per_s": statistics.median(api),
        "playouts_games_per_s": statistics.median(playouts),
        "floor_games_per_s": statistics.median(floor),
    }
    row["api_to_playouts"] = row["api_games_per_s"] / row["playouts_games_per_s"]
    row["api_to_floor"] = row["api_games_per_s"] / row["floor_games_per_s"]
    if args.callgrind:
        n = 20_000
        row["playouts_instructions_per_game"] = callgrind_per_game(bench_exe, n, "random", "clock")
        row["floor_instructions_per_game"] = callgrind_per_game(floor_exe, n)
    when = now()
    out = {"when": when, "cardsim": cardsim.__version__, "repeats": args.repeats, **row}
    lines = [
        f"# Clock Patience against the bare loop ({when}, {args.games:,} games,"
        f" one core, median of {args.repeats}, one run)",
        "",
        "| | games/s | ratio of cardsim.simulate to it |",
        "|---|---:|---:|",
        f"| cardsim.simulate (Python API) | {row['api_games_per_s']:,.0f} | |",
        f"| runner from C++ (bench/cpp/playouts.cpp) | {row['playouts_games_per_s']:,.0f}"
        f" | {row['api_to_playouts']:.2f} |",
        f"| bare arrays (bench/cpp/clock_floor.cpp) | {row['floor_games_per_s']:,.0f}"
        f" | {row['api_to_floor']:.2f} |",
    ]
    if args.callgrind:
        lines += [
            "",
            "Instructions per game (callgrind):"
            f" runner {row['playouts_instructions_per_game']:,.0f},"
            f" bare arrays {row['floor_instructions_per_game']:,.0f}.",
        ]
    write_results("clock", out, lines, indent=2)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
