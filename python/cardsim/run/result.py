"""The result of a batch run: per-game arrays and summary statistics, saved and loaded."""

from __future__ import annotations

import hashlib
import json
import math
import os
import secrets
import zipfile
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from .. import _core
from .._typing import JSONValue, OptionValue, PathArg
from .._version import __version__
from ..guards.extras import require
from ..guards.limits import TooLarge, read_capped
from ..guards.text import printable, shown
from .plot import plot_result
from .stats import Estimate, mean_interval, variance, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from pandas import DataFrame

T = TypeVar("T")

__all__ = ["Estimate", "SimulationResult", "load_result"]

#: Per-game array names, in the order files store them.
ARRAYS = ("scores", "winner", "winners_mask", "moves", "truncated", "times")
#: The saved-result format (SimulationResult.save).
RESULT_FORMAT = 1
#: The largest saved-result JSON ``load_result`` reads (64 MiB; a summary is a few KB
#: plus its score histograms). The arrays beside it are capped by the summary's count.
MAX_RESULT_BYTES = 64 * 2**20
#: The dtype of each per-game array, and whether it has one column per seat.
ARRAY_DTYPES: dict[str, tuple[np.dtype[np.generic], bool]] = {
    "scores": (np.dtype(np.int32), True),
    "winner": (np.dtype(np.int8), False),
    "winners_mask": (np.dtype(np.uint16), False),
    "moves": (np.dtype(np.int32), False),
    "truncated": (np.dtype(np.bool_), False),
    "times": (np.dtype(np.float64), True),
}


#: What a runner returns for a SimulationResult: (summary, seconds, by_policy or
#: None, the per-game arrays by name, each None when not kept).
RunOutput = tuple[_core.Summary, float, "_core.Summary | None", dict[str, np.ndarray | None]]


def per_game_arrays(
    rows: int, num_players: int, timed: bool, summary_only: bool | None
) -> dict[str, np.ndarray | None]:
    """The arrays a batch run fills in C++, one row per game played: all None with
    ``summary_only``; ``times`` (each player's finishing second) only for a timed game."""
    if summary_only:
        return dict.fromkeys(("scores", "winner", "winners_mask", "moves", "truncated", "times"))
    return {
        "scores": np.zeros((rows, num_players), dtype=np.int32),
        "winner": np.zeros(rows, dtype=np.int8),
        "winners_mask": np.zeros(rows, dtype=np.uint16),
        "moves": np.zeros(rows, dtype=np.int32),
        "truncated": np.zeros(rows, dtype=bool),
        "times": np.zeros((rows, num_players), dtype=np.float64) if timed else None,
    }


