"""sb3-contrib's MaskablePPO on Rummy, two ways in one run: through
``cardsim.envs.sb3.VecEnv`` (the C++ vector env) and through SB3's usual
``make_vec_env("cardsim/Rummy-v0")`` (one Python Gymnasium env per slot, in a
DummyVecEnv). Writes bench/results/sb3.{json,md}.

Both train the same policy (MlpPolicy, n_steps=128, batch 512, one epoch) for the
same number of environment steps, torch on one thread; steps/s is env steps over
the wall time of ``learn`` (rollouts and gradient updates both). Needs
``pip install "cardsim[sb3]"``.

    python bench/speed/bench_sb3.py [--envs 16] [--timesteps 40000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import machine, write_results


def rate(make: Any, timesteps: int) -> float:
    from sb3_contrib import MaskablePPO

    venv = make()
    model = MaskablePPO(
        "MlpPolicy", venv, n_steps=128, batch_size=512, n_epochs=1, seed=0, device="cpu"
    )
    model.learn(2048)  # warm-up: first deals, torch's first calls
    t0 = time.perf_counter()
    model.learn(timesteps, reset_num_timesteps=False)
    seconds = time.perf_counter() - t0
    venv.close()
    return timesteps / seconds


def env_rate(make: Any, seconds: float) -> float:
    """Env steps/s through the VecEnv interface alone, as MaskablePPO's rollout calls it
    (masks by ``env_method("action_masks")``, then ``step``), random legal actions."""
    import numpy as np

    venv = make()
    rng = np.random.default_rng(0)
    venv.reset()
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        masks = np.stack(venv.env_method("action_masks"))
        pick = rng.random(masks.shape) * masks
        venv.step(pick.argmax(axis=1))
        steps += venv.num_envs
    venv.close()
    return steps / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--envs", type=int, default=16)
    ap.add_argument("--timesteps", type=int, default=40_000)
    args = ap.parse_args()
    import torch
    from stable_baselines3.common.env_util import make_vec_env

    import cardsim.envs.gymnasium  # noqa: F401  (registers the ids)
    from cardsim.envs.sb3 import VecEnv

    torch.set_num_threads(1)
    n = args.envs
    rows = {
        "bridge": rate(lambda: VecEnv("rummy", num_envs=n, seed=0), args.timesteps),
        "make_vec_env": rate(
            lambda: make_vec_env("cardsim/Rummy-v0", n_envs=n, seed=0), args.timesteps
        ),
    }
    env_only = {
        "bridge": env_rate(lambda: VecEnv("rummy", num_envs=n, seed=0), 5.0),
        "make_vec_env": env_rate(lambda: make_vec_env("cardsim/Rummy-v0", n_envs=n, seed=0), 5.0),
    }
    out = {
        "game": "rummy",
        "num_envs": n,
        "timesteps": args.timesteps,
        "steps_per_second": rows,
        "env_steps_per_second": env_only,
        "speedup": rows["bridge"] / rows["make_vec_env"],
        **machine(torch=torch.__version__),
    }
    md = [
        "# MaskablePPO steps/s (bench/speed/bench_sb3.py)",
        "",
        f"Rummy, {n} envs, {args.timesteps:,} env steps of `learn` each (MlpPolicy, n_steps=128,"
        f" batch 512, one epoch, torch {torch.__version__} on one thread), one run."
        f" Load average at the end: {out['load_average']:.1f} on 2 CPUs.",
        "",
        "| way in | MaskablePPO.learn steps/s | env alone steps/s |",
        "|---|---:|---:|",
        f"| `cardsim.envs.sb3.VecEnv` | {rows['bridge']:,.0f} | {env_only['bridge']:,.0f} |",
        f'| `make_vec_env("cardsim/Rummy-v0")` | {rows["make_vec_env"]:,.0f}'
        f" | {env_only['make_vec_env']:,.0f} |",
        "",
        f"Training through the bridge is {out['speedup']:.2f}x as fast: most of `learn` is the"
        " policy's forward passes and PPO's update, the same on both rows. Env alone steps the"
        " VecEnv with random legal actions through the same interface (masks by"
        ' `env_method("action_masks")`, then `step`), 5 s each.',
        "",
    ]
    write_results("sb3", out, md)
    print("\n".join(md))


if __name__ == "__main__":
    main()
