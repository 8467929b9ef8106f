"""SimulationResult.plot and `cardsim simulate --plot`."""

from __future__ import annotations

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
    with pytest.raises(ValueError, match="no games"):
        cardsim.simulate("clock", games=0).plot()