@dataclass
class SimulationResult:
    """What ``cardsim.simulate`` returns.

    Per-game arrays (``None`` in summary-only runs), indexed by game - first_game:
      scores (games, num_players) int32; winner (games,) int8: the winning seat
      (the lowest of a winning side), -1 nobody won, -2 a draw; winners_mask
      (games,) uint16, bit p for each winning seat; moves (games,) int32;
      truncated (games,) bool; times (games, num_players) float64, only for games
      with a timed simulator (``game.traits.timed``): the simulated second of
      each player's last action (over the whole match in match play).

    ``summary`` holds exact streaming totals that merge across runs, by seat.

    ``policies`` names each seat's policy (seat p plays policies[p]). With
    ``seat_rotation`` every deal is played once per rotation: ``games`` counts
    every play (deals x seats), per-game arrays have one row per play (row
    k * num_players + r: deal first_game + k, rotation r, in which policy j sits
    at seat (j - r) mod num_players), and ``by_policy`` holds the totals indexed
    by policy instead of by seat (without rotation it is ``summary``).
    """

    game: str
    options: dict[str, OptionValue]
    policy: str
    seed: int
    first_game: int
    games: int
    threads: int
    seconds: float
    summary: _core.Summary
    scores: np.ndarray | None = None
    winner: np.ndarray | None = None
    winners_mask: np.ndarray | None = None
    moves: np.ndarray | None = None
    truncated: np.ndarray | None = None
    times: np.ndarray | None = None
    policies: list[str] | None = None
    seat_rotation: bool = False
    by_policy: _core.Summary | None = None
    #: The cardsim version that produced the result (this one, or the saved file's).
    version: str = __version__
    #: Games this run played, when it resumed the rest from a checkpoint (None: all
    #: ``games``); the speed counts these only.
    games_played: int | None = None

    @property
    def num_players(self) -> int:
        """Seats in the game."""
        return int(self.summary.num_players)

    def _seat(self, player: object, what: str = "player") -> int:
        """The seat (or policy index) every per-seat method takes: an int in
        [0, num_players), else TypeError / ValueError; never counted from the end."""
        if isinstance(player, (bool, np.bool_)) or not isinstance(player, (int, np.integer)):
            raise TypeError(f"{what} must be an int, got {type(player).__name__}")
        if not 0 <= player < self.num_players:
            raise ValueError(f"{what} must be in [0, {self.num_players}), got {int(player)}")
        return int(player)

    def __repr__(self) -> str:
        # Headline figures only: the per-game arrays stay on their attributes.
        rates = ", ".join(f"{self.win_rate(p).value:.4g}" for p in range(self.num_players))
        return (
            f"<SimulationResult {self.game}: {self.games:,} games, policy {self.policy},"
            f" seed {self.seed}, win rates [{rates}],"
            f" arrays {'kept' if self.scores is not None else 'none'}>"
        )

    def win_rate(self, player: int = 0) -> Estimate:
        """Share of games the player won (alone or with their side), with a 95% interval."""
        return wilson(self.summary.wins[self._seat(player)], self.summary.games)

    def draw_rate(self) -> Estimate:
        """Share of games drawn, with a 95% interval."""
        return wilson(self.summary.draws, self.summary.games)

    def truncation_rate(self) -> Estimate:
        """Share of games stopped by a cap (on moves, turns, rounds or deals), with a 95%
        interval; an end the rules make (a void deal, a stalemate) is not counted here."""
        return wilson(self.summary.truncated, self.summary.games)

    def no_winner_rate(self) -> Estimate:
        """Share of games nobody won that were not draws (lost patiences, stalemates,
        void deals, truncations), with a 95% interval."""
        return wilson(self.summary.no_winner, self.summary.games)

    def void_rate(self) -> Estimate | None:
        """Share of games that ended void (Rummy's void deal: the stock ran out once the
        turn-overs were used up; terminal, no winner, not a truncation), with a 95%
        interval; None for a game without such an end."""
        if self.summary.voids is None:
            return None
        return wilson(self.summary.voids, self.summary.games)

    def stalemate_rate(self) -> Estimate | None:
        """Share of rounds ended by a stalemate, with a 95% interval; None for a game
        without a stalemate rule (in match play: whether the last round ended so)."""
        if self.summary.stalemates is None:
            return None
        return wilson(self.summary.stalemates, self.summary.games)

    def mean_score(self, player: int = 0) -> Estimate:
        """The player's mean final score, with a 95% interval."""
        return mean_interval(self.summary.score[self._seat(player)])

    def score_variance(self, player: int = 0) -> float:
        """The sample variance of the player's final score (exact sums, one division)."""
        return variance(self.summary.score[self._seat(player)])

    def policy_win_rate(self, index: int) -> Estimate:
        """Share of games won by the run's policy number ``index`` (whatever its seat)."""
        bp = self.by_policy or self.summary
        return wilson(bp.wins[self._seat(index, "policy index")], bp.games)

    def policy_mean_score(self, index: int) -> Estimate:
        """Mean final score of the run's policy number ``index`` (whatever its seat)."""
        bp = self.by_policy or self.summary
        return mean_interval(bp.score[self._seat(index, "policy index")])

    def mean_moves(self) -> Estimate:
        """Mean actions per game, with a 95% interval."""
        return mean_interval(self.summary.moves)

    def score_histogram(self, player: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """(values, counts) of the player's final scores."""
        values, counts = self.summary.score_histogram(self._seat(player))
        return values, counts

    @property
    def games_per_second(self) -> float:
        """Throughput of this run (wall time, all threads): the games it played, not
        those resumed from a checkpoint."""
        played = self.games if self.games_played is None else self.games_played
        return played / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe summary (no per-game arrays)."""

        def est(e: Estimate) -> dict[str, float | None]:
            return e.to_dict()

        players = []
        for p in range(self.num_players):
            values, counts = self.score_histogram(p)
            players.append(
                {
                    "win_rate": est(self.win_rate(p)),
                    "mean_score": est(self.mean_score(p)),
                    "score_variance": _finite(self.score_variance(p)),
                    "score_min": self.summary.score[p]["min"] if self.games else None,
                    "score_max": self.summary.score[p]["max"] if self.games else None,
                    "score_histogram": {
                        int(v): int(c) for v, c in zip(values, counts, strict=True) if c
                    },
                }
            )
        stalemate = self.stalemate_rate()
        void = self.void_rate()
        by_policy = [
            {
                "policy": name,
                "win_rate": est(self.policy_win_rate(j)),
                "mean_score": est(self.policy_mean_score(j)),
            }
            for j, name in enumerate(self.policies or [self.policy] * self.num_players)
        ]
        return {
            "cardsim": self.version,
            "game": self.game,
            "options": self.options,
            "policy": self.policy,
            "policies": self.policies,
            "seat_rotation": self.seat_rotation,
            "by_policy": by_policy,
            "seed": self.seed,
            "first_game": self.first_game,
            "games": self.games,
            "threads": self.threads,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second if self.games else None,
            "no_winner_rate": est(self.no_winner_rate()),
            "draw_rate": est(self.draw_rate()),
            "truncation_rate": est(self.truncation_rate()),
            "stalemate_rate": None if stalemate is None else est(stalemate),
            "void_rate": None if void is None else est(void),
            "mean_moves": est(self.mean_moves()),
            "players": players,
        }

    def plot(self, path: PathArg | None = None) -> Figure:
        """Score distribution per seat, win rates with 95% intervals, and game
        lengths, as a matplotlib Figure (saved to ``path`` when given). Needs the
        ``plot`` extra: ``pip install 'cardsim[plot]'`` (else a ValueError says so)."""
        return plot_result(self, path)

    def to_pandas(self) -> DataFrame:
        """The per-game arrays as a pandas DataFrame (needs a full run, and pandas:
        ``pip install 'cardsim[pandas]'``)."""
        pd = require("pandas", "to_pandas")
        frame: DataFrame = pd.DataFrame(self._columns())
        return frame

    def __str__(self) -> str:
        lines = [
            f"{self.game}: {self.games:,} games, policy {self.policy}, seed {self.seed}"
            + (" (seats rotated)" if self.seat_rotation else "")
            + (f", games from {self.first_game:,}" if self.first_game else ""),
            f"  {self.seconds:.3f} s on {self.threads} thread(s),"
            + (f" {self.games_per_second:,.0f} games/s" if self.games else " no games played")
            + (
                f" ({self.games - self.games_played:,} games resumed from the checkpoint)"
                if self.games_played is not None and self.games_played != self.games
                else ""
            ),
        ]
        if self.options:
            lines.append("  options: " + ", ".join(f"{k}={v!r}" for k, v in self.options.items()))
        for p in range(self.num_players):
            who = f"player {p}" if self.num_players > 1 else "player"
            lines.append(
                f"  {who}: win rate {self.win_rate(p)}, mean score {self.mean_score(p)}"
                " (95% intervals)"
            )
        if self.seat_rotation and self.policies:
            for j, name in enumerate(self.policies):
                lines.append(
                    f"  policy {j} ({name}), every seat: win rate {self.policy_win_rate(j)},"
                    f" mean score {self.policy_mean_score(j)}"
                )
        # Every way a game can end without a winner is stated, zero or not.
        lines.append(f"  no winner: {self.no_winner_rate()}")
        lines.append(f"  draws: {self.draw_rate()}")
        lines.append(f"  truncated (move cap): {self.truncation_rate()}")
        stalemate = self.stalemate_rate()
        if stalemate is not None:
            lines.append(f"  stalemate: {stalemate}")
        void = self.void_rate()
        if void is not None:
            lines.append(f"  void deals: {void}")
        lines.append(f"  mean moves: {self.mean_moves()}")
        return "\n".join(lines)

    # --- saving and loading ---------------------------------------------------------
    def save(self, path: str | os.PathLike[str], arrays: str | None = None) -> Path:
        """Writes the result to ``path`` (.json): summary, options, seed, range, version.

        Per-game arrays, if the run kept them, go beside it: ``<stem>.parquet``
        when ``arrays="parquet"`` (needs pyarrow) or ``<stem>.npz`` when
        ``arrays="npz"``; the default is parquet when pyarrow is installed, else
        npz. ``cardsim.load_result(path)`` reads it all back. Returns the path.
        A path that cannot be written (no such directory, no permission) is a
        ValueError naming it.
        """
        path = Path(path)
        if path.suffix.lower() != ".json":
            raise ValueError(f"save writes a .json file, got {path.name!r}")
        _check_folder(path)
        if arrays not in (None, "npz", "parquet"):
            raise ValueError(f"arrays must be 'npz' or 'parquet', got {arrays!r}")
        record: dict[str, object] = {
            "format": RESULT_FORMAT,
            "cardsim": self.version,
            "game": self.game,
            "options": self.options,
            "policy": self.policy,
            "seed": self.seed,
            "first_game": self.first_game,
            "games": self.games,
            "threads": self.threads,
            "seconds": self.seconds,
            "games_played": self.games_played,
            "policies": self.policies,
            "seat_rotation": self.seat_rotation,
            "summary_state": self.summary.to_state(),
            "by_policy_state": None
            if self.by_policy is None or self.by_policy is self.summary
            else self.by_policy.to_state(),
            "summary": self.to_dict(),
            "arrays": None,
        }
        # Every file is written whole under a unique temporary name, then renamed: the
        # side file first, the JSON last. The JSON names its side file with its size
        # and SHA-256, so a pair left mismatched by a crash between the renames is
        # refused by load_result, never read as one result.
        side_tmp: Path | None = None
        json_tmp = _temporary(path)
        try:
            if self.scores is not None:
                if arrays is None:
                    arrays = "parquet" if _has_pyarrow() else "npz"
                side = path.with_suffix("." + arrays)
                side_tmp = _temporary(side)
                if arrays == "parquet":
                    _write_parquet(self.arrays(), side_tmp)
                else:
                    with open(side_tmp, "wb") as f:
                        # numpy's stub matches ** to its allow_pickle flag (numpy 2.1+).
                        np.savez_compressed(f, **self.arrays())  # type: ignore[arg-type]
                record["arrays"] = side.name
                record["arrays_bytes"], record["arrays_sha256"] = _fingerprint(side_tmp)
            with open(json_tmp, "w", encoding="utf-8") as f:
                f.write(json.dumps(record, indent=1) + "\n")
                f.flush()
                os.fsync(f.fileno())
            if side_tmp is not None:
                os.replace(side_tmp, side)
            os.replace(json_tmp, path)
        except (PermissionError, FileNotFoundError, NotADirectoryError, IsADirectoryError) as e:
            # Named by the path asked for, not by the temporary file that failed first.
            raise _bad_path(path, e) from None
        finally:
            for tmp in (side_tmp, json_tmp):
                if tmp is not None:
                    tmp.unlink(missing_ok=True)
        return path

    def arrays(self) -> dict[str, np.ndarray]:
        """The per-game arrays the run kept, by name (empty for a summary-only run)."""
        return {k: getattr(self, k) for k in ARRAYS if getattr(self, k) is not None}

    def write_csv(self, path: str | os.PathLike[str]) -> Path:
        """One row per game (the columns of ``to_pandas()``), no pandas needed."""
        cols = self._columns()
        names = list(cols)
        table = (
            np.column_stack(
                [
                    np.asarray(cols[k]).astype(np.float64 if k.startswith("time") else np.int64)
                    for k in names
                ]
            )
            if self.games
            else None
        )
        path = Path(path)
        _check_folder(path)
        try:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(",".join(names) + "\n")
                if table is not None:
                    fmt = ["%.17g" if k.startswith("time") else "%d" for k in names]
                    np.savetxt(f, table, fmt=fmt, delimiter=",")
        except (PermissionError, FileNotFoundError, NotADirectoryError, IsADirectoryError) as e:
            raise _bad_path(path, e) from None
        return path

    def write_parquet(self, path: str | os.PathLike[str]) -> Path:
        """One row per game (the columns of ``to_pandas()``); needs pyarrow."""
        if not _has_pyarrow():
            raise ValueError("parquet output needs pyarrow: pip install pyarrow")
        import pyarrow as pa
        import pyarrow.parquet as pq

        path = Path(path)
        _check_folder(path)
        try:
            pq.write_table(pa.table({k: np.asarray(v) for k, v in self._columns().items()}), path)
        except (PermissionError, FileNotFoundError, NotADirectoryError, IsADirectoryError) as e:
            raise _bad_path(path, e) from None
        return path

    def _columns(self) -> dict[str, np.ndarray]:
        if self.scores is None:
            raise ValueError("a summary-only run has no per-game arrays")
        rot = self.num_players if self.seat_rotation else 1
        deals = np.arange(self.first_game, self.first_game + self.games // rot)
        cols: dict[str, np.ndarray] = {"game": np.repeat(deals, rot)}
        if self.seat_rotation:
            cols["rotation"] = np.tile(np.arange(rot), len(deals))
        for p in range(self.num_players):
            cols[f"score_{p}"] = self.scores[:, p]
        if self.times is not None:
            for p in range(self.num_players):
                cols[f"time_{p}"] = self.times[:, p]
        for name in ("winner", "moves", "truncated"):
            column = getattr(self, name)
            if column is not None:  # a full run has them all
                cols[name] = column
        return cols


def _finite(x: float) -> float | None:
    return None if math.isnan(x) else x


def _check_folder(path: Path) -> None:
    """A file can only be written into an existing directory, and not over one: say
    so before anything is written, naming the path."""
    if path.is_dir():
        raise ValueError(f"cannot write {printable(repr(os.fspath(path)))}: it is a directory")
    if not path.parent.is_dir():
        raise ValueError(
            f"cannot write {printable(repr(os.fspath(path)))}:"
            f" the directory {printable(repr(os.fspath(path.parent)))} does not exist"
        )


def _bad_path(path: Path, e: OSError) -> ValueError:
    """A write refused for its path (permissions, a directory in the way), as a
    ValueError naming the path the caller gave."""
    # From the error number: pyarrow's own text names its temporary file instead.
    why = os.strerror(e.errno) if e.errno else (e.strerror or type(e).__name__)
    return ValueError(f"cannot write {printable(repr(os.fspath(path)))}: {why}")


def _temporary(path: Path) -> Path:
    """A name beside ``path`` that no other writer (process or thread) picks."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.tmp")


