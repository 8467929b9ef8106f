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

    python bench/studies/bench_skill.py [--deals 1000] [--threads 2] [--seed 2026]
    python bench/studies/bench_skill.py --only stack_gap,clock_duel   # rewrites those rows only
    python bench/studies/bench_skill.py --only racing_demon --pairings ismcts:sees=all   # one row
    python bench/studies/bench_skill.py --redraw   # skill.md and the figure from skill.json
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import RESULTS, write_results

OUT = RESULTS
FIGURE = Path(__file__).parents[2] / "docs" / "img" / "skill.png"
#: Every game two can play, at two players: found in the registry, so that a new game
#: joins the study with no edit here.
GAMES: dict[str, dict[str, Any]] = {
    g.name: ({"players": 2} if g.num_players != 2 else {})
    for g in cardsim.games()
    if g.min_players <= 2 <= g.max_players
}
PAIRINGS = [("greedy", "random"), ("ismcts", "greedy"), ("ismcts:sees=all", "greedy")]
LABELS = {
    "greedy": "greedy vs random",
    "ismcts": "ismcts vs greedy",
    "ismcts:sees=all": "ismcts seeing every card vs greedy",
}


def name(game: str) -> str:
    players = GAMES[game].get("players")
    return f"{game} ({players} players)" if players else game


def pairing(game: str, a: str, b: str, deals: int, seed: int, threads: int) -> dict[str, Any]:
    options = GAMES[game]
    load = os.getloadavg()[0]
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
        "seed": seed,
        "games": bp.games,
        "a_wins": bp.wins[0],
        "b_wins": bp.wins[1],
        "neither": neither,
        "a_score": {"value": score.value, "low": score.low, "high": score.high},
        "seconds": r.seconds,
        "threads": threads,
        "load_at_start": load,
        "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": command(game, a, b, deals, seed),
    }


def command(game: str, a: str, b: str, deals: int, seed: int) -> str:
    opts = "".join(f" --option {k}={v}" for k, v in GAMES[game].items())
    return (
        f"cardsim simulate {game} --games {deals} --seed {seed} --policy {a},{b}"
        f" --seat-rotation{opts}"
    )


def table(rows: list[dict[str, Any]]) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """Every game (those with no row too), least skill first, and its rows by first policy."""
    by_game: dict[str, dict[str, Any]] = {g: {} for g in GAMES}
    for row in rows:
        by_game[row["game"]][row["a"]] = row
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

    dates = sorted(r["measured"] for r in rows)
    when = f"rows measured {dates[0]} to {dates[-1]}" if dates else "no rows measured yet"
    missing = len(GAMES) * len(PAIRINGS) - len(rows)
    lines = [
        "# How much skill each game rewards",
        "",
        f"`python bench/studies/bench_skill.py --deals {meta['deals']} --seed {meta['seed']}`"
        " (with `--only` and `--pairings`, runs that measure some rows keep the others);"
        f" {when}, {meta['machine']}; each row's threads, load and seconds are in skill.json.",
        "Score of the first policy per game (a game neither wins counts 1/2), every deal under "
        "both seatings, 95% Wilson intervals; least skill first (ranked by the fair search's "
        "row; a game without it goes last)."
        + (f" {missing} of the {len(GAMES) * len(PAIRINGS)} pairings not run." if missing else ""),
        "",
        "| game | deals (games) | greedy vs random | ismcts vs greedy "
        "| ismcts seeing every card vs greedy |",
        "|---|---|---|---|---|",
    ]
    for g in order:
        r = by_game[g]
        first = next(iter(r.values()), None)
        size = f"{first['deals']} ({first['games']})" if first else "not run"
        lines.append(
            f"| {name(g)} | {size} | {cell(r.get('greedy'))} | "
            f"{cell(r.get('ismcts'))} | {cell(r.get('ismcts:sees=all'))} |"
        )
    return "\n".join(lines) + "\n"


def load(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text())["rows"] if path.exists() else []


