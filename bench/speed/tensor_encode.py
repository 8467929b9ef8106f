"""Observation tensor encode time per call, for every game that has one.

Two figures per configuration:

* C++ ns/call: bare C++ (bench/cpp/tensor_encode.cpp, the CMake target
  cardsim_tensor_encode, built here at -O3; the core is header-only):
  ``observation_tensor`` for every seat of every state met in random games,
  repeated; as thread CPU time (the steadier figure on a shared machine) and as
  wall-clock time.
* Python / reference: from Python, ``state.observation_tensor(p, out=buf)``
  on the C++ binding (binding cost included) and the pure-Python reference
  encoder, over the states of a few random games of the same configuration.

Writes bench/results/tensor_encode.{json,md}. The machine is shared, so compare
the rows of one run with each other.

    python bench/speed/tensor_encode.py [--games 200] [--reps 20] [--py-games 5]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

import cardsim

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import build_drivers, run_driver, write_results

#: all_games.hpp configuration name -> (registered game, options), for the Python rows.
PY_CONFIGS: dict[str, tuple[str, dict]] = {
    "rummy": ("rummy", {}),
    "rummy_4p_options": (
        "rummy",
        {"players": 4, "ace_high": True, "rummy_on_board": True, "discard_to_go_out": True,
         "go_out_next_turn": True},
    ),
    "rummy_3p_match": ("rummy", {"players": 3, "match": True}),
    "hole_in_the_wall": ("hole_in_the_wall", {}),
    "hole_in_the_wall_teams_match": (
        "hole_in_the_wall", {"players": 4, "teams": True, "match": True}
    ),
    "racing_demon": ("racing_demon", {}),
    "racing_demon_2p_build": ("racing_demon", {"players": 2, "build_on_line": True, "turn": 1}),
    "racing_demon_match": ("racing_demon", {"players": 2, "match": True, "target": 30}),
}  # fmt: skip


def python_rows(name: str, opts: dict, games: int) -> tuple[float, float]:
    """ns per call through the binding (with out=) and through the reference encoder."""
    core, ref = cardsim.make(name, **opts), cardsim.make(name, backend="reference", **opts)
    states, refs = [], []
    for seed in range(games):
        s, r = core.new_game(seed=seed), ref.new_game(seed=seed)
        rnd = random.Random(seed)
        for _ in range(200):
            states.append(s.clone())
            refs.append(r.clone())
            if s.is_terminal():
                break
            a = rnd.choice(s.legal_actions())
            s.apply_action(a)
            r.apply_action(a)
    buf = np.empty(core.observation_tensor_shape, dtype=np.float32)
    n = core.num_players
    t0 = time.perf_counter()
    for s in states:
        for p in range(n):
            s.observation_tensor(p, out=buf)
    py = (time.perf_counter() - t0) / (len(states) * n)
    t0 = time.perf_counter()
    for r in refs[::10]:
        for p in range(n):
            r.observation_tensor(p)
    rf = (time.perf_counter() - t0) / (len(refs[::10]) * n)
    return 1e9 * py, 1e9 * rf


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--py-games", type=int, default=5)
    args = ap.parse_args()
    exe = build_drivers("cardsim_tensor_encode")["cardsim_tensor_encode"]
    out = run_driver(exe, args.games, args.reps)
    rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    for row in rows:
        if row["config"] in PY_CONFIGS:
            name, opts = PY_CONFIGS[row["config"]]
            row["py_out_ns"], row["ref_ns"] = python_rows(name, opts, args.py_games)
    result = {"command": "python bench/speed/tensor_encode.py " + " ".join(
        f"--{k.replace('_', '-')} {v}" for k, v in vars(args).items()), "rows": rows}  # fmt: skip
    lines = [
        "| configuration | tensor size | C++ ns/call (CPU) | C++ ns/call (wall)"
        " | Python out= ns/call"
        " | reference ns/call |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        py = f"{row['py_out_ns']:,.0f}" if "py_out_ns" in row else ""
        rf = f"{row['ref_ns']:,.0f}" if "ref_ns" in row else ""
        cxx = f"{row['cpu_ns_per_call']:,.1f} | {row['ns_per_call']:,.1f}"
        lines.append(f"| {row['config']} | {row['tensor_size']:,} | {cxx} | {py} | {rf} |")
    table = "\n".join(lines)
    write_results("tensor_encode", result, f"`{result['command']}`\n\n{table}", indent=2)
    print(table)


if __name__ == "__main__":
    main()
