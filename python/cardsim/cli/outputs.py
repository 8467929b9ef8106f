"""What a command writes, checked before it runs: a run is never lost to an output
that could not have been written.

``--out``, ``--plot`` and ``--checkpoint`` must name a file in an existing,
writable directory, in a format this installation can write (pyarrow for
parquet, matplotlib and one of its formats for a plot); ``--dask`` must reach
its scheduler within ``DASK_TIMEOUT`` seconds. Each check raises a ValueError
with a one-line message, which the command prints without a traceback.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from .._typing import PathArg
from ..guards.text import printable
from ..run.plot import require_matplotlib

__all__ = [
    "DASK_TIMEOUT",
    "OUT_FORMATS",
    "check_checkpoint",
    "check_out",
    "check_plot",
    "connect_dask",
    "write_failed",
]

#: The file types ``--out`` writes: a saved result, or one row per game.
OUT_FORMATS = (".json", ".csv", ".parquet")
#: Seconds ``--dask`` waits for its scheduler before giving up.
DASK_TIMEOUT = 5


def _name(path: PathArg) -> str:
    """A path as quoted in a message: whole, its control characters escaped."""
    return printable(repr(os.fspath(path)))


def _writable_file(path: str, what: str) -> Path:
    """``path`` can be created or replaced: its directory exists and takes a new file."""
    p = Path(path)
    if p.is_dir():
        raise ValueError(f"{what} {_name(path)} is a directory, not a file")
    parent = p.parent
    if not parent.is_dir():
        raise ValueError(f"{what} {_name(path)}: the directory {_name(parent)} does not exist")
    try:
        # A real file in that directory proves it takes one (permissions, a read-only
        # or full disk), where os.access would only read the permission bits.
        with tempfile.TemporaryFile(dir=parent) as probe:
            probe.write(b"x")
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as e:
        raise ValueError(
            f"{what} {_name(path)}: cannot write in {_name(parent)}: {e.strerror or e}"
        ) from None
    return p


def check_out(path: str) -> str:
    """``--out``: its suffix names a format, its directory takes files, and parquet has
    pyarrow. Returns the format (".json", ".csv" or ".parquet")."""
    kind = Path(path).suffix.lower()
    if kind not in OUT_FORMATS:
        raise ValueError(f"--out wants a .json, .csv or .parquet file, got {_name(path)}")
    if kind == ".parquet":
        try:
            import pyarrow.parquet  # noqa: F401
        except ImportError:
            raise ValueError("--out .parquet needs pyarrow: pip install pyarrow") from None
    _writable_file(path, "--out")
    return kind


def check_plot(path: str) -> None:
    """``--plot``: matplotlib is installed and writes the suffix's format, and the
    directory takes files."""
    plt = require_matplotlib()
    fig = plt.figure()
    try:
        formats = sorted(fig.canvas.get_supported_filetypes())
    finally:
        plt.close(fig)
    kind = Path(path).suffix.lower().lstrip(".")
    if kind not in formats:
        raise ValueError(
            f"--plot writes a picture: its suffix must be one of {', '.join(formats)},"
            f" got {_name(path)}"
        )
    _writable_file(path, "--plot")


def check_checkpoint(path: str) -> None:
    """``--checkpoint``: an existing file, or a new one in a directory that takes files."""
    _writable_file(path, "--checkpoint")


def connect_dask(address: str, timeout: float = DASK_TIMEOUT) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address``, or a ValueError (within
    ``timeout`` seconds) that says it cannot be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise ValueError("--dask needs dask: pip install 'cardsim[dask]'") from None
    client_cls: Any = Client  # untyped
    try:
        return client_cls(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError, TypeError) as e:
        raise ValueError(
            f"--dask: cannot reach a Dask scheduler at {_name(address)} within {timeout:g} s"
            f" ({type(e).__name__}: {printable(str(e))[:200]})"
        ) from None


def write_failed(what: str, path: str, e: OSError) -> ValueError:
    """The one-line error of an output that failed while being written."""
    return ValueError(f"cannot write {what} {_name(path)}: {e.strerror or e}")
