"""Best play without seeing: the solitaires' fair search players over a budget curve,
beside greedy and the thoughtful solver, on the same seeded deals.
Writes bench/results/budget.{json,md} and docs/img/budget.png.

For The Wall, Stack Gap solo and Code 9 solitaire, deals 0..N-1 of one seed:

- ``greedy``, and ``pimc:B`` / ``ismcts:B`` for each budget B (iterations per decision).
  These players see only what the rules show: they redeal the hidden cards.
- the solver (``solve_batch``, default node limit; Code 9 solitaire's is larger:
  ``SOLVER_LIMITS``), which sees every card: an upper
  bound on what any player can win. For Code 9 solitaire (every deal is won; the score
  is the number of moves, fewer is better) its figure is the mean of the proven optimum
  on settled deals and of the proven lower bound on the rest: no line can do better
  than it on average.

The measure is the win rate for The Wall and Stack Gap (95% Wilson interval) and the
mean score for Code 9 solitaire (95% interval). Each cell is written as soon as it is
measured, so a run stopped part-way keeps what it has; a cell never measured reads
"not run". Cells measured on a different deal count or seed are kept apart.

    python bench/studies/bench_budget.py [--deals 2000] [--budgets 100,1000,10000] [--threads 2]
    python bench/studies/bench_budget.py --only code9_solitaire --policies greedy,pimc --budgets 100
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import cardsim
from cardsim.run.plot import plot_budget
from cardsim.run.stats import mean_interval, wilson

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import RESULTS, write_results

OUT = RESULTS
FIGURE = Path(__file__).parents[2] / "docs" / "img" / "budget.png"
#: game -> (options, measure): "win" (win rate of seat 0) or "moves" (mean score, lower is better).
GAMES: dict[str, tuple[dict[str, Any], str]] = {
    "code9_solitaire": ({}, "moves"),
    "stack_gap": ({}, "win"),
    "the_wall": ({}, "win"),
}
SEARCHES = ("pimc", "ismcts")
# Code 9 solitaire's solver proves every one of these deals with a larger search
# than the default (a few deals stop at 2 million positions with a bound only).
SOLVER_LIMITS: dict[str, dict[str, int]] = {
    "code9_solitaire": {"node_limit": 50_000_000, "table_entries": 1 << 26},
}


def est(e: Any) -> dict[str, float]:
    return {"value": float(e.value), "low": float(e.low), "high": float(e.high)}


def play(
    game: str, policy: str, deals: int, seed: int, threads: int, checkpoint: Path | None = None
) -> dict[str, Any]:
    options, measure = GAMES[game]
    sharded: dict[str, Any] = {}
    if checkpoint is not None:
        # Shards of 50 deals: a stopped run loses at most a few minutes of the slowest search,
        # and the merged result equals an unsharded one (deal i depends on (seed, i) alone).
        checkpoint.mkdir(parents=True, exist_ok=True)
        name = f"{game}_{policy.replace(':', '_')}_{deals}_{seed}.ckpt"
        sharded = {"checkpoint": checkpoint / name, "shard_size": 50}
    start = time.perf_counter()
    r = cardsim.simulate(
        game,
        games=deals,
        seed=seed,
        policy=policy,
        threads=threads,
        summary_only=True,
        progress=False,
        **sharded,
        **options,
    )
    seconds = time.perf_counter() - start
    cell: dict[str, Any] = {"seconds": round(seconds, 2), "mean_score": est(r.mean_score())}
    if measure == "win":
        cell["win_rate"] = est(r.win_rate())
    return cell


def solver(game: str, deals: int, seed: int, threads: int) -> dict[str, Any]:
    options, measure = GAMES[game]
    start = time.perf_counter()
    limits = SOLVER_LIMITS.get(game, {})
    r = cardsim.solve_batch(game, deals=deals, seed=seed, threads=threads, **limits, **options)
    seconds = time.perf_counter() - start
    cell: dict[str, Any] = {"seconds": round(seconds, 2), "unknown": r.unknown}
    if measure == "win":
        cell["win_rate"] = est(wilson(r.wins, deals))
        if r.scored:  # The Wall's solver seeks a win only: it has no best score to give
            best = r.best_score_any.astype(np.int64)
            moments = {"n": deals, "sum": int(best.sum()), "sum_sq": int((best * best).sum())}
            cell["mean_score"] = est(mean_interval(moments))  # best of any line, won or not
    else:
        settled = r.outcome == 1
        # A lower bound per deal: the optimum where proven, the proven bound elsewhere.
        floor = np.where(settled, r.score, r.bound).astype(np.int64)
        s, sq = int(floor.sum()), int((floor * floor).sum())
        cell["mean_score_floor"] = est(mean_interval({"n": deals, "sum": s, "sum_sq": sq}))
    return cell


def load(path: Path) -> dict[str, Any]:
    if path.exists():
        return json.loads(path.read_text())
    return {"runs": {}}


def run_key(game: str, deals: int, seed: int) -> str:
    return f"{game}|deals={deals}|seed={seed}"


def value_text(cell: dict[str, Any] | None, measure: str) -> str:
    if cell is None:
        return "not run"
    if measure == "win":
        e, m = cell["win_rate"], cell.get("mean_score")
        score = f" (score {m['value']:.2f})" if m else ""
        return f"{100 * e['value']:.2f}% [{100 * e['low']:.2f}, {100 * e['high']:.2f}]{score}"
    e = cell.get("mean_score") or cell["mean_score_floor"]
    return f"{e['value']:.2f} [{e['low']:.2f}, {e['high']:.2f}]"


def write(data: dict[str, Any], budgets: list[int], out: Path) -> None:
    lines = [
        "# Best play without seeing: search budget against the solver"
        " (bench/studies/bench_budget.py)",
        "",
        f"{data.get('when', '')}, {data.get('machine', '')}. Win rate (The Wall, Stack Gap solo;"
        " mean score beside it, the solver's being the best score of any line)"
        " or mean moves (Code 9 solitaire, fewer is better), 95% intervals; pimc and ismcts"
        " see only what the rules show, the solver sees every card (for Code 9 solitaire its"
        " figure is a floor: the mean of the proven optimum or proven lower bound per deal).",
        "",
    ]
    for _, run in sorted(data["runs"].items()):
        game = run["game"]
        measure = GAMES[game][1]
        cells = run["cells"]
        lines += [f"## {game}: {run['deals']:,} deals, seed {run['seed']}", ""]
        lines += ["| player | " + " | ".join(f"budget {b:,}" for b in budgets) + " |"]
        lines += ["|---|" + "---:|" * len(budgets)]
        for search in SEARCHES:
            row = [value_text(cells.get(f"{search}:{b}"), measure) for b in budgets]
            lines += [f"| {search} | " + " | ".join(row) + " |"]
        lines += [""]
        for name in ("greedy", "solver"):
            lines += [f"- {name}: {value_text(cells.get(name), measure)}"]
        if "solver" in cells:
            lines += [f"- solver deals left unknown: {cells['solver']['unknown']}"]
        secs = sum(c["seconds"] for c in cells.values())
        lines += [f"- time for this table: {secs:,.0f} s wall", ""]
    write_results("budget", data, lines, indent=2, out=out)


def draw(data: dict[str, Any], budgets: list[int], figure: Path) -> None:
    """The budget curves of every game in ``data``, drawn by cardsim's own plot_budget."""
    runs = sorted(data["runs"].values(), key=lambda r: r["game"])
    if not runs:
        return
    panels = []
    for run in runs:
        measure = GAMES[run["game"]][1]
        cells = run["cells"]
        field = "win_rate" if measure == "win" else "mean_score"
        curves = {
            s: {b: cells[f"{s}:{b}"][field] for b in budgets if f"{s}:{b}" in cells}
            for s in SEARCHES
        }
        lines = {}
        for name in ("greedy", "solver"):
            if name in cells:
                solver_floor = name == "solver" and measure != "win"
                lines[name] = cells[name]["mean_score_floor" if solver_floor else field]
        panels.append(
            {
                "title": f"{run['game']} ({run['deals']:,} deals)",
                "ylabel": "win rate" if measure == "win" else "mean moves (fewer is better)",
                "curves": curves,
                "lines": lines,
            }
        )
    figure.parent.mkdir(parents=True, exist_ok=True)
    plot_budget(panels, figure)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--budgets", default="100,1000,10000")
    ap.add_argument("--policies", default="greedy,solver,pimc,ismcts")
    ap.add_argument("--only", default=",".join(GAMES), help="comma-separated games")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", type=Path, default=OUT, help="folder for budget.json and budget.md")
    ap.add_argument("--figure", type=Path, default=FIGURE)
    ap.add_argument(
        "--checkpoint",
        type=Path,
        default=None,
        help="folder for the searches' shard records: a stopped run resumes where it was\n"
        "(a resumed cell's seconds count only this run's share)",
    )
    args = ap.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",") if b]
    wanted = [p for p in args.policies.split(",") if p]
    data = load(args.out / "budget.json")
    shown = sorted(set(budgets) | set(data.get("budgets", [])))
    data["budgets"] = shown
    for game in [g for g in args.only.split(",") if g]:
        if game not in GAMES:
            raise SystemExit(f"unknown game {game!r}: one of {', '.join(GAMES)}")
        rk = run_key(game, args.deals, args.seed)
        run = data["runs"].setdefault(
            rk, {"game": game, "deals": args.deals, "seed": args.seed, "cells": {}}
        )
        todo = [p for p in ("greedy", "solver") if p in wanted]
        todo += [f"{s}:{b}" for b in budgets for s in SEARCHES if s in wanted]
        for policy in todo:
            if policy == "solver":
                cell = solver(game, args.deals, args.seed, args.threads)
            else:
                cell = play(game, policy, args.deals, args.seed, args.threads, args.checkpoint)
            run["cells"][policy] = cell
            data["when"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            data["machine"] = (
                f"{platform.machine()}, {os.cpu_count()} cpus, {args.threads} threads,"
                f" load average {os.getloadavg()[0]:.1f} at the last cell"
            )
            write(data, shown, args.out)
            text = value_text(cell, GAMES[game][1])
            print(f"{game} {policy}: {text} ({cell['seconds']} s)", flush=True)
    try:
        draw(data, shown, args.figure)
    except ValueError as e:  # matplotlib missing: the tables stand without the figure
        print(f"no figure: {e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
