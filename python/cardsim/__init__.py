"""cardsim: fast, checked simulation of card games.

    >>> import cardsim
    >>> state = cardsim.make("clock").new_game(seed=7)
    >>> while not state.is_terminal():
    ...     state.apply_action(state.legal_actions()[0])
    >>> result = cardsim.simulate("clock", games=100_000, seed=1)

See README.md and docs/ for the state contract shared by every game.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from . import _core
from .api import BACKENDS, POLICIES, GameInfo, games, make, simulate
from .constants import MAX_PLAYERS, SIMULTANEOUS, TERMINAL
from .envs import resample as _resample
from .errors import IllegalActionError
from .records import load_record, replay_game, trajectory
from .result import Estimate, SimulationResult
from .traits import GameTraits

__all__ = [
    "BACKENDS",
    "MAX_PLAYERS",
    "POLICIES",
    "SIMULTANEOUS",
    "TERMINAL",
    "Estimate",
    "GameInfo",
    "GameTraits",
    "IllegalActionError",
    "SimulationResult",
    "Summary",
    "games",
    "load_record",
    "make",
    "render",
    "replay_game",
    "simulate",
    "trajectory",
]

#: Exact, mergeable totals of a batch run (see SimulationResult.summary).
Summary = _core.Summary
try:  # the one place the version is written is pyproject.toml
    __version__ = version("cardsim")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"

# Every state gets resample_hidden(player, rng) (numpy only, like the core).
_resample.install()
# ... and record() (a JSON-safe game record) and _repr_svg_ (Jupyter's drawing).
from . import records as _records  # noqa: E402
from . import render  # noqa: E402

_records.install()
render.install()
