"""Pictures of a batch run (``SimulationResult.plot``), a tournament
(``TournamentResult.plot``), a solve batch (``SolveBatchResult.plot``), a
table of head-to-head scores across games (``plot_skill``) and players' figures
against their search budget (``plot_budget``), drawn with matplotlib.

matplotlib is an optional extra: ``pip install 'cardsim[plot]'``. Without it,
``plot`` raises a ValueError naming the extra.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, TypeAlias, TypedDict

import numpy as np

from .. import _core
from .._typing import PathArg
from .stats import Estimate, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..solver.solve import SolveBatchResult
    from .result import SimulationResult
    from .tournament import TournamentResult

#: An estimate with its interval: an Estimate, or a mapping with "value", "low" and
#: "high" (as the bench's JSON files hold them).
Interval: TypeAlias = "Estimate | Mapping[str, float]"


class BudgetPanel(TypedDict, total=False):
    """One panel of ``plot_budget``: its title and axis label, each search player's
    estimates by budget, and a level line for each player without a budget."""

    title: str
    ylabel: str
    curves: Mapping[str, Mapping[int, Interval]]
    lines: Mapping[str, Interval]


__all__ = [
    "plot_budget",
    "plot_result",
    "plot_skill",
    "plot_solve_batch",
    "plot_tournament",
    "require_matplotlib",
]


def require_matplotlib() -> ModuleType:
    """``matplotlib.pyplot`` on the file-only Agg backend, or a ValueError naming the extra."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError(
            "plotting needs matplotlib: install the extra with pip install 'cardsim[plot]'"
        ) from None
    if matplotlib.get_backend().lower() not in ("agg", "module://matplotlib_inline.backend_inline"):
        matplotlib.use("Agg")  # never open a window: a figure is returned or saved
    import matplotlib.pyplot as plt

    return plt


def _check_path(path: object) -> None:
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or path, got {type(path).__name__}")


def _spread(estimates: Sequence[Interval]) -> tuple[list[float], list[list[float]]]:
    """The values of ``estimates`` (Estimates, or dicts with ``value``, ``low`` and
    ``high``) and their intervals as error bars below and above; an undefined bound
    (one game) gives no bar of error."""
    values, lows, highs = [], [], []
    for e in estimates:
        v, lo, hi = (e["value"], e["low"], e["high"]) if isinstance(e, Mapping) else e
        values.append(float(v))
        lows.append(0.0 if np.isnan(lo) else max(0.0, v - lo))
        highs.append(0.0 if np.isnan(hi) else max(0.0, hi - v))
    return values, [lows, highs]


def _bars(ax: Axes, labels: list[str], estimates: Sequence[Interval], colours: object) -> None:
    """Horizontal bars at each estimate's value with its interval as error bars."""
    values, err = _spread(estimates)
    y = np.arange(len(labels))
    ax.barh(y, values, xerr=err, capsize=3, color=colours)
    ax.set_yticks(y, labels, fontsize=8)
    ax.invert_yaxis()  # first label on top, as in the printed tables


def _save(fig: Figure, path: PathArg | None) -> Figure:
    fig.tight_layout()
    if path is not None:
        fig.savefig(os.fspath(path), dpi=80)
    return fig


