"""SimulationResult, TournamentResult and SolveBatchResult .plot, and `--plot` on
`cardsim simulate`, `tournament` and `solve`."""

from __future__ import annotations

import dataclasses
import sys

import pytest

import cardsim
from cardsim.cli import main

pytest.importorskip("matplotlib")

PNG = b"\x89PNG\r\n\x1a\n"


def test_plot_full_and_summary_only(tmp_path):
    r = cardsim.simulate("rummy", games=3000, seed=1, policy="greedy", players=3, threads=1)
    fig = r.plot(tmp_path / "full.png")
    assert (tmp_path / "full.png").read_bytes().startswith(PNG)
    titles = [ax.get_title() for ax in fig.axes]
    assert any("final score" in t for t in titles) and "game length (actions)" in titles
    win_ax = fig.axes[1]
    # One bar per seat plus draws and truncations, each with its interval.
    bars = [c for c in win_ax.containers if type(c).__name__ == "BarContainer"]
    assert len(bars) == 1 and len(bars[0]) == 5 and bars[0].errorbar is not None
    heights = [b.get_height() for b in bars[0]]
    assert heights[:3] == pytest.approx([r.win_rate(p).value for p in range(3)])
    s = cardsim.simulate("clock", games=2000, seed=1, summary_only=True)
    s.plot(tmp_path / "summary.svg")
    assert b"<svg" in (tmp_path / "summary.svg").read_bytes()[:500]


def test_cli_plot(tmp_path, capsys):
    out = tmp_path / "run.png"
    assert main(["simulate", "code9", "--games", "2000", "--threads", "1", "--plot", str(out)]) == 0
    assert out.read_bytes().startswith(PNG)


def test_missing_matplotlib_names_the_extra(monkeypatch, tmp_path, capsys):
    r = cardsim.simulate("clock", games=100, seed=1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ValueError, match=r"pip install 'cardsim\[plot\]'"):
        r.plot()
    # The CLI refuses before running the batch.
    assert main(["simulate", "clock", "--games", "10", "--plot", str(tmp_path / "x.png")]) == 2
    assert "cardsim[plot]" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_bad_path():
    r = cardsim.simulate("clock", games=100, seed=1)
    with pytest.raises(TypeError, match="path"):
        r.plot(path=3)
    # A result of no games (built by hand: simulate refuses games=0) has nothing to draw.
    empty = cardsim._core.Summary(1)
    none = {k: v[:0] for k, v in r.arrays().items()}
    with pytest.raises(ValueError, match="no games"):
        dataclasses.replace(r, games=0, summary=empty, by_policy=empty, **none).plot()


def _png(path):
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) > 10_000  # a real picture, not an empty canvas
    return data


def test_tournament_plot(tmp_path):
    t = cardsim.tournament("rummy", policies="random,greedy,first", games=30, seed=2, threads=1)
    fig = t.plot(tmp_path / "tour.png")
    _png(tmp_path / "tour.png")
    ax_w, ax_r = fig.axes
    # One bar per ordered pairing at its win rate, with intervals; one per policy's rating.
    (wins,) = [c for c in ax_w.containers if type(c).__name__ == "BarContainer"]
    assert len(wins) == len(t.pairings) == 6 and wins.errorbar is not None
    assert [b.get_width() for b in wins] == pytest.approx([p.win_rate.value for p in t.pairings])
    (ratings,) = [c for c in ax_r.containers if type(c).__name__ == "BarContainer"]
    order = sorted(range(3), key=lambda i: -t.ratings[i].value)
    assert [b.get_width() for b in ratings] == pytest.approx([t.ratings[i].value for i in order])
    assert [x.get_text() for x in ax_r.get_yticklabels()] == [t.policies[i] for i in order]


def test_solve_batch_plot(tmp_path):
    r = cardsim.solve_batch("stack_gap", deals=40, seed=1, threads=1, node_limit=20_000)
    fig = r.plot(tmp_path / "solve.png")
    _png(tmp_path / "solve.png")
    ax_o, ax_s, ax_t = fig.axes
    (bars,) = [c for c in ax_o.containers if type(c).__name__ == "BarContainer"]
    assert [b.get_height() for b in bars] == pytest.approx(
        [r.wins / 40, r.losses / 40, r.unknown / 40]
    )
    assert bars.errorbar is not None
    (scores,) = [c for c in ax_s.containers if type(c).__name__ == "BarContainer"]
    dist = r.score_distribution()
    assert len(scores) == len(dist) and sum(b.get_height() for b in scores) == pytest.approx(1)
    assert "time per deal" in ax_t.get_title()
    # An unscored game says so in place of the score panel.
    c = cardsim.solve_batch("clock", deals=20, seed=1, threads=1).plot()
    assert any("no score" in t.get_text() for t in c.axes[1].texts)


