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

import bisect
import fcntl
import json
import os
import queue
import secrets
import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TextIO

from .. import _core
from .._typing import JSONObject, JSONValue, OptionValue
from .._version import __version__
from .plan import Executor, RunPlan, ShardPlan
from .progress import Progress

__all__ = [
    "Checkpoint",
    "InProcess",
    "ShardLog",
    "ShardResult",
    "check_coverage",
    "completed",
    "default_max_in_flight",
    "drive",
    "merge",
    "plan",
    "run_shard",
    "run_sharded",
]


class Bar(Protocol):
    """A progress display a shard driver advances (run.progress.Progress)."""

    def update(self, n: int) -> None: ...
    def resume(self, n: int) -> None: ...
    def close(self) -> None: ...


#: The checkpoint format: 2 is the append-only log.
CHECKPOINT_VERSION = 2


@dataclass(frozen=True)
class ShardResult:
    """The totals of games [first_game, first_game + games): plain, picklable, JSON-safe."""

    first_game: int
    games: int
    summary: JSONObject  # _core.Summary.to_state()


def run_shard(
    game: str,
    options: Mapping[str, OptionValue],
    seed: int,
    policy: Sequence[str | _core.PolicySpec],
    first_game: int,
    games: int,
    threads: int = 1,
) -> ShardResult:
    """The task: plays one shard in C++ and returns its totals."""
    g = _core.make(game, options)
    summary = _core.Summary(g.num_players)
    # ``policy``: one spec per seat, parsed (Seats.bound: pickled as parsed
    # fields, so a worker parses nothing) or text.
    g._simulate(seed, first_game, games, policy, threads, summary)
    return ShardResult(first_game, games, summary.to_state())


def plan(first_game: int, games: int, shard_size: int) -> list[tuple[int, int]]:
    """The shards (first, count) covering [first_game, first_game + games)."""
    return [
        (lo, min(shard_size, first_game + games - lo))
        for lo in range(first_game, first_game + games, shard_size)
    ]


