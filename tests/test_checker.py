"""The lockstep checker's strictness, its reports, its probes, and the candidate faults it
must turn into a DivergenceError (never a crash, a silent pass, or an exception of its own)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import cardsim
from cardsim import testing as ct
from cardsim.testing.compare import first_difference
from mutants import ACCEPTED_ILLEGAL

pytest.importorskip("hypothesis")

QUICK = {"examples": 5, "max_len": 10}


def reference(name: str):
    return lambda **o: cardsim.make(name, backend="reference", **o)


class Wrapped:
    """A reference game whose states answer as the reference does, except what
    ``change(method, value, state)`` changes; ``accepts(state, action)`` says which
    illegal actions its apply_action accepts (and ignores)."""

    def __init__(self, game, change=None, accepts=None, **opts):
        self.inner = cardsim.make(game, backend="reference", **opts)
        self.change, self.accepts = change, accepts

    def new_game(self, **kw):
        return WrappedState(self.inner.new_game(**kw), self.change, self.accepts)


class WrappedState:
    def __init__(self, state, change, accepts):
        self._state, self._change, self._accepts = state, change, accepts

    def __getattr__(self, name):
        value = getattr(self._state, name)
        if not callable(value) or self._change is None:
            return value

        def call(*args):
            return self._change(name, value(*args), self._state)

        return call

    def apply_action(self, action):
        legal = self._state.legal_actions()
        if self._accepts is not None and action not in legal and self._accepts(self._state, action):
            return  # accepted, and nothing done
        self._state.apply_action(action)


def only(method, fn):
    return lambda name, value, state: fn(value) if name == method else value


# --- strictness --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (only("current_player", float), "current_player()"),
        (only("scores", lambda v: [float(x) for x in v]), "scores()[0]"),
        (only("to_dict", lambda v: {}), "to_dict()."),
        (only("is_terminal", int), "is_terminal()"),
        (only("legal_actions", lambda v: None), "legal_actions()"),
    ],
)
def test_a_loose_answer_is_a_divergence_naming_the_field(change, field):
    with pytest.raises(ct.DivergenceError) as err:
        ct.check_lockstep(Wrapped("stack_gap", change), "stack_gap", **QUICK)
    assert err.value.field.startswith(field), err.value.field


class AlwaysEqual(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def test_ids_whose_eq_always_says_yes_are_read_as_the_ints_they_hold():
    wrong = only("legal_actions", lambda v: [AlwaysEqual(a + 1) for a in v])
    with pytest.raises(ct.DivergenceError, match="legal_actions"):
        ct.check_lockstep(Wrapped("stack_gap", wrong), "stack_gap", **QUICK)


def test_lenient_numbers_accepts_floats_equal_to_ints_and_only_then():
    floats = only("scores", lambda v: [float(x) for x in v])
    report = ct.check_lockstep(Wrapped("clock", floats), "clock", lenient_numbers=True, **QUICK)
    assert "scores" in report.compared
    assert first_difference(1.5, 1, "x", lenient_numbers=True) is not None
    assert first_difference(True, 1, "x", lenient_numbers=True) is not None


def test_loose_forms_are_converted_as_documented():
    core = {"a": [1, 2], "b": {"c": True, "d": None, "e": "x"}}
    assert (
        first_difference({"b": {"e": "x", "d": None, "c": np.bool_(True)}, "a": (1, 2)}, core, "v")
        is None
    )
    assert first_difference({"a": np.array([1, 2]), "b": core["b"], "extra": 5}, core, "v") is None
    assert first_difference({"a": [1, 2]}, core, "v") == ("v.b", "missing", core["b"])
    assert first_difference({"a": [1, 2.0], "b": core["b"]}, core, "v") == ("v.a[1]", 2.0, 2)
    assert first_difference({"a": [1], "b": core["b"]}, core, "v") == ("len(v.a)", 1, 2)


@pytest.mark.parametrize(
    ("cand", "core", "where"),
    [
        (1.0, 1, "x"),
        (True, 1, "x"),
        (1, True, "x"),
        ([1, 2.0], [1, 2], "x[1]"),
        ([1, True], [1, 1], "x[1]"),
        (["a", 1], ["a", "1"], "x[1]"),
        ([0, 1], [0, 1, 2], "len(x)"),
        (float("nan"), 1.5, "x"),
    ],
)
def test_scalars_and_flat_lists_are_compared_strictly(cand, core, where):
    # Equal and of exactly cardsim's type passes at once; anything else goes on to the
    # text and the walk, which name the place.
    d = first_difference(cand, core, "x")
    assert d is not None and d.path == where
    assert first_difference(core, core, "x") is None


def test_an_answer_that_contains_itself_is_a_difference():
    loop: list[object] = [1]
    loop.append(loop)
    assert first_difference(loop, [1, 2], "x") == ("x[1]", loop, 2)
    cycle: dict[str, object] = {"a": 1}
    cycle["b"] = cycle
    assert first_difference(cycle, {"a": 1, "b": {"a": 2}}, "d").path == "d.b.a"


def _ints(x):
    return isinstance(x, list) and x and all(type(i) is int for i in x)


def test_a_numpy_observation_is_read_and_compared():
    arrays = only(
        "observation",
        lambda v: {k: np.asarray(x) if _ints(x) else x for k, x in v.items()},
    )
    report = ct.check_lockstep(Wrapped("stack_gap", arrays), "stack_gap", **QUICK)
    assert "observation" in report.compared


def test_the_report_lists_only_fields_compared():
    report = ct.check_lockstep(reference("clock"), "clock", **QUICK)
    assert {"current_player", "legal_actions", "scores", "to_dict"} <= report.compared
    assert "deck" not in report.compared  # dealt by deck: the deck is not asked for


# --- faults of the candidate: a DivergenceError, quickly ----------------------------------


def test_new_game_raising_keeps_the_deck_in_the_report():
    class Broken:
        def new_game(self, **kw):
            raise RuntimeError("no deal")

    with pytest.raises(ct.DivergenceError) as err:
        ct.check_lockstep(Broken(), "stack_gap", **QUICK)
    e = err.value
    assert e.field == "new_game" and len(e.deck) == 52
    assert repr(e.deck) in e.replay


def test_an_accepted_illegal_action_is_played_in_the_replay():
    lax = Wrapped("stack_gap", accepts=lambda state, a: True)
    with pytest.raises(ct.DivergenceError) as err:
        ct.check_lockstep(lax, "stack_gap", **QUICK, illegal_rate=1.0)
    e = err.value
    assert e.field == "apply_action(illegal)" and e.candidate == "accepted"
    assert f"actual.apply_action({e.probe_id})" in e.replay
    # The replay reproduces it: the candidate accepts what cardsim refuses.
    state = lax.new_game(deck=e.deck)
    for a in e.ids:
        state.apply_action(a)
    state.apply_action(e.probe_id)
    core = cardsim.make("stack_gap").new_game(deck=e.deck)
    for a in e.ids:
        core.apply_action(a)
    with pytest.raises(ValueError):
        core.apply_action(e.probe_id)


def test_a_changed_dict_names_its_field_not_the_whole_dict():
    def turned(name, value, state):
        if name == "to_dict" and len(state.history) >= 3:
            value["players"][0]["turned"] += 1
        return value

    with pytest.raises(ct.DivergenceError) as err:
        ct.check_lockstep(Wrapped("clock", turned), "clock", **QUICK)
    e = err.value
    assert e.field == "to_dict().players[0].turned" and e.candidate == e.expected + 1
    assert str(e).splitlines()[1] == f"  candidate: {e.candidate}"


def test_two_seat_lines_say_whose_move_and_legal_ids_show_their_text():
    def extra(name, value, state):
        if name == "legal_actions" and len(state.history) >= 2 and 137 not in value:
            return [*value, 137]
        return value

    opts = {"players": 2}
    with pytest.raises(ct.DivergenceError) as err:
        ct.check_lockstep(Wrapped("stack_gap", extra, **opts), "stack_gap", options=opts, **QUICK)
    e = err.value
    assert e.field == "legal_actions()" and e.step == 2
    state = cardsim.make("stack_gap", **opts).new_game(deck=e.deck)
    for a in e.ids:
        state.apply_action(a)
    text = state.action_to_string(137)
    assert e.candidate == f"also legal: 137 ({text})" and e.expected == "also legal: nothing"
    line = next(ln for ln in str(e).splitlines() if ln.startswith("  line"))
    assert line == f"  line (2): p0 {e.actions[0]} | p1 {e.actions[1]}"


def test_illegal_error_must_be_a_class_or_a_flat_tuple():
    for bad in ((ValueError, (KeyError,)), ValueError("x"), (), "ValueError"):
        with pytest.raises(TypeError, match="illegal_error"):
            ct.check_lockstep(reference("clock"), "clock", illegal_error=bad, **QUICK)
        with pytest.raises(TypeError, match="illegal_error"):
            ct.lockstep_machine(reference("clock"), "clock", illegal_error=bad)
    ct.check_lockstep(reference("clock"), "clock", illegal_error=(ValueError, KeyError), **QUICK)


# The attack's repros, each in a subprocess: a crash there cannot take pytest down, and
# each must end in a DivergenceError within seconds.
REPROS = {
    "deep answer": """
