"""``RunPlan``: everything a batch run needs, checked once and passed whole.

``simulate``, ``tournament`` and ``replay_game`` check their arguments and build
one frozen plan; the runners (``chunked.run``, ``python_policy.run``,
``shards.run_sharded``) take that plan and nothing else. The seats hold the
policies as the core parsed them (``Seats.parsed``), so no runner parses a spec
again.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import numpy as np

from ..contract.policies import Seats
from ..contract.protocols import Game, State

if TYPE_CHECKING:
    from concurrent.futures import Future

    from .. import _core

__all__ = ["CoreGame", "Executor", "PolicyBatch", "RunPlan", "ShardPlan"]


class PolicyBatch(Protocol):
    """The core's batch run with Python seats (``game._policy_batch``)."""

    @property
    def finished(self) -> int:
        """Plays ended so far."""
        ...

    def _buffers(self) -> dict[str, np.ndarray]: ...
    def next_group(self) -> tuple[int, int, int] | None:
        """(policy index, seat, k) of the next group, or None at the end."""
        ...

    def act(self, actions: np.ndarray) -> None:
        """Plays the group's actions."""
        ...

    def merge_into(self, summary: _core.Summary, by_policy: _core.Summary | None = None) -> None:
        """Adds the run's totals."""
        ...


class CoreGame(Game, Protocol):
    """A C++ game from ``cardsim.make``: the contract plus the runners' entry points
    (their arguments are the core's; see its stubs)."""

    def _simulate(self, *args: object, **kwargs: object) -> None: ...
    def _policy_batch(self, *args: object, **kwargs: object) -> PolicyBatch: ...
    def _replay_game(
        self, seed: int, index: int, policies: Sequence[_core.PolicySpec]
    ) -> State: ...


class Executor(Protocol):
    """What a sharded run submits its tasks to: a process pool, Dask's
    ``client.get_executor()``, ``cardsim.run.executors.RayExecutor``..."""

    def submit(self, fn: Callable[..., object], /, *args: object) -> Future[object]:
        """Runs ``fn(*args)`` somewhere; returns its future."""
        ...


@dataclass(frozen=True)
class ShardPlan:
    """How a sharded run is cut and where its shards run (``None``: the defaults)."""

    executor: Executor | None = None
    shard_size: int | None = None
    max_in_flight: int | None = None
    checkpoint: str | os.PathLike[str] | None = None


@dataclass(frozen=True)
class RunPlan:
    """One batch run: games ``first_game .. first_game + games - 1`` of the run with
    ``seed`` of ``game`` (a C++ game from ``cardsim.make``, holding its options),
    ``seats`` (one parsed policy per seat), on ``threads`` threads.

    ``seat_rotation`` plays each deal under every rotation of the seats;
    ``summary_only`` keeps no per-game arrays; ``progress`` as ``simulate`` takes it;
    ``batch_size`` bounds the games in flight with a Python seat; ``shards`` is set
    for a sharded run.
    """

    game: CoreGame
    seats: Seats
    seed: int
    first_game: int
    games: int
    threads: int
    seat_rotation: bool = False
    summary_only: bool = True
    progress: bool | None = None
    batch_size: int = 4096
    shards: ShardPlan | None = None

    @property
    def num_players(self) -> int:
        """Seats in the game."""
        return self.game.num_players

    @property
    def rotations(self) -> int:
        """Rows per deal: every rotation of the seats, or one."""
        return self.num_players if self.seat_rotation else 1

    @property
    def rows(self) -> int:
        """Result rows of the run (deals times rotations)."""
        return self.games * self.rotations
