"""cardsim: fast, checked simulation of card games.

    >>> import cardsim
    >>> state = cardsim.make("clock").new_game(seed=7)
    >>> while not state.is_terminal():
    ...     state.apply_action(state.legal_actions()[0])
    >>> result = cardsim.simulate("clock", games=100_000, seed=1)

See README.md and docs/ for the state contract shared by every game.
"""

from __future__ import annotations

import importlib
from typing import Any

from . import _core, render
from ._version import __version__
from .contract import MAX_PLAYERS, SIMULTANEOUS, TERMINAL, GameTraits, IllegalActionError
from .contract.policies import POLICIES, SEARCH_POLICIES
from .envs.resample import resample_hidden as _generic_resample_hidden
from .games import BACKENDS, GameInfo, games, make
from .records import load_record, record, trajectory
from .reference.base import ReferenceState
from .run.replay import replay_game
from .run.result import SimulationResult, load_result
from .run.simulate import simulate
from .run.stats import Estimate
from .run.tournament import TournamentResult, tournament
from .solver import Solution, SolveBatchResult, solve, solve_batch

__all__ = [
    "BACKENDS",
    "MAX_PLAYERS",
    "POLICIES",
    "SEARCH_POLICIES",
    "SIMULTANEOUS",
    "TERMINAL",
    "Estimate",
    "GameInfo",
    "GameTraits",
    "IllegalActionError",
    "SimulationResult",
    "Solution",
    "SolveBatchResult",
    "Summary",
    "TournamentResult",
    "VectorEnv",
    "__version__",
    "games",
    "load_record",
    "load_result",
    "make",
    "render",
    "replay_game",
    "simulate",
    "solve",
    "solve_batch",
    "tournament",
    "trajectory",
]

#: Exact, mergeable totals of a batch run (see SimulationResult.summary).
Summary = _core.Summary


def __getattr__(name: str) -> object:
    # VectorEnv imports Gymnasium when it is installed; only load it on use.
    if name == "VectorEnv":
        return importlib.import_module(".envs.vector", __name__).VectorEnv
    raise AttributeError(f"module 'cardsim' has no attribute {name!r}")


# The methods every state shares, defined once on the two bases: _core.State (the
# C++ states) and ReferenceState (the reference). A C++ game with a native
# resample_hidden binds its own, which its class finds first.


def _record(self: Any) -> dict[str, Any]:
    """This game as a JSON-safe record (``cardsim.load_record`` reads it back)."""
    return record(self)


def _repr_svg_(self: Any) -> str:
    """Jupyter's rich display: the full drawing (``cardsim.render.svg``)."""
    return render.svg(self)


# Annotated with Any only, so that generated stubs need no numpy import.
def _resample_hidden(self: Any, player: Any, rng: Any = None) -> Any:
    """A state ``player`` cannot tell from this one: the same actions from a deal in which
    the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a
    seed). See cardsim.envs.resample.resample_hidden."""
    return _generic_resample_hidden(self, player, rng)


_BASES: tuple[Any, ...] = (_core.State, ReferenceState)
for _base in _BASES:
    _base.record = _record
    _base._repr_svg_ = _repr_svg_
    _base.resample_hidden = _resample_hidden