def plot_tournament(result: TournamentResult, path: PathArg | None = None) -> Figure:
    """Two panels: the win rate of each policy against each other one (95%
    intervals, a line at 1/2) and the Bradley-Terry ratings on the Elo scale
    with their 95% intervals, best first. Returns the matplotlib Figure; with
    ``path``, also saves it there (format from the suffix)."""
    plt = require_matplotlib()
    _check_path(path)
    if not result.pairings:
        raise ValueError("nothing to plot: the tournament has no pairings")
    rows = len(result.pairings)
    height = max(3.2, 0.28 * max(rows, len(result.policies)) + 1.4)
    fig, (ax_w, ax_r) = plt.subplots(1, 2, figsize=(12, height))
    fig.suptitle(
        f"{result.game} tournament: {len(result.policies)} policies, {result.games:,} deals"
        f" per table, {result.plays:,} games, seed {result.seed}"
    )
    _bars(
        ax_w,
        [f"{p.a} vs {p.b}" for p in result.pairings],
        [p.win_rate for p in result.pairings],
        "#4c72b0",
    )
    ax_w.axvline(0.5, color="#999999", linestyle="--", linewidth=1)
    ax_w.set_xlim(0, 1)
    ax_w.set_title("win rate against the opponent (95% interval)")
    ax_w.set_xlabel("win rate (a draw or shared win counts 1/2)")

    order = sorted(range(len(result.policies)), key=lambda i: -result.ratings[i].value)
    _bars(
        ax_r,
        [result.policies[i] for i in order],
        [result.ratings[i] for i in order],
        ["#55a868" if result.ratings[i].value >= 0 else "#c44e52" for i in order],
    )
    ax_r.axvline(0.0, color="#999999", linewidth=1)
    ax_r.set_title("rating, Elo scale, mean 0 (95% interval)")
    ax_r.set_xlabel("Elo")
    return _save(fig, path)


def plot_skill(
    rows: Sequence[tuple[str, Mapping[str, Interval]]],
    path: PathArg | None = None,
    title: str = "score against the weaker policy",
) -> Figure:
    """Grouped horizontal bars, one group per game in the given order (first on
    top), one bar per pairing label: each pairing's score (an Estimate, or a dict
    with ``value``, ``low`` and ``high``) with its 95% interval, and a line at 1/2,
    where the deal alone decides. Returns the Figure; with ``path``, also saves it."""
    plt = require_matplotlib()
    _check_path(path)
    if not rows:
        raise ValueError("nothing to plot: no games")
    labels = list(dict.fromkeys(label for _, cells in rows for label in cells))
    colours = ["#8c8c8c", "#4c72b0", "#dd8452", "#55a868", "#c44e52"]
    fig, ax = plt.subplots(figsize=(9, 0.9 * len(rows) * max(1, len(labels)) / 2 + 1.6))
    width = 0.8 / len(labels)
    for j, label in enumerate(labels):
        shown = [(i, cells[label]) for i, (_, cells) in enumerate(rows) if label in cells]
        ys = [i + (j - (len(labels) - 1) / 2) * width for i, _ in shown]
        values, err = _spread([e for _, e in shown])
        ax.barh(
            ys,
            values,
            height=width,
            xerr=err,
            capsize=2,
            color=colours[j % len(colours)],
            label=label,
        )
    ax.set_yticks(np.arange(len(rows)), [g for g, _ in rows])
    ax.invert_yaxis()
    ax.axvline(0.5, color="#999999", linestyle="--", linewidth=1)
    ax.set_xlim(0, 1)
    ax.set_xlabel("score of the first policy (win 1, neither wins 1/2), 95% interval")
    ax.set_title(title, fontsize=10, pad=24)
    # Above the axes, under the title: inside, it would cover the bars near 1 of
    # whichever game is last.
    ax.legend(fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=len(labels))
    return _save(fig, path)


