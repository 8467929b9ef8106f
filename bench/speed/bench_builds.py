"""Two builds of cardsim measured in turn: bench.py's batch and Python-loop rates, before and after.

A change's cost is a ratio between two builds on one machine in one run, so this runs
bench.py's measures under each build's interpreter (one venv per build, each with its
cardsim installed), alternating, for --rounds rounds, and writes
bench/results/builds.{json,md}: the median of the rounds per case, and after:before.

    python bench/speed/bench_builds.py --before OLD/.venv/bin/python \\
        --after NEW/.venv/bin/python [--rounds 5] [--seconds 0.4]

Each case runs one thread. The batch runs are sized once, by the first build, so that
both builds play the same games; a Python loop runs for --seconds on each build.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import machine, now, table, write_results

HERE = Path(__file__).resolve().parent


def child(out: Path, sizes_path: Path, seconds: float) -> None:
    """Measures every case under this interpreter's cardsim; sizes the runs if not yet sized."""
    sys.path.insert(0, str(HERE))
    # bench.py's own measures, so that both builds are timed as it times them.
    import bench

    import cardsim

    names = [g.name for g in cardsim.games()]
    if sizes_path.exists():
        sizes = json.loads(sizes_path.read_text())
    else:
        sizes = {
            f"{n} {p}": bench.calibrate(n, p, seconds) for n in names for p in cardsim.POLICIES
        }
        sizes_path.write_text(json.dumps(sizes))
    rates: dict[str, float] = {}
    for case, games in sizes.items():
        name, policy = case.split()
        rates[case] = bench.batch_rate(name, policy, 1, games, seed=10)[0]
    for name in names:
        rates[f"{name} loop"] = bench.python_loop_rate(cardsim.make(name), seconds)
    out.write_text(json.dumps(rates))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--before", help="the Python of the build before the change")
    ap.add_argument("--after", help="the Python of the build after it")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=0.4, help="target seconds per case")
    ap.add_argument("--label", default="", help="what the two builds are, for the table")
    ap.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--sizes", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.sizes, args.seconds)
        return
    if not (args.before and args.after):
        ap.error("give --before and --after, the Python of each build")
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        sizes = Path(tmp) / "sizes.json"
        for r in range(args.rounds):
            for which in ("before", "after"):
                out = Path(tmp) / f"{which}{r}.json"
                # Absolute, not resolved: a venv's python is a link that must stay the venv's.
                python = os.path.abspath(getattr(args, which))
                cmd = [python, __file__, "--child", str(out), "--sizes", str(sizes)]
                cmd += ["--seconds", str(args.seconds)]
                # From a neutral folder, so that each interpreter imports its own install.
                subprocess.run(cmd, check=True, cwd=tmp)
                runs[which].append(json.loads(out.read_text()))
                print(f"round {r + 1} {which}: done", flush=True)
    rows = []
    for case in runs["before"][0]:
        b = statistics.median(d[case] for d in runs["before"])
        a = statistics.median(d[case] for d in runs["after"])
        rows.append({"case": case, "before": b, "after": a, "ratio": a / b})
    meta = machine(rounds=args.rounds, seconds=args.seconds, label=args.label)
    lines = [
        f"# Two builds in turn ({now()}, median of {args.rounds} rounds)",
        "",
        (f"{args.label}. " if args.label else "")
        + "Batch rows: games/s of `simulate` on one thread; loop rows: actions/s"
        " of a Python loop (legal_actions + apply_action) through the binding. Written by"
        " bench/speed/bench_builds.py.",
        "",
        *table(
            ["case", "before", "after", "after:before"],
            (
                (r["case"], f"{r['before']:,.0f}", f"{r['after']:,.0f}", f"{r['ratio']:.3f}")
                for r in rows
            ),
            "lrrr",
        ),
    ]
    print(f"wrote {write_results('builds', {'meta': meta, 'rows': rows, 'runs': runs}, lines)}")


if __name__ == "__main__":
    main()
