"""The `cardsim` command in scripts: version, pipes, game counts, stated rates,
empty intervals, saved output, progress and resuming after Ctrl-C."""

from __future__ import annotations

import dataclasses
import json
import signal
import subprocess
import sys
import time

import pytest

import cardsim
from cardsim.cli import main, parse_count


def run_cli(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardsim.cli", *args], capture_output=True, text=True, **kw
    )


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"cardsim {cardsim.__version__}"


def test_version_has_one_source():
    from importlib.metadata import version

    from cardsim._version import __version__

    assert cardsim.__version__ == __version__ == version("cardsim")


def test_closed_pipe_ends_quietly():
    # `cardsim games | head -2`, with the reader gone before the writer is done.
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardsim.cli", "games"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert first and "Traceback" not in err and "BrokenPipe" not in err, err


def test_closed_pipe_through_head():
    out = subprocess.run(
        f"{sys.executable} -m cardsim.cli games | head -2",
        shell=True,
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(out.stdout.splitlines()) == 2 and out.stderr == ""


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1000000", 10**6),
        ("1_000_000", 10**6),
        ("1e6", 10**6),
        ("2.5e6", 2_500_000),
        ("10**6", 10**6),
        ("10 ** 10", 10**10),
        ("1E10", 10**10),
        ("12345678901234567", 12345678901234567),  # exact, beyond float precision
    ],
)
def test_game_counts_are_exact_ints(text, value):
    got = parse_count(text)
    assert got == value and type(got) is int


@pytest.mark.parametrize(
    "text", ["1.5", "1e-3", "0", "-5", "1e6.5", "ten", "nan", "inf", "10**-2", ""]
)
def test_game_counts_refuse_non_integers_and_zero(text):
    with pytest.raises(ValueError, match="game count"):
        parse_count(text)


