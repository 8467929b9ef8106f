"""The result of a batch run: per-game arrays and summary statistics."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from . import _core

__all__ = ["Estimate", "SimulationResult"]

_Z95 = 1.959963984540054


class Estimate(NamedTuple):
    """A point estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.value:.6g} [{self.low:.6g}, {self.high:.6g}]"


def wilson(successes: int, n: int) -> Estimate:
    """A proportion with its 95% Wilson score interval (sound near 0 and 1)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(moments: dict[str, int]) -> Estimate:
    """A mean with its normal-approximation 95% interval, from exact integer sums."""
    n = moments["n"]
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = moments["sum"] / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan)
    # Exact integer arithmetic until the final division: no cancellation.
    var = (moments["sum_sq"] * n - moments["sum"] ** 2) / (n * (n - 1))
    half = _Z95 * math.sqrt(max(var, 0.0) / n)
    return Estimate(mean, mean - half, mean + half)


def variance(moments: dict[str, int]) -> float:
    n = moments["n"]
    if n < 2:
        return math.nan
    return (moments["sum_sq"] * n - moments["sum"] ** 2) / (n * (n - 1))


@dataclass
class SimulationResult:
    """What ``cardsim.simulate`` returns.

    Per-game arrays (``None`` in summary-only runs), indexed by game - first_game:
      scores (games, num_players) int32; winner (games,) int8: the winning seat
      (the lowest of a winning side), -1 nobody won, -2 a draw; winners_mask
      (games,) uint16, bit p for each winning seat; moves (games,) int32;
      truncated (games,) bool; times (games, num_players) float64, only for games
      with a timed simulator (Racing Demon): the simulated second of each
      player's last action (the OUT player's is the end of the round).
    ``summary`` holds exact streaming totals that merge across runs.
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
        """Share of games stopped by the move cap, with a 95% interval."""
        return wilson(self.summary.truncated, self.summary.games)

    def mean_score(self, player: int = 0) -> Estimate:
        """The player's mean final score, with a 95% interval."""
        return mean_interval(self.summary.score[player])

    def score_variance(self, player: int = 0) -> float:
        """The sample variance of the player's final score (exact sums, one division)."""
        return variance(self.summary.score[player])

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

        def est(e: Estimate) -> dict[str, float]:
            return {"value": e.value, "low": e.low, "high": e.high}

        players = []
        for p in range(self.num_players):
            values, counts = self.score_histogram(p)
            players.append(
                {
                    "win_rate": est(self.win_rate(p)),
                    "mean_score": est(self.mean_score(p)),
                    "score_variance": self.score_variance(p),
                    "score_min": self.summary.score[p]["min"],
                    "score_max": self.summary.score[p]["max"],
                    "score_histogram": {
                        int(v): int(c) for v, c in zip(values, counts, strict=True) if c
                    },
                }
            )
        return {
            "game": self.game,
            "options": self.options,
            "policy": self.policy,
            "seed": self.seed,
            "first_game": self.first_game,
            "games": self.games,
            "threads": self.threads,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "draw_rate": est(self.draw_rate()),
            "truncation_rate": est(self.truncation_rate()),
            "mean_moves": est(self.mean_moves()),
            "players": players,
        }

    def plot(self, path: Any = None) -> Any:
        """Score distribution per seat, win rates with 95% intervals, and game
        lengths, as a matplotlib Figure (saved to ``path`` when given). Needs the
        ``plot`` extra: ``pip install 'cardsim[plot]'`` (else a ValueError says so)."""
        from .plot import plot_result

        return plot_result(self, path)

    def to_pandas(self) -> Any:
        """The per-game arrays as a pandas DataFrame (needs pandas and a full run)."""
        import pandas as pd

        if self.scores is None:
            raise ValueError("a summary-only run has no per-game arrays")
        cols: dict[str, Any] = {"game": np.arange(self.first_game, self.first_game + self.games)}
        for p in range(self.num_players):
            cols[f"score_{p}"] = self.scores[:, p]
        if self.times is not None:
            for p in range(self.num_players):
                cols[f"time_{p}"] = self.times[:, p]
        cols.update(winner=self.winner, moves=self.moves, truncated=self.truncated)
        return pd.DataFrame(cols)

    def __str__(self) -> str:
        lines = [
            f"{self.game}: {self.games:,} games, policy {self.policy}, seed {self.seed}"
            + (f", games from {self.first_game:,}" if self.first_game else ""),
            f"  {self.seconds:.3f} s on {self.threads} thread(s),"
            f" {self.games_per_second:,.0f} games/s",
        ]
        if self.options:
            lines.append("  options: " + ", ".join(f"{k}={v!r}" for k, v in self.options.items()))
        for p in range(self.num_players):
            who = f"player {p}" if self.num_players > 1 else "player"
            lines.append(
                f"  {who}: win rate {self.win_rate(p)}, mean score {self.mean_score(p)}"
                " (95% intervals)"
            )
        if self.num_players > 1:
            lines.append(f"  draws: {self.draw_rate()}")
        if self.summary.truncated:
            lines.append(f"  truncated: {self.truncation_rate()}")
        lines.append(f"  mean moves: {self.mean_moves()}")
        return "\n".join(lines)