def _fingerprint(path: Path) -> tuple[int, str]:
    """The size and SHA-256 of a file, read in blocks; on disk once this returns."""
    h = hashlib.sha256()
    size = 0
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
            size += len(block)
        os.fsync(f.fileno())
    return size, h.hexdigest()


def _has_pyarrow() -> bool:
    try:
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        return False
    return True


def _write_parquet(arrays: dict[str, np.ndarray], path: Path) -> None:
    # 2-D arrays (scores, times) are stored one column per seat, with their shape.
    import pyarrow as pa
    import pyarrow.parquet as pq

    cols: dict[str, np.ndarray] = {}
    for name, a in arrays.items():
        if a.ndim == 2:
            for p in range(a.shape[1]):
                cols[f"{name}.{p}"] = a[:, p]
        else:
            cols[name] = a
    pq.write_table(pa.table(cols), path)


class _Refused(ValueError):
    """A saved result that fails a check (load_result adds the file's name)."""


def _expected_shapes(rows: int, num_players: int, timed: bool) -> dict[str, tuple[int, ...]]:
    shapes: dict[str, tuple[int, ...]] = {
        k: (rows, num_players) if seats else (rows,) for k, (_, seats) in ARRAY_DTYPES.items()
    }
    if not timed:
        del shapes["times"]
    return shapes


