"""Reading files of bounded size: a reader never takes more than its cap.

A record, a saved summary or a checkpoint named on a command line may be a
device that never ends (/dev/zero), a pipe, or a file of gigabytes. Readers
take at most their documented cap and refuse the rest.
"""

from __future__ import annotations

import os

__all__ = ["TooLarge", "read_capped"]

_BLOCK = 1 << 20


class TooLarge(ValueError):
    """A file longer than the cap its reader allows."""


def read_capped(path: str | os.PathLike[str], cap: int) -> bytes:
    """The bytes of ``path``, or TooLarge (a ValueError) if it holds more than ``cap``.

    Reads in blocks, so neither a huge cap nor an endless file allocates more
    than the file's real size (at most ``cap`` + one block). OSError passes through.
    """
    blocks: list[bytes] = []
    total = 0
    with open(path, "rb") as f:
        while True:
            block: bytes = f.read(min(_BLOCK, cap + 1 - total))
            if not block:
                break
            blocks.append(block)
            total += len(block)
            if total > cap:
                raise TooLarge(f"more than {cap} bytes")
    return b"".join(blocks)
