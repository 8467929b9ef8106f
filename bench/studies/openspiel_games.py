"""Every cardsim game as OpenSpiel's clients load it, at its default options: the
per-game table of docs/embedding.md's OpenSpiel section. Writes
bench/results/openspiel.{json,md}.

Per game (``cardsim_<name>`` at its defaults):

- **tensor**: the information state tensor's size in floats (the observation
  tensor's for Racing Demon, which is simultaneous and has no information state),
  and the size at ``move_cap=1`` (it must not change);
- **string**: the longest information state string of any player after one
  random game (``--games`` games, the largest kept), its history length, and the
  aim of 4 kB plus 24 bytes an entry;
- **random_sim_test**: the wall time of ``pyspiel.random_sim_test(num_sims=3,
  serialize=True)``;
- **TorchRL**: a 100-step ``torchrl.envs.OpenSpielEnv`` rollout with random legal
  actions, in a child process per run (``--repeats`` runs, medians): its wall time
  (game load and the env's build included), and the child's peak resident memory
  (its high-water mark, ``VmHWM``) with its size after the imports, after building
  the env and after the first step, the rollout's own tensors, the Python
  allocations' peak (tracemalloc) and the peak with pandas hidden
  (``TORCHRL_MODES``): where the memory goes. Skipped (said so in the table) when
  torchrl is not installed;
- **MCCFR**: outcome-sampling MCCFR (one sampled trajectory an iteration, which
  is what a full-size game allows: external sampling explores every action of the
  traverser and does not finish an iteration at these sizes) for ``--seconds``
  seconds: iterations, table entries, entries per iteration, mean key length, and
  key bytes a second. Not for Racing Demon (OpenSpiel's MCCFR is for sequential
  games). A row for external sampling on the reduced Rummy deal of the tests
  (hands of 3, two turns) is added.

    python bench/studies/openspiel_games.py [--games 3] [--seconds 10] [--repeats 3] [--only rummy]
    python bench/studies/openspiel_games.py --no-torchrl   # without torch

Figures are wall-clock on whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import machine, table, write_results

#: The reduced Rummy deal on which external-sampling MCCFR finishes iterations.
SMALL_RUMMY = {"hand_size": 3, "move_cap": 2}
#: What the issue sets as the string's bound: 4 kB plus 24 bytes a history entry.
STRING_BASE, STRING_PER_ENTRY = 4096, 24
#: A TorchRL rollout's steps.
ROLLOUT_STEPS = 100

#: The TorchRL child's runs, each in a fresh process: ``default`` as a user runs it;
#: ``without_pandas`` with pandas hidden (``sys.modules["pandas"] = None``, as on a machine
#: without it): tensordict's ``from_any``, which TorchRL's random action goes through,
#: imports pandas when it is installed, to check for a DataFrame; ``traced`` with
#: tracemalloc on during the rollout (the Python and numpy allocations, the adapter's
#: included; torch's tensors are not traced), once, as tracing costs time and memory,
#: and with pandas hidden, so that its import is not counted.
TORCHRL_MODES = ("default", "without_pandas", "traced")

#: The child's program: loads torch and torchrl, then rolls out ``ROLLOUT_STEPS``
#: steps of the game with random legal actions; prints JSON. The peak is the process's
#: own high-water mark (``VmHWM``): ``ru_maxrss`` carries the parent's peak over
#: ``fork`` and ``exec``, so once this script has grown (MCCFR's tables) every later
#: child would report the parent's size. RSS figures in MB: after the
#: imports (peak so far), after building the env, after the first step (the step that
#: imports pandas, see ``TORCHRL_MODES``), the peak; and the rollout's own tensors
#: (``TensorDict.bytes``: per step, every player's observation and information state,
#: before and after the step).
TORCHRL_CHILD = """
import json, os, sys, time
mode = sys.argv[3]
if mode in ("without_pandas", "traced"):
    sys.modules["pandas"] = None
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
def peak():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmHWM:")) / 1024
t0 = time.perf_counter()
import torch
from torchrl.envs import OpenSpielEnv
import cardsim.envs.openspiel
imported = peak()
torch.manual_seed(0)
t1 = time.perf_counter()
env = OpenSpielEnv(sys.argv[1], categorical_actions=True)
built = rss()
first = []
def after_step(env, td):
    if not first:
        first.append(rss())
