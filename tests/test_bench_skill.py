"""bench/studies/bench_skill.py in miniature: the skill table's rows, and the one-line
command each row publishes reproduces that row's figure."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from types import ModuleType

import pytest

from bench_support import load_bench
from cardsim.cli.main import main as cli


def _bench() -> ModuleType:
    return load_bench("bench_skill")


def test_tiny_skill_run_and_its_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    bench = _bench()
    argv = ["--deals", "3", "--threads", "1", "--only", "stack_gap,clock_duel"]
    assert bench.main([*argv, "--out", str(tmp_path), "--figure", str(tmp_path / "s.png")]) == 0
    capsys.readouterr()
    data = json.loads((tmp_path / "skill.json").read_text())
    rows = data["rows"]
    assert {(r["game"], r["a"]) for r in rows} == {
        (g, a) for g in ("stack_gap", "clock_duel") for a, _ in bench.PAIRINGS
    }
    assert (tmp_path / "s.png").stat().st_size > 0
    assert "| clock_duel | 3 (6) |" in (tmp_path / "skill.md").read_text()
    for row in rows:
        assert row["games"] == 6 and row["a_wins"] + row["b_wins"] + row["neither"] == 6
        words = shlex.split(row["command"])
        assert words[0] == "cardsim"
        assert cli([*words[1:], "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        first = out["by_policy"][0]
        assert first["policy"] == row["a"]
        assert first["win_rate"]["value"] == pytest.approx(row["a_wins"] / 6)


def test_a_partial_run_keeps_the_other_games(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    bench = _bench()
    common = ["--deals", "2", "--threads", "1", "--out", str(tmp_path)]
    common += ["--figure", str(tmp_path / "s.png")]
    assert bench.main([*common, "--only", "clock_duel"]) == 0
    assert bench.main([*common, "--only", "stack_gap"]) == 0
    games = {r["game"] for r in json.loads((tmp_path / "skill.json").read_text())["rows"]}
    assert games == {"clock_duel", "stack_gap"}
    with pytest.raises(SystemExit):
        bench.main([*common, "--only", "chess"])


def test_one_pairing_is_remeasured_and_the_others_kept(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    bench = _bench()
    common = ["--deals", "2", "--threads", "1", "--out", str(tmp_path)]
    common += ["--figure", str(tmp_path / "s.png"), "--only", "clock_duel"]
    assert bench.main(common) == 0
    path = tmp_path / "skill.json"
    data = json.loads(path.read_text())
    # Marks that a re-measured row loses and a kept row keeps.
    for row in data["rows"]:
        row["measured"] = "earlier"
    path.write_text(json.dumps(data))
    assert bench.main([*common, "--pairings", "ismcts:sees=all"]) == 0
    rows = json.loads(path.read_text())["rows"]
    assert [(r["a"], r["measured"] == "earlier") for r in rows] == [
        ("greedy", True),
        ("ismcts", True),
        ("ismcts:sees=all", False),
    ]
    with pytest.raises(SystemExit):
        bench.main([*common, "--pairings", "pimc"])


def test_rows_of_other_deals_are_refused_not_overwritten(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    bench = _bench()
    common = ["--threads", "1", "--out", str(tmp_path), "--figure", str(tmp_path / "s.png")]
    common += ["--only", "clock_duel", "--pairings", "greedy"]
    assert bench.main([*common, "--deals", "2"]) == 0
    before = (tmp_path / "skill.json").read_text()
    with pytest.raises(SystemExit):
        bench.main([*common, "--deals", "3"])
    with pytest.raises(SystemExit):
        bench.main([*common, "--deals", "2", "--seed", "7"])
    assert (tmp_path / "skill.json").read_text() == before


def test_redraw_measures_nothing_and_marks_what_is_missing(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    bench = _bench()
    common = ["--threads", "1", "--out", str(tmp_path), "--figure", str(tmp_path / "s.png")]
    with pytest.raises(SystemExit):
        bench.main([*common, "--redraw"])
    assert bench.main([*common, "--deals", "2", "--only", "clock_duel"]) == 0
    before = (tmp_path / "skill.json").read_text()
    (tmp_path / "skill.md").unlink()
    (tmp_path / "s.png").unlink()
    assert bench.main([*common, "--redraw"]) == 0
    assert (tmp_path / "skill.json").read_text() == before
    assert (tmp_path / "s.png").stat().st_size > 0
    md = (tmp_path / "skill.md").read_text()
    assert "15 of the 18 pairings not run" in md
    assert "| rummy | not run | not run | not run | not run |" in md
    assert "| clock_duel | 2 (4) | 50.0% [" in md
