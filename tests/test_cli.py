"""The `cardsim` command."""

from __future__ import annotations

import json
import subprocess
import sys

import cardsim
from cardsim.cli import main


def test_games_lists_every_game(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "clock:" in out and "clock_duel:" in out


def test_simulate_prints_a_summary(capsys):
    assert main(["simulate", "clock", "--games", "20000", "--seed", "1", "--threads", "2"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "20,000 games" in out


def test_simulate_json(capsys):
    assert main(["simulate", "clock", "--games", "5000", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["games"] == 5000 and 0 < d["players"][0]["win_rate"]["value"] < 0.2


def test_errors_are_clear_and_exit_2(capsys):
    assert main(["simulate", "poker", "--games", "10"]) == 2
    assert "unknown game 'poker'" in capsys.readouterr().err
    assert main(["simulate", "clock", "--games", "10", "--option", "speed=3"]) == 2
    assert "unknown option 'speed'" in capsys.readouterr().err


def test_entry_point_runs():
    out = subprocess.run(
        [sys.executable, "-m", "cardsim.cli", "simulate", "clock", "--games", "1000"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "clock: 1,000 games" in out


def test_workers_and_checkpoint(tmp_path, capsys):
    ckpt = tmp_path / "run.json"
    args = [
        "simulate",
        "clock",
        "--games",
        "20000",
        "--seed",
        "4",
        "--json",
        "--shard-size",
        "5000",
    ]
    assert main([*args, "--workers", "2", "--checkpoint", str(ckpt)]) == 0
    sharded = json.loads(capsys.readouterr().out)
    assert main(["simulate", "clock", "--games", "20000", "--seed", "4", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert sharded["players"] == plain["players"]
    # The checkpoint, compacted at the end: a header and the merged shards.
    lines = ckpt.read_text().splitlines()
    assert len(lines) == 2 and '"ranges":[[0,20000]]' in lines[1]


def test_perft_counts_a_seeded_deal(capsys):
    assert main(["perft", "rummy", "--depth", "5", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert "depth 5: 1814 lines: playing 1814, terminal 0, truncated 0" in out


def test_perft_json_with_options_and_a_deck(capsys):
    argv = ["perft", "racing_demon", "--depth", "4", "--option", "move_cap=3", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "racing_demon",
        "depth": 4,
        "total": 286,
        "playing": 0,
        "terminal": 0,
        "truncated": 286,
    }
    deck = ",".join(cardsim.make("code9").new_game(seed=5).deck)
    assert main(["perft", "code9", "--depth", "2", "--deck", deck, "--json"]) == 0
    by_deck = json.loads(capsys.readouterr().out)
    assert main(["perft", "code9", "--depth", "2", "--seed", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == by_deck


def test_perft_refuses_bad_input(capsys):
    assert main(["perft", "rummy", "--depth", "-1"]) == 2
    assert "depth must be >= 0" in capsys.readouterr().err
    assert main(["perft", "poker", "--depth", "1"]) == 2
    assert "unknown game 'poker'" in capsys.readouterr().err
    assert main(["perft", "rummy", "--depth", "1", "--option", "colour=2"]) == 2
    assert "unknown option 'colour'" in capsys.readouterr().err