def _shards(first_game: int, games: int, shard_size: int) -> Iterator[tuple[int, int]]:
    end = first_game + games
    for lo in range(first_game, end, shard_size):
        yield lo, min(shard_size, end - lo)


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
    """Finished shards of one run, kept in an append-only log.

    The file is JSON lines: a header naming the run (and the cardsim version that
    wrote it), then one line per finished shard (its range and summary), each
    with a CRC-32 of its text. Recording a shard appends one line: its cost does
    not grow with the shards before it. Every ``compact_every`` shards the log is
    rewritten as the header plus one line holding the merged summary and the
    covered ranges (coalesced), to a temporary file renamed over the old one, so
    the file stays small (each compaction syncs the file to disk, which costs
    milliseconds, hence the spacing). A crash while appending leaves at most a torn last
    line, which the next open drops (that one shard is played again); a crash
    while compacting leaves the old log whole.

    One run at a time: the checkpoint holds an exclusive ``fcntl.flock`` on
    ``<path>.lock`` (which names the holder's process id) from opening to
    ``close``, and a second run on the same file gets "checkpoint ... is in use
    by process N". A shard line recorded twice with identical totals (as a log
    written by two runs before locking, or a resumed append, can hold) is merged
    into one; a shard recorded twice with different totals is refused.
    """

    #: Whether recorded shards are kept whole (see ShardLog) instead of merged.
    keeps_shards = False

    def __init__(
        self,
        path: str | os.PathLike[str],
        identity: JSONObject,
        num_players: int,
        compact_every: int = 1024,
    ) -> None:
        self.path = Path(path)
        self.identity = identity
        self.num_players = num_players
        self.compact_every = max(1, compact_every)
        # Merged totals of every recorded shard, and the ranges they cover.
        self.summary = _core.Summary(num_players)
        self.ranges: list[tuple[int, int]] = []  # (first, end), sorted, coalesced
        self.done: dict[int, ShardResult] = {}  # shards recorded since the last compaction
        self._since_compaction = 0
        self._file: TextIO | None = None
        self._lock: TextIO | None = _lock(self.path)
        try:
            if self.path.exists():
                self._load()
                self._file = self._open_append()
            else:
                self._compact()
        except BaseException:
            self._unlock()
            raise

    def _open_append(self) -> TextIO:
        try:
            return open(self.path, "a", encoding="utf-8")
        except OSError as e:
            raise ValueError(f"cannot write checkpoint {self.path}: {e.strerror or e}") from None

    def _unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()  # closing the descriptor releases the flock
            self._lock = None

    # --- reading ---------------------------------------------------------------------
    def _load(self) -> None:
        try:
            raw = self.path.read_bytes()
        except OSError as e:
            raise ValueError(f"checkpoint {self.path} is not readable: {e}") from None
        lines = raw.split(b"\n")
        good_bytes = 0
        records = []
        seen: set[bytes] = set()
        for i, line in enumerate(lines):
            if i > 0 and line in seen:
                good_bytes += len(line) + 1
                continue  # a line recorded twice, word for word: the same shard once
            seen.add(line)
            record = _decode(line)
            if record is None:
                # Only the last line may be torn (a crash mid-append); a bad line
                # with good lines after it means the file was damaged otherwise.
                if any(_decode(rest) is not None for rest in lines[i + 1 :]):
                    raise ValueError(
                        f"checkpoint {self.path} is corrupted at line {i + 1}; "
                        "delete it to start the run again"
                    )
                break
            records.append(record)
            good_bytes += len(line) + 1
        if not records or records[0].get("kind") != "run":
            raise ValueError(
                f"checkpoint {self.path} is not readable: no run header "
                "(not a cardsim checkpoint, or written by an older cardsim)"
            )
        stored = _object(records[0]["run"])
        if stored != self.identity:
            diff = sorted(k for k in self.identity if stored.get(k) != self.identity[k])
            raise ValueError(
                f"checkpoint {self.path} belongs to a different run (differs in: "
                f"{', '.join(diff) or 'format'}); use another file or delete it"
            )
        for rec in records[1:]:
            try:
                if rec["kind"] == "merged":
                    self._absorb(_object(rec["summary"]), [_span(r) for r in _list(rec["ranges"])])
                elif rec["kind"] == "shard":
                    r = ShardResult(
                        _int(rec["first_game"]), _int(rec["games"]), _object(rec["summary"])
                    )
                    self._absorb(r.summary, [(r.first_game, r.first_game + r.games)])
                    self.done[r.first_game] = r
            except (KeyError, TypeError, ValueError) as e:
                raise ValueError(f"checkpoint {self.path} has a bad record: {e}") from None
        if good_bytes != len(raw):
            # Drop a torn tail (or end the last whole line) so that new lines
            # follow whole ones.
            with open(self.path, "r+b") as f:
                if good_bytes > len(raw):
                    f.seek(0, os.SEEK_END)
                    f.write(b"\n")
                else:
                    f.truncate(good_bytes)

    def _absorb(self, summary_state: JSONObject, spans: list[tuple[int, int]]) -> None:
        self._record_spans(spans)
        self.summary.merge(_core.Summary.from_state(summary_state))

    def _record_spans(self, spans: list[tuple[int, int]]) -> None:
        for lo, hi in spans:
            if any(lo < b and a < hi for a, b in self.ranges):
                raise ValueError(f"games {lo}..{hi - 1} are recorded twice")
            self.ranges.append((int(lo), int(hi)))
        self.ranges = _coalesce(self.ranges)

    # --- what the runner asks ----------------------------------------------------------
    def covers(self, first: int, games: int) -> bool:
        """True if the shard [first, first + games) is already recorded."""
        k = bisect.bisect_right(self.ranges, (first, float("inf"))) - 1
        return k >= 0 and self.ranges[k][0] <= first and first + games <= self.ranges[k][1]

    @property
    def games(self) -> int:
        """Games recorded so far."""
        return sum(b - a for a, b in self.ranges)

    # --- writing -----------------------------------------------------------------------
    def add(self, r: ShardResult) -> None:
        """Records a finished shard: one appended line (and now and then a compaction)."""
        self._absorb(r.summary, [(r.first_game, r.first_game + r.games)])
        self.done[r.first_game] = r
        self._since_compaction += 1
        if self._since_compaction >= self.compact_every:
            self._compact()
            return
        assert self._file is not None
        self._file.write(_encode({"kind": "shard", **r.__dict__}))
        self._file.flush()  # in the OS once add returns: a killed process loses nothing

    def _compacted(self) -> str:
        """The log's text after compaction: the header and the merged totals."""
        text = _encode({"kind": "run", "run": self.identity, "cardsim": __version__})
        if self.ranges:
            text += _encode(
                {"kind": "merged", "ranges": self.ranges, "summary": self.summary.to_state()}
            )
        return text

    def _compact(self) -> None:
        text = self._compacted()
        if self._file is not None:
            self._file.close()
        # A unique temporary name: no other writer, nor a leftover of a killed run, shares it.
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.{secrets.token_hex(6)}.tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)  # atomic: the old log or the new, never half of one
        except OSError as e:
            raise ValueError(f"cannot write checkpoint {self.path}: {e.strerror or e}") from None
        finally:
            tmp.unlink(missing_ok=True)
        self._file = self._open_append()
        if not self.keeps_shards:
            self.done.clear()
        self._since_compaction = 0

    def close(self) -> None:
        """Compacts the log, closes the file and releases the lock."""
        try:
            if self._file is not None and not self._file.closed:
                self._compact()
                assert self._file is not None
                self._file.close()
        finally:
            self._unlock()


