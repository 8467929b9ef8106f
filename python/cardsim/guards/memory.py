"""Memory bounds, checked before a large allocation is made.

``simulate``'s per-game arrays and a ``VectorEnv``'s buffers grow with the run's
size. Both estimate their bytes first and refuse, with the figure and a way to
run without it, anything above ``allowed_bytes()``: the smaller of ``MAX_BYTES``
and the memory the machine has available now (``MemAvailable`` in
/proc/meminfo, where the system has one). A refused size is a ValueError, raised
before anything is allocated, never a ``MemoryError`` or the kernel's OOM killer
halfway through a run.
"""

from __future__ import annotations

__all__ = ["MAX_BYTES", "allowed_bytes", "available_bytes", "check_memory", "format_bytes"]

#: The most bytes one run's per-game arrays, or one VectorEnv's buffers, may take,
#: however much memory the machine has (assign to change it).
MAX_BYTES = 64 * 2**30

#: Where the available memory is read (Linux).
MEMINFO = "/proc/meminfo"


def available_bytes() -> int | None:
    """The memory available for new allocations without swapping (MemAvailable),
    or None where the system does not report it."""
    try:
        with open(MEMINFO, encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024  # reported in kB
    except (OSError, ValueError, IndexError):
        return None
    return None


def allowed_bytes() -> tuple[int, str]:
    """The bound a size is checked against, and what it is ("available memory" or
    "the bound cardsim.guards.memory.MAX_BYTES")."""
    free = available_bytes()
    if free is not None and free < MAX_BYTES:
        return free, "the memory available now"
    return MAX_BYTES, "the bound cardsim.guards.memory.MAX_BYTES"


def format_bytes(n: int | float) -> str:
    """``n`` bytes in the largest unit that keeps a leading digit: '12.0 GB'."""
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if n < 1024 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def check_memory(needed: int, what: str, instead: str) -> None:
    """ValueError if ``needed`` bytes exceed ``allowed_bytes()``: ``what`` names the
    allocation ("simulate's per-game arrays for 10**9 games"), ``instead`` says how to
    run without it ("pass summary_only=True")."""
    bound, source = allowed_bytes()
    if needed > bound:
        raise ValueError(
            f"{what} would take about {format_bytes(needed)}, more than {source}"
            f" ({format_bytes(bound)}): {instead}"
        )
