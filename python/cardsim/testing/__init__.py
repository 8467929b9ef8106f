"""Cross-validating a game implementation against cardsim: ``cardsim.testing``.

Hypothesis strategies for every game (``options``, ``decks``, ``deals``, ``lines``,
``states``), ``check_lockstep`` (a candidate implementation played against the core in
lockstep, the first difference shrunk to a short line and raised as ``DivergenceError``)
and ``lockstep_machine`` (the same as a hypothesis ``RuleBasedStateMachine``), perft
counts (``perft``, ``perft_divide``) and the public playthroughs (``playthroughs``,
``check_playthroughs``); a port in any language, run as a subprocess speaking a
JSON-lines protocol, is a candidate too (``ProcessCandidate``, ``check_port``). Answers
are compared by one comparator, whose policy ``cardsim.testing.compare`` states.
``cardsim.testing.examples`` holds a worked example (a port of Clock Patience);
docs/testing.md walks through it.

perft and the playthroughs need nothing more than cardsim; the strategies, the lockstep
checker and the state machine need hypothesis (``pip install "cardsim[testing]"``): they
load on first use, and without hypothesis that use raises an ImportError naming the extra.
``import cardsim`` does not import this module.
"""

from __future__ import annotations

import importlib
from typing import Any

from .._typing import JSONValue
from .perft import PerftCounts, perft, perft_divide, perft_from
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
from .port import (
    OPTIONAL_PORT_METHODS,
    PROTOCOL_VERSION,
    PortError,
    ProcessCandidate,
    ProcessGame,
    ProcessState,
)

__all__ = [
    "OPTIONAL_PORT_METHODS",
    "OPTIONAL_STATE_METHODS",
    "PROTOCOL_VERSION",
    "REQUIRED_STATE_METHODS",
    "Deal",
    "DivergenceError",
    "JSONValue",
    "Line",
    "LockstepReport",
    "PerftCounts",
    "Playthrough",
    "PlaythroughMismatch",
    "PortError",
    "ProcessCandidate",
    "ProcessGame",
    "ProcessState",
    "Step",
    "check_lockstep",
    "check_playthroughs",
    "check_port",
    "deals",
    "decks",
    "lines",
    "load_playthroughs",
    "lockstep_machine",
    "options",
    "perft",
    "perft_divide",
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
    "check_port": "port_check",
    **dict.fromkeys(("Deal", "Line", "deals", "decks", "lines", "options", "states"), "strategies"),
}


#: Submodules loaded on first use (they need nothing beyond cardsim and numpy).
_SUBMODULES = ("compare", "examples")


def __getattr__(name: str) -> Any:  # a lazy name: a class, a function or a module
    # hypothesis is optional: its users import it only when they use these names.
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'cardsim.testing' has no attribute {name!r}")


def __dir__() -> list[str]:
    # The public API, lazy names included, so tab completion finds it.
    return sorted(set(globals()) | set(__all__) | set(_SUBMODULES))
