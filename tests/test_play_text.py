"""The terminal's seat view (cardsim.play.text): the drawing's layout in
characters, never a card the seat may not see, and the layout rules (a
squared pile shows its top, a fan and a column every card, a face-down pile
its count)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import cardsim
from cardsim.play.session import cards_of
from cardsim.play.text import layout, seat_view
from cardsim.render import svg
from game_configs import all_configs, config_id

CARD = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")
SVG = "{http://www.w3.org/2000/svg}"


def _positions(config):
    """The deal, a position a few random moves in, and the end of a random game."""
    game, options = config
    state = cardsim.make(game, **options).new_game(seed=5)
    rng = np.random.default_rng(5)
    out = [state.clone()]
    for n in range(400):
        if state.is_terminal():
            break
        cp = state.current_player()
        if cp == cardsim._core.SIMULTANEOUS:
            movers = [p for p in range(state.num_players) if state.legal_actions_for(p)]
            legal = state.legal_actions_for(movers[int(rng.integers(len(movers)))])
        else:
            legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        if n == 7:
            out.append(state.clone())
    out.append(state)
    return out


@pytest.mark.parametrize("config", all_configs(), ids=[config_id(g, o) for g, o in all_configs()])
def test_a_seat_view_shows_only_what_the_seat_sees(config):
    checked = 0
    for state in _positions(config):
        for seat in range(state.num_players):
            drawing = svg(state, player=seat)
            text = layout(drawing)
            placed = cards_of(state.observation(seat))
            seen = set(placed.values())
            shown = {t for t in text.split() if CARD.match(t)}
            assert shown <= seen, shown - seen
            # Each card drawn names its place, the key path cards_of gives it.
            cards = [g for g in ET.fromstring(drawing).iter(f"{SVG}g") if "data-card" in g.attrib]
            for g in cards:
                assert placed[g.attrib["data-place"]] == g.attrib["data-card"]
            checked += len(cards)
            # The drawing's header, as text: the game and whose view it is.
            assert text.splitlines()[0].startswith(f"{state.game.name} — seat {seat}'s view")
            assert "{" not in text and "None" not in text
    assert checked  # some card was drawn face up along the way


def test_a_drawn_hand_shows_every_card_in_its_order():
    state = cardsim.make("rummy").new_game(seed=3)
    hand = state.observation(0)["hand"]
    line = next(x for x in seat_view(state, 0).splitlines() if hand[0] in x.split())
    assert line.split() == hand


NS = 'xmlns="http://www.w3.org/2000/svg"'


def _card(x, y, card):
    return (
        f'<g class="card" data-card="{card}"><rect x="{x}" y="{y}" width="34" height="48"/>'
        f'<text x="{x + 2}" y="{y + 13}">{card[0]}</text></g>'
    )


def test_layout_rules():
    drawing = (
        f"<svg {NS}>"
        '<text x="8" y="18">title</text>'
        # A squared pile of three (2 units apart): its top only.
        + _card(10, 40, "2C")
        + _card(10, 42, "3C")
        + _card(10, 44, "4C")
        # A fan of three, 16 units apart: each card, in order, on one line.
        + _card(100, 40, "AS")
        + _card(116, 40, "KS")
        + _card(132, 40, "QS")
        # A column, 14 units apart: one card a line.
        + _card(10, 120, "5H")
        + _card(10, 134, "6H")
        # A face-down pile with its count; text anchored at its end.
        + '<g class="back"><rect x="200" y="40" width="34" height="48"/></g>'
        '<text x="217" y="69" text-anchor="middle">33</text>'
        '<text x="300" y="200" text-anchor="end">right</text>'
        "</svg>"
    )
    text = layout(drawing)
    lines = text.splitlines()
    assert lines[0].strip() == "title"
    tokens = text.split()
    assert "4C" in tokens and "2C" not in tokens and "3C" not in tokens
    assert "AS KS QS" in text and "#33" in tokens
    five = next(i for i, x in enumerate(lines) if "5H" in x)
    assert "6H" in lines[five + 1] and lines[five + 1].index("6H") == lines[five].index("5H")
    right = next(x for x in lines if "right" in x)
    # Its end at x 300, the title's start at x 8 (the margin, taken off).
    assert right.rstrip().endswith("right") and len(right.rstrip()) == round((300 - 8) / 7)
    # Never two blank lines in a row.
    assert "\n\n\n" not in text


def test_the_page_and_the_terminal_draw_the_same_picture():
    state = cardsim.make("the_wall").new_game(seed=2)
    assert seat_view(state, 0) == layout(svg(state, player=0))