if mode == "traced":
    import tracemalloc
    tracemalloc.start()
td = env.rollout(int(sys.argv[2]), break_when_any_done=False, callback=after_step)
t2 = time.perf_counter()
out = {
    "steps": int(td.batch_size[0]),
    "seconds": t2 - t1,
    "import_seconds": t1 - t0,
    "import_rss_mb": imported,
    "built_rss_mb": built,
    "first_step_rss_mb": first[0],
    "peak_rss_mb": peak(),
    "data_mb": td.bytes() / 2**20,
    "pandas_imported": sys.modules.get("pandas") is not None,
}
if mode == "traced":
    held, top = tracemalloc.get_traced_memory()
    out = {"python_held_mb": held / 2**20, "python_peak_mb": top / 2**20}
print(json.dumps(out))
"""


def random_game(game, rng: np.random.Generator):
    """One game played uniformly at random, chance included; returns the last state."""
    state = game.new_initial_state()
    n = game.num_players()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(n)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def tensor_row(cos, name: str) -> dict[str, object]:
    game = cos.load(name)
    info = game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size() if info else game.observation_tensor_size()
    row: dict[str, object] = {"tensor": "information state" if info else "observation"}
    row["tensor_floats"] = size
    if "move_cap" in game.get_parameters():
        small = cos.load(name, move_cap=1)
        row["tensor_floats_cap1"] = (
            small.information_state_tensor_size() if info else small.observation_tensor_size()
        )
    return row


def string_row(cos, name: str, games: int) -> dict[str, object]:
    game = cos.load(name)
    if not game.get_type().provides_information_state_string:
        return {"string_bytes": None}
    rng = np.random.default_rng(0)
    best = (0, 0)
    for _ in range(games):
        state = random_game(game, rng)
        length = max(len(state.information_state_string(p)) for p in range(game.num_players()))
        best = max(best, (length, len(state.history())))
    length, entries = best
    return {
        "string_bytes": length,
        "history_entries": entries,
        "string_bound": STRING_BASE + STRING_PER_ENTRY * entries,
    }


def sim_test_seconds(pyspiel, cos, name: str) -> float:
    game = cos.load(name)
    t0 = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    return time.perf_counter() - t0


def _torchrl_child(short_name: str, mode: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", TORCHRL_CHILD, short_name, str(ROLLOUT_STEPS), mode],
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1][:200])
    data: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return data


def torchrl_row(short_name: str, repeats: int) -> dict[str, object]:
    """The TorchRL columns: per figure the median of ``repeats`` runs of the default
    and of the without-pandas child, each run in its own process; the traced child once."""
    row: dict[str, object] = {"torchrl_repeats": repeats}
    try:
        for mode, prefix in (("default", "torchrl_"), ("without_pandas", "torchrl_nopandas_")):
            runs = [_torchrl_child(short_name, mode) for _ in range(max(1, repeats))]
            for key, value in runs[0].items():
                if isinstance(value, float):
                    row[prefix + key] = statistics.median(float(r[key]) for r in runs)
                else:
                    row[prefix + key] = value
            row[prefix + "peak_rss_mb_runs"] = [round(float(r["peak_rss_mb"]), 1) for r in runs]
        row.update({f"torchrl_{k}": v for k, v in _torchrl_child(short_name, "traced").items()})
    except RuntimeError as e:
        return {"torchrl_error": str(e)}
    return row


def mccfr_row(pyspiel, name: str, options: dict, seconds: float, external: bool):
    """``_mccfr_row`` on a thread with a deep stack: OpenSpiel's MCCFR recurses once per
    node, and a long game (The Wall: thousands of moves) passes Python's default limit."""
    result: list[dict[str, object]] = []
    errors: list[str] = []

    def run() -> None:
        try:
            result.append(_mccfr_row(pyspiel, name, options, seconds, external))
        except RecursionError as e:
            errors.append(f"RecursionError: {e}")

    limit = sys.getrecursionlimit()
    threading.stack_size(1 << 29)
    sys.setrecursionlimit(200_000)
    try:
        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
    finally:
        sys.setrecursionlimit(limit)
        threading.stack_size(0)
    return result[0] if result else {"mccfr_error": errors[0][:200] if errors else "failed"}


