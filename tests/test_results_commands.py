"""Every `cardsim solve` command that docs/results.md quotes for a figure runs, in
miniature: the same game, seed and options on two deals, with a small node limit (and
any checkpoint in a temporary folder), so that a renamed option or a changed default
cannot leave a published command that no longer runs."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

import cardsim
from cardsim.cli.main import main

RESULTS = Path(__file__).resolve().parents[1] / "docs" / "results.md"


def _commands() -> list[tuple[str, ...]]:
    text = RESULTS.read_text(encoding="utf-8")
    quoted = re.findall(r"`(cardsim solve [^`]+)`", text)
    return sorted({tuple(shlex.split(" ".join(q.split()))) for q in quoted})


def _miniature(argv: list[str], tmp_path: Path) -> list[str]:
    """argv (after `cardsim`) on two deals, 5,000 nodes, one thread, JSON out."""
    out: list[str] = []
    skip = {"--deals", "--node-limit", "--threads", "--checkpoint", "--shard-size", "--workers"}
    it = iter(argv)
    for word in it:
        if word in skip:
            value = next(it)
            if word == "--checkpoint":
                out += [word, str(tmp_path / Path(value).name)]
            elif word == "--shard-size":
                out += [word, "1"]
            continue
        out.append(word)
    return [*out, "--deals", "2", "--node-limit", "5000", "--threads", "1", "--json"]


def test_results_quotes_solve_commands():
    games = {argv[2] for argv in _commands()}
    assert {"the_wall", "stack_gap", "code9_solitaire"} <= games


@pytest.mark.parametrize("argv", _commands(), ids=" ".join)
def test_each_quoted_command_runs_in_miniature(argv, tmp_path, capsys):
    assert argv[:2] == ("cardsim", "solve")
    small = _miniature(list(argv[1:]), tmp_path)
    assert main(small) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 2
    assert summary["seed"] == int(argv[argv.index("--seed") + 1])
    assert summary["game"] == argv[2]


def test_code9_optimum_bench_in_miniature(tmp_path, capsys):
    from bench_support import load_bench

    bench = load_bench("code9_optimum")
    argv = ["--deals", "6", "--node-limit", "20000", "--out", "c9", "--out-dir", str(tmp_path)]
    assert bench.main([*argv, "--workers", "1"]) == 0
    capsys.readouterr()
    data = json.loads((tmp_path / "c9.json").read_text())
    assert data["proven"] + len(data["unknown_deals"]) == data["deals"] == 6
    assert sum(data["optimum_distribution"].values()) == data["proven"]
    low, high = data["mean_optimum_bracket"]
    assert low <= high
    for deal in data["unknown_deals"]:
        # greedy's line is a win, so it bounds the optimum from above
        assert deal["lower_bound"] <= deal["greedy_score"]
    # The same figures through the command the JSON quotes.
    res = cardsim.solve_batch("code9_solitaire", deals=6, seed=2026, node_limit=20000)
    assert int((res.outcome == 1).sum()) == data["proven"]
