"""The drawings committed under docs/img/ are what cardsim draws now: each is redrawn
as docs/img/regenerate.py draws it and compared byte for byte, so a change to a drawing
(a new attribute, a moved label) cannot leave the docs' pictures stale."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

import cardsim

IMG = Path(__file__).resolve().parents[1] / "docs" / "img"
SCRIPT = runpy.run_path(str(IMG / "regenerate.py"))
DRAWINGS = SCRIPT["DRAWINGS"]


def test_every_game_is_drawn_and_nothing_else_is_left():
    stems = {stem for stem, *_ in DRAWINGS}
    assert {g.name for g in cardsim.games()} <= stems
    assert {p.stem for p in IMG.glob("*.svg")} == stems


@pytest.mark.parametrize(
    ("stem", "game", "options", "seat"), DRAWINGS, ids=[d[0] for d in DRAWINGS]
)
def test_the_committed_drawing_is_the_drawing_now(stem, game, options, seat):
    svg = cardsim.render.svg(SCRIPT["halfway"](game, options), player=seat) + "\n"
    committed = (IMG / f"{stem}.svg").read_text(encoding="utf-8")
    assert committed == svg, f"docs/img/{stem}.svg is stale: run python docs/img/regenerate.py"