def test_cli_tournament_and_solve_plot(tmp_path, capsys):
    out = tmp_path / "tour.png"
    args = ["tournament", "rummy", "--policies", "random,greedy", "--games", "20", "--threads", "1"]
    assert main([*args, "--plot", str(out)]) == 0
    _png(out)
    out = tmp_path / "solve.png"
    args = ["solve", "the_wall", "--deals", "10", "--node-limit", "20000", "--threads", "1"]
    assert main([*args, "--plot", str(out)]) == 0
    _png(out)
    assert "wrote plot" in capsys.readouterr().err


def test_tournament_and_solve_missing_matplotlib(monkeypatch, tmp_path, capsys):
    t = cardsim.tournament("rummy", policies="random,greedy", games=10, seed=1, threads=1)
    s = cardsim.solve_batch("clock", deals=10, seed=1, threads=1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    for r in (t, s):
        with pytest.raises(ValueError, match=r"pip install 'cardsim\[plot\]'"):
            r.plot()
    # The CLI refuses before running anything.
    for args in (
        ["tournament", "rummy", "--policies", "random,greedy", "--games", "10"],
        ["solve", "clock", "--deals", "10"],
    ):
        assert main([*args, "--plot", str(tmp_path / "x.png")]) == 2
        err = capsys.readouterr()
        assert "cardsim[plot]" in err.err and err.out == ""
        assert not (tmp_path / "x.png").exists()


def test_tournament_and_solve_bad_path():
    t = cardsim.tournament("rummy", policies="random,greedy", games=10, seed=1, threads=1)
    s = cardsim.solve_batch("clock", deals=10, seed=1, threads=1)
    for r in (t, s):
        with pytest.raises(TypeError, match="path"):
            r.plot(path=3)


def test_budget_plot(tmp_path):
    from cardsim.run.plot import plot_budget

    est = lambda v: {"value": v, "low": v - 0.1, "high": v + 0.1}  # noqa: E731
    run = cardsim.simulate("code9_solitaire", games=50, seed=1, policy="greedy")
    panels = [
        {
            "title": "a",
            "ylabel": "win rate",
            "curves": {"pimc": {100: est(0.9), 10: est(0.5)}, "ismcts": {}},
            "lines": {"greedy": est(0.3), "solver": run.mean_score()},
        },
        {"title": "b", "curves": {"ismcts": {1000: run.mean_score()}}},
    ]
    fig = plot_budget(panels, tmp_path / "budget.png")
    assert (tmp_path / "budget.png").read_bytes().startswith(PNG)
    a, b = fig.axes
    assert a.get_xscale() == "log" and a.get_title() == "a" and b.get_title() == "b"
    # The curve is drawn in budget order, whatever order it was given in.
    (curve,) = [c for c in a.containers if c.get_label() == "pimc"]
    data = curve.lines[0]
    assert list(data.get_xdata()) == [10, 100] and list(data.get_ydata()) == [0.5, 0.9]
    levels = [line for line in a.get_lines() if line.get_label() in ("greedy", "solver")]
    assert [line.get_ydata()[0] for line in levels] == [0.3, run.mean_score().value]
    assert [c.get_label() for c in b.containers] == ["ismcts"]


def test_budget_plot_bad_input():
    from cardsim.run.plot import plot_budget

    with pytest.raises(ValueError, match="no panels"):
        plot_budget([])
    with pytest.raises(ValueError, match="nothing to plot in panel 'x'"):
        plot_budget([{"title": "x", "curves": {"pimc": {}}}])
    with pytest.raises(ValueError, match="budgets must be at least 1"):
        plot_budget([{"curves": {"pimc": {0: {"value": 1, "low": 0, "high": 2}}}}])
    with pytest.raises(TypeError, match="path must be a str"):
        plot_budget([{"lines": {"greedy": {"value": 1, "low": 0, "high": 2}}}], path=3)