deep = []
for _ in range(200_000):
    deep = [deep]
change = lambda name, value, state: deep if name == "scores" else value
""",
    "numpy in observation": """
change = lambda name, value, state: ({"x": np.zeros((2, 2))} if name == "observation" else value)
""",
    "legal_actions None": """
change = lambda name, value, state: None if name == "legal_actions" else value
""",
    "unsortable ids": """
change = lambda name, value, state: [object(), object()] if name == "legal_actions" else value
""",
    "deep illegal error": """
change = None
""",
}


@pytest.mark.parametrize("name", sorted(REPROS))
def test_the_attacks_faults_end_in_a_divergence(name, tmp_path):
    body = REPROS[name]
    script = f"""
import sys, numpy as np, cardsim
from cardsim import testing as ct
sys.path.insert(0, {str(Path(__file__).parent)!r})
from test_checker import Wrapped
{body}
err = None
nested = ValueError
if {name!r} == "deep illegal error":
    for _ in range(100_000):
        nested = (nested,)
    try:
        ct.check_lockstep(Wrapped("stack_gap"), "stack_gap", examples=3, illegal_error=nested)
    except TypeError as e:
        print("TypeError", e)
    sys.exit(0)
try:
    ct.check_lockstep(Wrapped("stack_gap", change), "stack_gap", examples=5, max_len=10)
