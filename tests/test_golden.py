"""The public playthroughs (cardsim.testing.playthroughs) replayed on both backends.

A change in any game's behaviour shows here at the first action it affects, with
the field that differs. Regenerate on purpose only: python tests/golden/regenerate.py
"""

from __future__ import annotations

import json

import pytest

import cardsim
from cardsim.testing import (
    PlaythroughMismatch,
    check_playthroughs,
    load_playthroughs,
    playthrough_games,
    playthroughs,
    state_digest,
)
from cardsim.testing.playthroughs import FORMAT, VERSION, dump_playthroughs
from game_configs import CONFIGS
from golden.regenerate import FOLDER


def test_every_game_has_a_playthrough_file():
    assert set(playthrough_games()) == set(CONFIGS)


def test_every_option_combination_is_recorded():
    for game, combos in CONFIGS.items():
        recorded = [pt.options for pt in playthroughs(game)]
        assert all(recorded.count(o) == 3 for o in combos), game


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_replay(game, backend):
    # Every case on a factory of the backend: each step's player, legal count and
    # digest, and the ending; the core is given each action as text.
    n = check_playthroughs(lambda **o: cardsim.make(game, backend=backend, **o), game)
    assert n == 3 * len(CONFIGS[game])


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_files_read_back_as_written(game):
    path = FOLDER / f"{game}.json"
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["game"]) == (FORMAT, VERSION, game)
    assert dump_playthroughs(game, list(playthroughs(game))) == path.read_text()


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_ids_and_texts_agree_on_the_core(game):
    pt = next(playthroughs(game))
    state = cardsim.make(game, **pt.options).new_game(deck=pt.deck)
    for step in pt.steps:
        assert state.action_to_string(step.id) == step.action
        state.apply_action(step.id)
    assert state_digest(state.to_dict()) == pt.steps[-1].digest


class _ScoresOffByOne:
    """A candidate that plays clock right but reports a wrong score."""

    def __init__(self, state):
        self._state = state

    def __getattr__(self, name):
        return getattr(self._state, name)

    def scores(self):
        return [s + 1 for s in self._state.scores()]


class _CandidateGame:
    def __init__(self, wrap, **options):
        self._game = cardsim.make("clock", **options)
        self._wrap = wrap

    def new_game(self, *, deck):
        return self._wrap(self._game.new_game(deck=deck))


def test_a_wrong_score_is_named_with_file_case_step_and_both_values():
    first = next(playthroughs("clock"))
    with pytest.raises(PlaythroughMismatch) as e:
        check_playthroughs(_CandidateGame(_ScoresOffByOne), "clock")
    err = e.value
    assert (err.source, err.index, err.step, err.field) == (
        "clock.json",
        0,
        len(first.steps),
        "scores",
    )
    assert err.expected == first.scores and err.got == [s + 1 for s in first.scores]
    assert "clock.json case 0" in str(err) and "scores differs" in str(err)
    assert isinstance(err, AssertionError)


class _RefusesTurnFive(_ScoresOffByOne):
    def scores(self):
        return self._state.scores()

    def apply_action(self, action):
        if len(self._state.history) == 4:
            raise RuntimeError("boom")
        self._state.apply_action(action)


def test_a_candidate_exception_is_a_mismatch_at_its_step():
    with pytest.raises(PlaythroughMismatch) as e:
        check_playthroughs(_CandidateGame(_RefusesTurnFive), "clock")
    assert e.value.step == 5 and "RuntimeError: boom" in str(e.value)


class _NoLegalActions:
    def __init__(self, state):
        self._state = state

    def current_player(self):
        return self._state.current_player()


def test_a_state_lacking_methods_is_a_type_error_listing_them():
    with pytest.raises(TypeError, match="legal_actions, apply_action, is_terminal, scores"):
        check_playthroughs(_CandidateGame(_NoLegalActions), "clock")


def test_a_file_of_another_version_is_refused(tmp_path):
    path = tmp_path / "clock.json"
    text = (FOLDER / "clock.json").read_text()
    path.write_text(text.replace('"version": 1', '"version": 2', 1))
    with pytest.raises(
        ValueError, match="version 2; this cardsim reads 'cardsim-playthrough' version 1"
    ):
        load_playthroughs(path)
    path.write_text(text)
    assert load_playthroughs(str(path)) == list(playthroughs("clock"))


def test_bad_calls():
    with pytest.raises(ValueError, match="no playthroughs for 'chess'"):
        playthroughs("chess")
    with pytest.raises(TypeError, match="new_game"):
        check_playthroughs(42, "clock")
    with pytest.raises(ValueError, match="no playthrough of rummy has options"):
        check_playthroughs(cardsim.make("rummy", players=6), "rummy", options={"players": 6})
    with pytest.raises(ValueError, match="unknown option"):
        check_playthroughs(cardsim.make("rummy"), "rummy", options={"colour": 1})


def test_a_game_candidate_replays_the_cases_of_its_options():
    opts = {"players": 2, "move_cap": 40}
    n = check_playthroughs(
        cardsim.make("code9", backend="reference", **opts), "code9", options=opts
    )
    assert n == 3


def test_a_class_is_a_factory():
    class Clock:
        def __init__(self, **options):
            self._game = cardsim.make("clock_duel", backend="reference", **options)

        def new_game(self, *, deck):
            return self._game.new_game(deck=deck)

    assert check_playthroughs(Clock, "clock_duel") == 3
