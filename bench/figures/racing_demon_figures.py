"""Monte Carlo figures for docs/rules/racing_demon.md.

    python bench/figures/racing_demon_figures.py [--games 100000] [--threads 2]

Prints markdown tables: score and OUT distribution for 2-6 equal players,
stalemate rates, what a 20% speed advantage is worth, and greedy against random.
"""

from __future__ import annotations

import argparse

import numpy as np

import cardsim
from cardsim.run.stats import wilson


def run(games: int, threads: int, **options):
    return cardsim.simulate(
        "racing_demon", games=games, seed=2026, threads=threads, progress=False, **options
    )


def pct(e) -> str:
    return f"{100 * e.value:.2f}% [{100 * e.low:.2f}, {100 * e.high:.2f}]"


def mean(e) -> str:
    return f"{e.value:.2f} [{e.low:.2f}, {e.high:.2f}]"


def quartiles(r, p: int) -> str:
    values, counts = r.score_histogram(p)
    cum = np.cumsum(counts) / counts.sum()
    q = [int(values[np.searchsorted(cum, x)]) for x in (0.25, 0.5, 0.75)]
    return f"{q[0]} / {q[1]} / {q[2]}"


def rates(r):
    s = r.summary
    out = wilson(s.games - s.no_winner, s.games)
    stale = wilson(s.no_winner - s.truncated, s.games)
    return out, stale


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    n, t = a.games, a.threads
    print(f"{n:,} games per row, seed 2026; 95% intervals in brackets.\n")

    print("### Equal players: scores, OUT and stalemate\n")
    print(
        "| players | policy | mean score (seat 0) | score quartiles | OUT rate (any player) "
        "| seat 0 OUT | stalemate | truncated | mean actions | mean round time (s) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for players in (1, 2, 3, 4, 5, 6):
        for policy in ("random", "greedy"):
            r = run(n, t, players=players, policy=policy)
            out, stale = rates(r)
            end = r.times.max(axis=1)
            print(
                f"| {players} | {policy} | {mean(r.mean_score(0))} | {quartiles(r, 0)} "
                f"| {pct(out)} "
                f"| {pct(r.win_rate(0))} | {pct(stale)} | {r.summary.truncated} "
                f"| {r.mean_moves().value:.0f} | {end.mean():.1f} |"
            )
    print()
    print("### A 20% speed advantage (seat 0 takes 0.8 s per action, the others 1.0 s)\n")
    print(
        "| players | policy | seat 0 OUT (even) | seat 0 OUT (fast) | seat 0 mean score (even) "
        "| seat 0 mean score (fast) | others' mean score (fast) |"
    )
    print("|---|---|---|---|---|---|---|")
    for players in (2, 4, 6):
        for policy in ("random", "greedy"):
            even = run(n, t, players=players, policy=policy)
            fast = run(
                n,
                t,
                players=players,
                policy=policy,
                speeds=",".join(["0.8"] + ["1.0"] * (players - 1)),
            )
            others = np.mean([fast.mean_score(p).value for p in range(1, players)])
            print(
                f"| {players} | {policy} | {pct(even.win_rate(0))} | {pct(fast.win_rate(0))} "
                f"| {mean(even.mean_score(0))} | {mean(fast.mean_score(0))} | {others:.2f} |"
            )
    print()
    print("### Greedy against random, head to head (seat 0 greedy, the others random)\n")
    print(
        "| players | seat 0 OUT | seat 1 OUT | fair share | seat 0 mean score | seat 1 mean score |"
    )
    print("|---|---|---|---|---|---|")
    for players in (2, 3, 4, 6):
        seats = ["greedy"] + ["random"] * (players - 1)
        r = run(n, t, players=players, policy=seats)
        print(
            f"| {players} | {pct(r.win_rate(0))} | {pct(r.win_rate(1))} | {100 / players:.1f}% "
            f"| {mean(r.mean_score(0))} | {mean(r.mean_score(1))} |"
        )
    print()
    print("### Options (4 players)\n")
    print("| options | policy | OUT rate | stalemate | mean score | mean actions |")
    print("|---|---|---|---|---|---|")
    for opts in ({"turn": 1}, {"turn": 2}, {"turn": 3}, {"build_on_line": True}):
        for policy in ("random", "greedy"):
            r = run(n, t, players=4, policy=policy, **opts)
            out, stale = rates(r)
            text = ", ".join(f"{k}={v}" for k, v in opts.items())
            print(
                f"| {text} | {policy} | {pct(out)} | {pct(stale)} | {mean(r.mean_score(0))} "
                f"| {r.mean_moves().value:.0f} |"
            )


if __name__ == "__main__":
    main()
