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

#: The options a game is drawn with, where its defaults would show less (more seats, a
#: match, the jokers); any other game is drawn at its defaults.
SHOWN_WITH: dict[str, dict] = {
    "code9": {"players": 3},
    "hole_in_the_wall": {"players": 3},
    "stack_gap": {"players": 2, "jokers": True},
    "rummy": {"players": 3},
    "racing_demon": {"players": 3},
}

#: (file stem, game, options, seat) of the seat views the docs show.
SEAT_VIEWS = [
    ("clock_duel_seat1", "clock_duel", {}, 1),
    ("hole_in_the_wall_seat0", "hole_in_the_wall", {"players": 3}, 0),
    ("stack_gap_seat0", "stack_gap", {"players": 2, "jokers": True}, 0),
    ("the_wall_seat0", "the_wall", {}, 0),
    ("rummy_match_seat0", "rummy", {"players": 3, "match": True}, 0),
    ("racing_demon_seat0", "racing_demon", {"players": 3}, 0),
]

#: (file stem, game, options, seat view or None): the full view of every registered
#: game (found, so that a new game is drawn with no edit here), then the seat views.
DRAWINGS = [
    (g.name, g.name, SHOWN_WITH.get(g.name, {}), None) for g in cardsim.games()
] + SEAT_VIEWS


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
