"""Reinforcement-learning throughput: the single Gymnasium env, cardsim.VectorEnv,
and OpenSpiel's Python loop, in one run. Writes bench/results/rl.{json,md}.

Per game (default options, learner in seat 0 against random opponents):
- single env: ``gymnasium.make("cardsim/<Game>-v0")``, a random legal action per
  step read from ``info["action_mask"]``, reset at each episode's end; steps/s of
  the whole loop, and of the time inside ``env.step`` alone;
- VectorEnv(num_envs=1): the same loop as the single env, on the vector env;
- VectorEnv: ``num_envs=1024`` (``copy=False``), random masked actions drawn in
  numpy from ``info["action_mask"]``, on 1 and 2 threads. ``step`` is the share
  of wall time spent inside ``VectorEnv.step`` (C++, GIL released); the rest is
  the numpy sampling;
- OpenSpiel (when installed): ``gin_rummy`` played by a Python loop that fetches
  ``observation_tensor()`` and ``legal_actions_mask()`` at every decision and
  picks a random legal action (chance nodes sampled, not counted).

Learner steps are the learner's decisions; opponents' moves inside a step are
not counted. Figures are wall-clock on whatever else the machine is doing.

    python bench/speed/bench_rl.py [--seconds 2] [--games rummy,stack_gap]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import cardsim
from cardsim.envs.vector import masked_random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import machine, write_results


def single_env_rate(name: str, seconds: float) -> tuple[float, float]:
    """Steps/s of the whole loop (sampling and resets included), and inside ``step``."""
    import gymnasium

    import cardsim.envs.gymnasium as cg

    env = gymnasium.make(cg.env_id(name))
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps = 0
    in_step = 0.0
    clock = time.perf_counter
    t0 = clock()
    while clock() - t0 < seconds:
        for _ in range(200):
            legal = np.flatnonzero(info["action_mask"])
            a = int(legal[rng.integers(len(legal))])
            t1 = clock()
            _, _, term, trunc, info = env.step(a)
            in_step += clock() - t1
            steps += 1
            if term or trunc:
                _, info = env.reset()
    return steps / (clock() - t0), steps / in_step


def vector_rate(name: str, threads: int, seconds: float, num_envs: int) -> dict[str, float]:
    env = cardsim.VectorEnv(name, num_envs, seed=0, threads=threads, copy=False)
    rng = np.random.default_rng(0)
    _, info = env.reset()
    mask = info["action_mask"]
    env.step(masked_random(mask, rng))  # warm-up: first deals, page faults
    steps = 0
    in_step = 0.0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        actions = masked_random(mask, rng)
        t1 = time.perf_counter()
        env.step(actions)
        in_step += time.perf_counter() - t1
        steps += num_envs
    wall = time.perf_counter() - t0
    env.close()
    return {
        "steps_per_s": steps / wall,
        "step_share": in_step / wall,
        "core_steps_per_s": steps / in_step,
    }


def openspiel_rate(seconds: float) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = np.random.default_rng(0)
    decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            obs = np.asarray(state.observation_tensor(), np.float32)
            mask = np.asarray(state.legal_actions_mask(), bool)
            legal = np.flatnonzero(mask)
            state.apply_action(int(legal[rng.integers(len(legal))]))
            decisions += 1
            del obs
    return decisions / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    ap.add_argument("--num-envs", type=int, default=1024)
    ap.add_argument("--games", default="", help="comma-separated; default all")
    args = ap.parse_args()
    names = [g.name for g in cardsim.games()]
    if args.games:
        names = [n for n in names if n in args.games.split(",")]
    rows: list[dict[str, Any]] = []
    for name in names:
        game = cardsim.make(name)
        row: dict[str, Any] = {"game": name, "players": game.num_players}
        if not hasattr(game, "_vector_env"):
            row["note"] = "no exact observation tensor yet: no VectorEnv"
            rows.append(row)
            print(name, row["note"], flush=True)
            continue
        row["obs_size"] = int(game.observation_tensor_shape[0])
        row["num_actions"] = int(game.num_actions)
        row["single_env"], row["single_env_in_step"] = single_env_rate(name, args.seconds)
        row["vector_n1"] = vector_rate(name, 1, args.seconds, 1)
        for t in (1, 2):
            row[f"vector_{t}t"] = vector_rate(name, t, args.seconds, args.num_envs)
        row["scaling_2t"] = row["vector_2t"]["steps_per_s"] / row["vector_1t"]["steps_per_s"]
        rows.append(row)
        v1, v2 = row["vector_1t"], row["vector_2t"]
        print(
            f"{name}: single {row['single_env']:,.0f}/s "
            f"(in step {row['single_env_in_step']:,.0f}/s), VectorEnv(num_envs=1) "
            f"{row['vector_n1']['steps_per_s']:,.0f}/s, vector 1t {v1['steps_per_s']:,.0f}/s "
            f"(core {v1['core_steps_per_s']:,.0f}), 2t {v2['steps_per_s']:,.0f}/s "
            f"(x{row['scaling_2t']:.2f})",
            flush=True,
        )
    os_rate = openspiel_rate(args.seconds)
    if os_rate is not None:
        print(f"openspiel gin_rummy python loop: {os_rate:,.0f} decisions/s", flush=True)
    result = {
        "machine": machine(load_avg=os.getloadavg()),
        "seconds_per_measurement": args.seconds,
        "num_envs": args.num_envs,
        "games": rows,
        "openspiel_gin_rummy_decisions_per_s": os_rate,
    }
    lines = [
        "# RL throughput (bench/speed/bench_rl.py)",
        "",
        f"Learner steps/s, seat 0 against random opponents, random masked learner actions; "
        f"single env: the whole loop, and (in step) time inside env.step alone; "
        f"VectorEnv with num_envs={args.num_envs}, copy=False. `core` is steps/s inside "
        f"VectorEnv.step alone (the rest is numpy sampling). Load average at the end: "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs.",
        "",
        "| game | obs | actions | single env (in step) | VectorEnv N=1 "
        "| VectorEnv 1 thread (core) | 2 threads (core) | 2t / 1t |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if "note" in r:
            lines.append(f"| {r['game']} | | | {r['note']} | | | | |")
            continue
        v1, v2 = r["vector_1t"], r["vector_2t"]
        lines.append(
            f"| {r['game']} | {r['obs_size']} | {r['num_actions']} | {r['single_env']:,.0f} "
            f"({r['single_env_in_step']:,.0f}) | "
            f"{r['vector_n1']['steps_per_s']:,.0f} | "
            f"{v1['steps_per_s']:,.0f} ({v1['core_steps_per_s']:,.0f}) | "
            f"{v2['steps_per_s']:,.0f} ({v2['core_steps_per_s']:,.0f}) | {r['scaling_2t']:.2f} |"
        )
    if os_rate is not None:
        lines += [
            "",
            f"OpenSpiel gin_rummy, Python loop with observation_tensor() and the "
            f"mask: {os_rate:,.0f} decisions/s (same run).",
        ]
    write_results("rl", result, lines, indent=2)


if __name__ == "__main__":
    main()
