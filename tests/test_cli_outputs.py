"""Outputs are checked before a run starts, the summary is printed before any
failure to write, and no traceback reaches the user: one line and exit code 2."""

from __future__ import annotations

import importlib
import sys

import pytest

import cardsim
from cardsim.cli import main, outputs
from cardsim.cli.options import parse_count

CLI = importlib.import_module("cardsim.cli.main")  # the module, not the function

RUN = ["simulate", "clock", "--games", "1000"]


def _fails_at_once(capsys, monkeypatch, argv, match):
    def no_run(*args, **kwargs):
        raise AssertionError("the run started before its outputs were checked")

    monkeypatch.setattr(CLI, "simulate", no_run)
    monkeypatch.setattr(CLI, "solve_batch", no_run)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.startswith("cardsim: error: ") and len(err.splitlines()) == 1, err
    assert match in err
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    ("extra", "match"),
    [
        (["--out", "/nonexistent/x.json"], "the directory '/nonexistent' does not exist"),
        (["--out", "results.txt"], ".json, .csv or .parquet"),
        (["--out", "/dev/full"], ".json, .csv or .parquet"),
        (["--plot", "out.txt"], "--plot writes a picture: its suffix must be one of"),
        (["--plot", "/nonexistent/p.png"], "does not exist"),
        (["--checkpoint", "/nonexistent/x.ckpt"], "the directory '/nonexistent' does not exist"),
    ],
)
def test_bad_outputs_fail_before_the_run(capsys, monkeypatch, extra, match):
    _fails_at_once(capsys, monkeypatch, RUN + extra, match)


def test_outputs_are_checked_for_solve_too(capsys, monkeypatch):
    argv = ["solve", "the_wall", "--deals", "5"]
    _fails_at_once(capsys, monkeypatch, [*argv, "--checkpoint", "/nonexistent/c"], "does not")
    _fails_at_once(capsys, monkeypatch, [*argv, "--plot", "x.doc"], "one of")


def test_an_unwritable_directory_fails_before_the_run(tmp_path, capsys, monkeypatch):
    (tmp_path / "d").mkdir()
    (tmp_path / "d").chmod(0o500)
    try:
        if not hasattr(sys, "getuid") or sys.getuid() == 0:
            # root writes anywhere: a directory it cannot write is a file in its place
            target = tmp_path / "afile"
            target.write_text("")
            _fails_at_once(capsys, monkeypatch, [*RUN, "--out", str(target / "x.json")], "")
        else:
            _fails_at_once(capsys, monkeypatch, [*RUN, "--out", str(tmp_path / "d/x.json")], "")
    finally:
        (tmp_path / "d").chmod(0o700)
    _fails_at_once(capsys, monkeypatch, [*RUN, "--out", str(tmp_path)], "")


def test_parquet_without_pyarrow_fails_before_the_run(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)  # import now fails
    _fails_at_once(capsys, monkeypatch, [*RUN, "--out", str(tmp_path / "x.parquet")], "pyarrow")


def test_plot_without_matplotlib_fails_before_the_run(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    _fails_at_once(capsys, monkeypatch, [*RUN, "--plot", str(tmp_path / "p.png")], "cardsim[plot]")


def test_an_unreachable_dask_scheduler_is_one_line(capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(outputs.connect_dask, "__defaults__", (1,))
    _fails_at_once(capsys, monkeypatch, [*RUN, "--dask", "tcp://127.0.0.1:1"], "cannot reach")


def test_the_summary_is_printed_before_a_failed_write(tmp_path, capsys, monkeypatch):
    def disk_full(self, path, arrays=None):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cardsim.SimulationResult, "save", disk_full)
    assert main([*RUN, "--out", str(tmp_path / "r.json")]) == 2
    out, err = capsys.readouterr()
    assert "clock: 1,000 games" in out and "win rate" in out
    assert (
        err
        == f"cardsim: error: cannot write --out '{tmp_path / 'r.json'}': No space left on device\n"
    )


def test_good_outputs_still_write(tmp_path, capsys):
    assert main([*RUN, "--out", str(tmp_path / "r.json"), "--checkpoint", str(tmp_path / "c")]) == 0
    assert cardsim.load_result(tmp_path / "r.json").games == 1000


# --- game counts -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["9e99999999", "1e1000000", "10**20", "2**70", "2**64", "1" * 5000, "7" * 30 + "**2"]
)
def test_counts_from_2_to_the_64_are_refused_at_once(text):
    with pytest.raises(ValueError, match=r"must be below 2\*\*64") as e:
        parse_count(text)
    assert "10**6" not in str(e.value) and len(str(e.value)) < 200


def test_the_largest_count_is_accepted():
    assert parse_count("18446744073709551615") == 2**64 - 1
    assert parse_count("2**63") == 2**63 and parse_count("1e19") == 10**19


def test_the_games_flag_refuses_huge_counts_in_the_parser(capsys):
    for text in ("9e99999999", "10**20", "2**70"):
        with pytest.raises(SystemExit) as e:
            main(["simulate", "clock", "--games", text])
        assert e.value.code == 2
        assert "must be below 2**64" in capsys.readouterr().err