def merge(
    old: list[dict[str, Any]], todo: set[tuple[str, str]], deals: int, seed: int
) -> list[dict[str, Any]]:
    """The rows of an earlier run to keep: those not about to be re-measured. They must
    have been played on the same deals (same count and seed): one table must not put
    figures of different deals side by side, and a small trial run must not overwrite a
    long one's rows, so a mismatch is an error, not a silent drop."""
    other = sorted({(r["deals"], r.get("seed")) for r in old} - {(deals, seed)})
    if other:
        sizes = ", ".join(f"{d} deals of seed {s}" for d, s in other)
        raise ValueError(
            f"the existing rows were measured on {sizes}, not {deals} of seed {seed}:"
            " pass another --out, or those --deals and --seed"
        )
    return [r for r in old if (r["game"], r["a"]) not in todo]


def canonical(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rank = {(g, a): i for i, (g, a) in enumerate((g, a) for g in GAMES for a, _ in PAIRINGS)}
    return sorted(rows, key=lambda r: rank.get((r["game"], r["a"]), len(rank)))


def draw(rows: list[dict[str, Any]], figure: Path, deals: int) -> None:
    order, by_game = table(rows)
    plot_skill(
        [
            (name(g), {LABELS[a]: by_game[g][a]["a_score"] for a, _ in PAIRINGS if a in by_game[g]})
            for g in order
            if by_game[g]
        ],
        figure,
        title=f"Score of the first policy, {deals:,} deals ({2 * deals:,} games) per pairing,"
        " seats rotated",
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--only", default="", help="comma-separated games; keeps the others' rows")
    ap.add_argument(
        "--pairings",
        default="",
        help=f"comma-separated first policies of the pairings to measure ({', '.join(LABELS)});"
        " keeps the others' rows",
    )
    ap.add_argument(
        "--redraw", action="store_true", help="measure nothing: rewrite skill.md and the figure"
    )
    ap.add_argument("--out", type=Path, default=OUT, help="folder for skill.json and skill.md")
    ap.add_argument("--figure", type=Path, default=FIGURE)
    args = ap.parse_args(argv)
    games = [g for g in args.only.split(",") if g] or list(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        ap.error(f"unknown game(s) {unknown}; known: {', '.join(GAMES)}")
    firsts = [a for a in args.pairings.split(",") if a] or list(LABELS)
    unknown = [a for a in firsts if a not in LABELS]
    if unknown:
        ap.error(f"unknown pairing(s) {unknown}; known: {', '.join(LABELS)}")
    path = args.out / "skill.json"
    if args.redraw:
        if not path.exists():
            ap.error(f"--redraw: no {path}")
        data = json.loads(path.read_text())
        (args.out / "skill.md").write_text(markdown(data["meta"], data["rows"]))
        draw(data["rows"], args.figure, data["meta"]["deals"])
        print((args.out / "skill.md").read_text())
        return 0
    todo = [(g, a, b) for g in games for a, b in PAIRINGS if a in firsts]
    try:
        rows = merge(load(path), {(g, a) for g, a, _ in todo}, args.deals, args.seed)
    except ValueError as e:
        ap.error(str(e))
    args.out.mkdir(parents=True, exist_ok=True)

    def write() -> None:
        # After every row, so a long run stopped part-way keeps what it measured.
        meta = {
            "deals": args.deals,
            "seed": args.seed,
            "written": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "machine": f"{platform.platform()}, {os.cpu_count()} cpus",
        }
        write_results(
            "skill", {"meta": meta, "rows": canonical(rows)}, markdown(meta, rows), out=args.out
        )

    write()
    for g, a, b in todo:
        row = pairing(g, a, b, args.deals, args.seed, args.threads)
        print(
            f"{g:18} {a:18} vs {b:7} {100 * row['a_score']['value']:5.1f}%  {row['seconds']:.0f} s",
            file=sys.stderr,
        )
        rows.append(row)
        write()
    if rows:
        draw(rows, args.figure, args.deals)
    print((args.out / "skill.md").read_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
