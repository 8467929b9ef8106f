"""Executors for cardsim.simulate beyond concurrent.futures.

Any object with ``submit(fn, *args) -> Future`` works as an executor:
``concurrent.futures.ProcessPoolExecutor``, Dask's
``client.get_executor(pure=False)``, or the Ray adapter below.
"""

from __future__ import annotations

from typing import Any

__all__ = ["RayExecutor"]


class RayExecutor:
    """Runs tasks as Ray remote functions; ray is imported only when this is created."""

    def __init__(self, **remote_options: Any) -> None:
        try:
            import ray
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError("RayExecutor needs ray: pip install 'cardsim[ray]'") from e
        self._ray = ray
        self._options = remote_options
        self._remotes: dict[Any, Any] = {}

    def submit(self, fn: Any, *args: Any) -> Any:
        remote = self._remotes.get(fn)
        if remote is None:
            remote = (
                self._ray.remote(**self._options)(fn) if self._options else self._ray.remote(fn)
            )
            self._remotes[fn] = remote
        return remote.remote(*args).future()
