"""Code 9 solitaire's optimal scores on seeded deals (docs/results.md, docs/solvers.md).

python bench/studies/code9_optimum.py [--deals 1000] [--seed 2026] [--node-limit 20000000]
                              [--table-entries N] [--checkpoint FILE] [--workers 2]
                              [--out NAME]

Runs (or, with --checkpoint, resumes or just reads back) the solver on deals
0 .. deals-1, exactly as `cardsim solve code9_solitaire --deals D --seed S
--node-limit N --table-entries T` does, plays greedy on the same deals, and writes
bench/results/NAME.json and NAME.md: how many optima are proven (with a 95%
interval), their distribution, and for each deal left unknown its proven lower
bound and greedy's score, which bound its optimum from below and above, so that
the mean optimum over all deals is bracketed.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

import numpy as np

import cardsim
from cardsim.run.stats import wilson

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import RESULTS, write_results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--node-limit", type=int, default=20_000_000)
    ap.add_argument("--table-entries", type=int, default=cardsim.solver.DEFAULT_TABLE_ENTRIES)
    ap.add_argument("--checkpoint", default=None, help="shard log to resume from (or read)")
    ap.add_argument("--shard-size", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2, help="processes, one thread each")
    ap.add_argument("--out", default="code9_solitaire_1000")
    ap.add_argument("--out-dir", default=str(RESULTS))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    # Worker processes of one thread each: a slow deal holds up its own shard only.
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else nullcontext() as pool:
        res = cardsim.solve_batch(
            "code9_solitaire",
            deals=args.deals,
            seed=args.seed,
            node_limit=args.node_limit,
            table_entries=args.table_entries,
            threads=1 if pool else None,
            progress=False,
            executor=pool,
            shard_size=args.shard_size,
            checkpoint=args.checkpoint,
        )
    wall = time.perf_counter() - t0
    greedy = cardsim.simulate(
        "code9_solitaire", games=args.deals, seed=args.seed, policy="greedy", threads=2
    ).scores[:, 0]
    won = res.outcome == 1
    unknown = np.flatnonzero(~won)
    proven = int(won.sum())
    low = np.where(won, res.score, res.bound).astype(float)
    high = np.where(won, res.score, greedy).astype(float)
    scores, counts = np.unique(res.score[won], return_counts=True)
    frac = wilson(proven, args.deals)
    data = {
        "command": (
            f"cardsim solve code9_solitaire --deals {args.deals} --seed {args.seed}"
            f" --node-limit {args.node_limit}"
            + (
                f" --table-entries {args.table_entries}"
                if args.table_entries != cardsim.solver.DEFAULT_TABLE_ENTRIES
                else ""
            )
        ),
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cpus, shared with other jobs",
        "node_limit": args.node_limit,
        "table_entries": args.table_entries,
        "deals": args.deals,
        "proven": proven,
        "proven_fraction": {"value": frac.value, "low": frac.low, "high": frac.high},
        "mean_optimum_proven": float(res.score[won].mean()) if proven else None,
        "optimum_distribution": {str(int(s)): int(c) for s, c in zip(scores, counts, strict=True)},
        "mean_optimum_bracket": [round(float(low.mean()), 4), round(float(high.mean()), 4)],
        "greedy_mean_all": float(greedy.mean()),
        "solver_seconds": round(float(res.seconds.sum()), 1),
        "wall_seconds_this_call": round(wall, 1),
        "unknown_deals": [
            {"deal": int(i), "lower_bound": int(res.bound[i]), "greedy_score": int(greedy[i])}
            for i in unknown
        ],
    }
    out_dir = Path(args.out_dir)
    lines = [
        "# Code 9 solitaire: optimal scores",
        "",
        f"`{data['command']}`, {data['date']}, {data['machine']};"
        f" {data['solver_seconds']:,} solver-seconds.",
        "",
        "| deals | optimum proven | mean optimum (proven) | mean optimum, all deals"
        " | unknown deals' bounds |",
        "|---|---|---|---|---|",
        f"| {args.deals:,} | {proven:,} ({100 * frac.value:.2f}%, 95% [{100 * frac.low:.2f},"
        f" {100 * frac.high:.2f}]) | {data['mean_optimum_proven']:.2f} |"
        f" [{data['mean_optimum_bracket'][0]:.2f}, {data['mean_optimum_bracket'][1]:.2f}] |"
        f" {', '.join(str(int(res.bound[i])) for i in unknown)} |",
        "",
        "| moves | " + " | ".join(data["optimum_distribution"]) + " |",
        "|---|" + "---|" * len(data["optimum_distribution"]),
        "| deals | " + " | ".join(str(c) for c in data["optimum_distribution"].values()) + " |",
        "",
    ]
    write_results(args.out, data, lines, out=out_dir)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
