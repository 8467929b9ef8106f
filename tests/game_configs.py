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
    # A cap keeps lockstep runs short: the core accepts any interleaving, and
    # a run that makes one player turn for ever only ends at the cap.
    "racing_demon": [
        {"max_moves": 600},
        {"players": 1, "turn": 1},
        {"players": 2, "turn": 2, "build_on_line": True, "max_moves": 800},
        {"players": 3, "build_on_line": True, "speeds": "1.0,0.8,1.25", "max_moves": 600},
        {
            "players": 8,
            "max_moves": 400,
            "seat_policies": "greedy,random,first,random,random,random,random,greedy",
        },
    ],
}


def all_configs() -> list[tuple[str, dict[str, Any]]]:
    return [(name, opts) for name, combos in CONFIGS.items() for opts in combos]


def config_id(name: str, opts: dict[str, Any]) -> str:
    return name + "".join(f"-{k}={v}" for k, v in opts.items())
