"""Train a masked policy on cardsim.VectorEnv with numpy alone (REINFORCE).

A linear softmax policy over the exact observation tensor; illegal actions are
masked out of the softmax. Each iteration plays `horizon` steps in every env,
turns the rewards of finished episodes into returns, and takes one Adam step
along the policy gradient with a mean-return baseline. Episodes still running
at the end of an iteration are dropped (no bootstrapping: the policy is
trained on whole episodes only).

    python examples/reinforce_numpy.py --game stack_gap --reward score

prints the trained policy's mean score and win rate, with 95% intervals,
next to the random policy's on the same deals (docs/embedding.md, "Training
a masked policy"). tests/test_vector_learning.py runs a CI-sized version.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import cardsim


def masked_random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row (0 where a row has none)."""
    counts = mask.sum(axis=1)
    _, cols = np.nonzero(mask)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    pick = starts + (rng.random(len(counts)) * np.maximum(counts, 1)).astype(np.int64)
    out = np.zeros(len(counts), dtype=np.int64)
    has = counts > 0
    out[has] = cols[pick[has]]
    return out


@dataclass
class LinearPolicy:
    """Softmax over legal actions of ``obs @ w + b``."""

    w: np.ndarray
    b: np.ndarray
    _m: list[np.ndarray] = field(default_factory=list)
    _v: list[np.ndarray] = field(default_factory=list)
    _t: int = 0

    @classmethod
    def zeros(cls, obs_size: int, num_actions: int) -> LinearPolicy:
        return cls(np.zeros((obs_size, num_actions), np.float32), np.zeros(num_actions, np.float32))

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = obs @ self.w + self.b
        logits = np.where(mask, logits, -np.inf)
        has = mask.any(axis=1)
        logits[~has] = 0.0  # an ended episode: no decision, any action is ignored
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        p = self.probs(obs, mask)
        u = rng.random((len(p), 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)

    def best(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask, obs @ self.w + self.b, -np.inf)
        return np.argmax(logits, axis=1)

    def adam_ascent(self, grads: list[np.ndarray], lr: float) -> None:
        params = [self.w, self.b]
        if not self._m:
            self._m = [np.zeros_like(p) for p in params]
            self._v = [np.zeros_like(p) for p in params]
        self._t += 1
        for p, g, m, v in zip(params, grads, self._m, self._v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            mhat = m / (1 - 0.9**self._t)
            vhat = v / (1 - 0.999**self._t)
            p += lr * mhat / (np.sqrt(vhat) + 1e-8)


def train(
    game: str,
    *,
    num_envs: int = 256,
    horizon: int = 16,
    iterations: int = 100,
    lr: float = 0.01,
    seed: int = 0,
    reward: str = "win",
    threads: int = 1,
    **options: Any,
) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE on ``cardsim.VectorEnv(game, num_envs, reward=reward, ...)``.
    Returns the policy and the mean return of the episodes each iteration finished."""
    env = cardsim.VectorEnv(game, num_envs, seed=seed, reward=reward, threads=threads, **options)
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    policy = LinearPolicy.zeros(obs.shape[1], env.single_action_space.n)
    history: list[float] = []
    for _ in range(iterations):
        xs, masks, acts, rews, dones = [], [], [], [], []
        for _ in range(horizon):
            mask = info["action_mask"]
            a = policy.act(obs, mask, rng)
            xs.append(obs)
            masks.append(mask)
            acts.append(a)
            obs, r, term, trunc, info = env.step(a)
            rews.append(r)
            dones.append(term | trunc)
        # Returns to the end of each episode; steps of unfinished ones are dropped.
        ret = np.zeros(num_envs, np.float32)
        complete = np.zeros(num_envs, bool)
        returns, keep = [], []
        for t in reversed(range(horizon)):
            ret = np.where(dones[t], rews[t], rews[t] + ret)
            complete = dones[t] | complete
            returns.append(ret.copy())
            keep.append(complete & masks[t].any(axis=1))
            # The step after an end starts a new episode: cut the chain there.
            if t > 0:
                ret = np.where(dones[t - 1], 0.0, ret).astype(np.float32)
                complete = np.where(dones[t - 1], False, complete)
        returns.reverse()
        keep.reverse()
        finals = np.concatenate([rews[t][dones[t]] for t in range(horizon)])
        history.append(float(finals.mean()) if len(finals) else math.nan)
        x = np.concatenate(xs)
        m = np.concatenate(masks)
        a = np.concatenate(acts)
        g = np.concatenate(returns)
        k = np.concatenate(keep)
        if k.sum() < 2:
            continue
        x, m, a, g = x[k], m[k], a[k], g[k]
        adv = (g - g.mean()) / (g.std() + 1e-6)
        p = policy.probs(x, m)
        p[np.arange(len(a)), a] -= 1.0
        dlogits = -p * adv[:, None] / len(a)  # d(mean adv * log pi(a)) / d logits
        policy.adam_ascent([x.T @ dlogits, dlogits.sum(axis=0)], lr)
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
    policy: LinearPolicy | None,
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
    return Evaluation(
        len(s), float(s.mean()), (s.mean() - half, s.mean() + half), wins / len(s), _wilson(wins, len(s))
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="stack_gap")
    ap.add_argument("--reward", default="score", choices=("win", "score"))
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--num-envs", type=int, default=512)
    ap.add_argument("--horizon", type=int, default=16)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--episodes", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t = time.perf_counter()
    policy, history = train(
        args.game,
        num_envs=args.num_envs,
        horizon=args.horizon,
        iterations=args.iterations,
        lr=args.lr,
        seed=args.seed,
        reward=args.reward,
    )
    print(f"trained {args.iterations} iterations in {time.perf_counter() - t:.1f}s")
    for name, pol in (("random", None), ("trained", policy)):
        e = evaluate(args.game, pol, episodes=args.episodes)
        print(
            f"{name:8s} episodes {e.episodes}  mean score {e.mean_score:.3f} "
            f"[{e.score_ci[0]:.3f}, {e.score_ci[1]:.3f}]  win rate {100 * e.win_rate:.3f}% "
            f"[{100 * e.win_ci[0]:.3f}, {100 * e.win_ci[1]:.3f}]"
        )


if __name__ == "__main__":
    main()
