"""Batch runs with a Python policy against the same runs with the built-in one.

A numpy copy of ``first`` (``mask.argmax(1)``, called with batches of the
games waiting on its seat) plays in ``cardsim.simulate`` where the built-in
``first`` would, in two set-ups per game: one seat against ``greedy``, and
every seat. Each pair is timed back to back, in one run, median of
``--repeats``; the two runs' arrays are checked to be identical. Figures:
games/s, actions/s (every seat's) and the Python seat's decisions/s.
Writes bench/results/pypolicy.{json,md}.

    python bench/speed/bench_pypolicy.py [--repeats 3] [--threads 2] [--scale 1.0]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

import numpy as np

import cardsim

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import machine, timed, write_results

#: (game, set-up, built-in policy, games at scale 1): each run takes a second or two.
CASES = [
    ("rummy", "one seat vs greedy", ["first", "greedy"], 20_000),
    ("rummy", "every seat", ["first", "first"], 1_000),
    ("code9", "one seat vs greedy", ["first", "greedy"], 4_000),
    ("code9", "every seat", ["first", "first"], 500),
]


class CopyFirst:
    """The built-in ``first`` in numpy; counts the decisions it makes."""

    def __init__(self) -> None:
        self.decisions = 0

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The lowest legal action id of every game in the batch."""
        self.decisions += len(mask)
        return mask.argmax(1)


def run(game: str, policy: Any, games: int, threads: int) -> tuple[float, cardsim.SimulationResult]:
    """One timed batch run: its wall time and its result."""
    return timed(
        lambda: cardsim.simulate(
            game, games=games, seed=1, policy=policy, threads=threads, progress=False
        )
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies the games per run")
    args = ap.parse_args()
    rows: list[dict[str, Any]] = []
    for game, setup, builtin, base in CASES:
        n = max(1, int(base * args.scale))
        copy = CopyFirst()
        mine = [copy if p == "first" else p for p in builtin]
        t_builtin, t_python = [], []
        for _ in range(args.repeats):
            dt, a = run(game, builtin, n, args.threads)
            t_builtin.append(dt)
            copy.decisions = 0
            dt, b = run(game, mine, n, args.threads)
            t_python.append(dt)
            for f in ("scores", "winner", "moves", "truncated"):
                assert np.array_equal(getattr(a, f), getattr(b, f)), (game, setup, f)
        tb, tp = statistics.median(t_builtin), statistics.median(t_python)
        actions = int(a.moves.sum())
        rows.append(
            {
                "game": game,
                "setup": setup,
                "policies": builtin,
                "games": n,
                "mean_actions": round(actions / n, 1),
                "builtin_games_per_s": round(n / tb),
                "python_games_per_s": round(n / tp),
                "builtin_actions_per_s": round(actions / tb),
                "python_actions_per_s": round(actions / tp),
                "python_seat_decisions_per_s": round(copy.decisions / tp),
                "slowdown": round(tp / tb, 1),
            }
        )
        print(rows[-1], flush=True)
    meta = machine(
        repeats=args.repeats,
        threads=args.threads,
        batch_size=4096,
        note="medians of back-to-back pairs in one run; identical arrays checked",
    )
    lines = [
        "# A numpy copy of `first` in batch runs vs the built-in `first`",
        "",
        f"`python bench/speed/bench_pypolicy.py` ({args.threads} threads, median of {args.repeats},"
        f" one run; load average {meta['load_average']:.1f} at the end). The Python policy is",
        "`mask.argmax(1)`, called with every game waiting on its seat (up to 4,096); results",
        "are identical to the built-in run's (checked). With `first` at every seat every game",
        "in this run reached the move cap (2,000 actions): a per-decision figure.",
        "",
        "| game | set-up | games | actions/game | games/s built-in | games/s Python"
        " | actions/s built-in | actions/s Python | Python decisions/s | slowdown |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['setup']} | {r['games']:,} | {r['mean_actions']} |"
            f" {r['builtin_games_per_s']:,} | {r['python_games_per_s']:,} |"
            f" {r['builtin_actions_per_s']:,} | {r['python_actions_per_s']:,} |"
            f" {r['python_seat_decisions_per_s']:,} | {r['slowdown']}x |"
        )
    write_results("pypolicy", {"meta": meta, "rows": rows}, lines)


if __name__ == "__main__":
    main()
