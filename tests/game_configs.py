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
}


def all_configs() -> list[tuple[str, dict[str, Any]]]:
    return [(name, opts) for name, combos in CONFIGS.items() for opts in combos]


def config_id(name: str, opts: dict[str, Any]) -> str:
    return name + "".join(f"-{k}={v}" for k, v in opts.items())
