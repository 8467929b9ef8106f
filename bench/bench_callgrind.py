"""Instructions per game and per action of every game's bare C++ play-out,
counted by callgrind: repeatable whatever else the machine is doing.
Writes bench/results/callgrind.{json,md} (policy random) or callgrind_POLICY.{json,md}.

    python bench/bench_callgrind.py [--games 2000] [--policy random]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import tempfile
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def build(build_dir: Path) -> Path:
    subprocess.run(
        [
            "cmake",
            "-S",
            str(ROOT),
            "-B",
            str(build_dir),
            "-DCARDSIM_PYTHON=OFF",
            "-DCARDSIM_BENCH=ON",
            "-DCMAKE_BUILD_TYPE=Release",
        ],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        ["cmake", "--build", str(build_dir), "--target", "cardsim_bench"],
        check=True,
        capture_output=True,
    )
    return build_dir / "cardsim_bench"


def instructions(exe: Path, games: int, policy: str, game: str) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                str(exe),
                str(games),
                policy,
                game,
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        total = int(re.search(r"summary: (\d+)", out.read_text()).group(1))
        actions = float(re.search(r"actions (\d+)", run.stdout).group(1))
    return total, actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--policy", default="random")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        exe = build(Path(tmp) / "build")
        listing = subprocess.run(
            [str(exe), "1", args.policy], check=True, capture_output=True, text=True
        ).stdout
        names = [line.split()[0] for line in listing.splitlines()]
        rows = []
        for name in names:
            base, _ = instructions(exe, 1, args.policy, name)
            total, actions = instructions(exe, args.games + 1, args.policy, name)
            # The difference cancels start-up cost: what remains is games and actions only.
            per_game = (total - base) / args.games
            rows.append(
                {
                    "game": name,
                    "policy": args.policy,
                    "instructions_per_game": per_game,
                    "actions_per_game": actions / (args.games + 1),
                    "instructions_per_action": per_game / (actions / (args.games + 1)),
                }
            )
            print(
                f"{name:20s} {per_game:12,.0f} instr/game"
                f" {rows[-1]['instructions_per_action']:8,.1f} instr/action",
                flush=True,
            )
    when = datetime.now(timezone.utc).isoformat(timespec="seconds")
    RESULTS.mkdir(exist_ok=True)
    # The random play-outs keep the historical name; other policies sit beside them.
    stem = "callgrind" if args.policy == "random" else f"callgrind_{args.policy}"
    (RESULTS / f"{stem}.json").write_text(json.dumps({"when": when, "rows": rows}, indent=2) + "\n")
    lines = [
        f"# callgrind instruction counts ({when}, {args.games} games, policy {args.policy})",
        "",
        "| game | instructions/game | actions/game | instructions/action |",
        "|---|---:|---:|---:|",
    ]
    lines += [
        f"| {r['game']} | {r['instructions_per_game']:,.0f} | {r['actions_per_game']:.1f} | "
        f"{r['instructions_per_action']:,.1f} |"
        for r in rows
    ]
    (RESULTS / f"{stem}.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
