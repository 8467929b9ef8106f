"""bench/studies/bench_strategy.py --parts: a partial run keeps the other sections."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bench_support import load_bench


def _bench() -> ModuleType:
    return load_bench("bench_strategy")


def _fresh(section: str, row: Any, run: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"head_to_head": [], "solitaires": [], "speed": [], "runs": {}}
    out[section] = [row]
    return out | {"runs": run}


def test_a_speed_run_keeps_the_strength_sections(tmp_path: Path, monkeypatch) -> None:
    bench = _bench()
    monkeypatch.setattr(bench, "OUT", tmp_path)
    old_run = {"seed": 1, "threads": 2, "machine": "m", "date": "d", "seconds": 5.0}
    old = {
        "head_to_head": [{"game": "code9"}],
        "solitaires": [{"game": "the_wall"}],
        "speed": [{"old": True}],
        "runs": {"duel": old_run, "solo": old_run, "speed": old_run},
    }
    (tmp_path / "strategy.json").write_text(json.dumps(old))
    new_run = {"speed": {"seed": 9, "threads": 1, "machine": "m", "date": "e", "seconds": 1.0}}
    out = bench.merge_previous(_fresh("speed", {"new": True}, new_run), ["speed"])
    assert out["speed"] == [{"new": True}]
    assert out["head_to_head"] == old["head_to_head"]
    assert out["solitaires"] == old["solitaires"]
    assert out["runs"] == {"speed": new_run["speed"], "duel": old_run, "solo": old_run}
    text = bench.provenance(out, "duel")
    assert "seed 1" in text and "2 thread(s)" in text


def test_a_file_from_before_parts_existed_is_read(tmp_path: Path, monkeypatch) -> None:
    bench = _bench()
    monkeypatch.setattr(bench, "OUT", tmp_path)
    old = {"seed": 3, "threads": 2, "machine": "m", "head_to_head": [{"g": 1}], "speed": [{}]}
    (tmp_path / "strategy.json").write_text(json.dumps(old))
    out = bench.merge_previous(_fresh("speed", {"new": True}, {}), ["speed"])
    assert out["head_to_head"] == [{"g": 1}] and out["solitaires"] == []
    assert out["runs"]["duel"]["seed"] == 3 and out["runs"]["duel"]["seconds"] is None
    assert "speed" not in out["runs"]


@pytest.mark.parametrize("parts", ["speed,nope", ","])
def test_unknown_parts_are_refused(parts: str, monkeypatch, capsys) -> None:
    bench = _bench()
    monkeypatch.setattr("sys.argv", ["bench_strategy.py", "--parts", parts])
    with pytest.raises(SystemExit):
        bench.main()
    assert "--parts takes a comma list" in capsys.readouterr().err
