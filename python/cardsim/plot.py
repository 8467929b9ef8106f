"""Pictures of a batch run (``SimulationResult.plot``), drawn with matplotlib.

matplotlib is an optional extra: ``pip install 'cardsim[plot]'``. Without it,
``plot`` raises a ValueError naming the extra.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

__all__ = ["plot_result", "require_matplotlib"]


def require_matplotlib() -> Any:
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


def plot_result(result: Any, path: str | os.PathLike[str] | None = None) -> Any:
    """Three panels: score distribution per seat, win rate per seat (95% Wilson
    intervals, with draws and truncations), and game lengths. Returns the
    matplotlib Figure; with ``path``, also saves it there (format from the suffix).

    Works on summary-only runs too: score distributions come from the exact
    summary histograms; game lengths then show the mean with its interval, as
    per-game lengths were not kept.
    """
    plt = require_matplotlib()
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or path, got {type(path).__name__}")
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
    fig.tight_layout()
    if path is not None:
        fig.savefig(os.fspath(path), dpi=80)
    return fig
