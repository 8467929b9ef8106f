"""The public toolkit cardsim.testing: its strategies, check_lockstep on planted
mutations and misbehaving candidates, the state machine factory, and its bad input."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.stateful import run_state_machine_as_test

import cardsim
from cardsim import testing as ct
from mutants import MUTANTS

#: The longest line a planted mutation may shrink to (measured: 0 to 3 actions).
SHORT_LINE = 3


def reference(name):
    return lambda **opts: cardsim.make(name, backend="reference", **opts)


@pytest.mark.parametrize(("game", "what", "mutant"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_planted_mutation_is_caught_with_a_short_line(game, what, mutant):
    opts = {"players": 2} if game == "racing_demon" else None
    with pytest.raises(ct.DivergenceError) as caught:
        ct.check_lockstep(mutant, game, options=opts, examples=25, max_len=40)
    e = caught.value
    assert e.game == game and len(e.actions) == e.step <= SHORT_LINE, str(e)
    # The error replays: the line is legal on the core and the deck is a real deal.
    state = cardsim.make(game, **e.options).new_game(deck=e.deck)
    for text in e.actions:
        state.apply_action(state.string_to_action(text))
    assert e.field in str(e) and "replay" in str(e)


def test_every_game_has_a_mutant():
    def family(name):
        return name.removesuffix("_duel").removesuffix("_solitaire")

    assert {family(m[0]) for m in MUTANTS} == {family(g.name) for g in cardsim.games()}


def test_the_reference_passes_and_the_report_says_what_was_compared():
    report = ct.check_lockstep(reference("stack_gap"), "stack_gap", examples=10)
    assert report.examples >= 10 and report.steps > 0 and not report.text_actions
    assert {"to_dict", "observation", "scores", "legal_actions", "illegal actions"} <= (
        report.compared
    )


def test_the_same_seed_finds_the_same_line():
    game, _, mutant = MUTANTS[0]
    found = []
    for _ in range(2):
        with pytest.raises(ct.DivergenceError) as e:
            ct.check_lockstep(mutant, game, examples=5, max_len=20, seed=3)
        found.append((e.value.deck, e.value.actions, e.value.field))
    assert found[0] == found[1]


class Renumbered:
    """The reference with its own action numbering (id + 1000), speaking cardsim's texts."""

    def __init__(self, **opts):
        self.game = cardsim.make("stack_gap", backend="reference", **opts)

    def new_game(self, deck=None, seed=None):
        return RenumberedState(self.game.new_game(deck=deck, seed=seed))


class RenumberedState:
    def __init__(self, inner):
        self.inner = inner

    def current_player(self):
        return self.inner.current_player()

    def legal_actions(self):
        return [a + 1000 for a in self.inner.legal_actions()]

    def apply_action(self, a):
        self.inner.apply_action(a - 1000)

    def is_terminal(self):
        return self.inner.is_terminal()

    def scores(self):
        return self.inner.scores()

    def action_to_string(self, a):
        return self.inner.action_to_string(a - 1000)

    def string_to_action(self, text):
        return self.inner.string_to_action(text) + 1000


def test_a_candidate_with_its_own_numbering_speaks_text():
    report = ct.check_lockstep(Renumbered, "stack_gap", examples=10)
    assert report.text_actions


def test_forcing_ids_on_a_renumbered_candidate_diverges():
    with pytest.raises(ct.DivergenceError, match="legal_actions"):
        ct.check_lockstep(Renumbered, "stack_gap", examples=5, actions="ids")


class Crashing(RenumberedState):
    def scores(self):
        if len(self.inner.history) >= 2:
            raise RuntimeError("boom")
        return self.inner.scores()


def test_an_exception_from_the_candidate_is_a_divergence():
    class Factory(Renumbered):
        def new_game(self, deck=None, seed=None):
            return Crashing(self.game.new_game(deck=deck, seed=seed))

    with pytest.raises(ct.DivergenceError) as e:
        ct.check_lockstep(Factory, "stack_gap", examples=20)
    assert e.value.step == 2 and "RuntimeError: boom" in str(e.value)


class Lenient(RenumberedState):
    def apply_action(self, a):
        if a - 1000 in self.inner.legal_actions():
            self.inner.apply_action(a - 1000)


