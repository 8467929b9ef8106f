"""No two text labels of a drawing share a spot, in any game, over many random
positions of both backends (the full view and every seat's).

A label is any text outside a card's face (counts, seat names, scores, marks
such as Racing Demon's "K: n"); a card's own rank and suit marks are part of
the card, and cards overlap in fans by design. A label's box is estimated from
its font size and length (about 0.6 em a character, from 0.75 em above the
baseline to 0.2 em below): close to what a browser draws with DejaVu Sans.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardsim
from cardsim import reference, render
from cardsim.run.replay import replay_game
from game_configs import all_configs

GAMES = sorted(render.GAMES)
#: Each drawn game's configurations (options), from the suite's list.
CONFIGS: dict[str, list[dict[str, object]]] = {name: [] for name in GAMES}
for _name, _options in all_configs():
    if _name in CONFIGS:
        CONFIGS[_name].append(_options)
_SVG = "{http://www.w3.org/2000/svg}"

Box = tuple[str, float, float, float, float]  # text, left, top, right, bottom


def _labels(svg: str) -> list[Box]:
    """The box of every text outside a card face."""
    boxes: list[Box] = []

    def walk(element: ET.Element) -> None:
        for child in element:
            tag = child.tag.removeprefix(_SVG)
            if tag == "g" and "card" in (child.get("class") or "").split():
                continue  # a card's face: its marks belong to the card
            if tag != "text":
                walk(child)
                continue
            size = float(child.get("font-size", "12"))
            x, y, text = float(child.get("x", "0")), float(child.get("y", "0")), child.text or ""
            width = 0.6 * size * len(text)
            anchor = child.get("text-anchor", "start")
            left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
            boxes.append((text, left, y - 0.75 * size, left + width, y + 0.2 * size))

    walk(ET.fromstring(svg))
    return boxes


def _overlaps(boxes: list[Box]) -> list[tuple[str, str]]:
    """The pairs of labels whose boxes overlap (touching is not overlapping)."""
    return [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
    ]


def _check(state: object, where: str) -> None:
    for player in [None, *range(state.num_players)]:  # type: ignore[attr-defined]
        clash = _overlaps(_labels(render.svg(state, player=player)))
        assert not clash, f"{where}, view {player}: labels on one spot: {clash}"


def _played(game: object, seed: int, steps: int) -> object:
    state = game.new_game(seed=seed)  # type: ignore[attr-defined]
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


def test_the_check_sees_labels_on_one_spot() -> None:
    c = render._svg.Canvas("t")
    c.text(10, 50, "13", size=10)
    c.text(10, 51, "K: 3", size=9)
    c.text(100, 50, "apart", size=10)
    c.text(10, 80, "below", size=10)
    assert _overlaps(_labels(str(c))) == [("13", "K: 3")]


@pytest.mark.parametrize("name", GAMES)
@given(
    data=st.data(),
    seed=st.integers(0, 2**32 - 1),
    steps=st.one_of(st.integers(0, 80), st.just(100_000)),
    backend=st.sampled_from(["cpp", "reference"]),
)
def test_no_two_labels_share_a_spot(
    name: str, data: st.DataObject, seed: int, steps: int, backend: str
) -> None:
    options = data.draw(st.sampled_from(CONFIGS[name]), label="options")
    if backend == "reference":
        if name not in reference.GAMES:
            return
        steps = min(steps, 80)  # the pure-Python games are slow to play to the end
    game = cardsim.make(name, backend=backend, **options)
    _check(_played(game, seed, steps), f"{name} {options} {backend} seed {seed} steps {steps}")


def test_claimed_racing_demon_foundations_keep_count_and_claim_apart() -> None:
    # The first greedy game ends with four claimed foundations of thirteen cards: the
    # count under each pile and its "K: n" once fell on one spot.
    state = replay_game("racing_demon", seed=0, index=0, policy="greedy")
    foundations = state.to_dict()["foundations"]
    assert sum(f["claimed_by"] >= 0 and len(f["cards"]) == 13 for f in foundations) == 4
    _check(state, "racing_demon, first greedy game")
