"""The run plan: policies parsed once into the core's PolicySpec, a frozen RunPlan
built by simulate and handed whole to the runners."""

from __future__ import annotations

import dataclasses
import pickle

import numpy as np
import pytest

import cardsim
from cardsim import _core
from cardsim.contract.policies import parse_seats
from cardsim.run.plan import RunPlan
from cardsim.run.shards import run_shard
from cardsim.run.simulate import execute, plan_run

SPECS = [
    "random",
    "greedy",
    "first",
    "pimc",
    "pimc:7:rollout=random:sees=all",
    "ismcts",
    "ismcts:50:c=1.5:prior=0",
    "ismcts:3:c=0.1:prior=0.25:rollout=first",
]


@pytest.mark.parametrize("text", SPECS)
def test_a_parsed_spec_keeps_every_field_through_its_text_and_a_pickle(text):
    spec = _core.PolicySpec.parse(text)
    assert spec.to_dict() == _core.parse_policy_spec(text)
    assert spec.kind == text.split(":")[0]
    assert spec.searching == (spec.kind in _core.SEARCH_POLICY_KINDS)
    assert _core.PolicySpec(spec.text) == spec
    back = pickle.loads(pickle.dumps(spec))
    assert back == spec and hash(back) == hash(spec)
    assert back.to_dict() == spec.to_dict()


def test_the_budget_named_or_left_to_the_game_stays_distinct():
    # Without N a game may declare its own default: the two must not merge.
    assert _core.PolicySpec("ismcts") != _core.PolicySpec("ismcts:200")
    assert _core.PolicySpec("ismcts").text == "ismcts:c=1.0:prior=0.5:rollout=greedy:sees=rules"


def test_a_bad_spec_or_state_is_refused_with_its_reason():
    with pytest.raises(ValueError, match="seat 2: unknown policy 'bogus'"):
        _core.PolicySpec.parse("bogus", "seat 2: ")
    for state in [(), (9, 0, False, 1.0, 1, 0.5, False), (3, 0, True, 1.0, 1, 0.5, False)]:
        with pytest.raises(ValueError, match="not a policy spec state"):
            _core._restore_policy_spec(state)
    with pytest.raises(ValueError, match="not a policy spec state"):
        _core._restore_policy_spec(("a", 0, False, 1.0, 1, 0.5, False))


def test_seats_hold_the_parsed_specs_and_a_python_seat_holds_none():
    def mine(obs, mask):
        return mask.argmax(1)

    seats = parse_seats(["greedy", mine], 2)
    assert seats.kinds == ("greedy", "python")
    assert seats.parsed == (_core.PolicySpec("greedy"), None)
    assert seats.callables == {1: mine}
    with pytest.raises(ValueError, match="no spec for the C\\+\\+ runner"):
        _ = seats.bound
    assert parse_seats("pimc:5", 3).bound == [_core.PolicySpec("pimc:5")] * 3


def test_a_shard_task_takes_parsed_specs_as_it_takes_text():
    spec = _core.PolicySpec("greedy")
    by_text = run_shard("rummy", {}, 3, ["greedy"], 10, 40)
    by_spec = run_shard("rummy", {}, 3, [pickle.loads(pickle.dumps(spec))], 10, 40)
    assert by_text == by_spec


def test_the_plan_is_frozen_and_played_whole_by_its_runner():
    plan = plan_run("code9", games=60, seed=4, policy="greedy,random", threads=1)
    assert isinstance(plan, RunPlan)
    assert (plan.games, plan.first_game, plan.seed, plan.rows) == (60, 0, 4, 60)
    with pytest.raises(dataclasses.FrozenInstanceError):
        plan.games = 1  # type: ignore[misc]
    one = execute(plan)
    two = execute(dataclasses.replace(plan, threads=2))
    direct = cardsim.simulate("code9", games=60, seed=4, policy="greedy,random", threads=1)
    for r in (two, direct):
        assert np.array_equal(one.scores, r.scores)
        assert np.array_equal(one.moves, r.moves)
    rotated = plan_run("code9", games=5, policy="greedy,random", seat_rotation=True)
    assert rotated.rows == 5 * rotated.num_players


def test_a_python_seat_plays_as_its_own_kind_of_seat():
    # A callable copying `first` gives the arrays of policy "first".
    plan = plan_run("rummy", games=30, seed=2, policy=[lambda o, m: m.argmax(1), "first"])
    assert plan.seats.parsed[0] is None
    mine, ref = execute(plan), cardsim.simulate("rummy", games=30, seed=2, policy="first")
    assert np.array_equal(mine.scores, ref.scores)
