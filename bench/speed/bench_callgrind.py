"""Instructions per game and per action of every game's bare C++ play-out,
counted by callgrind: repeatable whatever else the machine is doing.
Writes bench/results/callgrind.{json,md} (policy random) or callgrind_POLICY.{json,md}.

    python bench/speed/bench_callgrind.py [--games 2000] [--policy random]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import build_drivers, callgrind, now, run_driver, write_results


def instructions(exe: Path, games: int, policy: str, game: str) -> tuple[int, float]:
    total, printed = callgrind(exe, games, policy, game)
    found = re.search(r"actions (\d+)", printed)
    assert found, printed
    return total, float(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--policy", default="random")
    args = ap.parse_args()
    exe = build_drivers("cardsim_bench")["cardsim_bench"]
    names = [line.split()[0] for line in run_driver(exe, 1, args.policy).splitlines()]
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
    when = now()
    # The random play-outs keep the historical name; other policies sit beside them.
    stem = "callgrind" if args.policy == "random" else f"callgrind_{args.policy}"
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
    write_results(stem, {"when": when, "rows": rows}, lines, indent=2)


if __name__ == "__main__":
    main()
