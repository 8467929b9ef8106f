"""bench/studies/bench_budget.py in miniature: every cell of a tiny budget curve is measured on
the same deals as the solver, kept across runs, and the solver bounds the players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench_support import load_bench


def test_tiny_budget_curve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    bench = load_bench("bench_budget")
    common = ["--deals", "6", "--threads", "1", "--out", str(tmp_path)]
    figure = str(tmp_path / "b.png")
    assert bench.main([*common, "--budgets", "4", "--figure", figure]) == 0
    # A second run adds a budget and keeps the first run's cells.
    argv = [*common, "--budgets", "8", "--policies", "pimc", "--only", "stack_gap"]
    assert bench.main([*argv, "--figure", figure]) == 0
    capsys.readouterr()
    data = json.loads((tmp_path / "budget.json").read_text())
    assert data["budgets"] == [4, 8]
    runs = {r["game"]: r["cells"] for r in data["runs"].values()}
    assert set(runs) == set(bench.GAMES)
    for game, cells in runs.items():
        want = {"greedy", "solver", "pimc:4", "ismcts:4"}
        if game == "stack_gap":
            want.add("pimc:8")
        assert set(cells) == want
        measure = bench.GAMES[game][1]
        for name, cell in cells.items():
            if name == "solver":
                continue
            if measure == "win":
                # Seeing every card, the solver wins every deal any fair player wins.
                assert cell["win_rate"]["value"] <= cells["solver"]["win_rate"]["value"]
            else:
                # No line of Code 9 solitaire takes fewer moves than the optimum's floor.
                assert cell["mean_score"]["value"] >= cells["solver"]["mean_score_floor"]["value"]
    md = (tmp_path / "budget.md").read_text()
    assert "not run" in md  # ismcts:8 was never measured
    assert (tmp_path / "b.png").stat().st_size > 0


def test_checkpointed_cell_equals_plain_and_resumes(tmp_path: Path) -> None:
    bench = load_bench("bench_budget")
    plain = bench.play("the_wall", "pimc:2", 60, 7, 1)
    ckpt = tmp_path / "ckpt"
    first = bench.play("the_wall", "pimc:2", 60, 7, 1, ckpt)
    assert first["win_rate"] == plain["win_rate"]
    assert first["mean_score"] == plain["mean_score"]
    (record,) = ckpt.glob("*.ckpt")
    # A finished run's record folds its shards into one merged range of every deal.
    assert '"ranges":[[0,60]]' in record.read_text()
    recorded = record.read_text()
    # A rerun finds every deal recorded and plays nothing: same cell, same record.
    again = bench.play("the_wall", "pimc:2", 60, 7, 1, ckpt)
    assert again["win_rate"] == plain["win_rate"]
    assert again["mean_score"] == plain["mean_score"]
    assert record.read_text() == recorded