def test_accepting_an_illegal_action_is_a_divergence():
    class Factory(Renumbered):
        def new_game(self, deck=None, seed=None):
            return Lenient(self.game.new_game(deck=deck, seed=seed))

    with pytest.raises(ct.DivergenceError, match="illegal"):
        ct.check_lockstep(Factory, "stack_gap", examples=30, illegal_rate=0.5)


class Scarred(RenumberedState):
    """Refuses an illegal action but counts it in a field of its own dict (cardsim's
    dict has no such field, so only the check against its own dict can see it)."""

    refused = 0

    def apply_action(self, a):
        try:
            self.inner.apply_action(a - 1000)
        except ValueError:
            self.refused += 1
            raise

    def to_dict(self):
        return {**self.inner.to_dict(), "refused": self.refused}


class LiveDict(RenumberedState):
    """Hands out one live dict, updated in place; refusing an action spoils its turn."""

    def __init__(self, inner):
        super().__init__(inner)
        self.live, self.spoilt = {}, False

    def current_player(self):
        return 7 if self.spoilt else self.inner.current_player()

    def apply_action(self, a):
        try:
            self.inner.apply_action(a - 1000)
        except ValueError:
            self.spoilt = True
            raise

    def to_dict(self):
        self.live.update(self.inner.to_dict(), current_player=self.current_player())
        return self.live


@pytest.mark.parametrize("state", [Scarred, LiveDict], ids=["own field", "live dict"])
def test_a_state_changed_by_refusing_an_illegal_action_is_a_divergence(state):
    class Factory(Renumbered):
        def new_game(self, deck=None, seed=None):
            return state(self.game.new_game(deck=deck, seed=seed))

    with pytest.raises(ct.DivergenceError) as e:
        ct.check_lockstep(Factory, "stack_gap", examples=30, illegal_rate=0.5)
    assert e.value.field.endswith("after refusing an illegal action"), str(e.value)
    assert e.value.probe is not None


class Delegating:
    """The reference of a game, numbering actions as cardsim does, with one method
    changed from the ``late``-th action on (a step the check settles at first sight when
    every answer matches, and looks at field by field when one does not)."""

    late = 4

    def __init__(self, game, change):
        self.game, self.change = cardsim.make(game, backend="reference"), change

    def new_game(self, deck=None, seed=None):
        return DelegatingState(self.game.new_game(deck=deck, seed=seed), self.change)


class DelegatingState:
    def __init__(self, inner, change):
        self.inner, self.change = inner, change

    def __getattr__(self, name):
        method = getattr(self.inner, name)
        if name not in self.change:
            return method
        return lambda *args: self.change[name](self.inner, method, *args)


def _late(fn):
    return lambda inner, method, *args: (
        fn(method(*args)) if len(inner.history) >= Delegating.late else method(*args)
    )


def _boom(value):
    raise RuntimeError("late boom")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"observation": _late(lambda o: {**o, "player": -1})}, "observation(0).player"),
        ({"scores": _late(lambda s: [x + 1 for x in s])}, "scores()"),
        ({"observation_tensor": _late(lambda t: t * 0 - 1)}, "observation_tensor(0)"),
        ({"to_dict": _late(_boom)}, "to_dict()"),
        ({"legal_actions": _late(lambda a: list(a)[1:])}, "legal_actions()"),
        ({"is_terminal": _late(lambda t: 1)}, "is_terminal()"),
    ],
    ids=["observation", "scores", "tensor", "raises", "legal", "wrong flag"],
)
def test_a_difference_after_matching_steps_is_found_at_its_step(change, field):
    with pytest.raises(ct.DivergenceError) as caught:
        ct.check_lockstep(Delegating("code9", change), "code9", examples=30, max_len=12)
    e = caught.value
    assert e.step == Delegating.late and e.field.startswith(field), str(e)


def test_a_candidate_missing_a_field_of_the_dict_diverges_naming_it():
    # Strict: every field of cardsim's dict (but its seed); extra fields are skipped.
    drop = {"to_dict": lambda inner, method: {k: v for k, v in method().items() if k != "grid"}}
    with pytest.raises(ct.DivergenceError) as caught:
        ct.check_lockstep(Delegating("code9", drop), "code9", examples=10, max_len=30)
    assert caught.value.field == "to_dict().grid" and caught.value.candidate == "missing"
    more = {"to_dict": lambda inner, method: {**method(), "mine": 1}}
    report = ct.check_lockstep(Delegating("code9", more), "code9", examples=10, max_len=30)
    assert "to_dict" in report.compared