def _mccfr_row(pyspiel, name: str, options: dict, seconds: float, external: bool):
    from open_spiel.python.algorithms import external_sampling_mccfr, outcome_sampling_mccfr

    game = pyspiel.load_game(f"cardsim_{name}", options)
    np.random.seed(0)  # the solvers sample with numpy's global generator
    if external:
        solver = external_sampling_mccfr.ExternalSamplingSolver(
            game, external_sampling_mccfr.AverageType.SIMPLE
        )
    else:
        solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    iterations = 0
    t0 = time.perf_counter()
    # Outcome sampling divides by the sampled trajectory's probability, a product over
    # every chance node and decision: on a long game it underflows to 0 (numpy warns
    # and the regrets become NaN). Counted, not hidden.
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        while time.perf_counter() - t0 < seconds:
            solver.iteration()
            iterations += 1
    elapsed = time.perf_counter() - t0
    keys = list(solver._infostates)
    key_bytes = sum(map(len, keys))
    return {
        "mccfr": "external sampling" if external else "outcome sampling",
        "mccfr_options": options,
        "mccfr_iterations": iterations,
        "mccfr_seconds": elapsed,
        "mccfr_entries": len(keys),
        "mccfr_entries_per_iteration": len(keys) / iterations if iterations else None,
        "mccfr_mean_key_bytes": key_bytes / len(keys) if keys else None,
        "mccfr_key_bytes_per_second": key_bytes / elapsed,
        "mccfr_underflow_warnings": len(w),
    }


def fmt(v: object, digits: int = 0) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:,.{digits}f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def markdown(rows: list[dict], extra: dict, meta: dict, command: str) -> list[str]:
    lines = [
        "# OpenSpiel: every game at its defaults",
        "",
        f"`{command}` on {meta['when']} ({meta['cpus']} CPUs, load {meta['load_average']}).",
        "Tensor: the information state tensor (Racing Demon, simultaneous: the observation",
        "tensor), floats at the default move cap / at move_cap=1. String: the longest",
        "information state string after a random game, its history entries and the bound",
        "4,096 + 24 an entry. random_sim_test: num_sims=3, serialize=True. TorchRL: a",
        f"{ROLLOUT_STEPS}-step OpenSpielEnv rollout (random legal actions) in its own process:",
        "time, peak RSS, and the RSS after importing torch and torchrl (medians; the",
        "breakdown below). MCCFR: outcome sampling for the run's seconds: table entries per",
        "iteration, mean key bytes, and numpy's warnings of a sampled probability underflowing",
        "to 0 (long games).",
        "",
    ]
    header = [
        "game", "tensor", "string (entries, bound)", "random_sim_test",
        "TorchRL 100 steps", "peak RSS (after import)", "MCCFR entries/iter", "key bytes",
        "underflows",
    ]  # fmt: skip
    body = []
    for r in rows:
        cap = r.get("tensor_floats_cap1")
        tensor = fmt(r["tensor_floats"]) + (f" / {fmt(cap)}" if cap is not None else "")
        if r["tensor"] != "information state":
            tensor += " (obs)"
        string = (
            "-"
            if r["string_bytes"] is None
            else f"{fmt(r['string_bytes'])} ({fmt(r['history_entries'])}, {fmt(r['string_bound'])})"
        )
        if "torchrl_seconds" in r:
            trl = f"{r['torchrl_seconds']:.1f} s"
            rss = f"{r['torchrl_peak_rss_mb']:.0f} MB ({r['torchrl_import_rss_mb']:.0f})"
        else:
            trl = rss = r.get("torchrl_error", "not run")
        body.append([
            r["game"], tensor, string, f"{r['sim_test_seconds']:.2f} s", trl, rss,
            fmt(r.get("mccfr_entries_per_iteration"), 1), fmt(r.get("mccfr_mean_key_bytes")),
            fmt(r.get("mccfr_underflow_warnings")),
        ])  # fmt: skip
    lines += table(header, body)
    lines += torchrl_memory(rows)
    if extra:
        lines += [
            "",
            f"External-sampling MCCFR on `cardsim_rummy` {extra['mccfr_options']}: "
            f"{extra['mccfr_iterations']:,} iterations in {extra['mccfr_seconds']:.1f} s, "
            f"{extra['mccfr_entries']:,} table entries "
            f"({extra['mccfr_entries_per_iteration']:.1f} an iteration), mean key "
            f"{extra['mccfr_mean_key_bytes']:.0f} bytes.",
        ]
    return lines


