"""`cardsim play`, `cardsim show`, `cardsim replay` and `cardsim simulate --plot`."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

import cardsim
from cardsim.cli import main
from cardsim.cli.view import play
from cardsim.play.session import cards_of


def _run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardsim.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_play_rummy_from_piped_stdin():
    # Bad answers first (text, a number out of range, a blank line, a move that
    # is not legal now), then a move by its text, then always the first move.
    stdin = "foo\n999\n\ndiscard 3C\ndraw_stock\n" + "0\n" * 400
    r = _run(["play", "rummy", "--seat", "0", "--opponents", "greedy", "--seed", "3"], stdin)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Traceback" not in out + r.stderr
    assert "not a move: 'foo'" in out
    assert "no move numbered 999" in out
    assert "'discard 3C' is not legal now" in out
    assert "you play: draw_stock" in out
    assert "seat 1 plays: " in out
    assert "game over: scores seat 0" in out
    # Only seat 0's view, laid out as its drawing (not the raw dict): its own hand
    # face up, the other hand face down, the stock a counted back.
    assert "seat 0's view" in out and "seat 1's view" not in out
    assert "hand_sizes" not in out and "truncated" not in out and "{" not in out
    first = out[: out.index("your moves:")]
    deal = cardsim.make("rummy").new_game(seed=3)
    hands = deal.to_dict()["hands"]
    tokens = set(first.split())
    assert set(hands[0]) <= tokens
    assert not (set(hands[1]) - set(cards_of(deal.observation(0)))) & tokens
    assert "## ## ##" in first and f"#{len(deal.to_dict()['stock'])}" in tokens


def test_play_stops_cleanly_when_input_ends_or_on_quit():
    r = _run(["play", "code9", "--seed", "1"], "0\n")
    assert r.returncode == 1 and "input ended" in r.stdout and "Traceback" not in r.stderr
    r = _run(["play", "code9", "--seed", "1"], "q\n")
    assert r.returncode == 1 and "you quit" in r.stdout


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("racing_demon", {"players": 2, "move_cap": 200}),
        ("hole_in_the_wall", {"players": 3}),
        ("clock_duel", {}),
        ("stack_gap", {"players": 2}),
        ("the_wall", {"move_cap": 60}),
        ("code9", {"players": 4}),
    ],
)
def test_play_every_kind_of_game(game, options):
    out = io.StringIO()
    rc = play(
        game, seat=0, opponents="random", seed=2, inp=io.StringIO("0\n" * 5000), out=out, **options
    )
    assert rc == 0 and "game over" in out.getvalue()


def test_play_bad_arguments():
    with pytest.raises(ValueError, match="seat"):
        play("rummy", seat=2, inp=io.StringIO(""), out=io.StringIO())
    with pytest.raises(TypeError, match="seat"):
        play("rummy", seat="0", inp=io.StringIO(""), out=io.StringIO())
    with pytest.raises(ValueError, match="unknown policy"):
        play("rummy", opponents="smart", inp=io.StringIO(""), out=io.StringIO())
    assert main(["play", "poker"]) == 2


def test_show_and_replay_commands(tmp_path, capsys):
    rec_path, page = tmp_path / "g.json", tmp_path / "g.html"
    args = ["show", "stack_gap", "--seed", "5", "--index", "7", "--policy", "greedy"]
    assert main([*args, "--players", "2", "--record", str(rec_path), "--html", str(page)]) == 0
    rec = json.loads(rec_path.read_text())
    assert rec["source"] == {"seed": 5, "index": 7, "policy": "greedy"}
    r = cardsim.simulate("stack_gap", games=1, seed=5, first_game=7, policy="greedy", players=2)
    assert rec["outcome"]["scores"] == r.scores[0].tolist()
    html = page.read_text()
    # Self-contained: nothing to load, no address anywhere.
    assert html.startswith("<!DOCTYPE html>")
    assert "src=" not in html and "href=" not in html and "://" not in html
    capsys.readouterr()
    assert main(["replay", str(rec_path)]) == 0
    assert f"scores {r.scores[0].tolist()}" in capsys.readouterr().out
    assert main(["show", "stack_gap", "--index", "-1"]) == 2
    assert "index must be" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text(rec_path.read_text()[:200])
    assert main(["replay", str(bad)]) == 2
    assert "truncated" in capsys.readouterr().err


def test_show_a_timed_game():
    assert main(["show", "racing_demon", "--seed", "1", "--index", "3", "--players", "2"]) == 0