def test_a_candidate_lacking_methods_gets_a_type_error_listing_them():
    class Partial:
        def new_game(self, deck=None, seed=None):
            return object()

    with pytest.raises(TypeError, match="current_player, legal_actions, apply_action"):
        ct.check_lockstep(Partial(), "clock")
    with pytest.raises(TypeError, match="candidate must make game objects"):
        ct.check_lockstep(42, "clock")


def test_unknown_game_or_option_is_a_value_error():
    with pytest.raises(ValueError, match="unknown game"):
        ct.check_lockstep(reference("clock"), "chess")
    with pytest.raises(ValueError, match="unknown option"):
        ct.check_lockstep(reference("rummy"), "rummy", options={"jokers": True})
    for strategy in (ct.options, ct.decks, ct.deals, ct.lines, ct.states):
        with pytest.raises(ValueError, match="unknown game"):
            strategy("chess")
    with pytest.raises(ValueError, match="unknown option"):
        ct.options("rummy", colour=3)
    with pytest.raises(ValueError):
        ct.decks("rummy", players=99)


def test_bad_bounds_are_refused_at_once():
    with pytest.raises(InvalidArgument, match="max_len"):
        ct.lines("clock", -1)
    with pytest.raises(InvalidArgument, match="illegal_rate"):
        ct.lines("clock", 10, illegal_rate=1.5)
    with pytest.raises(InvalidArgument, match="by_deck"):
        ct.deals("clock", by_deck=False, by_seed=False)
    with pytest.raises(InvalidArgument, match="examples"):
        ct.check_lockstep(reference("clock"), "clock", examples=0)
    with pytest.raises(InvalidArgument, match="backend"):
        ct.states("clock", backend="java")


@settings(max_examples=20)
@given(opts=ct.options("rummy"), data=st.data())
def test_options_are_accepted_and_decks_deal(opts, data):
    game = cardsim.make("rummy", **opts)
    deck = data.draw(ct.decks("rummy", **opts))
    assert game.new_game(deck=deck).deck == deck


@settings(max_examples=20)
@given(line=ct.lines("code9", 30, illegal_rate=0.5))
def test_lines_are_legal_and_probes_illegal(line):
    state = line.deal.new_game()
    probes = dict.fromkeys(range(len(line.actions) + 1), ())
    for step, p in line.probes:
        probes[step] += (p,)
    for i, a in enumerate(line.actions):
        assert not set(probes[i]) & set(state.legal_actions())
        assert state.action_to_string(a) == line.texts[i]
        state.apply_action(a)


@settings(max_examples=10)
@given(state=ct.states("racing_demon", 20, players=2), deal=ct.deals("code9", players=3))
def test_states_and_deals(state, deal):
    assert state.game.num_players == 2 and len(state.history) <= 20
    assert (deal.deck is None) != (deal.seed is None)
    assert deal.new_game().game.num_players == 3


def test_the_state_machine_passes_the_reference_and_catches_a_mutant():
    machine = ct.lockstep_machine(reference("stack_gap"), "stack_gap")
    run_state_machine_as_test(machine, settings=settings(max_examples=10, stateful_step_count=20))
    game, _, mutant = MUTANTS[1]
    machine = ct.lockstep_machine(mutant, game)
    with pytest.raises(ct.DivergenceError):
        run_state_machine_as_test(
            machine, settings=settings(max_examples=10, stateful_step_count=20)
        )


def test_importing_cardsim_does_not_import_the_toolkit():
    code = "import sys, cardsim; print('cardsim.testing' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_without_hypothesis_the_import_names_the_extra():
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import cardsim.testing\n"
        "print(cardsim.testing.perft('clock', 1, seed=0).total)\n"
        "for what in ('from cardsim.testing import check_lockstep',\n"
        "             'import cardsim.testing.strategies'):\n"
        "    try:\n        exec(what)\n    except ImportError as e:\n        print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    # perft needs no hypothesis; the lockstep checker and the strategies name the extra.
    assert lines[0] == "1" and len(lines) == 3
    assert all("cardsim[testing]" in line for line in lines[1:])
