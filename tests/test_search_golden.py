"""Search players' exact results on fixed seeds, pinned.

tests/golden/search/players.json holds, for each case below, the per-game
scores, winners, move counts and truncation flags of a short batch run with
search players (or the greedy they roll out with), recorded from the C++
core. Speed work on the search loops and on the games' move generation and
greedy must keep every search decision bit-identical (the same draws from
the stream in the same order, the same choices), so these runs must not
change by a single move. A change of rules or of search behaviour that is
meant regenerates the file, on purpose only (it lives in its own folder:
the rules playthroughs of test_golden.py are package data, in
python/cardsim/testing/playthrough_files):

    CARDSIM_REGENERATE_SEARCH_GOLDEN=1 pytest tests/test_search_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import cardsim

GOLDEN = Path(__file__).parent / "golden" / "search" / "players.json"

#: (game, options, policy per seat or one for all, games). Every game that
#: can host a search player, both searchers, both descents of ismcts (PUCT and
#: plain UCB1) and every rollout policy; budgets small enough for CI.
CASES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("code9", {}, ["ismcts"], 2),
    ("code9", {}, ["ismcts:40", "greedy"], 6),
    ("code9", {}, ["greedy", "pimc:2"], 4),
    ("code9", {"players": 3}, ["ismcts:25:prior=0", "ismcts:25:rollout=random", "greedy"], 3),
    ("code9", {"players": 2, "move_cap": 40}, ["ismcts:30:rollout=first"], 4),
    ("code9_solitaire", {}, ["ismcts:30"], 6),
    ("code9_solitaire", {}, ["pimc:2"], 4),
    ("rummy", {}, ["ismcts:40", "greedy"], 4),
    ("rummy", {}, ["greedy", "pimc:2:rollout=random"], 3),
    ("rummy", {"players": 3}, ["ismcts:20:prior=0", "random", "greedy"], 3),
    ("hole_in_the_wall", {}, ["ismcts:40", "greedy"], 4),
    ("hole_in_the_wall", {"players": 3}, ["pimc:1", "ismcts:15:c=0.5", "greedy"], 2),
    ("stack_gap", {"players": 2}, ["ismcts:40", "greedy"], 6),
    ("stack_gap", {}, ["pimc:2"], 4),
    ("stack_gap", {"jokers": True}, ["ismcts:30:prior=0"], 4),
    ("the_wall", {"move_cap": 300}, ["ismcts:20"], 3),
    ("the_wall", {"discards": 1, "move_cap": 200}, ["pimc:1:rollout=random"], 2),
    ("clock", {}, ["ismcts:5"], 3),
    # Racing Demon's timed race: search seats where the race stops for them.
    ("racing_demon", {"players": 2}, ["ismcts:20", "greedy"], 4),
    ("racing_demon", {"players": 3, "move_cap": 600}, ["pimc:2", "random", "ismcts:8:prior=0"], 2),
    ("racing_demon", {"players": 2}, ["greedy"], 200),
    # The greedy alone, over many games: the rollouts' policy, whose code the
    # speed work rewrites, must keep every choice and every draw.
    ("code9", {}, ["greedy"], 400),
    ("code9", {"players": 4}, ["greedy", "random", "greedy", "greedy"], 200),
    ("code9_solitaire", {}, ["greedy"], 400),
    ("rummy", {}, ["greedy"], 400),
    ("hole_in_the_wall", {}, ["greedy"], 300),
    ("stack_gap", {"players": 2}, ["greedy"], 400),
    ("the_wall", {}, ["greedy"], 100),
]

SEED = 11


def _key(game: str, options: dict[str, Any], policy: list[str], games: int) -> str:
    return json.dumps([game, options, policy, games], sort_keys=True)


def _run(game: str, options: dict[str, Any], policy: list[str], games: int) -> dict[str, Any]:
    r = cardsim.simulate(
        game, games=games, seed=SEED, policy=policy, threads=1, progress=False, **options
    )
    return {
        name: getattr(r, name).tolist()
        for name in ("scores", "winner", "winners_mask", "moves", "truncated")
    }


if os.environ.get("CARDSIM_REGENERATE_SEARCH_GOLDEN"):
    GOLDEN.write_text(  # one line per case
        "{\n"
        + ",\n".join(f"{json.dumps(_key(*c))}: {json.dumps(_run(*c))}" for c in CASES)
        + "\n}\n"
    )


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{'-'.join(c[2])}")
def test_search_players_replay_their_recorded_games(
    case: tuple[str, dict[str, Any], list[str], int],
) -> None:
    recorded = json.loads(GOLDEN.read_text())[_key(*case)]
    assert _run(*case) == recorded
