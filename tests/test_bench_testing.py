"""bench/speed/bench_testing.py in miniature: the tape that stands in for a candidate hands
back exactly what the candidate answered (the replayed check uses all of it and
passes), and a candidate with live containers is refused."""

from __future__ import annotations

import runpy
from pathlib import Path

import numpy as np
import pytest

import cardsim
from bench_support import load_bench
from cardsim import testing as ct

ROOT = Path(__file__).resolve().parent.parent


def test_a_taped_candidate_replays_the_check_and_a_live_one_is_refused() -> None:
    bench = load_bench("bench_testing")
    reference = lambda **o: cardsim.make("code9", backend="reference", **o)  # noqa: E731
    row = bench.measure("code9", reference, 3, 20, 1)
    assert row["steps"] > 3 and 0 < row["cardsim_s"] <= row["wall_s"] + 0.05
    # The example port hands out live lists: its answers change after they are given,
    # so a tape of them would not replay; the bench says so instead of timing it.
    port = runpy.run_path(str(ROOT / "examples" / "clock_patience.py"))["ClockPatience"]
    check = lambda c: ct.check_lockstep(c, "clock", examples=3, max_len=20, seed=1)  # noqa: E731
    assert bench.tape_side(check, port, 1) is None


def test_a_replay_that_strays_from_the_tape_is_refused() -> None:
    bench = load_bench("bench_testing")
    tape = [
        ("new_game", True, None),
        ("current_player", True, 0),
        ("apply_action", False, ValueError("no")),
        ("current_player", True, 1),
        ("apply_action", True, None),
    ]
    stand_in = bench.Replayer(tape)
    assert stand_in.new_game(deck=[]) is stand_in
    assert stand_in.current_player() == 0
    with pytest.raises(ValueError, match="no"):
        stand_in.apply_action(5)
    assert stand_in.current_player() == 1
    assert stand_in.apply_action(3) is None
    assert not hasattr(stand_in, "to_dict")
    assert stand_in.used_up()
    # A replay that stops short of the tape is refused ...
    short = bench.Replayer(tape)
    short.new_game(seed=0)
    assert short.current_player() == 0
    assert not short.used_up()
    # ... and so is one that runs past it (the call past gets the marker).
    again = bench.Replayer(tape[:2])
    again.new_game(seed=0)
    again.current_player()
    assert again.current_player() is bench.PAST_THE_TAPE
    assert not again.used_up()


def test_a_replay_short_of_an_array_answer_is_refused_not_an_error() -> None:
    # The answer left on the tape may be an array, whose == has no single truth value:
    # the check of the markers must not compare it.
    bench = load_bench("bench_testing")
    stand_in = bench.Replayer([("new_game", True, None), ("observation_tensor", True, np.zeros(3))])
    stand_in.new_game(seed=0)
    assert not stand_in.used_up()
