"""Train sb3-contrib's MaskablePPO on cardsim.VectorEnv (not run in CI).

    pip install sb3-contrib torch
    python examples/maskable_ppo.py --game rummy --timesteps 2000000

Stable-Baselines3 drives its own ``VecEnv`` interface, not Gymnasium's vector API,
so ``CardsimVecEnv`` below adapts one to the other. Two differences matter:

- Autoreset. SB3 expects the step that ends an episode to return the next
  episode's first observation (the final one in ``infos[i]["terminal_observation"]``);
  cardsim.VectorEnv uses Gymnasium's next-step mode, which returns the final
  observation and starts the next episode one step later, ignoring that step's
  action. The adapter reports the end at once (``done``, reward, the terminal
  observation) and lets SB3 take the reset step as one extra transition of reward
  0 from the final observation, where it offers action 0 alone so that the
  masked distribution stays defined. That transition starts a new episode for
  SB3 (``episode_starts``), so no return crosses episodes; it only adds one
  reward-0 sample per episode.
- Masks. MaskablePPO reads ``env_method("action_masks")``; the adapter answers
  from the vector env's mask buffer.

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
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv
except ImportError as exc:  # pragma: no cover - optional, outside CI
    raise SystemExit("this example needs: pip install sb3-contrib torch") from exc


class CardsimVecEnv(VecEnv):
    """cardsim.VectorEnv behind Stable-Baselines3's VecEnv interface."""

    def __init__(self, env: cardsim.VectorEnv) -> None:
        self.env = env
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)
        self._actions = np.zeros(env.num_envs, np.int64)
        self._mask = np.zeros((env.num_envs, env.single_action_space.n), bool)

    def _set_mask(self, mask: np.ndarray) -> None:
        self._mask[:] = mask
        self._mask[~mask.any(axis=1), 0] = True  # the ignored reset step

    def reset(self) -> np.ndarray:
        seed = self._seeds[0] if getattr(self, "_seeds", None) else None
        obs, info = self.env.reset(seed=seed)
        self._set_mask(info["action_mask"])
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions[:] = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        obs, reward, term, trunc, info = self.env.step(self._actions)
        self._set_mask(info["action_mask"])
        dones = term | trunc
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for k in np.flatnonzero(dones):
            infos[k] = {
                "terminal_observation": obs[k].copy(),
                "TimeLimit.truncated": bool(trunc[k]),
                "final_scores": info["final_scores"][k].copy(),
            }
        return obs, reward.astype(np.float32), dones, infos

    def action_masks(self) -> np.ndarray:
        return self._mask.copy()

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kw: Any) -> list[Any]:
        if method_name == "action_masks":
            return list(self._mask[self._get_indices(indices)])
        raise AttributeError(method_name)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self.env, attr_name) for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"cannot set {attr_name} on a cardsim vector env")

    def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def close(self) -> None:
        self.env.close()


def win_rate(game: str, model: Any, episodes: int, seed: int) -> float:
    env = cardsim.VectorEnv(game, 64, seed=seed)
    obs, info = env.reset()
    rng = np.random.default_rng(seed)
    wins = done = 0
    while done < episodes:
        mask = info["action_mask"].copy()
        mask[~mask.any(axis=1), 0] = True
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
    venv = CardsimVecEnv(cardsim.VectorEnv(args.game, args.num_envs, seed=0, threads=args.threads))
    model = MaskablePPO("MlpPolicy", venv, n_steps=256, batch_size=1024, verbose=1, seed=0)
    model.learn(total_timesteps=args.timesteps)
    print("random  win rate", win_rate(args.game, None, args.episodes, 10**6))
    print("trained win rate", win_rate(args.game, model, args.episodes, 10**6))


if __name__ == "__main__":
    main()
