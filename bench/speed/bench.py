"""Measures every registered game and policy; writes bench/results/latest.{json,md}.

For each game and policy: C++ batch games/s and actions/s on 1 and 2 threads.
For each game: Python-loop actions/s through the binding (legal_actions +
apply_action) and through the pure-Python reference, and their ratio.
For Clock: simulate against the bare loop of bench/cpp/clock_floor.cpp (the CMake
target cardsim_clock_floor, -O3, portable flags as a wheel is), interleaved, same games.
Every figure is the median of --repeats runs; ratios are taken within one run
of this script, since the machines are shared and noisy.

    python bench/speed/bench.py [--games-seconds 1.0] [--repeats 3] [--only clock,...]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import cardsim

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import build_drivers, machine, median_of, run_driver, write_results


def batch_rate(game: str, policy: str, threads: int, games: int, seed: int) -> tuple[float, float]:
    r = cardsim.simulate(
        game,
        games=games,
        seed=seed,
        policy=policy,
        threads=threads,
        summary_only=True,
        progress=False,
    )
    return r.games / r.seconds, r.summary.moves["sum"] / r.seconds


def calibrate(game: str, policy: str, target_s: float) -> int:
    n = 2000
    while True:
        t0 = time.perf_counter()
        cardsim.simulate(
            game, games=n, seed=1, policy=policy, threads=1, summary_only=True, progress=False
        )
        dt = time.perf_counter() - t0
        if dt > 0.05 or n >= 50_000_000:
            return max(1000, int(n * target_s / max(dt, 1e-9)))
        n *= 10


def python_loop_rate(game: Any, target_s: float) -> float:
    """Actions per second of a plain Python play loop (legal_actions + apply_action)."""
    actions, seed = 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < target_s:
        state = game.new_game(seed=seed)
        seed += 1
        k = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[k % len(legal)])
            k += 1
        actions += k
    # The deal is timed too, as a user's loop would pay for it.
    return actions / (time.perf_counter() - t0)


def clock_floor(games: int, repeats: int) -> dict[str, float]:
    """Clock through simulate against the floor, interleaved; the totals must agree."""
    exe = build_drivers("cardsim_clock_floor")["cardsim_clock_floor"]
    api, floor = [], []
    for _ in range(repeats):
        r = cardsim.simulate(
            "clock", games=games, seed=1, threads=1, summary_only=True, progress=False
        )
        api.append(r.games / r.seconds)
        out = run_driver(exe, games, 1)
        floor.append(float(re.search(r"games_per_s ([\d.]+)", out).group(1)))
        won = int(re.search(r"won (\d+)", out).group(1))
        if won != r.summary.wins[0]:
            raise RuntimeError(f"clock floor won {won} games, simulate {r.summary.wins[0]}")
    a, f = statistics.median(api), statistics.median(floor)
    return {"games": games, "simulate_games_per_s": a, "floor_games_per_s": f, "ratio": a / f}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games-seconds", type=float, default=1.0, help="target seconds per batch run")
    ap.add_argument("--loop-seconds", type=float, default=1.0, help="seconds per Python loop run")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated game names")
    ap.add_argument("--floor-games", type=int, default=3_000_000, help="Clock games per floor run")
    args = ap.parse_args()
    names = [g.name for g in cardsim.games()]
    if args.only:
        names = [n for n in names if n in args.only.split(",")]

    rows: list[dict[str, Any]] = []
    for name in names:
        loop_cpp = median_of(
            lambda: python_loop_rate(cardsim.make(name), args.loop_seconds),  # noqa: B023
            args.repeats,
        )
        loop_ref = median_of(
            lambda: python_loop_rate(
                cardsim.make(name, backend="reference"),  # noqa: B023
                args.loop_seconds,
            ),
            args.repeats,
        )
        for policy in cardsim.POLICIES:
            games = calibrate(name, policy, args.games_seconds)
            row: dict[str, Any] = {"game": name, "policy": policy, "games_per_run": games}
            for threads in (1, 2):
                runs = [
                    batch_rate(name, policy, threads, games, seed=10 + k)
                    for k in range(args.repeats)
                ]
                row[f"games_per_s_{threads}t"] = statistics.median(r[0] for r in runs)
                row[f"actions_per_s_{threads}t"] = statistics.median(r[1] for r in runs)
            row["speedup_2t"] = row["games_per_s_2t"] / row["games_per_s_1t"]
            row["python_loop_actions_per_s"] = loop_cpp
            row["reference_loop_actions_per_s"] = loop_ref
            row["cpp_to_reference_loop"] = loop_cpp / loop_ref
            row["batch_to_reference_loop"] = row["actions_per_s_1t"] / loop_ref
            rows.append(row)
            print(
                f"{name:18s} {policy:7s} {row['games_per_s_1t']:>13,.0f} games/s 1t "
                f"{row['games_per_s_2t']:>13,.0f} 2t  loop {loop_cpp:>11,.0f} act/s "
                f"ref {loop_ref:>9,.0f} act/s",
                flush=True,
            )

    floor = clock_floor(args.floor_games, args.repeats) if "clock" in names else None
    if floor:
        print(
            f"clock floor: simulate {floor['simulate_games_per_s']:,.0f} games/s, "
            f"floor {floor['floor_games_per_s']:,.0f}, ratio {floor['ratio']:.2f}",
            flush=True,
        )

    meta = machine(
        repeats=args.repeats,
        cardsim=cardsim.__version__,
        load_average=os.getloadavg(),  # 1, 5, 15 minutes, at the end of the run
        note="medians of repeats; the machine is shared, so compare ratios within one run",
    )
    report = {"meta": meta, "rows": rows, "clock_floor": floor}
    lines = [
        f"# cardsim bench ({meta['when']}, {meta['cpus']} cpus, median of {args.repeats},"
        f" load average {meta['load_average'][0]:.1f} / {meta['load_average'][1]:.1f})",
        "",
        "| game | policy | games/s 1t | games/s 2t | 2t/1t | actions/s 1t | Python loop act/s"
        " (C++) | reference loop act/s | C++:ref (loop) | batch:ref loop |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['policy']} | {r['games_per_s_1t']:,.0f}"
            f" | {r['games_per_s_2t']:,.0f}"
            f" | {r['speedup_2t']:.2f} | {r['actions_per_s_1t']:,.0f}"
            f" | {r['python_loop_actions_per_s']:,.0f} | {r['reference_loop_actions_per_s']:,.0f}"
            f" | {r['cpp_to_reference_loop']:.1f} | {r['batch_to_reference_loop']:,.0f} |"
        )
    if floor:
        lines += [
            "",
            "Clock against its floor (bench/cpp/clock_floor.cpp, -O3),"
            f" {floor['games']:,} games, one thread, interleaved:",
            "",
            "| simulate games/s | floor games/s | simulate:floor |",
            "|---:|---:|---:|",
            f"| {floor['simulate_games_per_s']:,.0f} | {floor['floor_games_per_s']:,.0f}"
            f" | {floor['ratio']:.2f} |",
        ]
    print(f"wrote {write_results('latest', report, lines, indent=2)} and latest.md")


if __name__ == "__main__":
    main()
