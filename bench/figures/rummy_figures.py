"""The Monte Carlo figures quoted in docs/rules/rummy.md, under random and greedy play.

For 2-6 players: how often a deal ends with someone going out (not truncated),
the mean deal length in actions, each seat's win rate (seat advantage) and the
winner's mean score, with 95% confidence intervals.

    python bench/figures/rummy_figures.py [--games 200000] [--seed 1]
"""

from __future__ import annotations

import argparse
import math

import numpy as np

import cardsim


def ci(p: float, n: int) -> float:
    return 1.96 * math.sqrt(max(p * (1 - p), 0.0) / n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2,3,4,5,6")
    args = ap.parse_args()
    n = args.games
    print(f"{n} deals per row, seed {args.seed}, default options\n")
    print(
        "| players | policy | went out | mean actions | seat win rates (95% CI +-)"
        " | winner's mean score |"
    )
    print("|---|---|---|---|---|---|")
    for players in map(int, args.players.split(",")):
        for policy in ("random", "greedy"):
            r = cardsim.simulate(
                "rummy", games=n, seed=args.seed, policy=policy, threads=1, players=players
            )
            out = 1 - float(r.truncated.mean())
            moves = r.moves.astype(np.float64)
            m_ci = 1.96 * moves.std() / math.sqrt(n)
            seats = [float(np.mean(r.winner == p)) for p in range(players)]
            seat_text = ", ".join(f"{s:.3f}" for s in seats) + f" (+-{ci(max(seats), n):.3f})"
            won = r.winner >= 0
            win_scores = r.scores[won, :].max(axis=1).astype(np.float64)
            s_ci = 1.96 * win_scores.std() / math.sqrt(max(len(win_scores), 1))
            print(
                f"| {players} | {policy} | {out:.4f} +- {ci(out, n):.4f}"
                f" | {moves.mean():.1f} +- {m_ci:.1f} | {seat_text}"
                f" | {win_scores.mean():.2f} +- {s_ci:.2f} |"
            )


if __name__ == "__main__":
    main()
