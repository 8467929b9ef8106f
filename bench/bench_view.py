"""Drawing and replay-page costs: one SVG per game, and the HTML page of one game.

    python bench/bench_view.py

For greedy game 0 of seed 1 of each game (default options): the number of
actions, the size and drawing time of the final position's full-view SVG
(mean of 50 draws), and the size and build time of its replay page (every
position, full view and each seat's view). Writes bench/results/view.json and
bench/results/view.md.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import cardsim
from cardsim import render, viewer

OUT = Path(__file__).resolve().parent / "results"
GAMES = [
    "clock",
    "clock_duel",
    "code9",
    "hole_in_the_wall",
    "stack_gap",
    "the_wall",
    "rummy",
    "racing_demon",
]


def main() -> None:
    rows = []
    for name in GAMES:
        state = cardsim.replay_game(name, seed=1, index=0, policy="greedy")
        svg = render.svg(state)
        t = time.perf_counter()
        for _ in range(50):
            render.svg(state)
        draw_ms = (time.perf_counter() - t) / 50 * 1e3
        t = time.perf_counter()
        page = viewer.html_page(state)
        page_s = time.perf_counter() - t
        rows.append(
            {
                "game": name,
                "players": state.num_players,
                "actions": len(state.history),
                "svg_kb": round(len(svg) / 1e3, 1),
                "svg_ms": round(draw_ms, 2),
                "page_mb": round(len(page) / 1e6, 2),
                "page_s": round(page_s, 2),
            }
        )
        print(rows[-1], flush=True)
    OUT.mkdir(exist_ok=True)
    (OUT / "view.json").write_text(json.dumps(rows, indent=1) + "\n")
    lines = [
        "| game | players | actions | SVG kB | ms per SVG | page MB | page build s |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['players']} | {r['actions']} | {r['svg_kb']} | {r['svg_ms']} |"
            f" {r['page_mb']} | {r['page_s']} |"
        )
    (OUT / "view.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
