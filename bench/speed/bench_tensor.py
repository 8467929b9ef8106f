"""Single-env RL speed with the exact C++ observation tensor against the generic encoder.

For each game, one ``cardsim/<Game>-v0`` Gymnasium env (learner seat 0, random
opponents) is stepped with random masked actions drawn in numpy, for a few
seconds, twice in one run: as shipped (the game's exact tensor, written by the
C++ core), then with the observation swapped for the generic Python encoder of
``observation(p)`` (what every game used before). It also times the bare
encoding call on a mid-game state. Writes bench/results/tensor.{json,md}.

    python bench/speed/bench_tensor.py [--seconds 3] [--games code9 stack_gap]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import cardsim
from cardsim.envs.gymnasium import env_id
from cardsim.envs.tensor import generic_encoder

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import calls_per_second, machine, write_results


def env_rate(name: str, generic: bool, seconds: float) -> float:
    """Learner steps per second of one env with random masked actions."""
    env = gymnasium.make(env_id(name)).unwrapped
    if generic:
        env.encoder = generic_encoder(
            env.game.name, env.game.num_players, env.game.traits.per_seat_keys
        )
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps = 0
    t0 = time.perf_counter()
    while True:
        legal = np.flatnonzero(info["action_mask"])
        _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if terminated or truncated:
            _, info = env.reset()
        if steps % 256 == 0 and time.perf_counter() - t0 >= seconds:
            return steps / (time.perf_counter() - t0)


def encode_rate(name: str, seconds: float) -> tuple[float, float]:
    """Encodings per second of seat 0's view of one mid-game state: exact, generic."""
    game = cardsim.make(name)
    state = game.new_game(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(10):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    gen = generic_encoder(game.name, game.num_players, game.traits.per_seat_keys)
    buf = np.empty(game.observation_tensor_shape, np.float32)
    return (
        calls_per_second(lambda: state.observation_tensor(0, out=buf), seconds / 4),
        calls_per_second(lambda: gen.encode(state.observation(0), 0), seconds / 4),
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", nargs="*", default=["code9", "stack_gap"])
    args = ap.parse_args()
    rows: list[dict[str, Any]] = []
    for name in args.games:
        exact = env_rate(name, False, args.seconds)
        generic = env_rate(name, True, args.seconds)
        enc_exact, enc_generic = encode_rate(name, args.seconds)
        rows.append(
            {
                "game": name,
                "shape_exact": list(cardsim.make(name).observation_tensor_shape),
                "env_steps_per_s_exact": round(exact),
                "env_steps_per_s_generic": round(generic),
                "env_speedup": round(exact / generic, 2),
                "encodes_per_s_exact": round(enc_exact),
                "encodes_per_s_generic": round(enc_generic),
            }
        )
        print(rows[-1], flush=True)
    meta = machine(
        seconds_per_measure=args.seconds,
        note="one process, one thread; exact and generic measured back to back in one run",
    )
    lines = [
        "# Single-env steps/s: exact C++ tensor vs the generic encoder",
        "",
        "`python bench/speed/bench_tensor.py` (one Gymnasium env, learner seat 0, random"
        " opponents,",
        f"random masked actions; {args.seconds:g} s per figure, one run).",
        "",
        "| game | tensor size | env steps/s exact | env steps/s generic | speed-up"
        " | encodes/s exact | encodes/s generic |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['shape_exact'][0]} | {r['env_steps_per_s_exact']:,} |"
            f" {r['env_steps_per_s_generic']:,} | {r['env_speedup']}x |"
            f" {r['encodes_per_s_exact']:,} | {r['encodes_per_s_generic']:,} |"
        )
    write_results("tensor", {"meta": meta, "rows": rows}, lines)


if __name__ == "__main__":
    main()
