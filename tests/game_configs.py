"""The option combinations every generic test runs each game under.

A new game adds its entry here (every option value that changes the rules
should appear in at least one combination); the cross-check, contract and
fuzz tests then cover it with no further code.
"""

from __future__ import annotations

from typing import Any

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "clock": [{}],
    "clock_duel": [{}],
    "rummy": [
        {},
        {
            "players": 3,
            "ace_high": True,
            "lay_off_through_sets": False,
            "rummy_on_board": True,
            "max_turns": 150,
        },
        {"players": 4, "discard_to_go_out": True, "scoring": "table", "max_turn_overs": 1},
        {
            "discard_to_go_out": True,
            "go_out_next_turn": True,
            "rummy_on_board": True,
            "max_turns": 120,
        },
        {"players": 6, "hand_size": 3, "ace_high": True, "scoring": "table", "max_turns": 40},
        {"players": 5, "rummy_on_board": True, "max_turn_overs": 0},
    ],
    "rummy_match": [
        {"deals": 2, "max_turns": 40},
        {
            "players": 3,
            "target": 20,
            "scoring": "table",
            "rummy_on_board": True,
            "max_turns": 30,
            "max_deals": 4,
        },
    ],
}


def all_configs() -> list[tuple[str, dict[str, Any]]]:
    return [(name, opts) for name, combos in CONFIGS.items() for opts in combos]


def config_id(name: str, opts: dict[str, Any]) -> str:
    return name + "".join(f"-{k}={v}" for k, v in opts.items())