def _read_npz(path: Path, shapes: dict[str, tuple[int, ...]]) -> dict[str, np.ndarray]:
    """The arrays of an npz, each header checked against ``shapes`` before its data is
    read: a file that declares more rows than the summary allocates nothing."""
    out: dict[str, np.ndarray] = {}
    with zipfile.ZipFile(path) as z:
        names = {n.removesuffix(".npy"): n for n in z.namelist()}
        if set(names) != set(shapes):
            raise _Refused(f"holds arrays {sorted(names)}, expected {sorted(shapes)}")
        for name, member in names.items():
            with z.open(member) as f:
                version = np.lib.format.read_magic(f)
                if version == (1, 0):
                    shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
                elif version == (2, 0):
                    shape, fortran, dtype = np.lib.format.read_array_header_2_0(f)
                else:
                    raise _Refused(f"array {name} has an unknown npy version {version}")
                _check_array(name, shape, dtype, shapes[name])
                if fortran:
                    raise _Refused(f"array {name} is not in C order")
                data = f.read(int(np.prod(shape)) * dtype.itemsize + 1)
                if len(data) != int(np.prod(shape)) * dtype.itemsize:
                    raise _Refused(f"array {name} holds the wrong number of bytes")
                out[name] = np.frombuffer(data, dtype=dtype).reshape(shape).copy()
    return out