class ShardLog(Checkpoint):
    """A checkpoint whose shard results are kept whole, not merged into a Summary.

    For runs whose shards return per-game arrays (``solve_batch``): the same
    append-only, CRC-checked log with the same crash guarantees, but compaction
    (only on close: the arrays do not shrink when merged) rewrites every shard
    as one line each, and ``done`` holds every recorded shard.
    """

    keeps_shards = True

    def __init__(self, path: str | os.PathLike[str], identity: JSONObject) -> None:
        super().__init__(path, identity, num_players=1, compact_every=2**62)

    def _absorb(self, summary_state: JSONObject, spans: list[tuple[int, int]]) -> None:
        self._record_spans(spans)  # a shard log keeps no summary of its own

    def _compacted(self) -> str:
        text = _encode({"kind": "run", "run": self.identity, "cardsim": __version__})
        for r in sorted(self.done.values(), key=lambda r: r.first_game):
            text += _encode({"kind": "shard", **r.__dict__})
        return text


def _lock(path: Path) -> TextIO:
    """Takes the exclusive lock of checkpoint ``path`` (on ``<path>.lock``, a file that
    compaction never replaces) and writes this process's id in it; a ValueError names
    the process that holds it."""
    lock_path = path.with_name(path.name + ".lock")
    try:
        f = open(lock_path, "a+", encoding="utf-8")  # noqa: SIM115 - held until close()
    except OSError as e:
        raise ValueError(f"cannot write checkpoint {path}: {e.strerror or e}") from None
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.seek(0)
        holder = f.read(20).strip() or "unknown"
        f.close()
        raise ValueError(
            f"checkpoint {path} is in use by process {holder}; wait for that run to end,"
            " or use another checkpoint file"
        ) from None
    f.seek(0)
    f.truncate()
    f.write(f"{os.getpid()}\n")
    f.flush()
    return f


def _encode(record: Mapping[str, object]) -> str:
    body = json.dumps(record, separators=(",", ":"))
    return f"{zlib.crc32(body.encode()):08x} {body}\n"


def _decode(line: bytes) -> JSONObject | None:
    """The record of one log line, or None if the line is torn or damaged."""
    if len(line) < 10 or line[8:9] != b" ":
        return None
    try:
        crc = int(line[:8], 16)
    except ValueError:
        return None
    body = line[9:]
    if zlib.crc32(body) != crc:
        return None
    try:
        record = json.loads(body)
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def _object(value: JSONValue) -> JSONObject:
    """A checkpoint record's field that must be a JSON object (TypeError if not)."""
    if not isinstance(value, dict):
        raise TypeError(f"expected an object, got {type(value).__name__}")
    return value


def _list(value: JSONValue) -> list[JSONValue]:
    """A checkpoint record's field that must be a JSON array (TypeError if not)."""
    if not isinstance(value, list):
        raise TypeError(f"expected a list, got {type(value).__name__}")
    return value


def _int(value: JSONValue) -> int:
    """A checkpoint record's field that must be a whole number (TypeError if not)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {type(value).__name__}")
    return value


def _span(value: JSONValue) -> tuple[int, int]:
    """A recorded range of games, [first, end)."""
    first, end = _list(value)
    return _int(first), _int(end)


def _coalesce(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(spans):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


class InProcess:
    """The executor used when none is given: runs each task at once, here."""

    def __init__(self) -> None:
        self._future = Future

    def submit(self, fn: Callable[..., object], /, *args: object) -> Future[object]:
        f: Future[object] = self._future()
        try:
            f.set_result(fn(*args))
        except Exception as e:  # handed to the caller through the future
            f.set_exception(e)
        # KeyboardInterrupt and SystemExit go up at once: kept in a future, they
        # would stop this task only, and the next shard would start.
        return f


def completed(
    executor: Executor,
    tasks: Iterator[tuple[object, ...]],
    max_in_flight: int,
    fn: Callable[..., ShardResult] | None = None,
) -> Iterator[ShardResult]:
    """Submits ``fn(*task)`` (default run_shard) keeping at most max_in_flight
    outstanding; yields results as they finish. On any exception (Ctrl-C
    included) the tasks that have not started are cancelled."""
    done: queue.Queue[Future[object]] = queue.Queue()
    outstanding: set[Future[object]] = set()
    pending = iter(tasks)
    exhausted = False
    try:
        while True:
            while not exhausted and len(outstanding) < max_in_flight:
                try:
                    args = next(pending)
                except StopIteration:
                    exhausted = True
                    break
                future = executor.submit(fn or run_shard, *args)
                outstanding.add(future)
                future.add_done_callback(done.put)
            if not outstanding:
                return
            future = done.get()
            outstanding.discard(future)
            yield future.result()  # type: ignore[misc]  # fn returns a ShardResult
    except BaseException:
        for f in outstanding:
            f.cancel()
        raise


def default_max_in_flight(executor: object | None) -> int:
    """Tasks outstanding at once by default: twice the executor's workers (or cores)."""
    workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    return 2 * int(workers)


