"""The option combinations every generic test runs each game under.

A new game adds its entry here (every option value that changes the rules
should appear in at least one combination); the cross-check, contract and
fuzz tests then cover it with no further code.
"""

from __future__ import annotations

import os
from typing import Any

#: Most actions a lockstep example compares (0: play to the end). The `ci` profile
#: keeps CI inside its time budget; short-capped configurations below still reach
#: every kind of ending there, and `dev` / `deep` runs play every game out.
_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev")
STEP_LIMIT = int(os.environ.get("CARDSIM_STEP_LIMIT", "300" if _PROFILE == "ci" else "0"))

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "clock": [{}],
    "clock_duel": [{}],
    "stack_gap": [
        {},
        {"jokers": True},
        {"players": 2},
        {"players": 2, "jokers": True},
    ],
    # The Wall: every discard count that changes play (none, one, the most);
    # small caps keep the long random walks short and reach truncation.
    "the_wall": [
        {},
        {"discards": 0, "move_cap": 400},
        {"discards": 1, "move_cap": 400},
        {"discards": 8, "move_cap": 60},
    ],
    "code9": [
        {},
        {"players": 3},
        {"players": 4},
        {"players": 3, "suits": ["S", "C", "H"]},
        {"players": 2, "move_cap": 40},
    ],
    "code9_solitaire": [{}, {"move_cap": 30}],
    "hole_in_the_wall": [
        {},
        {"players": 3},
        {"players": 4, "teams": True},
        {"players": 3, "match": True, "score_holes": False},
        {"players": 4, "move_cap": 25},
    ],
    # A cap keeps lockstep runs short: the core accepts any interleaving, and
    # a run that makes one player turn for ever only ends at the cap.
    "racing_demon": [
        {"move_cap": 600},
        {"players": 1, "turn": 1},
        {"players": 2, "turn": 2, "build_on_line": True, "move_cap": 800},
        {"players": 3, "build_on_line": True, "speeds": "1.0,0.8,1.25", "move_cap": 600},
        {"players": 8, "move_cap": 400},
        # Matches: short capped rounds, so that a lockstep run crosses into
        # later rounds and reaches both the target and the round cap.
        {"players": 2, "match": True, "target": 20, "max_rounds": 4, "move_cap": 120},
        {
            "players": 3,
            "match": True,
            "target": 1,
            "max_rounds": 3,
            "build_on_line": True,
            "move_cap": 150,
        },
    ],
    "rummy": [
        {},
        {
            "players": 3,
            "ace_high": True,
            "lay_off_through_sets": False,
            "rummy_on_board": True,
            "move_cap": 150,
        },
        {"players": 4, "discard_to_go_out": True, "scoring": "table", "max_turn_overs": 1},
        {
            "discard_to_go_out": True,
            "go_out_next_turn": True,
            "rummy_on_board": True,
            "move_cap": 120,
        },
        {"players": 6, "hand_size": 3, "ace_high": True, "scoring": "table", "move_cap": 40},
        {"players": 5, "rummy_on_board": True, "max_turn_overs": 0},
        {"match": True, "deals": 2, "move_cap": 40},
        {
            "match": True,
            "players": 3,
            "target": 20,
            "scoring": "table",
            "rummy_on_board": True,
            "move_cap": 30,
            "max_deals": 4,
        },
    ],
}


def all_configs() -> list[tuple[str, dict[str, Any]]]:
    return [(name, opts) for name, combos in CONFIGS.items() for opts in combos]


def config_id(name: str, opts: dict[str, Any]) -> str:
    return name + "".join(f"-{k}={v}" for k, v in opts.items())


#: Fields of observation(p) a game's exact tensor leaves out, by game (top-level
#: keys). Only a field no decision can depend on may be listed, and the game's
#: docs/rules/<game>.md must name it in its "Observation tensor" section.
TENSOR_OMITS: dict[str, tuple[str, ...]] = {}

#: Lists of observation(p) whose order is open to the player and free (any
#: reordering is another observation the game can show), by game: key paths,
#: "[]" standing for every item of a list. The exactness test reorders each one
#: and checks that the tensor changes, a near miss random play seldom makes.
ORDER_FIELDS: dict[str, tuple[str, ...]] = {
    "clock": ("players[].face_up[]",),
    "clock_duel": ("players[].face_up[]",),
    "code9": ("set_aside", "grid[]"),
    "code9_solitaire": ("set_aside", "grid[]"),
    "stack_gap": ("hand", "rubble[]"),
    "the_wall": ("discards[]", "upper", "lower", "foundations"),
}