def _read_parquet(path: Path, shapes: dict[str, tuple[int, ...]]) -> dict[str, np.ndarray]:
    """The arrays of a parquet file, its row count and columns checked from the
    metadata before any column is read."""
    import pyarrow.parquet as pq

    meta = pq.ParquetFile(path)
    rows = next(iter(shapes.values()))[0]
    if meta.metadata.num_rows != rows:
        raise _Refused(f"has {meta.metadata.num_rows} rows, but the summary counts {rows} games")
    want = []
    for name, shape in shapes.items():
        want += [f"{name}.{p}" for p in range(shape[1])] if len(shape) == 2 else [name]
    got = list(meta.schema_arrow.names)
    if sorted(got) != sorted(want):
        raise _Refused(f"holds columns {got[:20]}, expected {want}")
    table = meta.read()
    out: dict[str, np.ndarray] = {}
    for name, shape in shapes.items():
        if len(shape) == 2:
            cols = [table.column(f"{name}.{p}").to_numpy() for p in range(shape[1])]
            a = np.ascontiguousarray(np.column_stack(cols)) if cols else np.empty(shape)
        else:
            a = table.column(name).to_numpy()
        _check_array(name, a.shape, a.dtype, shape)
        out[name] = a
    return out


def _check_array(
    name: str, shape: Sequence[int], dtype: np.dtype[np.generic], want: tuple[int, ...]
) -> None:
    if tuple(shape) != want:
        raise _Refused(
            f"array {name} has shape {tuple(shape)}, but the summary wants {want} ({want[0]} games)"
        )
    if dtype != ARRAY_DTYPES[name][0]:
        raise _Refused(f"array {name} has dtype {dtype}, expected {ARRAY_DTYPES[name][0]}")


