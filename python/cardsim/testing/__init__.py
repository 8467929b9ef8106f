"""Cross-validating a game implementation against cardsim: ``cardsim.testing``.

Hypothesis strategies for every game (``options``, ``decks``, ``deals``, ``lines``,
``states``), ``check_lockstep`` (a candidate implementation played against the core in
lockstep, the first difference shrunk to a short line and raised as ``DivergenceError``)
and ``lockstep_machine`` (the same as a hypothesis ``RuleBasedStateMachine``).
docs/testing.md shows a worked example.

Needs hypothesis: ``pip install "cardsim[testing]"``. ``import cardsim`` does not
import this module.
"""

from __future__ import annotations

try:
    import hypothesis  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised in a subprocess
    raise ImportError(
        'cardsim.testing needs hypothesis: pip install "cardsim[testing]" (the testing extra)'
    ) from e

from .lockstep import (
    OPTIONAL_STATE_METHODS,
    REQUIRED_STATE_METHODS,
    DivergenceError,
    LockstepReport,
    check_lockstep,
)
from .stateful import lockstep_machine
from .strategies import Deal, Line, deals, decks, lines, options, states

# --- perft counts and public playthroughs -------------------------------------------
# Re-exported here from .perft and .playthroughs (perft, playthroughs,
# check_playthroughs) when those modules are merged in.
# --- end of perft and playthroughs ---------------------------------------------------

__all__ = [
    "OPTIONAL_STATE_METHODS",
    "REQUIRED_STATE_METHODS",
    "Deal",
    "DivergenceError",
    "Line",
    "LockstepReport",
    "check_lockstep",
    "deals",
    "decks",
    "lines",
    "lockstep_machine",
    "options",
    "states",
]
