"""Monte Carlo figures for docs/rules/hole_in_the_wall.md: is dealing an advantage?

For 2, 3 and 4 players and 2x2 partnerships, under the random and greedy
policies: mean placement points by seat, mean hole points for the dealer, win
rates, and their 95% confidence intervals. Each configuration is run twice on
the same seeds, with and without hole scoring (score_holes); play does not
depend on that option, so the difference of the dealer's scores is exactly the
dealer's hole points game by game.

    python bench/figures/hole_in_the_wall_figures.py [--games 200000] [--threads 2]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

import cardsim

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import write_results

CONFIGS = [
    ("2 players", {"players": 2}),
    ("3 players", {"players": 3}),
    ("4 players", {"players": 4}),
    ("2x2 teams", {"players": 4, "teams": True}),
]


def ci(x: np.ndarray) -> tuple[float, float]:
    """Mean and the half-width of its normal 95% interval."""
    return float(x.mean()), 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    rows = []
    for label, options in CONFIGS:
        for policy in ("random", "greedy"):
            kw = dict(games=args.games, seed=args.seed, policy=policy, threads=args.threads)
            on = cardsim.simulate("hole_in_the_wall", **kw, **options)
            off = cardsim.simulate("hole_in_the_wall", score_holes=False, **kw, **options)
            assert np.array_equal(on.moves, off.moves), "play must not depend on score_holes"
            n = on.num_players
            dealer = n - 1
            holes = on.scores[:, dealer] - off.scores[:, dealer]
            row = {
                "config": label,
                "options": options,
                "policy": policy,
                "games": args.games,
                "seed": args.seed,
                "truncated": int(on.truncated.sum()),
                "moves": ci(on.moves.astype(np.float64)),
                "placement": [ci(off.scores[:, p].astype(np.float64)) for p in range(n)],
                "total_placement": ci(off.scores.sum(axis=1).astype(np.float64)),
                "dealer_holes": ci(holes.astype(np.float64)),
                "score": [ci(on.scores[:, p].astype(np.float64)) for p in range(n)],
                "win": [ci(((on.winners_mask >> p) & 1).astype(np.float64)) for p in range(n)],
                "draw": ci((on.winner == -2).astype(np.float64)),
            }
            rows.append(row)
            print(
                f"{label:10s} {policy:6s} placement by seat "
                + " ".join(f"{m:6.2f}±{h:.2f}" for m, h in row["placement"])
                + f"  dealer holes {row['dealer_holes'][0]:6.2f}±{row['dealer_holes'][1]:.2f}"
                + "  wins "
                + " ".join(f"{m:.3f}" for m, _ in row["win"])
                + f"  draws {row['draw'][0]:.3f}",
                flush=True,
            )
    write_results("hole_in_the_wall_figures", rows)


if __name__ == "__main__":
    main()