def _check_moments(m: dict[str, int], games: int, what: str) -> None:
    """The exact sums of one quantity agree with each other and with the game count."""
    n, total, squares, lo, hi = m["n"], m["sum"], m["sum_sq"], m["min"], m["max"]
    if n != games:
        raise _Refused(f"{what} counts {n} games, not {games}")
    if n and not (lo <= hi and n * lo <= total <= n * hi):
        raise _Refused(f"{what}: its sum is outside n*min..n*max")
    # Cauchy-Schwarz: sum**2 <= n * sum_sq, i.e. a variance >= 0.
    if squares < 0 or total * total > n * squares:
        raise _Refused(f"{what}: its sum of squares gives a negative variance")
    if n and squares > n * max(lo * lo, hi * hi):
        raise _Refused(f"{what}: its sum of squares exceeds n*max(min**2, max**2)")


def check_summary(summary: _core.Summary, games: int, what: str = "summary") -> None:
    """Raises ValueError unless ``summary`` is a possible run of ``games`` games: every
    count at most the games, each seat's sums consistent with its histogram (as
    exact sums are), every variance non-negative."""
    state = summary.to_state()
    if state["games"] != games:
        raise _Refused(f"{what} counts {state['games']} games, but the result says {games}")
    for key in ("draws", "no_winner", "truncated", "stalemates"):
        v = state.get(key)
        if v is not None and v > games:
            raise _Refused(f"{what} has {key} {v} > games {games}")
    if any(w > games for w in state["wins"]):
        raise _Refused(f"{what} has wins {state['wins']} > games {games}")
    _check_moments(state["moves"], games, f"{what} moves")
    for p, (m, (lo, counts)) in enumerate(zip(state["score"], state["score_hist"], strict=True)):
        _check_moments(m, games, f"{what} score of seat {p}")
        if sum(counts) != games:
            raise _Refused(f"{what} score histogram of seat {p} counts {sum(counts)} games")
        total = sum((lo + i) * c for i, c in enumerate(counts) if c)
        squares = sum((lo + i) ** 2 * c for i, c in enumerate(counts) if c)
        if (total, squares) != (m["sum"], m["sum_sq"]):
            raise _Refused(f"{what} score of seat {p} disagrees with its histogram")


