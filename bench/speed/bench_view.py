"""Drawing and replay-page costs: one SVG per game, and the HTML page of one game.

    python bench/speed/bench_view.py [--draws 50] [--games clock code9]

For greedy game 0 of seed 1 of each game (default options; every registered game
unless --games names some): the number of actions, the size and drawing time of
the final position's full-view SVG (mean of --draws draws), and the size and
build time of its replay page (every position, full view and each seat's view).
Writes bench/results/view.json and bench/results/view.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cardsim
from cardsim import render
from cardsim.render.html import html_page

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import machine, seconds, table, timed, write_results


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--draws", type=int, default=50, help="SVG draws averaged per game")
    ap.add_argument("--games", nargs="*", default=[g.name for g in cardsim.games()])
    args = ap.parse_args(argv)
    rows = []
    for name in args.games:
        state = cardsim.replay_game(name, seed=1, index=0, policy="greedy")
        svg = render.svg(state)
        draw_s = seconds(lambda: [render.svg(state) for _ in range(args.draws)])  # noqa: B023
        page_s, page = timed(lambda: html_page(state))  # noqa: B023
        rows.append(
            {
                "game": name,
                "players": state.num_players,
                "actions": len(state.history),
                "svg_kb": round(len(svg) / 1e3, 1),
                "svg_ms": round(draw_s / args.draws * 1e3, 2),
                "page_mb": round(len(page) / 1e6, 2),
                "page_s": round(page_s, 2),
            }
        )
        print(rows[-1], flush=True)
    header = ["game", "players", "actions", "SVG kB", "ms per SVG", "page MB", "page build s"]
    write_results(
        "view",
        {"meta": machine(draws=args.draws), "rows": rows},
        table(header, [list(r.values()) for r in rows]),
    )


if __name__ == "__main__":
    main()