def plot_budget(panels: Sequence[BudgetPanel], path: PathArg | None = None) -> Figure:
    """One panel per game, side by side: each search player's figure against its
    budget (iterations per decision, on a log axis) with its 95% interval, and a
    level line for each player without a budget (greedy, the solver).

    A panel is a mapping: ``"title"``, ``"ylabel"``, ``"curves"`` (player name to a
    mapping of budget to estimate) and optionally ``"lines"`` (player name to an
    estimate). An estimate is an Estimate or a dict with ``value``, ``low`` and
    ``high``. Returns the Figure; with ``path``, also saves it. ValueError for no
    panels, a panel without a curve or a line, or a budget below 1."""
    plt = require_matplotlib()
    _check_path(path)
    if not panels:
        raise ValueError("nothing to plot: no panels")
    for panel in panels:
        curves, lines = panel.get("curves", {}), panel.get("lines", {})
        if not any(curves.values()) and not lines:
            raise ValueError(f"nothing to plot in panel {panel.get('title', '')!r}")
        bad = [b for points in curves.values() for b in points if not b >= 1]
        if bad:
            raise ValueError(f"budgets must be at least 1 (a log axis), got {bad[0]!r}")
    fig, axes = plt.subplots(1, len(panels), figsize=(4.2 * len(panels), 3.6))
    colours = ["#4c72b0", "#dd8452", "#c44e52", "#8172b3"]
    level = [("#8c8c8c", "--"), ("#55a868", "-"), ("#937860", ":")]
    for ax, panel in zip(np.atleast_1d(axes), panels, strict=True):
        for i, (name, points) in enumerate(panel.get("curves", {}).items()):
            if not points:
                continue
            xs = sorted(points)
            values, err = _spread([points[b] for b in xs])
            colour = colours[i % len(colours)]
            ax.errorbar(xs, values, yerr=err, marker="o", capsize=3, color=colour, label=name)
        lines = panel.get("lines", {})
        for i, (name, value) in enumerate(
            zip(lines, _spread(list(lines.values()))[0], strict=True)
        ):
            colour, style = level[i % len(level)]
            ax.axhline(value, color=colour, linestyle=style, linewidth=1, label=name)
        ax.set_xscale("log")
        ax.set_xlabel("iterations per decision")
        ax.set_ylabel(panel.get("ylabel", ""))
        ax.set_title(panel.get("title", ""), fontsize=10)
        ax.legend(fontsize=7)
    return _save(fig, path)


def plot_solve_batch(result: SolveBatchResult, path: PathArg | None = None) -> Figure:
    """Three panels: the fractions of deals won, lost and left unknown by the
    limits (95% Wilson intervals); the score distribution over settled deals
    (scored games; otherwise the panel says the game has no score); and the
    search time per deal. Returns the matplotlib Figure; with ``path``, also
    saves it there (format from the suffix)."""
    plt = require_matplotlib()
    _check_path(path)
    if result.deals == 0:
        raise ValueError("nothing to plot: the batch has no deals")
    fig, (ax_o, ax_s, ax_t) = plt.subplots(1, 3, figsize=(13, 3.8))
    fig.suptitle(
        f"{result.game}: {result.deals:,} deals solved, seed {result.seed},"
        f" node limit {result.node_limit:,}"
    )
    counts = [("win", result.wins), ("loss", result.losses), ("unknown", result.unknown)]
    estimates = [wilson(c, result.deals) for _, c in counts]
    x = np.arange(len(counts))
    ax_o.bar(
        x,
        [e.value for e in estimates],
        yerr=[
            [max(0.0, e.value - e.low) for e in estimates],
            [max(0.0, e.high - e.value) for e in estimates],
        ],
        capsize=4,
        color=["#55a868", "#c44e52", "#999999"],
    )
    ax_o.set_xticks(x, [name for name, _ in counts])
    ax_o.set_ylim(0, 1)
    ax_o.set_title("outcome (95% interval)")
    ax_o.set_ylabel("share of deals")

    dist = result.score_distribution("score")
    if dist:
        values = np.array(list(dist.keys()))
        share = np.array(list(dist.values())) / sum(dist.values())
        ax_s.bar(values, share, width=0.9 if len(values) < 2 else 0.9 * np.diff(values).min())
        units = {s["game"]: s["score_unit"] for s in _core.solvable_games()}
        unit = units.get(result.game) or "moves"
        ax_s.set_xlabel(f"best score ({unit})")
        ax_s.set_ylabel("share of settled deals")
        ax_s.set_title("score, settled deals")
    else:
        why = "no settled deal" if result.scored else f"{result.game} has no score"
        ax_s.text(0.5, 0.5, why, ha="center", va="center", transform=ax_s.transAxes)
        ax_s.set_xticks([])
        ax_s.set_yticks([])
        ax_s.set_title("score")

    seconds = np.asarray(result.seconds, dtype=float)
    ax_t.hist(seconds * 1e3, bins=min(40, max(1, result.deals)), color="#4c72b0")
    ax_t.set_title(f"time per deal (median {np.median(seconds) * 1e3:.3g} ms)")
    ax_t.set_xlabel("milliseconds")
    ax_t.set_ylabel("deals")
    return _save(fig, path)


