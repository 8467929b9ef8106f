"""Train a masked policy on cardsim.VectorEnv with numpy alone (REINFORCE).

A small softmax policy (one tanh hidden layer, or linear) over the exact
observation tensor; illegal actions are
masked out of the softmax. Each iteration plays `horizon` steps in every env,
turns the rewards of finished episodes into returns, and takes one Adam step
along the policy gradient with a mean-return baseline. Episodes still running
at the end of an iteration are dropped (no bootstrapping: the policy is
trained on whole episodes only).

    python examples/reinforce_numpy.py --game rummy --iterations 40

prints the trained policy's mean score and win rate, with 95% intervals,
next to the random policy's on the same deals (docs/embedding.md, "Training
a masked policy"). tests/test_vector_learning.py runs a CI-sized version.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time

# Small matrices: BLAS threads only contend (badly so on a loaded machine).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
from dataclasses import dataclass
from typing import Any

import numpy as np

import cardsim
from cardsim.envs.vector import masked_random


class MaskedPolicy:
    """Softmax over the legal actions of a small network's logits: linear
    (``hidden=0``) or one tanh hidden layer. Parameters update by Adam."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int, rng: np.random.Generator):
        self.hidden = hidden
        if hidden:
            w1 = rng.normal(0, 1 / math.sqrt(obs_size), (obs_size, hidden)).astype(np.float32)
            self.params = [w1, np.zeros(hidden, np.float32)]
            self.params += [np.zeros((hidden, num_actions), np.float32)]
        else:
            self.params = [np.zeros((obs_size, num_actions), np.float32)]
        self.params.append(np.zeros(num_actions, np.float32))
        self._m = [np.zeros_like(p) for p in self.params]
        self._v = [np.zeros_like(p) for p in self.params]
        self._t = 0

    def _forward(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        if self.hidden:
            w1, b1, w2, b2 = self.params
            h = np.tanh(obs @ w1 + b1)
            return h @ w2 + b2, h
        w, b = self.params
        return obs @ w + b, None

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits, _ = self._forward(obs)
        return self._softmax(logits, mask)

    @staticmethod
    def _softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask, logits, -np.inf)
        logits[~mask.any(axis=1)] = 0.0  # an ended episode: no decision
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """An action drawn from the policy (0 where a row has no legal action)."""
        p = self.probs(obs, mask)
        u = rng.random((len(p), 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)

    def best(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The most probable legal action per row."""
        logits, _ = self._forward(obs)
        return np.argmax(np.where(mask, logits, -np.inf), axis=1)

    def update(
        self, obs: np.ndarray, mask: np.ndarray, actions: np.ndarray, adv: np.ndarray, lr: float
    ) -> None:
        """One Adam step up the gradient of mean(adv * log pi(action))."""
        logits, h = self._forward(obs)
        p = self._softmax(logits, mask)
        p[np.arange(len(actions)), actions] -= 1.0
        d = -p * (adv / len(actions))[:, None]  # d objective / d logits
        if self.hidden:
            assert h is not None
            dh = (d @ self.params[2].T) * (1 - h * h)
            grads = [obs.T @ dh, dh.sum(axis=0), h.T @ d, d.sum(axis=0)]
        else:
            grads = [obs.T @ d, d.sum(axis=0)]
        self._t += 1
        for q, g, m, v in zip(self.params, grads, self._m, self._v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            q += lr * (m / (1 - 0.9**self._t)) / (np.sqrt(v / (1 - 0.999**self._t)) + 1e-8)


def train(
    game: str,
    *,
    num_envs: int = 256,
    horizon: int = 16,
    iterations: int = 100,
    lr: float = 0.01,
    hidden: int = 64,
    seed: int = 0,
    reward: str = "win",
    threads: int = 1,
    **options: Any,
) -> tuple[MaskedPolicy, list[float]]:
    """REINFORCE on ``cardsim.VectorEnv(game, num_envs, reward=reward, ...)``.
    Returns the policy and, per iteration, the mean return of the episodes
    that ended in it."""
    env = cardsim.VectorEnv(game, num_envs, seed=seed, reward=reward, threads=threads, **options)
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    policy = MaskedPolicy(obs.shape[1], int(env.single_action_space.n), hidden, rng)
    history: list[float] = []
    running = np.zeros(num_envs)  # each env's return so far in its episode
    for _ in range(iterations):
        xs, masks, acts, rews, dones = [], [], [], [], []
        ended: list[float] = []
        for _ in range(horizon):
            mask = info["action_mask"]
            a = policy.act(obs, mask, rng)
            xs.append(obs)
            masks.append(mask)
            acts.append(a)
            obs, r, term, trunc, info = env.step(a)
            done = term | trunc
            running += r
            ended.extend(running[done].tolist())
            running[done] = 0.0
            rews.append(r)
            dones.append(done)
        history.append(float(np.mean(ended)) if ended else math.nan)
        # Returns to the end of each episode, backwards; steps of episodes
        # still running are dropped (no bootstrapping).
        ret = np.zeros(num_envs, np.float32)
        complete = np.zeros(num_envs, bool)
        returns, keep = [], []
        for t in reversed(range(horizon)):
            ret = np.where(dones[t], rews[t], rews[t] + ret)
            complete = dones[t] | complete
            returns.append(ret)
            keep.append(complete & masks[t].any(axis=1))
        k = np.concatenate(keep[::-1])
        if k.sum() < 2:
            continue
        g = np.concatenate(returns[::-1])[k]
        adv = (g - g.mean()) / (g.std() + 1e-6)
        policy.update(
            np.concatenate(xs)[k], np.concatenate(masks)[k], np.concatenate(acts)[k], adv, lr
        )
    env.close()
    return policy, history


@dataclass
class Evaluation:
    episodes: int
    mean_score: float
    score_ci: tuple[float, float]
    win_rate: float
    win_ci: tuple[float, float]


def _wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (math.nan, math.nan)
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def evaluate(
    game: str,
    policy: MaskedPolicy | None,
    *,
    episodes: int = 4096,
    num_envs: int = 256,
    seed: int = 10**6,
    seat: int = 0,
    threads: int = 1,
    **options: Any,
) -> Evaluation:
    """The learner's final score and win (reward="win" > 0) over the first
    ``episodes`` episodes to finish; ``policy=None`` plays uniformly at random."""
    env = cardsim.VectorEnv(game, num_envs, seat=seat, seed=seed, threads=threads, **options)
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    scores: list[int] = []
    wins = 0
    while len(scores) < episodes:
        mask = info["action_mask"]
        a = masked_random(mask, rng) if policy is None else policy.best(obs, mask)
        obs, r, term, trunc, info = env.step(a)
        for k in np.flatnonzero(term | trunc):
            if len(scores) < episodes:
                scores.append(int(info["final_scores"][k, seat]))
                wins += bool(r[k] > 0)
    env.close()
    s = np.asarray(scores, np.float64)
    half = 1.959963984540054 * s.std(ddof=1) / math.sqrt(len(s))
    mean = float(s.mean())
    return Evaluation(
        len(s), mean, (mean - half, mean + half), wins / len(s), _wilson(wins, len(s))
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="rummy")
    ap.add_argument("--reward", default="win", choices=("win", "score"))
    ap.add_argument("--iterations", type=int, default=40)
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--horizon", type=int, default=200)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--episodes", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--eval-seed", type=int, default=10**6)
    ap.add_argument("--json", action="store_true", help="print one JSON line instead")
    args = ap.parse_args()
    t = time.perf_counter()
    policy, history = train(
        args.game,
        num_envs=args.num_envs,
        horizon=args.horizon,
        iterations=args.iterations,
        lr=args.lr,
        hidden=args.hidden,
        seed=args.seed,
        reward=args.reward,
    )
    seconds = time.perf_counter() - t
    results = {
        name: evaluate(args.game, pol, episodes=args.episodes, seed=args.eval_seed)
        for name, pol in (("random", None), ("trained", policy))
    }
    if args.json:
        print(
            json.dumps(
                {
                    "train_seconds": seconds,
                    "history": history,
                    **{k: vars(v) for k, v in results.items()},
                }
            )
        )
        return
    print(f"trained {args.iterations} iterations in {seconds:.1f}s")
    for name, e in results.items():
        print(
            f"{name:8s} episodes {e.episodes}  mean score {e.mean_score:.3f} "
            f"[{e.score_ci[0]:.3f}, {e.score_ci[1]:.3f}]  win rate {100 * e.win_rate:.2f}% "
            f"[{100 * e.win_ci[0]:.2f}, {100 * e.win_ci[1]:.2f}]"
        )


if __name__ == "__main__":
    main()
