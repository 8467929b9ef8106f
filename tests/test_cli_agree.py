"""The command line and the Python API agree, and both help the user who slips:
games=0 refused in both, a policy module found in the current directory, "did
you mean" for misspelt names, plain help with every default, save() to a bad
path refused by name, --out saying what it wrote, solve's score table."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pytest

import cardsim
from cardsim.cli import main
from cardsim.cli.help import HelpFormatter, plain
from cardsim.contract.policies import load_policy
from cardsim.solver.solve import SCORE_ROWS, _distribution_table


def test_zero_games_refused_in_both(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="games must be >= 1"):
        cardsim.simulate("clock", games=0)
    with pytest.raises(ValueError, match="games must be >= 1"):
        cardsim.tournament("clock_duel", "random,greedy", games=0)
    with pytest.raises(SystemExit):
        main(["simulate", "clock", "--games", "0"])
    assert "at least 1" in capsys.readouterr().err


def test_a_policy_module_in_the_current_directory_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cwd_policy_xq7.py").write_text(
        "def lowest(obs, mask):\n    return mask.argmax(axis=1)\n"
    )
    monkeypatch.chdir(tmp_path)
    # As under the console script: neither "" nor the directory is on the import path.
    path = [p for p in sys.path if p not in ("", os.getcwd(), str(tmp_path))]
    monkeypatch.setattr(sys, "path", path)
    monkeypatch.delitem(sys.modules, "cwd_policy_xq7", raising=False)
    assert load_policy("cwd_policy_xq7:lowest").__name__ == "lowest"
    assert sys.path == path  # found, and the import path left as it was
    assert main(["simulate", "clock", "--games", "20", "--policy", "cwd_policy_xq7:lowest"]) == 0
    assert "policy lowest" in capsys.readouterr().out
    with pytest.raises(ValueError, match="cannot import module 'no_such_mod_xq7'"):
        load_policy("no_such_mod_xq7:f")


@pytest.mark.parametrize(
    ("call", "hint"),
    [
        (lambda: cardsim.make("the_wal"), "did you mean 'the_wall'?"),
        (lambda: cardsim.make("Clock"), "did you mean 'clock'?"),
        (lambda: cardsim.make("the_wall", dicards=2), "did you mean 'discards'?"),
        (
            lambda: cardsim.make("the_wall", backend="reference", dicards=2),
            "did you mean 'discards'?",
        ),
        (lambda: cardsim.simulate("clock", policy="greddy"), "did you mean 'greedy'?"),
        (lambda: cardsim.simulate("clock", policy="ismcst:10"), "did you mean 'ismcts'?"),
        (lambda: cardsim.solve_batch("clok", deals=1), "did you mean 'clock'?"),
    ],
)
def test_did_you_mean(call: object, hint: str) -> None:
    with pytest.raises(ValueError, match="unknown") as e:
        call()  # type: ignore[operator]
    assert str(e.value).endswith(f" ({hint})")
    assert "(known: " in str(e.value)  # the list is kept


def test_nothing_close_gets_no_guess() -> None:
    with pytest.raises(ValueError) as e:
        cardsim.make("zzzzzz")
    assert "did you mean" not in str(e.value)


def test_did_you_mean_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "the_wal", "--games", "1"]) == 2
    assert "did you mean 'the_wall'?" in capsys.readouterr().err
    assert main(["simulate", "the_wall", "--games", "1", "--option", "dicards=2"]) == 2
    assert "did you mean 'discards'?" in capsys.readouterr().err
    assert main(["simulate", "the_wall", "--games", "1", "--policy", "grredy"]) == 2
    assert "did you mean 'greedy'?" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulat", "clock"])
    assert "did you mean 'simulate'?" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "clock", "--gmes", "10"])
    assert "(did you mean --games for --gmes?)" in capsys.readouterr().err


def _parsers() -> list[argparse.ArgumentParser]:
    """The top parser and every subcommand's, as main builds them."""
    seen: list[argparse.ArgumentParser] = []

    def grab(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        seen.append(self)
        raise SystemExit(0)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(argparse.ArgumentParser, "parse_args", grab)
        with pytest.raises(SystemExit):
            main(["games"])
    top = seen[0]
    subs = [
        p
        for a in top._actions
        if isinstance(a, argparse._SubParsersAction)
        for p in a.choices.values()
    ]
    return [top, *subs]


def test_help_is_plain_and_shows_every_default() -> None:
    parsers = _parsers()
    assert len(parsers) >= 8
    for p in parsers:
        text = p.format_help()
        assert "`" not in text, p.prog
        for a in p._actions:
            if not a.option_strings or a.help == argparse.SUPPRESS or a.dest == "help":
                continue
            line = HelpFormatter(p.prog)._expand_help(a)
            unset = a.default is None or a.default is False or a.default == argparse.SUPPRESS
            if not unset:
                assert "default" in line, (p.prog, a.option_strings, line)
    # The settings whose "not given" still means a value say which.
    for p in parsers:
        for a in p._actions:
            if {"--threads", "--node-limit", "--time-limit", "--players", "--games"} & set(
                a.option_strings
            ):
                assert "default" in (a.help or ""), (p.prog, a.option_strings)


def test_markup_is_removed() -> None:
    assert plain("the ``cardsim`` command (see `cardsim games`)") == (
        "the cardsim command (see cardsim games)"
    )


def test_save_to_a_bad_path_is_a_value_error_naming_it(tmp_path: Path) -> None:
    r = cardsim.simulate("clock", games=10)
    for path, write in [
        ("/nonexistent_xq7/x.json", r.save),
        ("/nonexistent_xq7/x.csv", r.write_csv),
        ("/nonexistent_xq7/x.parquet", r.write_parquet),
    ]:
        with pytest.raises(ValueError, match="cannot write '/nonexistent_xq7/x") as e:
            write(path)
        assert ".tmp" not in str(e.value)
    # A directory where the file should go: refused by name too, nothing left behind.
    (tmp_path / "d.json").mkdir()
    with pytest.raises(ValueError, match=r"d\.json': it is a directory"):
        r.save(tmp_path / "d.json")
    assert sorted(x.name for x in tmp_path.iterdir()) == ["d.json"]


def test_out_says_what_it_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    j, c = tmp_path / "r.json", tmp_path / "r.csv"
    assert main(["simulate", "clock", "--games", "50", "--out", str(j), "--json"]) == 0
    out, err = capsys.readouterr()
    assert f"cardsim: wrote the summary to {j} (no per-game arrays" in err
    assert out.lstrip().startswith("{")  # stdout stays the JSON alone
    assert main(["simulate", "clock", "--games", "50", "--out", str(c)]) == 0
    assert f"cardsim: wrote 50 rows (one per game) to {c}" in capsys.readouterr().err


def test_out_json_with_arrays_names_the_side_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")  # --plot keeps the per-game arrays
    j = tmp_path / "r.json"
    assert (
        main(
            [
                "simulate",
                "clock",
                "--games",
                "50",
                "--out",
                str(j),
                "--plot",
                str(tmp_path / "p.png"),
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    side = [x for x in tmp_path.iterdir() if x.suffix in (".parquet", ".npz")]
    assert len(side) == 1 and f"and per-game arrays to {side[0]}" in err


def test_solve_prints_its_score_distribution_as_a_table() -> None:
    lines = _distribution_table({11: 1, 13: 6, 15: 3})
    assert lines == [
        "  score distribution (10 settled deals):",
        "    score  deals",
        "       11      1  10.0%  ###",
        "       13      6  60.0%  ####################",
        "       15      3  30.0%  ##########",
    ]
    wide = _distribution_table({s: 1 + s % 3 for s in range(0, 200, 3)})
    assert len(wide) <= SCORE_ROWS + 2 and all(len(x) < 60 for x in wide)
    assert wide[2].split()[0] == "0-16" and sum(int(x.split()[1]) for x in wide[2:]) == sum(
        1 + s % 3 for s in range(0, 200, 3)
    )
    r = cardsim.solve_batch("code9_solitaire", deals=6, seed=1, threads=1, progress=False)
    text = str(r)
    assert "score distribution (" in text and "{" not in text.split("\n", 1)[1]
    assert max(len(x) for x in text.splitlines()) <= 100