def drive(
    executor: Executor | None,
    fn: Callable[..., ShardResult],
    task: Callable[[int, int], tuple[object, ...]],
    span: tuple[int, int, int],
    max_in_flight: int,
    ckpt: Checkpoint | None,
    bar: Bar | None,
) -> tuple[list[ShardResult], int]:
    """The one shard driver (``simulate`` and ``solve_batch``): submits
    ``fn(*task(first, games))`` for each shard of ``span`` = (first_game,
    games, shard_size) that ``ckpt`` does not cover, at most ``max_in_flight`` at a
    time, records each result in ``ckpt`` (else keeps it), advances ``bar``, closes
    both, and proves every game was counted once. Returns (the results kept: none
    with a checkpoint, which holds them; this run's games)."""
    first_game, games, shard_size = span
    # Lazily: a 10**12-game run has too many shards to list up front.
    todo = (
        (lo, n)
        for lo, n in _shards(first_game, games, shard_size)
        if not (ckpt and ckpt.covers(lo, n))
    )
    tasks = (task(lo, n) for lo, n in todo)
    if bar and ckpt:
        bar.resume(ckpt.games)
    results: list[ShardResult] = []
    played = 0
    try:
        for r in completed(executor or InProcess(), tasks, max_in_flight, fn):
            played += r.games
            if ckpt:
                ckpt.add(r)
            else:
                results.append(r)
            if bar:
                bar.update(r.games)
    finally:
        if bar:
            bar.close()
        if ckpt:
            ckpt.close()
    if ckpt:
        done = [ShardResult(lo, hi - lo, {}) for lo, hi in ckpt.ranges]
        check_coverage(first_game, games, done)
    else:
        check_coverage(first_game, games, results)
    return results, played


def run_sharded(plan: RunPlan) -> tuple[_core.Summary, float, int]:
    """Runs the plan's shards not yet in its checkpoint and merges every shard's
    totals. Returns the summary, this run's seconds and the games this run played."""
    g, games, first_game = plan.game, plan.games, plan.first_game
    sp = plan.shards or ShardPlan()
    shard_size = sp.shard_size
    if shard_size is None:
        shard_size = max(1, min(games, 10_000_000) // 16 or 1)
    max_in_flight = sp.max_in_flight or default_max_in_flight(sp.executor)
    identity: JSONObject = {
        "version": CHECKPOINT_VERSION,
        "game": g.name,
        "options": g.options,
        "seed": plan.seed,
        # Joined as checkpoints have always recorded it, so that old ones still resume.
        "policy": ",".join(plan.seats.specs),
        "first_game": first_game,
        "games": games,
        "shard_size": shard_size,
    }
    ckpt = None
    if sp.checkpoint is not None:
        ckpt = Checkpoint(sp.checkpoint, identity, plan.num_players)
    bound = plan.seats.bound
    name, options, seed = g.name, g.options, plan.seed
    # In a worker process the shard may use every local core; in-process, the caller's count.
    threads = plan.threads if sp.executor is None else 1

    def task(lo: int, n: int) -> tuple[object, ...]:
        return (name, options, seed, bound, lo, n, threads)

    progress = plan.progress
    bar = Progress(games, g.name, force=bool(progress)) if progress is not False else None
    start = time.perf_counter()
    span = (first_game, games, shard_size)
    results, played = drive(sp.executor, run_shard, task, span, max_in_flight, ckpt, bar)
    # A checkpoint holds the merged totals of every shard, old and new.
    summary = ckpt.summary if ckpt else merge(plan.num_players, results)
    return summary, time.perf_counter() - start, played
