"""The measured figures of docs/rules/code9.md, printed as Markdown.

python bench/figures/code9_figures.py [games, default 1_000_000] [threads, default 1]
"""

from __future__ import annotations

import sys

import numpy as np

import cardsim


def pct(e: cardsim.Estimate) -> str:
    return f"{100 * e.value:.2f}% [{100 * e.low:.2f}, {100 * e.high:.2f}]"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(f"## Self-play, {games:,} games per row (seed 2026)\n")
    print(
        "| players | policy | "
        + " | ".join(f"seat {p} wins" for p in range(4))
        + " | truncated | mean turns | mean cards captured (seat 0) | actions/s |"
    )
    print("|---|---|" + "---|" * 8)
    for n in (2, 3, 4):
        for policy in ("random", "greedy"):
            r = cardsim.simulate(
                "code9",
                games=games,
                seed=2026,
                policy=policy,
                threads=threads,
                summary_only=True,
                players=n,
            )
            seats = [pct(r.win_rate(p)) if p < n else "" for p in range(4)]
            rate = r.summary.moves["sum"] / r.seconds
            print(
                f"| {n} | {policy} | "
                + " | ".join(seats)
                + f" | {pct(r.truncation_rate())} | {r.mean_moves().value:.2f}"
                f" | {r.mean_score(0).value:.2f} | {rate / 1e6:.2f} M |"
            )
    print(f"\n## Solitaire, {games:,} games per row (seed 2026)\n")
    for policy in ("random", "greedy"):
        r = cardsim.simulate(
            "code9_solitaire", games=games, seed=2026, policy=policy, threads=threads
        )
        won = r.winner == 0
        s = r.scores[won, 0]
        rate = r.summary.moves["sum"] / r.seconds
        print(f"### {policy}\n")
        print(
            f"- won (9 of spades off): {pct(r.win_rate())}; truncated at 2000 moves: "
            f"{pct(r.truncation_rate())}"
        )
        half = 1.96 * s.std(ddof=1) / np.sqrt(len(s))
        print(
            f"- score of the won games: mean {s.mean():.3f} +- {half:.3f}, median "
            f"{int(np.median(s))}, min {s.min()}, max {s.max()}; "
            f"{rate / 1e6:.2f} M actions/s"
        )
        if policy == "greedy":
            print("\n| score | games | share | cumulative |\n|---|---|---|---|")
            bins = [(v, v) for v in range(9, 31)] + [(31, 40), (41, 50), (51, 60), (61, 2000)]
            cum = 0
            for lo, hi in bins:
                c = int(np.sum((s >= lo) & (s <= hi)))
                cum += c
                label = str(lo) if lo == hi else (f"{lo}-{hi}" if hi < 2000 else f"> {lo - 1}")
                print(f"| {label} | {c:,} | {100 * c / len(s):.2f}% | {100 * cum / len(s):.2f}% |")
        print()


if __name__ == "__main__":
    main()
