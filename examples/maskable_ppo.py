"""Train sb3-contrib's MaskablePPO on cardsim.VectorEnv (not run in CI).

    pip install "cardsim[sb3]"
    python examples/maskable_ppo.py --game rummy --timesteps 2000000

Stable-Baselines3 drives its own ``VecEnv`` interface, not Gymnasium's vector API:
``cardsim.envs.sb3.VecEnv`` is cardsim.VectorEnv in that interface (an ended env is
restarted in the same step, masks through ``env_method("action_masks")``).

After training it plays the trained policy (deterministic) and the random policy
on the same evaluation streams and prints both win rates.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

import cardsim

try:
    from sb3_contrib import MaskablePPO

    from cardsim.envs.sb3 import VecEnv
except ImportError as exc:  # pragma: no cover - optional, outside CI
    raise SystemExit("this example needs: pip install 'cardsim[sb3]'") from exc


def win_rate(game: str, model: Any, episodes: int, seed: int) -> float:
    env = cardsim.VectorEnv(game, 64, seed=seed)
    obs, info = env.reset()
    rng = np.random.default_rng(seed)
    wins = done = 0
    while done < episodes:
        mask = info["action_mask"]  # every id legal where an episode just ended
        if model is None:
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        else:
            actions, _ = model.predict(obs, action_masks=mask, deterministic=True)
        obs, reward, term, trunc, info = env.step(actions)
        ended = term | trunc
        wins += int((reward[ended] > 0).sum())
        done += int(ended.sum())
    return wins / done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="rummy")
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--timesteps", type=int, default=1_000_000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--episodes", type=int, default=2000)
    args = ap.parse_args()
    venv = VecEnv(args.game, args.num_envs, seed=0, threads=args.threads)
    model = MaskablePPO("MlpPolicy", venv, n_steps=256, batch_size=1024, verbose=1, seed=0)
    model.learn(total_timesteps=args.timesteps)
    print("random  win rate", win_rate(args.game, None, args.episodes, 10**6))
    print("trained win rate", win_rate(args.game, model, args.episodes, 10**6))


if __name__ == "__main__":
    main()
