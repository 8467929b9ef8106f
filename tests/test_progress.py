"""Progress of long runs: the one helper (cardsim.run.progress) and its users.

A fake clock and stream drive the helper, so nothing here depends on how fast
the machine is; the runs below are small and check only what is written.
"""

from __future__ import annotations

import io

import pytest

import cardsim
import cardsim.run.progress as progress
from cardsim.cli.main import DEFAULT_GAMES, DEFAULT_SEARCH_GAMES, _default_games
from cardsim.run.progress import Progress, format_duration, format_rate, labelled


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_durations_read_as_people_say_them():
    assert format_duration(0) == "0s"
    assert format_duration(42.4) == "42s"
    assert format_duration(185) == "3m 05s"
    assert format_duration(3725) == "1h 02m"
    assert format_duration(47 * 3600 + 59 * 60) == "47h 59m"
    assert format_duration(3 * 86400 + 4 * 3600) == "3d 04h"


def test_throughput_is_per_second_or_per_game_whichever_reads():
    assert format_rate(123_456.7) == "123,457 games/s"
    assert format_rate(2.54) == "2.5 games/s"
    # A search policy: never "0 games/s".
    assert format_rate(0.3) == "3.3 s/game"
    assert format_rate(1 / 3.4) == "3.4 s/game"
    assert format_rate(1 / 600) == "10m 00s/game"
    assert format_rate(0.5, "deal") == "2.0 s/deal"
    assert format_rate(0.0) == "- games/s"


def test_lines_every_interval_off_a_terminal():
    clock, out = Clock(), io.StringIO()
    bar = Progress(1000, "rummy", out, terminal=False, delay=2, interval=5, clock=clock)
    clock.now += 1
    bar.update(100)  # before the delay: nothing
    assert out.getvalue() == ""
    clock.now += 2
    bar.update(100)
    clock.now += 1
    bar.update(100)  # within the interval of the last line: nothing more
    clock.now += 5
    bar.update(100)
    bar.close()
    lines = out.getvalue().splitlines()
    assert lines == [
        "rummy: 200/1,000 games (20.0%), 66.7 games/s, 3s elapsed, eta 12s",
        "rummy: 400/1,000 games (40.0%), 44.4 games/s, 9s elapsed, eta 14s",
        "rummy: 400/1,000 games (40.0%), 44.4 games/s, 9s elapsed, eta 14s",
    ]


def test_a_slow_run_shows_seconds_per_game_and_a_readable_eta_on_a_terminal():
    clock, out = Clock(), io.StringIO()
    bar = Progress(1000, "the_wall", out, terminal=True, delay=0, clock=clock)
    clock.now += 0.1
    bar.update(0)
    clock.now += 34
    bar.update(10)  # 3.41 s a game, 990 left: 56 minutes
    text = out.getvalue()
    assert "0/1,000 - games/s, eta ?" in text  # no speed yet: no guess
    assert "\nthe_wall: this run will take about 56m 16s" in text  # below the bar
    assert text.endswith("1.0% 10/1,000 3.4 s/game, eta 56m 16s   ")


def test_a_long_run_says_so_at_its_start_with_the_estimate():
    clock, out = Clock(), io.StringIO()
    bar = Progress(1_000_000, "the_wall", out, terminal=False, clock=clock)
    clock.now += 3.3
    bar.update(4)  # the first chunk: 4 games in 3.3 s
    first = out.getvalue().splitlines()[0]
    assert first == (
        "the_wall: this run will take about 9d 13h (999,996 games left at 1.2 games/s,"
        " timed on the first 4); Ctrl-C stops it"
    )
    clock.now += 10
    bar.update(10)
    assert sum("will take about" in line for line in out.getvalue().splitlines()) == 1


def test_a_short_run_or_a_too_short_timing_gives_no_warning():
    clock, out = Clock(), io.StringIO()
    bar = Progress(10**12, "clock", out, terminal=False, delay=100, clock=clock)
    clock.now += 0.001
    bar.update(1000)  # a millisecond is no timing: no estimate yet
    assert out.getvalue() == ""
    clock, out = Clock(), io.StringIO()
    bar = Progress(1000, "clock", out, terminal=False, delay=100, clock=clock)
    clock.now += 1
    bar.update(100)  # 9 s left
    bar.close()
    assert out.getvalue() == ""


def test_resumed_work_does_not_count_toward_the_estimate():
    clock, out = Clock(), io.StringIO()
    bar = Progress(1000, "clock", out, terminal=False, delay=100, clock=clock, unit="deal")
    bar.resume(900)
    clock.now += 1
    bar.update(1)  # 99 left at 1 a second: not long
    assert out.getvalue() == ""


def test_labelled_adds_the_callers_context():
    with labelled("table 2/3 (random vs greedy)"):
        bar = Progress(10, "rummy", io.StringIO())
    assert bar.label == "rummy, table 2/3 (random vs greedy)"
    assert Progress(10, "rummy", io.StringIO()).label == "rummy"


def test_tournament_labels_each_table(capsys: pytest.CaptureFixture[str]) -> None:
    cardsim.tournament("clock_duel", "random,greedy,first", games=20, threads=1, progress=True)
    err = capsys.readouterr().err
    for i, vs in enumerate(["random vs greedy", "random vs first", "greedy vs first"], 1):
        assert f"clock_duel, table {i}/3 ({vs}): 20/20 games (100.0%)" in err, err


def test_solve_reports_off_a_terminal_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "LINE_INTERVAL", 0.0)
    cardsim.solve_batch("clock", deals=40, seed=1, threads=1, node_limit=2000)
    lines = capsys.readouterr().err.splitlines()
    assert lines and "\r" not in "".join(lines)
    assert lines[-1].startswith("clock: 40/40 deals (100.0%), "), lines
    silent = cardsim.solve_batch(
        "clock", deals=40, seed=1, threads=1, node_limit=2000, progress=False
    )
    assert capsys.readouterr().err == "" and silent.deals == 40


def test_cli_default_game_count_is_smaller_for_search_policies():
    assert _default_games("random") == DEFAULT_GAMES
    assert _default_games("greedy,random") == DEFAULT_GAMES
    assert _default_games("ismcts") == DEFAULT_SEARCH_GAMES
    assert _default_games("random,pimc:20") == DEFAULT_SEARCH_GAMES
    assert _default_games([len, "greedy"]) == DEFAULT_GAMES


def test_json_runs_report_on_stderr_and_keep_stdout_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from cardsim.cli import main

    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "LINE_INTERVAL", 0.0)
    for argv in (
        ["solve", "clock", "--deals", "30", "--threads", "1", "--json"],
        ["tournament", "clock_duel", "--policies", "random,greedy", "--games", "30", "--json"],
        ["simulate", "clock", "--games", "30", "--json"],
    ):
        assert main(argv) == 0
        out, err = capsys.readouterr()
        json.loads(out)
        assert "30/30" in err, (argv, err)


def test_cli_search_policy_plays_fewer_games_by_default_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardsim.cli import main

    assert main(["simulate", "clock", "--policy", "pimc:2", "--threads", "1"]) == 0
    out, err = capsys.readouterr()
    assert "clock: 100 games, policy pimc:2" in out
    assert "100 games (the default with a search policy; --games sets it)" in err
    assert main(["simulate", "clock", "--policy", "pimc:2", "--games", "7"]) == 0
    out, err = capsys.readouterr()
    assert "clock: 7 games" in out and "default" not in err
