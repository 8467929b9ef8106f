"""Redraws the pictures of docs/viewing.md and the README.

    python docs/img/regenerate.py

Each game's drawing is a position halfway through game 0 of a greedy batch run
(seed 2026), drawn by ``cardsim.render.svg``; the plot is
``SimulationResult.plot`` of a 20,000-game Rummy run.
"""

from __future__ import annotations

from pathlib import Path

import cardsim

HERE = Path(__file__).resolve().parent

#: (file stem, game, options, seat view or None)
DRAWINGS = [
    ("clock", "clock", {}, None),
    ("clock_duel_seat1", "clock_duel", {}, 1),
    ("code9", "code9", {"players": 3}, None),
    ("code9_solitaire", "code9_solitaire", {}, None),
    ("hole_in_the_wall", "hole_in_the_wall", {"players": 3}, None),
    ("hole_in_the_wall_seat0", "hole_in_the_wall", {"players": 3}, 0),
    ("stack_gap", "stack_gap", {"players": 2, "jokers": True}, None),
    ("stack_gap_seat0", "stack_gap", {"players": 2, "jokers": True}, 0),
    ("the_wall", "the_wall", {}, None),
    ("the_wall_seat0", "the_wall", {}, 0),
    ("rummy", "rummy", {"players": 3}, None),
    ("rummy_match_seat0", "rummy", {"players": 3, "match": True}, 0),
    ("racing_demon", "racing_demon", {"players": 3}, None),
    ("racing_demon_seat0", "racing_demon", {"players": 3}, 0),
]


def halfway(game: str, options: dict) -> object:
    final = cardsim.replay_game(game, seed=2026, index=0, policy="greedy", **options)
    state = final.game.new_game(deck=list(final.deck))
    for a in final.history[: len(final.history) // 2]:
        state.apply_action(a)
    return state


def main() -> None:
    for stem, game, options, seat in DRAWINGS:
        svg = cardsim.render.svg(halfway(game, options), player=seat)
        (HERE / f"{stem}.svg").write_text(svg + "\n", encoding="utf-8")
    result = cardsim.simulate("rummy", games=20_000, seed=2026, policy="greedy", players=3)
    result.plot(HERE / "simulate_rummy.png")


if __name__ == "__main__":
    main()