except ct.DivergenceError as e:
    print("DivergenceError", e.field)
"""
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith(("DivergenceError", "TypeError")), out.stdout
    assert not (tmp_path / ".hypothesis").exists()


# --- probes --------------------------------------------------------------------------------


def test_every_game_has_an_accepted_illegal_action():
    assert set(ACCEPTED_ILLEGAL) == {g.name for g in cardsim.games()}


@pytest.mark.parametrize("game", sorted(ACCEPTED_ILLEGAL))
def test_an_accepted_illegal_action_is_found_at_the_default_settings(game):
    # Most probes are of kinds legal elsewhere in the game, each line's of one kind
    # (strategies.read_step): drawn uniformly over the ids, they missed Stack Gap's
    # discard while a placement is possible (3 ids of 138).
    _, accepts = ACCEPTED_ILLEGAL[game]
    with pytest.raises(ct.DivergenceError) as err:
        ct.check_lockstep(Wrapped(game, accepts=accepts), game)
    e = err.value
    assert e.field == "apply_action(illegal)" and e.candidate == "accepted"
    assert len(e.actions) <= 3, e.actions
    # The line replays on the reference, where the rules refuse the probe, and it is
    # the planted kind.
    state = cardsim.make(game, backend="reference").new_game(deck=e.deck)
    for a in e.ids:
        state.apply_action(a)
    assert e.probe_id not in state.legal_actions() and accepts(state, e.probe_id)


# --- playthrough files -----------------------------------------------------------------------


def _file(tmp_path, edit):
    data = json.loads(
        (
            Path(ct.playthroughs.__code__.co_filename).parent / "playthrough_files" / "clock.json"
        ).read_text()
    )
    edit(data)
    path = tmp_path / "pt.json"
    path.write_text(json.dumps(data, allow_nan=True))
    return path


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d.update(version=True), "version"),
        (lambda d: d.update(game=5), "game"),
        (lambda d: d.update(game="../clock"), "game"),
        (lambda d: d.pop("cases"), "cases"),
        (lambda d: d["cases"][0].update(scores=[float("nan")]), "NaN"),
        (lambda d: d["cases"][0]["steps"][1].update(id=True), "cases[0].steps[1].id"),
        (lambda d: d["cases"][0].update(terminal="yes"), "cases[0].terminal"),
        (lambda d: d["cases"][1]["start"].pop("digest"), "cases[1].start.digest"),
    ],
)
def test_a_malformed_playthrough_file_is_a_value_error_naming_the_field(tmp_path, edit, field):
    with pytest.raises(ValueError, match=field.replace("[", r"\[").replace("]", r"\]")):
        ct.load_playthroughs(_file(tmp_path, edit))


def test_playthrough_names_are_names_not_paths():
    for name in ("../clock", "/etc/passwd", "clock/../clock"):
        with pytest.raises(ValueError, match="no playthroughs"):
            ct.playthroughs(name)


def test_check_playthroughs_names_the_differing_field():
    def hide(value):
        value = dict(value)
        value["clocks"] = [] if "clocks" in value else value.get("clocks")
        return value

    with pytest.raises(ct.PlaythroughMismatch) as err:
        ct.check_playthroughs(Wrapped("clock_duel", only("to_dict", hide)), "clock_duel")
    assert err.value.field.startswith("to_dict()"), err.value.field
    assert "digest" not in err.value.field


# --- small points ----------------------------------------------------------------------------


def test_lines_can_be_deck_only():
    from hypothesis import given, settings

    seen = []

    @settings(max_examples=10, database=None)
    @given(ct.lines("stack_gap", 5, deal="deck"))
    def run(line):
        seen.append(line.deal)

    run()
    assert seen and all(d.deck is not None and d.seed is None for d in seen)


def test_the_worked_example_ships_in_the_package():
    from cardsim.testing import examples

    report = ct.check_lockstep(examples.ClockPatience, "clock", **QUICK)
    assert report.examples == QUICK["examples"]
    assert "examples" in dir(ct)


def test_no_hypothesis_folder_is_written(tmp_path):
    script = (
        "import cardsim; from cardsim import testing as ct;"
        "ct.check_lockstep(lambda **o: cardsim.make('clock', backend='reference', **o),"
        " 'clock', examples=3, max_len=5)"
    )
    env = {k: v for k, v in os.environ.items() if k != "HYPOTHESIS_STORAGE_DIRECTORY"}
    subprocess.run([sys.executable, "-c", script], check=True, cwd=tmp_path, env=env, timeout=120)
    assert list(tmp_path.iterdir()) == []