def _check_arrays(arrays: dict[str, np.ndarray], summary: _core.Summary) -> None:
    """The per-game rows add up to the summary's totals."""
    state = summary.to_state()
    if int(arrays["moves"].sum(dtype=np.int64)) != state["moves"]["sum"]:
        raise _Refused("its moves do not add up to the summary's")
    if int(arrays["truncated"].sum()) != state["truncated"]:
        raise _Refused("its truncated games do not match the summary's")
    sums = arrays["scores"].sum(axis=0, dtype=np.int64)
    mask = arrays["winners_mask"]
    for p in range(summary.num_players):
        if int(sums[p]) != state["score"][p]["sum"]:
            raise _Refused(f"its scores of seat {p} do not add up to the summary's")
        if int(((mask >> p) & 1).sum()) != state["wins"][p]:
            raise _Refused(f"its wins of seat {p} do not match the summary's")


def _reason(e: BaseException) -> str:
    """An exception from a reader, as a bounded, printable clause."""
    text = shown(str(e), 300).strip("'\"")
    return f"{type(e).__name__}: {text}" if isinstance(e, (KeyError, IndexError)) else text


def _read_json(path: Path) -> JSONValue:
    try:
        raw = read_capped(path, MAX_RESULT_BYTES)
    except TooLarge:
        raise _Refused(f"larger than {MAX_RESULT_BYTES // 2**20} MiB") from None
    try:
        value: JSONValue = json.loads(raw)
    except RecursionError:
        raise _Refused("nested too deep") from None
    return value


def _field(record: Mapping[str, JSONValue], key: str, kind: type[T] | tuple[type[T], ...]) -> T:
    v = record[key]
    if (isinstance(v, bool) and kind is not bool) or not isinstance(v, kind):
        raise TypeError(f"field {key!r} must be {getattr(kind, '__name__', kind)}")
    return v


