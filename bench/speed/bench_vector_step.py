"""The cost of VectorEnv.step's boundary: steps/s of the core step alone.

``step`` copies the caller's actions into a buffer the env owns before it checks
them and releases the GIL (docs/architecture.md, "Boundary rules"). This bench
times ``env._core.step(actions)`` for a few env counts, with the actions drawn
beforehand (legal ones, from the masks of a fixed replay) so that only the step
is timed, and writes bench/results/vector_step.{json,md}. Run it with the
build before a change and after (``--label``) to compare: each run adds its
label's figures to the JSON and rewrites the table.

    python bench/speed/bench_vector_step.py --label after [--seconds 2]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

import numpy as np

from cardsim.envs.vector import VectorEnv, masked_random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import RESULTS

CASES = (("code9", 1), ("code9", 64), ("code9", 1024), ("clock", 1024))


def rate(game: str, num_envs: int, seconds: float) -> float:
    """Learner steps per second inside the core's step (threads=1, seat 0)."""
    env = VectorEnv(game, num_envs=num_envs, seat=0, threads=1)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    core = env._core
    masks = env._buffers["action_mask"]
    steps = 0
    spent = 0.0
    clock = time.perf_counter
    while spent < seconds:
        acts = masked_random(masks, rng)  # legal for this step; drawn outside the timing
        t0 = clock()
        core.step(acts, None)
        spent += clock() - t0
        steps += num_envs
    env.close()
    return steps / spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", required=True, help="the build measured, e.g. before or after")
    ap.add_argument("--seconds", type=float, default=2.0, help="time inside step per case")
    ap.add_argument("--repeats", type=int, default=3, help="best of this many runs per case")
    args = ap.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "vector_step.json"
    data = json.loads(out.read_text()) if out.exists() else {"runs": {}}
    figures = {}
    for game, n in CASES:
        best = max(rate(game, n, args.seconds) for _ in range(args.repeats))
        figures[f"{game} x{n}"] = round(best)
        print(f"{args.label}: {game} num_envs={n}: {best:,.0f} steps/s")
    data["runs"][args.label] = {"steps_per_s": figures, "machine": platform.machine()}
    data["command"] = "python bench/speed/bench_vector_step.py --label LABEL"
    out.write_text(json.dumps(data, indent=1) + "\n")
    labels = list(data["runs"])
    lines = [
        "# VectorEnv.step: steps/s inside the core's step",
        "",
        "threads=1, seat 0 against random opponents; legal actions drawn outside the"
        " timing; best of 3 runs. Written by bench/speed/bench_vector_step.py. Labels:"
        " before/before2 are a build without the copy of the actions (main at e5a7dbd),"
        " after/after2 the build with it, run in turn on a shared 2-core machine.",
        "",
        "| case | " + " | ".join(labels) + " |",
        "|---|" + "---:|" * len(labels),
    ]
    for case in figures:
        row = [f"{data['runs'][k]['steps_per_s'].get(case, 0):,}" for k in labels]
        lines.append(f"| {case} | " + " | ".join(row) + " |")
    (RESULTS / "vector_step.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
