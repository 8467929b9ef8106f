"""How much skill each two-player game rewards: bench/results/skill.{json,md} and
docs/img/skill.png.

For every two-player configuration, three pairings on the same seeded deals, every
deal played under both seatings (``seat_rotation``):

- ``greedy`` against ``random``: what the game's plain heuristic gains over chance;
- ``ismcts`` (the game's default budget) against ``greedy``: the best fair search;
- ``ismcts:sees=all`` against ``greedy``: the same search, never redealing, so it plays
  on the true hidden cards. No fair player can do that; the distance between the two
  search rows is what the hidden cards cost.

Each figure is the first policy's score per game (a win 1, a game neither policy wins
1/2) with a 95% Wilson interval. 50% means the pairing is decided by the deal alone.
The games are ranked by the fair search's score against greedy.

    python bench/bench_skill.py [--deals 1000] [--threads 2] [--seed 2026]
    python bench/bench_skill.py --only stack_gap,clock_duel   # rewrites those rows only
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import cardsim
from cardsim.run.plot import plot_skill
from cardsim.run.stats import wilson

OUT = Path(__file__).parent / "results"
FIGURE = Path(__file__).parent.parent / "docs" / "img" / "skill.png"
GAMES: dict[str, dict[str, Any]] = {
    "rummy": {},
    "code9": {},
    "hole_in_the_wall": {},
    "stack_gap": {"players": 2},
    "racing_demon": {"players": 2},
    "clock_duel": {},
}
PAIRINGS = [("greedy", "random"), ("ismcts", "greedy"), ("ismcts:sees=all", "greedy")]


def pairing(game: str, a: str, b: str, deals: int, seed: int, threads: int) -> dict[str, Any]:
    options = GAMES[game]
    r = cardsim.simulate(
        game,
        games=deals,
        seed=seed,
        policy=[a, b],
        seat_rotation=True,
        threads=threads,
        summary_only=True,
        progress=False,
        **options,
    )
    bp = r.by_policy
    neither = bp.games - bp.wins[0] - bp.wins[1]
    score = wilson(bp.wins[0] + 0.5 * neither, bp.games)
    return {
        "game": game,
        "options": options,
        "a": a,
        "b": b,
        "deals": deals,
        "games": bp.games,
        "a_wins": bp.wins[0],
        "b_wins": bp.wins[1],
        "neither": neither,
        "a_score": {"value": score.value, "low": score.low, "high": score.high},
        "seconds": r.seconds,
        "command": command(game, a, b, deals, seed),
    }


def command(game: str, a: str, b: str, deals: int, seed: int) -> str:
    opts = "".join(f" --option {k}={v}" for k, v in GAMES[game].items())
    return (
        f"cardsim simulate {game} --games {deals} --seed {seed} --policy {a},{b}"
        f" --seat-rotation{opts}"
    )


def table(rows: list[dict[str, Any]]) -> tuple[list[str], dict[str, dict[str, Any]]]:
    by_game: dict[str, dict[str, Any]] = {}
    for row in rows:
        by_game.setdefault(row["game"], {})[row["a"]] = row
    # A game whose search row is not measured yet goes last.
    order = sorted(
        by_game,
        key=lambda g: by_game[g].get("ismcts", {"a_score": {"value": 2}})["a_score"]["value"],
    )
    return order, by_game


def markdown(meta: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    order, by_game = table(rows)

    def cell(row: dict[str, Any] | None) -> str:
        if row is None:
            return "not run"
        s = row["a_score"]
        return f"{100 * s['value']:.1f}% [{100 * s['low']:.1f}, {100 * s['high']:.1f}]"

    lines = [
        "# How much skill each game rewards",
        "",
        f"`python bench/bench_skill.py --deals {meta['deals']} --seed {meta['seed']} "
        f"--threads {meta['threads']}`, {meta['date']}, {meta['machine']}, "
        f"{meta['seconds']:.0f} s.",
        "Score of the first policy per game (a game neither wins counts 1/2), every deal under "
        "both seatings, 95% intervals; least skill first (ranked by the fair search's row).",
        "",
        "| game | deals (games) | greedy vs random | ismcts vs greedy "
        "| ismcts seeing every card vs greedy |",
        "|---|---|---|---|---|",
    ]
    for g in order:
        r = by_game[g]
        first = next(iter(r.values()))
        lines.append(
            f"| {g} | {first['deals']} ({first['games']}) | {cell(r.get('greedy'))} | "
            f"{cell(r.get('ismcts'))} | {cell(r.get('ismcts:sees=all'))} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--only", default="", help="comma-separated games; keeps the others' rows")
    ap.add_argument("--out", type=Path, default=OUT, help="folder for skill.json and skill.md")
    ap.add_argument("--figure", type=Path, default=FIGURE)
    args = ap.parse_args(argv)
    games = [g for g in args.only.split(",") if g] or list(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        ap.error(f"unknown game(s) {unknown}; known: {', '.join(GAMES)}")
    path = args.out / "skill.json"
    kept: list[dict[str, Any]] = []
    if args.only and path.exists():
        kept = [r for r in json.loads(path.read_text())["rows"] if r["game"] not in games]
    t0 = time.perf_counter()
    rows = list(kept)
    args.out.mkdir(parents=True, exist_ok=True)

    def write() -> None:
        # After every row, so a long run stopped part-way keeps what it measured.
        meta = {
            "deals": args.deals,
            "seed": args.seed,
            "threads": args.threads,
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "machine": f"{platform.platform()}, {os.cpu_count()} cpus",
            "seconds": time.perf_counter() - t0,
        }
        path.write_text(json.dumps({"meta": meta, "rows": rows}, indent=1) + "\n")
        (args.out / "skill.md").write_text(markdown(meta, rows))

    for g in games:
        for a, b in PAIRINGS:
            row = pairing(g, a, b, args.deals, args.seed, args.threads)
            print(
                f"{g:18} {a:18} vs {b:7} {100 * row['a_score']['value']:5.1f}%"
                f"  {row['seconds']:.0f} s",
                file=sys.stderr,
            )
            rows.append(row)
            write()
    order, by_game = table(rows)
    plot_skill(
        [(g, {a: by_game[g][a]["a_score"] for a in by_game[g]}) for g in order],
        args.figure,
        title=f"Score against the weaker policy, {args.deals} deals per pairing, seats rotated",
    )
    print((args.out / "skill.md").read_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
