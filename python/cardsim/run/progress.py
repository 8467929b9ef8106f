"""Progress of long runs, decided by time rather than by count: the one helper
every long command and entry point uses (simulate, tournament, solve, perft...).

A run that has gone on for more than ``delay`` seconds (2 by default) starts
reporting: on a terminal a bar redrawn in place, elsewhere (a log file, a pipe,
a batch job) a plain line every ``interval`` seconds. Short runs print nothing.
A run whose first quarter second or so (its first chunk) makes it look longer
than ``LONG_RUN`` seconds says so then, with the estimate, whatever the delay. Dependency-free;
everything goes to stderr, so stdout stays clean for scripts::

    bar = Progress(total, "perft the_wall depth 9", unit="lines")
    try:
        for chunk in work:
            bar.update(len(chunk))
    finally:
        bar.close()
"""

from __future__ import annotations

import contextlib
import contextvars
import sys
import time
from collections.abc import Callable, Iterator
from typing import TextIO

__all__ = [
    "LONG_RUN",
    "ChunkSizer",
    "Progress",
    "ProgressBar",
    "format_duration",
    "format_rate",
    "labelled",
]

#: Seconds a run must last before any progress is shown.
DELAY = 2.0
#: Seconds between plain progress lines off a terminal.
LINE_INTERVAL = 5.0
#: A run estimated to take longer than this (seconds) says so at its start.
LONG_RUN = 600.0
#: Seconds of work the estimate of a run's length is timed on (a first chunk or so):
#: shorter timings are noise.
ESTIMATE_AFTER = 0.25

# What the caller of a run adds to its label ("table 2/6 (random vs greedy)"): a
# tournament labels each of its simulate calls without a parameter on simulate.
_CONTEXT: contextvars.ContextVar[str] = contextvars.ContextVar("progress_context", default="")


@contextlib.contextmanager
def labelled(context: str) -> Iterator[None]:
    """Every Progress made inside the block adds ``context`` to its label
    (``the_wall, table 2/6 (random vs greedy)``)."""
    token = _CONTEXT.set(context)
    try:
        yield
    finally:
        _CONTEXT.reset(token)


def format_duration(seconds: float) -> str:
    """A duration as people read it: ``42s``, ``3m 05s``, ``1h 02m``, ``3d 04h``."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s}s"
    m, s = divmod(s, 60)
    if m < 60:
        return f"{m}m {s:02d}s"
    h, m = divmod(m, 60)
    if h < 48:
        return f"{h}h {m:02d}m"
    d, h = divmod(h, 24)
    return f"{d:,}d {h:02d}h"


def format_rate(per_second: float, unit: str = "game", units: str | None = None) -> str:
    """Throughput as whichever reads better: ``12,345 games/s``, ``2.5 games/s``,
    or, below one a second, ``3.4 s/game`` (never ``0 games/s``)."""
    plural = units or unit + "s"
    if per_second <= 0:
        return f"- {plural}/s"
    if per_second >= 100:
        return f"{per_second:,.0f} {plural}/s"
    if per_second >= 1:
        return f"{per_second:.1f} {plural}/s"
    per_unit = 1 / per_second
    return f"{per_unit:,.1f} s/{unit}" if per_unit < 100 else f"{format_duration(per_unit)}/{unit}"


def _eta(rate: float, eta: float) -> str:
    return format_duration(eta) if rate > 0 else "?"


class Progress:
    """Counts work done out of a total; shows a bar (terminal) or lines (elsewhere).

    ``unit`` names what is counted (``game``; ``deal`` for solve, ``line`` for
    perft), ``units`` its plural when not ``unit + "s"``. ``force=True`` shows
    progress from the start whatever the run's length; ``terminal`` overrides
    the check of ``stream.isatty()``; ``clock`` (seconds, monotonic) is for tests.
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
        unit: str = "game",
        units: str | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.total = max(total, 1)
        self.done = 0
        #: Work counted as done that this run did not do (resumed from a checkpoint).
        self.resumed = 0
        context = _CONTEXT.get()
        self.label = ", ".join(x for x in (label, context) if x)
        self.unit = unit
        self.units = units or unit + "s"
        self.stream = stream if stream is not None else sys.stderr
        if terminal is None:
            isatty = getattr(self.stream, "isatty", None)
            terminal = bool(isatty and isatty())
        self.terminal = terminal
        self.delay = 0.0 if force else (DELAY if delay is None else delay)
        self.interval = LINE_INTERVAL if interval is None else interval
        self.clock = clock
        self.start = clock()
        self._last = -float("inf")
        self._shown = False
        self._estimated = False

    def update(self, n: int) -> None:
        """Counts ``n`` more done and redraws if it is time to."""
        self.done += n
        now = self.clock()
        if not self._estimated and self.done > self.resumed and now - self.start >= ESTIMATE_AFTER:
            self._estimated = True
            self._warn_if_long(now)
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
        """Counts ``n`` done before this run (from a checkpoint): they advance the
        bar but not the speed."""
        self.resumed += n
        self.update(n)

    def _warn_if_long(self, now: float) -> None:
        """The first chunk timed: a run that looks longer than LONG_RUN says so now."""
        _, rate, eta = self._figures(now)
        if rate <= 0 or eta <= LONG_RUN:
            return
        played = self.done - self.resumed
        # On a terminal, below the bar already drawn rather than over it.
        below = "\n" if self.terminal and self._shown else ""
        speed = format_rate(rate, self.unit, self.units)
        self.stream.write(
            f"{below}{self.label}: this run will take about {format_duration(eta)}"
            f" ({self.total - self.done:,} {self.units} left at {speed},"
            f" timed on the first {played:,}); Ctrl-C stops it\n"
        )
        self.stream.flush()

    def _figures(self, now: float) -> tuple[float, float, float]:
        frac = min(self.done / self.total, 1.0)
        elapsed = now - self.start
        # The speed of this run: work resumed from a checkpoint took it no time.
        rate = (self.done - self.resumed) / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        return frac, rate, eta

    def _draw_bar(self, now: float) -> None:
        frac, rate, eta = self._figures(now)
        width = 30
        filled = int(frac * width)
        bar = "#" * filled + "-" * (width - filled)
        # Trailing spaces wipe what a longer previous draw left on the line.
        self.stream.write(
            f"\r{self.label} [{bar}] {frac:6.1%} {self.done:,}/{self.total:,}"
            f" {format_rate(rate, self.unit, self.units)}, eta {_eta(rate, eta)}   "
        )
        self.stream.flush()
        self._shown = True

    def _write_line(self, now: float) -> None:
        frac, rate, eta = self._figures(now)
        self.stream.write(
            f"{self.label}: {self.done:,}/{self.total:,} {self.units} ({frac:.1%}),"
            f" {format_rate(rate, self.unit, self.units)},"
            f" {format_duration(now - self.start)} elapsed, eta {_eta(rate, eta)}\n"
        )
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        """Final state: completes the bar (or writes a last line) if anything was shown."""
        if not self._shown:
            return
        now = self.clock()
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