def plot_result(result: SimulationResult, path: PathArg | None = None) -> Figure:
    """Three panels: score distribution per seat, win rate per seat (95% Wilson
    intervals, with draws and truncations), and game lengths. Returns the
    matplotlib Figure; with ``path``, also saves it there (format from the suffix).

    Works on summary-only runs too: score distributions come from the exact
    summary histograms; game lengths then show the mean with its interval, as
    per-game lengths were not kept.
    """
    plt = require_matplotlib()
    _check_path(path)
    if result.summary.games == 0:
        raise ValueError("nothing to plot: the run has no games")
    n = result.num_players
    fig, (ax_s, ax_w, ax_m) = plt.subplots(1, 3, figsize=(13, 3.8))
    fig.suptitle(
        f"{result.game}: {result.summary.games:,} games, policy {result.policy}, seed {result.seed}"
    )
    peak = 0.0
    for p in range(n):
        values, counts = result.summary.score_histogram(p)
        if len(values):
            share = counts / max(1, counts.sum())
            peak = max(peak, float(share.max()))
            ax_s.step(values, share, where="mid", label=f"seat {p}")
    # One score taking a large share (a loser's 0 in Rummy) would flatten the
    # rest: a log scale keeps the tail readable.
    log = peak > 0.25
    if log:
        ax_s.set_yscale("log")
    ax_s.set_title("final score per seat" + (" (log scale)" if log else ""))
    ax_s.set_xlabel("score")
    ax_s.set_ylabel("share of games")
    if n <= 8:
        ax_s.legend(fontsize=8)

    labels, rates, lows, highs = [], [], [], []
    for p in range(n):
        e = result.win_rate(p)
        labels.append(f"seat {p}")
        rates.append(e.value)
        lows.append(max(0.0, e.value - e.low))  # rounding can put a bound a hair inside
        highs.append(max(0.0, e.high - e.value))
    for name, e in (("draw", result.draw_rate()), ("truncated", result.truncation_rate())):
        labels.append(name)
        rates.append(e.value)
        lows.append(max(0.0, e.value - e.low))
        highs.append(max(0.0, e.high - e.value))
    x = np.arange(len(labels))
    colours = ["#4c72b0"] * n + ["#999999", "#dd8452"]
    ax_w.bar(x, rates, yerr=[lows, highs], capsize=4, color=colours)
    ax_w.set_xticks(x, labels, rotation=30, fontsize=8)
    ax_w.set_title("win rate (95% interval)")
    ax_w.set_ylim(0, min(1.0, max(rates + [0.0]) * 1.25 + 0.02))

    if result.moves is not None and len(result.moves):
        moves = np.asarray(result.moves)
        bins = min(60, max(1, int(moves.max() - moves.min()) + 1))
        ax_m.hist(moves, bins=bins, color="#55a868")
        ax_m.set_ylabel("games")
    else:
        e = result.mean_moves()
        err = None if np.isnan(e.low) else [[e.value - e.low], [e.high - e.value]]
        ax_m.bar([0], [e.value], yerr=err, capsize=4, color="#55a868")
        ax_m.set_xticks([0], ["mean (summary only)"])
    ax_m.set_title("game length (actions)")
    ax_m.set_xlabel("actions")
    return _save(fig, path)