def load_result(path: str | os.PathLike[str]) -> SimulationResult:
    """Reads a result written by ``SimulationResult.save``, arrays included.

    Nothing is believed unchecked: the summary's own invariants (see
    ``check_summary``), the arrays' names, shapes and dtypes against the summary's
    game count (read from the file headers and metadata before any data, so a file
    cannot make this allocate more than the summary declares), the arrays' totals
    against the summary's, and the side file's size and SHA-256 against the ones the
    JSON recorded. Raises ValueError (or TypeError for a field of the wrong type)
    for a file that is not a whole, consistent saved cardsim result.
    """
    path = Path(path)
    name = printable(repr(os.fspath(path)))
    try:
        record = _read_json(path)
        if not isinstance(record, dict):
            raise _Refused("not a JSON object")
        if record.get("format") != RESULT_FORMAT:
            raise _Refused(f"unknown format {shown(record.get('format'))}")
        game_name = _field(record, "game", str)
        options = _field(record, "options", dict)
        policy = _field(record, "policy", str)
        seed = _field(record, "seed", int)
        first_game = _field(record, "first_game", int)
        games = _field(record, "games", int)
        threads = _field(record, "threads", int)
        seconds = float(_field(record, "seconds", (int, float)))
        games_played = record.get("games_played")
        if games_played is not None and (
            isinstance(games_played, bool) or not isinstance(games_played, int)
        ):
            raise TypeError("field 'games_played' must be int")
        policies = record.get("policies")
        if policies is not None and not (
            isinstance(policies, list) and all(isinstance(x, str) for x in policies)
        ):
            raise TypeError("field 'policies' must be a list of str")
        seat_rotation = record.get("seat_rotation", False)
        if not isinstance(seat_rotation, bool):
            raise TypeError("field 'seat_rotation' must be true or false")
        summary = _core.Summary.from_state(record["summary_state"])
        by_policy = (
            _core.Summary.from_state(record["by_policy_state"])
            if record.get("by_policy_state") is not None
            else summary
        )
        game = _core.make(game_name, options)
        if summary.num_players != game.num_players or by_policy.num_players != game.num_players:
            raise _Refused(f"its summary has the wrong number of seats for {game_name}")
        check_summary(summary, games)
        if by_policy is not summary:
            check_summary(by_policy, games, "by-policy summary")
        side_name = record.get("arrays")
        arrays: dict[str, np.ndarray] = {}
        if side_name is not None:
            if not isinstance(side_name, str) or Path(side_name).name != side_name:
                raise _Refused(f"names a bad arrays file {shown(side_name)}")
            side = path.with_name(side_name)
            size, digest = _fingerprint(side)
            saved = (record.get("arrays_bytes"), record.get("arrays_sha256"))
            # A file saved before fingerprints were recorded has neither (legacy).
            if saved != (None, None) and (size, digest) != saved:
                raise _Refused(
                    f"its arrays file {side_name!r} is not the one saved with it (size or"
                    " SHA-256 differ: another run's, or a save that was interrupted)"
                )
            shapes = _expected_shapes(games, game.num_players, game.traits.timed)
            if side.suffix == ".parquet":
                if not _has_pyarrow():
                    raise _Refused(
                        "its arrays are parquet, which needs pyarrow: pip install pyarrow"
                    )
                arrays = _read_parquet(side, shapes)
            elif side.suffix == ".npz":
                arrays = _read_npz(side, shapes)
            else:
                raise _Refused(f"names a bad arrays file {shown(side_name)}")
            _check_arrays(arrays, summary)
    except _Refused as e:
        raise ValueError(f"{name} is not a saved cardsim result: {e}") from None
    except TypeError as e:
        raise TypeError(f"{name} is not a saved cardsim result: {e}") from None
    except OSError as e:
        what = shown(os.fspath(e.filename)) if e.filename else "a file"
        raise ValueError(
            f"{name} is not a saved cardsim result: cannot read {what}: {e.strerror or e}"
        ) from None
    except (
        EOFError,
        KeyError,
        IndexError,
        AttributeError,
        ValueError,
        RecursionError,
        zipfile.BadZipFile,
        zlib.error,
    ) as e:
        raise ValueError(f"{name} is not a saved cardsim result: {_reason(e)}") from None
    except Exception as e:
        # A parquet reader's own errors (pyarrow.ArrowException) have no common base here.
        if type(e).__module__.split(".")[0] != "pyarrow":
            raise
        raise ValueError(f"{name} is not a saved cardsim result: {_reason(e)}") from None
    return SimulationResult(
        seconds=seconds,
        summary=summary,
        version=str(record.get("cardsim")),
        policies=None if policies is None else [x for x in policies if isinstance(x, str)],
        seat_rotation=seat_rotation,
        by_policy=by_policy,
        games_played=games_played,
        game=game_name,
        options=options,
        policy=policy,
        seed=seed,
        first_game=first_game,
        games=games,
        threads=threads,
        scores=arrays.get("scores"),
        winner=arrays.get("winner"),
        winners_mask=arrays.get("winners_mask"),
        moves=arrays.get("moves"),
        truncated=arrays.get("truncated"),
        times=arrays.get("times"),
    )
