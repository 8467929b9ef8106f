"""Cross-validating a game implementation against cardsim: ``cardsim.testing``.

Hypothesis strategies for every game (``options``, ``decks``, ``deals``, ``lines``,
``states``), ``check_lockstep`` (a candidate implementation played against the core in
lockstep, the first difference shrunk to a short line and raised as ``DivergenceError``)
and ``lockstep_machine`` (the same as a hypothesis ``RuleBasedStateMachine``), perft
counts (``perft``) and the public playthroughs (``playthroughs``, ``check_playthroughs``).
docs/testing.md shows a worked example.

perft and the playthroughs need nothing more than cardsim; the strategies, the lockstep
checker and the state machine need hypothesis (``pip install "cardsim[testing]"``): they
load on first use, and without hypothesis that use raises an ImportError naming the extra.
``import cardsim`` does not import this module.
"""

from __future__ import annotations

import importlib
from typing import Any

from .perft import PerftCounts, perft, perft_from
from .playthroughs import (
    Playthrough,
    PlaythroughMismatch,
    Step,
    check_playthroughs,
    load_playthroughs,
    playthrough_games,
    playthroughs,
    state_digest,
)

__all__ = [
    "OPTIONAL_STATE_METHODS",
    "REQUIRED_STATE_METHODS",
    "Deal",
    "DivergenceError",
    "Line",
    "LockstepReport",
    "PerftCounts",
    "Playthrough",
    "PlaythroughMismatch",
    "Step",
    "check_lockstep",
    "check_playthroughs",
    "deals",
    "decks",
    "lines",
    "load_playthroughs",
    "lockstep_machine",
    "options",
    "perft",
    "perft_from",
    "playthrough_games",
    "playthroughs",
    "state_digest",
    "states",
]

#: The names that need hypothesis, by the module that defines them (loaded on use).
_LAZY = {
    **dict.fromkeys(
        (
            "OPTIONAL_STATE_METHODS",
            "REQUIRED_STATE_METHODS",
            "DivergenceError",
            "LockstepReport",
            "check_lockstep",
        ),
        "lockstep",
    ),
    "lockstep_machine": "stateful",
    **dict.fromkeys(("Deal", "Line", "deals", "decks", "lines", "options", "states"), "strategies"),
}


def __getattr__(name: str) -> Any:
    # hypothesis is optional: its users import it only when they use these names.
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'cardsim.testing' has no attribute {name!r}")