def test_games_flag_parses_and_refuses(capsys):
    assert main(["simulate", "clock", "--games", "2e3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2000
    with pytest.raises(SystemExit) as e:
        main(["simulate", "clock", "--games", "0"])
    assert e.value.code == 2
    assert "at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "clock", "--games", "1.5"])
    assert "whole number" in capsys.readouterr().err


def test_text_output_states_every_rate(capsys):
    assert main(["simulate", "clock", "--games", "3000", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for what in ("no winner:", "draws:", "truncated (move cap):"):
        assert what in out
    assert "stalemate" not in out  # Clock has no stalemate rule
    # Zero counts print with a lower bound of exactly 0.
    assert "draws: 0 [0, " in out and "truncated (move cap): 0 [0, " in out


def test_racing_demon_states_its_stalemate_rate(capsys):
    args = ["simulate", "racing_demon", "--players", "2", "--games", "300", "--seed", "1"]
    assert main([*args, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    for key in ("no_winner_rate", "draw_rate", "truncation_rate", "stalemate_rate"):
        assert d[key]["low"] <= d[key]["value"] <= d[key]["high"]
    r = cardsim.simulate("racing_demon", players=2, games=300, seed=1)
    # Every round is won, drawn, stalemated or truncated: the rates account for all.
    s = r.summary
    assert s.stalemates > 0 and d["stalemate_rate"]["value"] == s.stalemates / 300
    assert sum(s.wins) + s.stalemates + s.truncated == 300 - s.draws
    assert main(args) == 0
    assert "stalemate:" in capsys.readouterr().out


def test_zero_count_interval_is_zero_to_upper():
    r = cardsim.simulate("clock", games=1000, seed=1)
    e = r.draw_rate()
    assert (e.value, e.low) == (0.0, 0.0) and 0 < e.high < 0.01
    assert str(e).startswith("0 [0, ")
    full = cardsim.run.stats.wilson(50, 50)
    assert full.high == 1.0


def _empty_result() -> cardsim.SimulationResult:
    """A result of no games (simulate refuses games=0; a result built by hand may have none)."""
    r = cardsim.simulate("clock", games=1, seed=5)
    empty = cardsim._core.Summary(1)
    arrays = {k: v[:0] for k, v in r.arrays().items()}
    return dataclasses.replace(r, games=0, summary=empty, by_policy=empty, **arrays)


def test_empty_api_run_is_a_defined_result():
    r = _empty_result()
    d = r.to_dict()
    json.dumps(d, allow_nan=False)  # no NaN: null where a rate is undefined
    assert d["draw_rate"] == {"value": None, "low": None, "high": None}
    assert "no games" in str(r)


def test_json_records_the_version(capsys):
    assert main(["simulate", "clock", "--games", "100", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cardsim"] == cardsim.__version__


def test_out_json_csv(tmp_path, capsys):
    j = tmp_path / "r.json"
    assert main(["simulate", "clock_duel", "--games", "500", "--seed", "3", "--out", str(j)]) == 0
    loaded = cardsim.load_result(j)
    assert loaded.games == 500 and loaded.seed == 3 and loaded.version == cardsim.__version__
    c = tmp_path / "r.csv"
    assert main(["simulate", "clock_duel", "--games", "500", "--seed", "3", "--out", str(c)]) == 0
    rows = c.read_text().splitlines()
    assert rows[0] == "game,score_0,score_1,winner,moves,truncated" and len(rows) == 501
    ref = cardsim.simulate("clock_duel", games=500, seed=3)
    assert rows[1] == f"0,{ref.scores[0, 0]},{ref.scores[0, 1]},{ref.winner[0]},{ref.moves[0]},0"
    capsys.readouterr()
    assert main(["simulate", "clock", "--games", "10", "--out", str(tmp_path / "r.txt")]) == 2
    assert ".json, .csv or .parquet" in capsys.readouterr().err


def test_out_parquet(tmp_path):
    pytest.importorskip("pyarrow")
    p = tmp_path / "r.parquet"
    assert main(["simulate", "clock", "--games", "300", "--seed", "3", "--out", str(p)]) == 0
    import pyarrow.parquet as pq

    t = pq.read_table(p)
    assert t.num_rows == 300 and "score_0" in t.column_names


def test_ctrl_c_prints_the_resuming_command(tmp_path):
    ckpt = tmp_path / "run.ckpt"
    args = [
        "simulate", "clock", "--games", "10**12", "--seed", "9",
        "--shard-size", "20000", "--checkpoint", str(ckpt),
    ]  # fmt: skip
    # A shell starts background jobs with SIGINT ignored, and Python then keeps
    # it ignored: the child puts Python's own handler back, as a terminal would have it.
    restore = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from cardsim.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", restore, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 60
    while time.time() < deadline and (not ckpt.exists() or ckpt.read_text().count("\n") < 3):
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "resume with:" in err and "--checkpoint" in err and "'10**12'" in err, err
    # The checkpoint is whole and the printed command resumes from it.
    cp = cardsim.run.shards.Checkpoint(
        ckpt, json.loads(ckpt.read_text().splitlines()[0][9:])["run"], 1
    )
    assert cp.games > 0 and cp.games % 20000 == 0


def test_progress_line_off_a_terminal():
    # A run longer than the delay reports on stderr, as plain lines, off a terminal.
    code = (
        "import cardsim.run.progress as p; p.DELAY = 0.05; p.LINE_INTERVAL = 0.0\n"
        "import cardsim\n"
        "cardsim.simulate('clock', games=300_000, seed=1, threads=1)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stderr.splitlines()
    assert out.stdout == "" and len(lines) >= 2 and "\r" not in out.stderr
    assert all(line.startswith("clock: ") and "games/s" in line for line in lines)
    assert "300,000/300,000 games (100.0%)" in lines[-1]


def test_progress_is_decided_by_time_not_by_count():
    import io

    from cardsim.run.progress import Progress

    quiet = io.StringIO()
    bar = Progress(10**12, "x", stream=quiet, terminal=True)  # a huge count, a short run
    bar.update(10)
    bar.close()
    assert quiet.getvalue() == ""
    shown = io.StringIO()
    bar = Progress(100, "x", stream=shown, terminal=True, delay=0.0)  # a small count, "long"
    bar.update(10)
    bar.close()
    assert shown.getvalue().startswith("\rx [") and shown.getvalue().endswith("\n")
    lines = io.StringIO()
    bar = Progress(100, "x", stream=lines, terminal=False, delay=0.0, interval=0.0)
    bar.update(10)
    bar.update(90)
    assert lines.getvalue().splitlines()[0].startswith("x: 10/100 games (10.0%)")


def test_chunks_change_no_result():
    a = cardsim.simulate("rummy", games=3000, seed=5, progress=True)
    b = cardsim.simulate("rummy", games=3000, seed=5, progress=False)
    assert (a.scores == b.scores).all() and a.summary.to_state() == b.summary.to_state()
