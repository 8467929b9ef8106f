"""SVG drawings: every game, both views, both backends, and nothing hidden leaks."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import cardsim
from cardsim import reference, render
from cardsim.envs.resample import _cards_in
from game_configs import all_configs, config_id

CONFIGS = all_configs()
_DRAWN = re.compile(r'data-card="([^"]*)"')


def _played(game, seed: int, steps: int):
    state = game.new_game(seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


def _drawn(svg: str) -> set[str]:
    return set(_DRAWN.findall(svg))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[config_id(*c) for c in CONFIGS])
def test_every_game_draws_exactly_what_each_view_holds(name, options):
    game = cardsim.make(name, **options)
    for steps in (0, 30, 10_000):
        state = _played(game, 7, steps)
        full = render.svg(state)
        ET.fromstring(full)  # well-formed XML
        # The full view draws every card of to_dict(), and no other.
        assert _drawn(full) == _cards_in(state.to_dict())
        for p in range(state.num_players):
            mine = render.svg(state, player=p)
            ET.fromstring(mine)
            # A seat's view draws exactly the cards its observation shows.
            assert _drawn(mine) == _cards_in(state.observation(p)), f"seat {p}"
        assert state._repr_svg_() == full


@pytest.mark.parametrize("name", sorted(reference.GAMES))
def test_both_backends_draw_the_same(name):
    cpp = _played(cardsim.make(name), 3, 40)
    ref = cardsim.make(name, backend="reference").new_game(deck=list(cpp.deck))
    for a in cpp.history:
        ref.apply_action(a)
    assert render.svg(ref) == render.svg(cpp)
    assert render.svg(ref, player=0) == render.svg(cpp, player=0)
    assert ref._repr_svg_() == cpp._repr_svg_()


def test_header_shows_turn_scores_and_result():
    state = cardsim.make("code9").new_game(seed=1)
    svg = render.svg(state)
    assert "seat 0 to play" in svg and "scores: seat 0: 0" in svg
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert "game over" in render.svg(state)


def test_hidden_cards_are_face_down_with_counts():
    state = cardsim.make("rummy").new_game(seed=5)
    opp = state.to_dict()["hands"][1]
    mine = render.svg(state, player=0)
    assert not set(opp) & _drawn(mine)
    assert 'class="back"' in mine and f"\u00d7{len(opp)}" in mine
    # Rummy's running scores count hidden hands: a seat's view holds them back.
    assert "shown at the end" in mine


def test_cards_are_red_and_black():
    svg = render.svg(cardsim.make("code9").new_game(seed=2))
    assert "#c0102a" in svg and "#111111" in svg


@pytest.mark.parametrize(
    ("player", "error"),
    [(-1, ValueError), (2, ValueError), ("0", TypeError), (True, TypeError), (1.0, TypeError)],
)
def test_bad_player(player, error):
    state = cardsim.make("code9").new_game(seed=1)
    before = state.to_dict()
    with pytest.raises(error, match="player"):
        render.svg(state, player=player)
    assert state.to_dict() == before


def test_not_a_state():
    with pytest.raises(TypeError, match="game state"):
        render.svg("clock")


def test_text_is_escaped():
    c = render._svg.Canvas("<t>")
    c.text(0, 10, '<script>alert("x")</script>')
    out = str(c)
    assert "<script>" not in out and "&lt;script&gt;" in out
    ET.fromstring(out)


def test_text_view_shows_one_seat_only():
    state = cardsim.make("rummy").new_game(seed=5)
    hands = state.to_dict()["hands"]
    text = render.text(state, 0)
    assert " ".join(hands[0]) in text and " ".join(hands[1]) not in text
    assert "hand_sizes" in text


def test_gymnasium_render_shows_the_learner_only():
    gym_env = pytest.importorskip("cardsim.envs.gymnasium")
    env = gym_env.CardsimEnv("rummy", render_mode="ansi", seat=0)
    env.reset(seed=3)
    hands = env.state.to_dict()["hands"]
    out = env.render()
    assert " ".join(hands[0]) in out
    assert not any(
        c in out.split() for c in hands[1] if c not in _cards_in(env.state.observation(0))
    )
    svg_env = gym_env.CardsimEnv("rummy", render_mode="svg", seat=1)
    svg_env.reset(seed=3)
    svg = svg_env.render()
    assert svg.startswith("<svg") and "seat 1&#x27;s view" in svg
    with pytest.raises(TypeError, match="render_mode"):
        gym_env.CardsimEnv("rummy", render_mode="human")


def test_pettingzoo_render_shows_one_seat_only():
    pz = pytest.importorskip("cardsim.envs.pettingzoo")
    env = pz.env("rummy", render_mode="ansi")
    env.reset(seed=4)
    seat = env._seat[env.agent_selection]
    other = env.state.to_dict()["hands"][1 - seat]
    out = env.render()
    assert f"seat {seat}'s view" in out
    hidden = [c for c in other if c not in _cards_in(env.state.observation(seat))]
    assert not any(c in out.split() for c in hidden)
    svg_env = pz.parallel_env("rummy", render_mode="svg")
    svg_env.reset(seed=4)
    svg_env.render_seat = 1
    assert "seat 1&#x27;s view" in svg_env.render()
