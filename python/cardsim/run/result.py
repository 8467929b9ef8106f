"""The result of a batch run: per-game arrays and summary statistics, saved and loaded."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .. import _core
from .._version import __version__
from .plot import plot_result
from .stats import Estimate, mean_interval, variance, wilson

__all__ = ["Estimate", "SimulationResult", "load_result"]

#: Per-game array names, in the order files store them.
ARRAYS = ("scores", "winner", "winners_mask", "moves", "truncated", "times")
#: The saved-result format (SimulationResult.save).
RESULT_FORMAT = 1


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
    options: dict[str, Any]
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

    @property
    def num_players(self) -> int:
        """Seats in the game."""
        return int(self.summary.num_players)

    def win_rate(self, player: int = 0) -> Estimate:
        """Share of games the player won (alone or with their side), with a 95% interval."""
        return wilson(self.summary.wins[player], self.summary.games)

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
        return mean_interval(self.summary.score[player])

    def score_variance(self, player: int = 0) -> float:
        """The sample variance of the player's final score (exact sums, one division)."""
        return variance(self.summary.score[player])

    def policy_win_rate(self, index: int) -> Estimate:
        """Share of games won by the run's policy number ``index`` (whatever its seat)."""
        bp = self.by_policy or self.summary
        return wilson(bp.wins[index], bp.games)

    def policy_mean_score(self, index: int) -> Estimate:
        """Mean final score of the run's policy number ``index`` (whatever its seat)."""
        bp = self.by_policy or self.summary
        return mean_interval(bp.score[index])

    def mean_moves(self) -> Estimate:
        """Mean actions per game, with a 95% interval."""
        return mean_interval(self.summary.moves)

    def score_histogram(self, player: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """(values, counts) of the player's final scores."""
        values, counts = self.summary.score_histogram(player)
        return values, counts

    @property
    def games_per_second(self) -> float:
        """Throughput of this run (wall time, all threads)."""
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
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

    def plot(self, path: Any = None) -> Any:
        """Score distribution per seat, win rates with 95% intervals, and game
        lengths, as a matplotlib Figure (saved to ``path`` when given). Needs the
        ``plot`` extra: ``pip install 'cardsim[plot]'`` (else a ValueError says so)."""
        return plot_result(self, path)

    def to_pandas(self) -> Any:
        """The per-game arrays as a pandas DataFrame (needs pandas and a full run)."""
        import pandas as pd

        return pd.DataFrame(self._columns())

    def __str__(self) -> str:
        lines = [
            f"{self.game}: {self.games:,} games, policy {self.policy}, seed {self.seed}"
            + (" (seats rotated)" if self.seat_rotation else "")
            + (f", games from {self.first_game:,}" if self.first_game else ""),
            f"  {self.seconds:.3f} s on {self.threads} thread(s),"
            + (f" {self.games_per_second:,.0f} games/s" if self.games else " no games played"),
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
        """
        path = Path(path)
        if path.suffix.lower() != ".json":
            raise ValueError(f"save writes a .json file, got {path.name!r}")
        if arrays not in (None, "npz", "parquet"):
            raise ValueError(f"arrays must be 'npz' or 'parquet', got {arrays!r}")
        record: dict[str, Any] = {
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
            "policies": self.policies,
            "seat_rotation": self.seat_rotation,
            "summary_state": self.summary.to_state(),
            "by_policy_state": None
            if self.by_policy is None or self.by_policy is self.summary
            else self.by_policy.to_state(),
            "summary": self.to_dict(),
            "arrays": None,
        }
        if self.scores is not None:
            if arrays is None:
                arrays = "parquet" if _has_pyarrow() else "npz"
            side = path.with_suffix("." + arrays)
            if arrays == "parquet":
                _write_parquet(self.arrays(), side)
            else:
                with open(side, "wb") as f:
                    np.savez_compressed(f, **self.arrays())
            record["arrays"] = side.name
        path.write_text(json.dumps(record, indent=1) + "\n")
        return path

    def arrays(self) -> dict[str, Any]:
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
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(",".join(names) + "\n")
            if table is not None:
                fmt = ["%.17g" if k.startswith("time") else "%d" for k in names]
                np.savetxt(f, table, fmt=fmt, delimiter=",")
        return path

    def write_parquet(self, path: str | os.PathLike[str]) -> Path:
        """One row per game (the columns of ``to_pandas()``); needs pyarrow."""
        if not _has_pyarrow():
            raise ValueError("parquet output needs pyarrow: pip install pyarrow")
        import pyarrow as pa
        import pyarrow.parquet as pq

        path = Path(path)
        pq.write_table(pa.table({k: np.asarray(v) for k, v in self._columns().items()}), path)
        return path

    def _columns(self) -> dict[str, Any]:
        if self.scores is None:
            raise ValueError("a summary-only run has no per-game arrays")
        rot = self.num_players if self.seat_rotation else 1
        deals = np.arange(self.first_game, self.first_game + self.games // rot)
        cols: dict[str, Any] = {"game": np.repeat(deals, rot)}
        if self.seat_rotation:
            cols["rotation"] = np.tile(np.arange(rot), len(deals))
        for p in range(self.num_players):
            cols[f"score_{p}"] = self.scores[:, p]
        if self.times is not None:
            for p in range(self.num_players):
                cols[f"time_{p}"] = self.times[:, p]
        cols.update(winner=self.winner, moves=self.moves, truncated=self.truncated)
        return cols


def _finite(x: float) -> float | None:
    return None if math.isnan(x) else x


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

    cols: dict[str, Any] = {}
    for name, a in arrays.items():
        if a.ndim == 2:
            for p in range(a.shape[1]):
                cols[f"{name}.{p}"] = a[:, p]
        else:
            cols[name] = a
    pq.write_table(pa.table(cols), path)


def _read_parquet(path: Path) -> dict[str, np.ndarray]:
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    out: dict[str, np.ndarray] = {}
    seats: dict[str, list[tuple[int, np.ndarray]]] = {}
    for name in table.column_names:
        col = table.column(name).to_numpy()
        if "." in name:
            base, p = name.split(".")
            seats.setdefault(base, []).append((int(p), col))
        else:
            out[name] = col
    for base, cols in seats.items():
        out[base] = np.ascontiguousarray(np.column_stack([c for _, c in sorted(cols)]))
    return out


def load_result(path: str | os.PathLike[str]) -> SimulationResult:
    """Reads a result written by ``SimulationResult.save``, arrays included.

    Raises ValueError for a file that is not a saved cardsim result.
    """
    path = Path(path)
    try:
        record = json.loads(path.read_text())
        if record.get("format") != RESULT_FORMAT:
            raise ValueError(f"unknown format {record.get('format')!r}")
        summary = _core.Summary.from_state(record["summary_state"])
        fields = {
            k: record[k]
            for k in ("game", "options", "policy", "seed", "first_game", "games", "threads")
        }
        seconds = float(record["seconds"])
        policies = record.get("policies")
        seat_rotation = bool(record.get("seat_rotation", False))
        by_policy = (
            _core.Summary.from_state(record["by_policy_state"])
            if record.get("by_policy_state") is not None
            else summary
        )
    except (OSError, KeyError, TypeError, AttributeError, ValueError) as e:
        raise ValueError(f"{path} is not a saved cardsim result: {e}") from None
    arrays: dict[str, Any] = {}
    if record.get("arrays"):
        side = path.with_name(record["arrays"])
        if side.suffix == ".parquet":
            arrays = _read_parquet(side)
        else:
            with np.load(side) as z:
                arrays = {k: z[k] for k in z.files}
        if set(arrays) - set(ARRAYS):
            raise ValueError(f"{side} holds unknown arrays: {sorted(set(arrays) - set(ARRAYS))}")
    return SimulationResult(
        seconds=seconds,
        summary=summary,
        version=str(record.get("cardsim")),
        policies=policies,
        seat_rotation=seat_rotation,
        by_policy=by_policy,
        **fields,
        **arrays,
    )
