"""Options on the command line and in the API: conflicts refused, loose values
refused with the forms they take, huge values reported as given."""

from __future__ import annotations

import pytest

import cardsim
from cardsim.cli import main
from cardsim.games import MAX_THREADS

SIM = ["simulate", "stack_gap", "--games", "50"]


def _error(capsys, argv) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardsim: error: ") and len(err.splitlines()) == 1
    return err


@pytest.mark.parametrize(
    ("extra", "match"),
    [
        (
            ["--players", "2", "--option", "players=3"],
            "--players 2 and --option players=3 conflict",
        ),
        (["--option", "jokers=true", "--option", "jokers=false"], "jokers is given twice"),
        (["--option", "jokers=yes"], "--option jokers is true or false, got 'yes'"),
        (["--option", "players=two"], "players takes a whole number in [1, 2] such as 1"),
        (["--option", "players=10**30"], "players takes a whole number"),
        (["--option", "threads=2**70"], "unknown option 'threads' for stack_gap"),
        (["--threads", "100000"], f"threads must be between 1 and {MAX_THREADS}, got 100000"),
        (["--threads", "0"], "threads must be between 1"),
    ],
)
def test_bad_option_values_are_one_clear_line(capsys, extra, match):
    assert match in _error(capsys, SIM + extra)


def test_agreeing_values_are_fine(capsys):
    assert main([*SIM, "--players", "2", "--option", "players=2", "--option", "jokers=TRUE"]) == 0
    out = capsys.readouterr().out
    assert "players=2" in out and "jokers=True" in out


def test_huge_values_in_the_api_are_clean_errors():
    with pytest.raises(ValueError, match=f"between 1 and {MAX_THREADS}, got {2**70}"):
        cardsim.simulate("clock", games=10, threads=2**70)
    with pytest.raises(ValueError, match=f"between 1 and {MAX_THREADS}"):
        cardsim.solve_batch("the_wall", deals=2, threads=2**70)
    with pytest.raises(ValueError, match=f"must be between 1 and 2, got {10**30}$"):
        cardsim.simulate("stack_gap", games=10, players=10**30)
    with pytest.raises(ValueError, match=f"got {-(10**30)}$"):
        cardsim.make("rummy", hand_size=-(10**30))
