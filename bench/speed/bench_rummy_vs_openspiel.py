"""Optional: cardsim `rummy` against OpenSpiel's `gin_rummy`, side by side in one run.

cardsim: C++ batch games/s (1 thread) under greedy and random play.
OpenSpiel: random games/s of `gin_rummy` through pyspiel, with uniform random
bots and `evaluate_bots` (its usual Python-driven play loop). The games differ
(Gin is dealt 10 cards with knocking and deadwood), so this compares the cost
of simulating a real meld rule set, not identical games.

Skips cleanly (exit 0) when open-spiel is not installed (`pip install open-spiel`).

    python bench/speed/bench_rummy_vs_openspiel.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import sys
import time

import cardsim


def cardsim_rate(policy: str, seconds: float) -> tuple[float, float]:
    n = 2000
    while True:
        r = cardsim.simulate(
            "rummy", games=n, seed=1, policy=policy, threads=1, summary_only=True, progress=False
        )
        if r.seconds >= seconds or n >= 50_000_000:
            return r.games / r.seconds, r.summary.moves["sum"] / r.seconds
        n = int(n * min(10.0, 1.2 * seconds / max(r.seconds, 1e-6)))


def openspiel_rate(seconds: float) -> tuple[float, float]:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("gin_rummy")
    bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(game.num_players())]
    rng = np.random.RandomState(0)
    games = actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        evaluate_bots.evaluate_bots(state, bots, rng)
        games += 1
    dt = time.perf_counter() - t0
    # Actions per game, from a separate count (evaluate_bots does not report it).
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return games / dt, actions * games / dt


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("open-spiel is not installed: skipping the comparison (pip install open-spiel)")
        return 0
    rows = []
    for policy in ("greedy", "random"):
        g, a = cardsim_rate(policy, args.seconds)
        rows.append((f"cardsim rummy, {policy}, C++ batch, 1 thread", g, a))
    g, a = openspiel_rate(args.seconds)
    rows.append(("OpenSpiel gin_rummy, uniform random bots (evaluate_bots)", g, a))
    base = rows[-1][1]
    print("| what | games/s | actions/s (approx. for OpenSpiel) | x OpenSpiel games/s |")
    print("|---|---|---|---|")
    for name, g, a in rows:
        print(f"| {name} | {g:,.0f} | {a:,.0f} | {g / base:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