def torchrl_memory(rows: list[dict]) -> list[str]:
    """The TorchRL rollout's memory, phase by phase (medians of the runs): where the
    peak goes beyond the imports."""
    measured = [r for r in rows if "torchrl_peak_rss_mb" in r]
    if not measured:
        return []
    lines = [
        "",
        "## TorchRL rollout memory",
        "",
        f"Medians of {measured[0]['torchrl_repeats']} runs a game, each in its own process,",
        "RSS in MB. import: torch, torchrl, pyspiel and cardsim imported. env: after",
        "`OpenSpielEnv(...)`. step 1: after the first step, where tensordict imports pandas",
        "(installed here) for TorchRL's random action. tensors: the rollout's own data",
        "(`TensorDict.bytes()`: every player's observation and information state tensor,",
        "float32, before and after each of the 100 steps). Python: the Python and numpy",
        "allocations' peak during the rollout (tracemalloc, one run, pandas hidden; the",
        "adapter's are among them). without pandas: the same rollout with pandas hidden from",
        "the child, as on a machine without it.",
        "",
    ]
    header = [
        "game", "peak RSS (runs)", "import", "env", "step 1", "tensors", "Python",
        "peak without pandas (step 1)",
    ]  # fmt: skip
    body = []
    for r in measured:
        runs = ", ".join(f"{v:.0f}" for v in r["torchrl_peak_rss_mb_runs"])
        body.append([
            r["game"], f"{r['torchrl_peak_rss_mb']:.0f} ({runs})",
            f"{r['torchrl_import_rss_mb']:.0f}", f"{r['torchrl_built_rss_mb']:.0f}",
            f"{r['torchrl_first_step_rss_mb']:.0f}", f"{r['torchrl_data_mb']:.1f}",
            f"{r['torchrl_python_peak_mb']:.1f}",
            f"{r['torchrl_nopandas_peak_rss_mb']:.0f} "
            f"({r['torchrl_nopandas_first_step_rss_mb']:.0f})",
        ])  # fmt: skip
    return lines + table(header, body)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="random games for the string")
    parser.add_argument("--seconds", type=float, default=10.0, help="MCCFR time per game")
    parser.add_argument("--only", default="", help="comma-separated game names")
    parser.add_argument("--no-torchrl", action="store_true", help="skip the TorchRL column")
    parser.add_argument(
        "--repeats", type=int, default=3, help="TorchRL runs per game and mode (medians)"
    )
    parser.add_argument("--out", default="openspiel", help="results file stem")
    args = parser.parse_args(argv)

    import pyspiel

    import cardsim
    import cardsim.envs.openspiel as cos

    names = [g.name for g in cardsim.games()]
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    has_torchrl = not args.no_torchrl
    if has_torchrl:
        try:
            import torchrl  # noqa: F401
        except ImportError:
            has_torchrl = False
    rows = []
    for name in names:
        row: dict[str, object] = {"game": name}
        row.update(tensor_row(cos, name))
        row.update(string_row(cos, name, args.games))
        row["sim_test_seconds"] = sim_test_seconds(pyspiel, cos, name)
        if has_torchrl:
            row.update(torchrl_row(cos.short_name(name), args.repeats))
        else:
            why = "not run (--no-torchrl)" if args.no_torchrl else "torchrl not installed"
            row["torchrl_error"] = why
        if cos.load(name).get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL:
            row.update(mccfr_row(pyspiel, name, {}, args.seconds, external=False))
        print(json.dumps(row), flush=True)
        rows.append(row)
    extra = {}
    if "rummy" in names:
        extra = mccfr_row(pyspiel, "rummy", SMALL_RUMMY, args.seconds, external=True)
    meta = machine(
        self_peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        torchrl=has_torchrl,
    )
    command = "python bench/studies/openspiel_games.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    write_results(
        args.out,
        {"meta": meta, "command": command.strip(), "games": rows, "external_small_rummy": extra},
        markdown(rows, extra, meta, command.strip()),
    )


if __name__ == "__main__":
    main()
