"""Executors for cardsim.simulate beyond concurrent.futures.

Any object with ``submit(fn, *args) -> Future`` works as an executor:
``concurrent.futures.ProcessPoolExecutor``, Dask's
``client.get_executor(pure=False)``, or the Ray adapter below.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

__all__ = ["ProcessPool", "RayExecutor"]

#: Seconds between a pool worker's checks that its parent is still alive.
PARENT_CHECK_INTERVAL = 0.2


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_INTERVAL)
    os._exit(1)  # the parent is gone: nobody will read this worker's results


def _worker_start() -> None:
    # Ctrl-C at a terminal reaches the whole process group: the parent decides
    # what stops (and stops the workers), so a worker neither prints a traceback
    # nor dies halfway through a shard of its own accord.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()


class ProcessPool(ProcessPoolExecutor):
    """A process pool for sharded runs (``cardsim simulate --workers N``) that stops at once.

    Its workers ignore SIGINT and exit within ``PARENT_CHECK_INTERVAL`` seconds of
    their parent's death (even by ``kill -9``). Leaving its ``with`` block on an
    exception (KeyboardInterrupt included) kills the workers and cancels every
    pending shard, instead of waiting for the running ones as a plain
    ``ProcessPoolExecutor`` does; a second Ctrl-C meanwhile is held until the
    workers are gone, so it cannot leave the pool half shut. A run with a
    checkpoint resumes from the shards it recorded.
    """

    def __init__(self, max_workers: int | None = None) -> None:
        super().__init__(max_workers, initializer=_worker_start)

    def __exit__(self, exc_type: object, exc: object, tb: object) -> bool | None:
        if exc_type is None:
            return super().__exit__(exc_type, exc, tb)
        self.stop()
        return None

    def stop(self) -> None:
        """Kills the workers and cancels what has not run; returns once all are gone."""
        main = threading.current_thread() is threading.main_thread()
        held = hasattr(signal, "pthread_sigmask") and main
        if held:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            processes = list((getattr(self, "_processes", None) or {}).values())
            for p in processes:
                p.kill()
            self.shutdown(wait=True, cancel_futures=True)
        finally:
            if held:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class RayExecutor:
    """Runs tasks as Ray remote functions; ray is imported only when this is created."""

    def __init__(self, **remote_options: object) -> None:
        try:
            import ray
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError("RayExecutor needs ray: pip install 'cardsim[ray]'") from e
        self._ray = ray
        self._options = remote_options
        self._remotes: dict[Callable[..., object], Any] = {}  # ray's remote functions

    def submit(self, fn: Callable[..., object], /, *args: object) -> Future[object]:
        remote = self._remotes.get(fn)
        if remote is None:
            remote = (
                self._ray.remote(**self._options)(fn) if self._options else self._ray.remote(fn)
            )
            self._remotes[fn] = remote
        return remote.remote(*args).future()
