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
    "hole_in_the_wall": [
        {},
        {"players": 3},
        {"players": 4, "teams": True},
        {"players": 3, "match": True, "score_holes": False},
        {"players": 4, "turn_cap": 25},
    ],
}


def all_configs() -> list[tuple[str, dict[str, Any]]]:
    return [(name, opts) for name, combos in CONFIGS.items() for opts in combos]


def config_id(name: str, opts: dict[str, Any]) -> str:
    return name + "".join(f"-{k}={v}" for k, v in opts.items())
