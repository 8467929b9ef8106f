"""Sharded runs on any executor, with exact merges and resumable checkpoints.

A run (game, options, seed, policy, games [first, first + n)) is cut into
shards of consecutive game indices. Each shard is one task, ``run_shard``,
a module-level function with plain arguments that any executor can ship to a
worker; it returns a small ``ShardResult`` whose size does not depend on the
shard's size. Merging is exact (integer totals, 128-bit sums of squares), so
a sharded run equals a single-process run whatever the shard size, the
executor, or the order in which shards finish.
"""

from __future__ import annotations

import json
import os
import queue
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _core
from .progress import ProgressBar

__all__ = ["ShardResult", "merge", "plan", "run_shard", "run_sharded"]

CHECKPOINT_VERSION = 1


@dataclass(frozen=True)
class ShardResult:
    """The totals of games [first_game, first_game + games): plain, picklable, JSON-safe."""

    first_game: int
    games: int
    summary: dict[str, Any]  # _core.Summary.to_state()


def run_shard(
    game: str,
    options: dict[str, Any],
    seed: int,
    policy: str,
    first_game: int,
    games: int,
    threads: int = 1,
) -> ShardResult:
    """The task: plays one shard in C++ and returns its totals."""
    g = _core.make(game, options)
    summary = _core.Summary(g.num_players)
    g._simulate(seed, first_game, games, policy, threads, summary)
    return ShardResult(first_game, games, summary.to_state())


def plan(first_game: int, games: int, shard_size: int) -> list[tuple[int, int]]:
    """The shards (first, count) covering [first_game, first_game + games)."""
    return [
        (lo, min(shard_size, first_game + games - lo))
        for lo in range(first_game, first_game + games, shard_size)
    ]


def merge(num_players: int, results: list[ShardResult]) -> _core.Summary:
    """Adds shard totals exactly; the empty list gives the empty summary (the identity)."""
    total = _core.Summary(num_players)
    for r in results:
        total.merge(_core.Summary.from_state(r.summary))
    return total


def check_coverage(first_game: int, games: int, results: list[ShardResult]) -> None:
    """Proves every game of the run was counted exactly once."""
    spans = sorted((r.first_game, r.games) for r in results)
    at = first_game
    for lo, n in spans:
        if lo != at:
            what = "counted twice" if lo < at else "missing"
            raise RuntimeError(f"games from {min(lo, at)} are {what}: shards do not tile the run")
        at = lo + n
    if at != first_game + games:
        raise RuntimeError(f"games {at}..{first_game + games - 1} are missing")


class Checkpoint:
    """Finished shards of one run, kept in a JSON file rewritten atomically."""

    def __init__(self, path: str | os.PathLike[str], identity: dict[str, Any]) -> None:
        self.path = Path(path)
        self.identity = identity
        self.done: dict[int, ShardResult] = {}
        if self.path.exists():
            try:
                data = json.loads(self.path.read_text())
                stored = data["run"]
                shards = data["shards"]
            except (OSError, ValueError, KeyError, TypeError) as e:
                raise ValueError(f"checkpoint {self.path} is not readable: {e}") from None
            if stored != identity:
                diff = sorted(k for k in identity if stored.get(k) != identity[k])
                raise ValueError(
                    f"checkpoint {self.path} belongs to a different run (differs in: "
                    f"{', '.join(diff) or 'format'}); use another file or delete it"
                )
            for s in shards:
                r = ShardResult(int(s["first_game"]), int(s["games"]), s["summary"])
                self.done[r.first_game] = r

    def add(self, r: ShardResult) -> None:
        self.done[r.first_game] = r
        data = {
            "run": self.identity,
            "shards": [r.__dict__ for r in sorted(self.done.values(), key=lambda x: x.first_game)],
        }
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(data))
        os.replace(tmp, self.path)  # a crash mid-write leaves the old file whole


class _InProcess:
    """The executor used when none is given: runs each task at once, here."""

    def __init__(self) -> None:
        from concurrent.futures import Future

        self._future = Future

    def submit(self, fn: Any, *args: Any) -> Any:
        f: Any = self._future()
        try:
            f.set_result(fn(*args))
        except BaseException as e:  # handed to the caller through the future
            f.set_exception(e)
        return f


def _completed(
    executor: Any, tasks: Iterator[tuple[Any, ...]], max_in_flight: int
) -> Iterator[Any]:
    """Submits tasks keeping at most max_in_flight outstanding; yields results as they finish."""
    done: queue.Queue[Any] = queue.Queue()
    in_flight = 0
    pending = iter(tasks)
    exhausted = False
    while True:
        while not exhausted and in_flight < max_in_flight:
            try:
                args = next(pending)
            except StopIteration:
                exhausted = True
                break
            future = executor.submit(run_shard, *args)
            future.add_done_callback(done.put)
            in_flight += 1
        if in_flight == 0:
            return
        future = done.get()
        in_flight -= 1
        yield future.result()


def run_sharded(
    game: Any,
    seed: int,
    policy: str,
    first_game: int,
    games: int,
    threads: int,
    executor: Any | None,
    shard_size: int | None,
    max_in_flight: int | None,
    checkpoint: str | os.PathLike[str] | None,
    progress: bool,
) -> tuple[_core.Summary, float]:
    """Runs the shards not yet in the checkpoint and merges every shard's totals."""
    if shard_size is None:
        shard_size = max(1, min(games, 10_000_000) // 16 or 1)
    if max_in_flight is None:
        workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        max_in_flight = 2 * workers
    shards = plan(first_game, games, shard_size)
    identity = {
        "version": CHECKPOINT_VERSION,
        "game": game.name,
        "options": game.options,
        "seed": seed,
        "policy": policy,
        "first_game": first_game,
        "games": games,
        "shard_size": shard_size,
    }
    ckpt = Checkpoint(checkpoint, identity) if checkpoint is not None else None
    results: list[ShardResult] = list(ckpt.done.values()) if ckpt else []
    todo = [(lo, n) for lo, n in shards if not (ckpt and lo in ckpt.done)]
    # In a worker process the shard may use every local core; in-process, the caller's count.
    task_threads = threads if executor is None else 1
    tasks = ((game.name, game.options, seed, policy, lo, n, task_threads) for lo, n in todo)
    bar = ProgressBar(games, game.name) if progress else None
    if bar:
        bar.update(sum(r.games for r in results))
    start = time.perf_counter()
    try:
        for r in _completed(executor or _InProcess(), tasks, max_in_flight):
            results.append(r)
            if ckpt:
                ckpt.add(r)
            if bar:
                bar.update(r.games)
    finally:
        if bar:
            bar.close()
    check_coverage(first_game, games, results)
    return merge(game.num_players, results), time.perf_counter() - start
