"""Solvers for the patiences: can a deal be won, and with what best score.

The search runs in C++ (``cpp/solver/``, docs/solvers.md) in the *thoughtful*
setting: the solver sees every card, the stock and reserve included. Its
answers therefore bound from above what a player who cannot see the face-down
cards can achieve. Solvable games: ``the_wall``; ``stack_gap`` solo (with or
without jokers); ``code9_solitaire``; ``clock`` (no decisions: its outcome is
forced by the deal and returned directly).
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _core
from ..games import check_threads, make
from ..guards.memory import check_memory
from ..run import shards
from ..run.plot import plot_solve_batch
from ..run.progress import Progress
from ..run.shards import ShardResult
from ..run.stats import Estimate, wilson

if TYPE_CHECKING:
    from collections.abc import Mapping

    from matplotlib.figure import Figure

    from .._typing import JSONObject, PathArg
    from ..contract.protocols import Game, State
    from ..run.plan import Executor

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_NODE_LIMITS",
    "DEFAULT_TABLE_ENTRIES",
    "Solution",
    "SolveBatchResult",
    "solve",
    "solve_batch",
    "verify_solution",
]

#: Positions a solve may generate unless told otherwise, per game, as each game's
#: solver header declares it (a Stack Gap node is far cheaper than one of The
#: Wall: about 0.2 s per million against 2 s).
DEFAULT_NODE_LIMITS: dict[str, int] = {
    s["game"]: s["default_node_limit"] for s in _core.solvable_games()
}
#: The node limit of a game not listed above (which is refused anyway).
DEFAULT_NODE_LIMIT = 1_000_000
#: Transposition-table capacity (entries of 32 bytes): bounds memory per solve.
DEFAULT_TABLE_ENTRIES = 1 << 21
#: The most table_entries the solver takes (2**40): a larger table could not be held.
MAX_TABLE_ENTRIES = 1 << 40

_OUTCOMES = ("loss", "win", "unknown")


@dataclass(frozen=True)
class Solution:
    """A solver's answer for one position.

    ``outcome`` is "win", "loss" or "unknown" (a limit was hit: no guess is
    made). For scored games (``stack_gap``: points, higher is better;
    ``code9_solitaire``: moves, lower is better) ``score`` is the best score
    among winning lines if a win exists, else the best of any line, and
    ``best_score_any`` the best score of any line, won or lost; both are None
    for unscored games and for "unknown". ``actions`` is a line from the given
    position that reaches ``outcome`` and ``score`` (empty for "unknown" and
    for an unscored loss). ``nodes`` counts positions generated; ``seconds``
    is the search's wall time; ``verified`` is True when the line was replayed.
    """

    game: str
    outcome: str
    score: int | None
    best_score_any: int | None
    actions: list[int] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    verified: bool = False
    score_lower_bound: int | None = None

    def __repr__(self) -> str:
        # The line stays on .actions: a REPL shows its length, not every move.
        score = "" if self.score is None else f", score {self.score}"
        return (
            f"<Solution {self.game}: {self.outcome}{score}, {len(self.actions)} actions,"
            f" {self.nodes:,} nodes, {self.seconds:.3g} s>"
        )


def _check_limits(
    node_limit: object, time_limit: object, table_entries: object
) -> tuple[int, float, int]:
    for name, value in (("node_limit", node_limit), ("table_entries", table_entries)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{name} must be an int, got {type(value).__name__}")
        if value <= 0:
            raise ValueError(f"{name} must be > 0, got {value}")
        # The core's limits: a node count is an int64; a table above 2**40 entries
        # would take tens of terabytes (and its doubling would wrap above 2**62).
        most = 2**63 - 1 if name == "node_limit" else MAX_TABLE_ENTRIES
        if value > most:
            raise ValueError(f"{name} must be at most {most:,}, got {value}")
    if time_limit is None:
        t = 0.0
    else:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float, np.number)):
            raise TypeError(
                f"time_limit must be a number of seconds or None, got {type(time_limit).__name__}"
            )
        t = float(time_limit)
        if not t > 0 or math.isinf(t):
            raise ValueError(
                f"time_limit must be a positive, finite number of seconds, got {time_limit}"
            )
    return int(node_limit), t, int(table_entries)


def verify_solution(state: State, solution: Solution) -> None:
    """Replays ``solution.actions`` on a copy of ``state`` through the ordinary
    state API and checks it reaches the claimed outcome and score; raises
    AssertionError (naming the first mismatch) if not."""
    if solution.outcome == "unknown":
        return
    s = state.clone()
    for a in solution.actions:
        s.apply_action(a)  # raises IllegalActionError for an illegal move
    if (solution.score is not None or solution.outcome == "win") and not s.is_terminal():
        raise AssertionError("the line ends before the game does")
    won = s.winners() == [0]
    if solution.outcome == "win" and not won:
        raise AssertionError(f"the line does not win: it ends with winners {s.winners()}")
    if solution.outcome == "loss" and solution.actions and won:
        raise AssertionError("a line of a lost position wins")
    if solution.score is not None and s.scores()[0] != solution.score:
        raise AssertionError(f"the line scores {s.scores()[0]}, not the claimed {solution.score}")


def solve(
    state: State,
    node_limit: int | None = None,
    time_limit: float | None = None,
    verify: bool = False,
    table_entries: int = DEFAULT_TABLE_ENTRIES,
) -> Solution:
    """Solves ``state`` (a fresh deal or any position in play) in the thoughtful setting.

    Stops with outcome "unknown" after ``node_limit`` positions (None: the
    game's entry in ``DEFAULT_NODE_LIMITS``) or ``time_limit`` seconds (None:
    no time limit). ``verify=True`` replays the
    returned line on a copy through the state API and raises AssertionError if
    it does not reach the claimed outcome and score. The state is not changed;
    the GIL is released while the search runs.

    Raises TypeError for something that is not a state of the C++ core (a
    reference state included) and ValueError for a game without a solver, a
    finished game, or a non-positive limit.
    """
    if type(state).__module__ != _core.__name__ or not hasattr(state, "game"):
        raise TypeError(
            "solve needs a state of the C++ core (cardsim.make(name).new_game(...)), got "
            f"{type(state).__module__}.{type(state).__name__}"
        )
    if node_limit is None:
        node_limit = DEFAULT_NODE_LIMITS.get(state.game.name, DEFAULT_NODE_LIMIT)
    n, t, entries = _check_limits(node_limit, time_limit, table_entries)
    if not isinstance(verify, bool):
        raise TypeError(f"verify must be a bool, got {type(verify).__name__}")
    raw = _core._solve(state, n, t, entries)
    name = state.game.name
    scored = bool(raw["scored"]) and raw["outcome"] != "unknown"
    sol = Solution(
        game=name,
        outcome=raw["outcome"],
        score=int(raw["score"]) if scored else None,
        best_score_any=int(raw["best_score_any"]) if scored else None,
        actions=list(raw["actions"]),
        nodes=int(raw["nodes"]),
        seconds=float(raw["seconds"]),
        score_lower_bound=int(raw["bound"])
        if raw["outcome"] == "unknown" and raw["bound"]
        else None,
    )
    if verify:
        verify_solution(state, sol)
        sol = Solution(**{**sol.__dict__, "verified": True})
    return sol


@dataclass
class SolveBatchResult:
    """Per-deal results of ``solve_batch`` and their summary.

    Arrays (index k is deal first_deal + k): ``outcome`` (0 loss, 1 win,
    2 unknown), ``score`` and ``best_score_any`` (meaningful for scored games
    and settled deals), ``nodes``, ``seconds``, ``length`` (moves in the line),
    ``bound`` (Code 9 solitaire, unknown deals: a proven lower bound on the
    optimal score; 0 elsewhere).
    """

    game: str
    options: dict[str, Any]
    seed: int
    first_deal: int
    deals: int
    node_limit: int
    time_limit: float | None
    scored: bool
    outcome: np.ndarray
    score: np.ndarray
    best_score_any: np.ndarray
    nodes: np.ndarray
    seconds: np.ndarray
    length: np.ndarray
    bound: np.ndarray
    wall_seconds: float = 0.0

    @property
    def wins(self) -> int:
        """Deals proven winnable."""
        return int(np.count_nonzero(self.outcome == 1))

    @property
    def losses(self) -> int:
        """Deals proven lost."""
        return int(np.count_nonzero(self.outcome == 0))

    @property
    def unknown(self) -> int:
        """Deals left unsettled by the limits."""
        return int(np.count_nonzero(self.outcome == 2))

    def win_rate(self) -> Estimate:
        """Proven wins over all deals, with its 95% Wilson interval. Unknown deals
        count as not won here; see ``winnable_bounds`` for both extremes."""
        return wilson(self.wins, self.deals)

    def winnable_bounds(self) -> Estimate:
        """The winnable fraction: value = wins / settled deals; low = the Wilson
        lower bound with every unknown deal lost, high = the Wilson upper bound
        with every unknown deal won."""
        settled = self.wins + self.losses
        value = self.wins / settled if settled else math.nan
        return Estimate(
            value,
            wilson(self.wins, self.deals).low,
            wilson(self.wins + self.unknown, self.deals).high,
        )

    def unknown_rate(self) -> Estimate:
        """The fraction of deals the limits left unsettled, with its Wilson interval."""
        return wilson(self.unknown, self.deals)

    def score_distribution(self, which: str = "score") -> dict[int, int]:
        """Counts of each ``score`` (or ``best_score_any``) over settled deals."""
        if not self.scored:
            return {}
        arr = self.score if which == "score" else self.best_score_any
        values, counts = np.unique(arr[self.outcome != 2], return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts, strict=True)}

    def time_percentiles(self, qs: tuple[float, ...] = (50, 90, 99, 100)) -> dict[str, float]:
        """Percentiles of search seconds per deal."""
        if self.deals == 0:
            return {}
        return {f"p{q:g}": float(np.percentile(self.seconds, q)) for q in qs}

    def plot(self, path: PathArg | None = None) -> Figure:
        """Outcome fractions (win / loss / unknown) with 95% intervals, the score
        distribution of settled deals (scored games) and the time per deal, as a
        matplotlib Figure (saved to ``path`` when given). Needs the ``plot``
        extra: ``pip install 'cardsim[plot]'`` (else a ValueError says so)."""
        return plot_solve_batch(self, path)

    def to_dict(self) -> JSONObject:
        """A JSON-safe summary (no per-deal arrays)."""
        wr = self.win_rate()
        d: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "first_deal": self.first_deal,
            "deals": self.deals,
            "node_limit": self.node_limit,
            "time_limit": self.time_limit,
            "wins": self.wins,
            "losses": self.losses,
            "unknown": self.unknown,
            "win_rate": list(wr),
            "winnable_bounds": list(self.winnable_bounds()),
            "unknown_rate": list(self.unknown_rate()),
            "seconds_per_deal": self.time_percentiles(),
            "mean_nodes": float(self.nodes.mean()) if self.deals else math.nan,
            "wall_seconds": self.wall_seconds,
        }
        if self.scored:
            d["score_distribution"] = self.score_distribution("score")
            d["best_score_any_distribution"] = self.score_distribution("best_score_any")
        return d

    def __repr__(self) -> str:
        # Headline figures only: the per-deal arrays stay on their attributes.
        return (
            f"<SolveBatchResult {self.game}: {self.deals:,} deals from seed {self.seed},"
            f" win rate {self.win_rate().value:.4g}, {self.unknown:,} unknown>"
        )

    def __str__(self) -> str:
        wr = self.win_rate()
        lines = [
            f"{self.game} {self.options}: {self.deals:,} deals (seed {self.seed}), "
            f"node limit {self.node_limit:,}",
            f"  winnable: {wr.value:.4%} [{wr.low:.4%}, {wr.high:.4%}] ({self.wins:,} wins, "
            f"{self.losses:,} losses, {self.unknown:,} unknown = "
            f"{self.unknown / max(self.deals, 1):.3%})",
        ]
        if self.scored:
            lines.extend(_distribution_table(self.score_distribution()))
        tp = self.time_percentiles()
        if tp:
            lines.append("  seconds per deal: " + ", ".join(f"{k} {v:.4f}" for k, v in tp.items()))
        return "\n".join(lines)


#: Rows of the score table ``str(SolveBatchResult)`` prints: more distinct scores
#: than this are grouped into ranges of equal width.
SCORE_ROWS = 12


def _distribution_table(dist: dict[int, int]) -> list[str]:
    """A score distribution as a small table (score or range, deals, share, bar),
    at most about SCORE_ROWS rows whatever the number of distinct scores."""
    settled = sum(dist.values())
    if not settled:
        return ["  score distribution: no settled deals"]
    lo, hi = min(dist), max(dist)
    width = 1 if len(dist) <= SCORE_ROWS else -(-(hi - lo + 1) // SCORE_ROWS)
    rows: dict[int, int] = {}
    for score, count in dist.items():
        start = lo + (score - lo) // width * width
        rows[start] = rows.get(start, 0) + count
    ends = {a: min(a + width - 1, hi) for a in rows}
    labels = {a: str(a) if ends[a] == a else f"{a}-{ends[a]}" for a in rows}
    pad = max(5, *(len(x) for x in labels.values()))
    top = max(rows.values())
    lines = [f"  score distribution ({settled:,} settled deals):", f"    {'score':>{pad}}  deals"]
    for a in sorted(rows):
        n = rows[a]
        bar = "#" * max(1, round(20 * n / top))
        lines.append(f"    {labels[a]:>{pad}}  {n:>5,} {n / settled:6.1%}  {bar}")
    return lines


# The games whose solver finds a best score, not only the outcome.
_SCORED = {s["game"] for s in _core.solvable_games() if s["kind"] == "scored"}
_ARRAYS = (
    ("outcome", np.int8),
    ("score", np.int32),
    ("best_score_any", np.int32),
    ("nodes", np.int64),
    ("seconds", np.float64),
    ("length", np.int32),
    ("bound", np.int32),
)


def _empty(n: int) -> dict[str, np.ndarray]:
    return {name: np.zeros(n, dtype=dt) for name, dt in _ARRAYS}


def run_solve_shard(
    game: str,
    options: Mapping[str, object],
    seed: int,
    first_deal: int,
    deals: int,
    node_limit: int,
    time_limit: float,
    table_entries: int,
    threads: int = 1,
) -> ShardResult:
    """One shard of a sharded ``solve_batch``: a module-level task any executor can ship."""
    g = _core.make(game, options)
    arrays = _empty(deals)
    _core._solve_batch(
        g, seed, first_deal, deals, threads, node_limit, time_limit, table_entries, *arrays.values()
    )
    return ShardResult(first_deal, deals, {k: v.tolist() for k, v in arrays.items()})


def _count(value: object, what: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{what} must be >= {minimum}, got {value}")
    return int(value)


# options: the game's, passed on to make() (which also takes its backend= from them).
def solve_batch(
    game: str | Game,
    deals: int = 1000,
    seed: int = 0,
    threads: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    first_deal: int = 0,
    progress: bool | None = None,
    table_entries: int = DEFAULT_TABLE_ENTRIES,
    executor: Executor | None = None,
    shard_size: int | None = None,
    max_in_flight: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    **options: Any,
) -> SolveBatchResult:
    """Solves deals ``first_deal .. first_deal + deals - 1`` of the run with ``seed``.

    Deal i is dealt from (seed, i) exactly as ``simulate`` deals game i, so each
    solved deal can be set beside what a policy did on it. With a node limit
    (and no time limit) the arrays are identical for any thread count and any
    split; a time limit depends on the machine and its load. ``node_limit=None``
    takes the game's entry in ``DEFAULT_NODE_LIMITS``. ``threads=None``
    uses every core; the GIL is released. ``progress`` reports on stderr as
    ``simulate`` does: by default (None) once the run has taken more than about
    2 s, as a bar on a terminal and a line every few seconds elsewhere; True from
    the start; False never. Sharding and resuming work as in
    ``simulate``: ``executor``, ``shard_size``, ``max_in_flight``, ``checkpoint``.
    """
    g = make(game, **options) if isinstance(game, str) else game
    if not hasattr(g, "_simulate"):
        raise TypeError("solve_batch needs a game name or a C++ game from cardsim.make")
    if options and not isinstance(game, str):
        raise ValueError("pass options to make(), not to solve_batch(), when giving a game object")
    n = _count(deals, "deals", 1)
    first = _count(first_deal, "first_deal")
    s = _count(seed, "seed")
    if s >= 2**64:
        raise ValueError(f"seed must be below 2**64, got {s}")
    if first + n > 2**64:
        # Deals first .. first + n - 1 are indexed by 64-bit ints: 2**64 deals from 0 fit.
        raise ValueError(
            f"first_deal + deals must be at most 2**64, got {first} + {n} = {first + n}"
        )
    t = (os.cpu_count() or 1) if threads is None else check_threads(threads)
    if node_limit is None:
        node_limit = DEFAULT_NODE_LIMITS.get(g.name, DEFAULT_NODE_LIMIT)
    nl, tl, entries = _check_limits(node_limit, time_limit, table_entries)
    # A game without a solver fails here, before any work.
    _core._solve_batch(g, s, first, 0, 1, nl, tl, entries, *_empty(0).values())
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None, got {type(progress).__name__}")
    # Every deal's result is kept: a count past memory is refused here, before numpy
    # fails on it (a MemoryError, or "maximum allowed dimension" past 2**63).
    check_memory(
        n * sum(np.dtype(dt).itemsize for _, dt in _ARRAYS),
        f"solve_batch's per-deal results for {n:,} deals",
        "solve fewer deals per call (first_deal= continues a run)",
    )
    start = time.perf_counter()
    if any(x is not None for x in (executor, shard_size, max_in_flight, checkpoint)):
        arrays = _run_sharded(
            g,
            s,
            first,
            n,
            t,
            nl,
            tl,
            entries,
            executor,
            shard_size,
            max_in_flight,
            checkpoint,
            progress,
        )
    else:
        arrays = _empty(n)
        # Chunks serve progress (and its first estimate); they change no result.
        chunk = max(4 * t, n // 100) if progress is not False else n
        bar = _progress(n, g.name, progress)
        try:
            for lo in range(0, n, chunk):
                hi = min(n, lo + chunk)
                _core._solve_batch(
                    g,
                    s,
                    first + lo,
                    hi - lo,
                    t,
                    nl,
                    tl,
                    entries,
                    *(v[lo:hi] for v in arrays.values()),
                )
                if bar:
                    bar.update(hi - lo)
        finally:
            if bar:
                bar.close()
    return SolveBatchResult(
        game=g.name,
        options=g.options,
        seed=s,
        first_deal=first,
        deals=n,
        node_limit=nl,
        time_limit=time_limit,
        scored=g.name in _SCORED,
        wall_seconds=time.perf_counter() - start,
        **arrays,
    )


def _progress(n: int, name: str, progress: bool | None) -> Progress | None:
    return None if progress is False else Progress(n, name, force=bool(progress), unit="deal")


def _run_sharded(
    g: Game,
    seed: int,
    first: int,
    n: int,
    threads: int,
    node_limit: int,
    time_limit: float,
    table_entries: int,
    executor: Executor | None,
    shard_size: int | None,
    max_in_flight: int | None,
    checkpoint: str | os.PathLike[str] | None,
    progress: bool | None,
) -> dict[str, np.ndarray]:
    if shard_size is None:
        shard_size = max(1, n // 16)
    shard_size = _count(shard_size, "shard_size", 1)
    if max_in_flight is None:
        max_in_flight = shards.default_max_in_flight(executor)
    max_in_flight = _count(max_in_flight, "max_in_flight", 1)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError("executor must have a submit(fn, *args) method returning a future")
    identity: JSONObject = {
        "version": shards.CHECKPOINT_VERSION,
        "task": "solve",
        "game": g.name,
        "options": g.options,
        "seed": seed,
        "first_game": first,
        "games": n,
        "shard_size": shard_size,
        "node_limit": node_limit,
        "time_limit": time_limit,
        "table_entries": table_entries,
    }
    ckpt = shards.ShardLog(checkpoint, identity) if checkpoint is not None else None
    # In a worker process the shard may use every local core; in-process, the caller's count.
    task_threads = threads if executor is None else 1
    name, options = g.name, g.options

    def task(lo: int, k: int) -> tuple[object, ...]:
        return (name, options, seed, lo, k, node_limit, time_limit, table_entries, task_threads)

    bar = _progress(n, g.name, progress)
    span = (first, n, shard_size)
    results, _ = shards.drive(executor, run_solve_shard, task, span, max_in_flight, ckpt, bar)
    if ckpt:
        results = list(ckpt.done.values())  # a shard log keeps every shard, old and new
    arrays = _empty(n)
    for r in results:
        lo = r.first_game - first
        for name, dt in _ARRAYS:
            arrays[name][lo : lo + r.games] = np.asarray(r.summary[name], dtype=dt)
    return arrays
