"""Progress of long runs, decided by time rather than by game count.

A run that has gone on for more than ``delay`` seconds (2 by default) starts
reporting: on a terminal a bar redrawn in place, elsewhere (a log file, a pipe,
a batch job) a plain line every ``interval`` seconds. Short runs print nothing.
Dependency-free; everything goes to stderr, so stdout stays clean for scripts.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ChunkSizer", "Progress", "ProgressBar"]

#: Seconds a run must last before any progress is shown.
DELAY = 2.0
#: Seconds between plain progress lines off a terminal.
LINE_INTERVAL = 5.0


class Progress:
    """Counts games done out of a total; shows a bar (terminal) or lines (elsewhere).

    ``force=True`` shows progress from the start whatever the run's length;
    ``terminal`` overrides the check of ``stream.isatty()``.
    """

    def __init__(
        self,
        total: int,
        label: str = "",
        stream: TextIO | None = None,
        *,
        force: bool = False,
        terminal: bool | None = None,
        delay: float | None = None,
        interval: float | None = None,
    ) -> None:
        self.total = max(total, 1)
        self.done = 0
        #: Games counted as done that this run did not play (resumed from a checkpoint).
        self.resumed = 0
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        if terminal is None:
            isatty = getattr(self.stream, "isatty", None)
            terminal = bool(isatty and isatty())
        self.terminal = terminal
        self.delay = 0.0 if force else (DELAY if delay is None else delay)
        self.interval = LINE_INTERVAL if interval is None else interval
        self.start = time.perf_counter()
        self._last = -float("inf")
        self._shown = False

    def update(self, n: int) -> None:
        """Counts ``n`` more games and redraws if it is time to."""
        self.done += n
        now = time.perf_counter()
        if now - self.start < self.delay:
            return
        if self.terminal:
            if now - self._last >= 0.1 or self.done >= self.total:
                self._last = now
                self._draw_bar(now)
        elif now - self._last >= self.interval:
            self._last = now
            self._write_line(now)

    def resume(self, n: int) -> None:
        """Counts ``n`` games already done before this run (from a checkpoint): they
        advance the bar but not the speed."""
        self.resumed += n
        self.update(n)

    def _figures(self, now: float) -> tuple[float, float, float]:
        frac = min(self.done / self.total, 1.0)
        elapsed = now - self.start
        # The speed of this run: games resumed from a checkpoint took it no time.
        rate = (self.done - self.resumed) / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        return frac, rate, eta

    def _draw_bar(self, now: float) -> None:
        frac, rate, eta = self._figures(now)
        width = 30
        filled = int(frac * width)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(
            f"\r{self.label} [{bar}] {frac:6.1%} {self.done:,}/{self.total:,}"
            f" {rate:,.0f} games/s, eta {eta:,.0f}s "
        )
        self.stream.flush()
        self._shown = True

    def _write_line(self, now: float) -> None:
        frac, rate, eta = self._figures(now)
        self.stream.write(
            f"{self.label}: {self.done:,}/{self.total:,} games ({frac:.1%}),"
            f" {rate:,.0f} games/s, {now - self.start:,.0f}s elapsed, eta {eta:,.0f}s\n"
        )
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        """Final state: completes the bar (or writes a last line) if anything was shown."""
        if not self._shown:
            return
        now = time.perf_counter()
        if self.terminal:
            self._draw_bar(now)
            self.stream.write("\n")
        else:
            self._write_line(now)
        self.stream.flush()


#: The former name, kept for callers of the count-based bar.
ProgressBar = Progress


class ChunkSizer:
    """Sizes the chunks a long run is cut into so that each takes about ``target`` seconds.

    Starts small (a slow game may take long per game) and grows from measured
    speed, so progress and Ctrl-C stay responsive whatever the game. Chunks
    change no result: game i depends on (seed, i) alone.
    """

    def __init__(self, target: float = 0.25, first: int = 256) -> None:
        self.target = target
        self.size = first

    def next(self, left: int) -> int:
        """The size of the next chunk, at most ``left``."""
        return max(1, min(self.size, left))

    def measured(self, games: int, seconds: float) -> None:
        """Adapts the next size to the speed just seen (at most 8x growth per chunk)."""
        if games <= 0:
            return
        per_game = max(seconds, 1e-9) / games
        wanted = int(self.target / per_game)
        self.size = max(1, min(wanted, self.size * 8))
