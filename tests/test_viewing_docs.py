"""docs/viewing.md shows a drawing of every game, and every picture it names exists."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import cardsim

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_game_has_a_drawing_in_the_docs():
    text = (DOCS / "viewing.md").read_text()
    pictures = re.findall(r"\]\((img/[^)]+)\)", text)
    assert pictures
    for rel in pictures:
        path = DOCS / rel
        assert path.exists(), rel
        if path.suffix == ".svg":
            root = ET.parse(path).getroot()
            assert root.tag.endswith("svg")
    drawn = {
        ET.parse(DOCS / p).getroot().findtext("{http://www.w3.org/2000/svg}title")
        for p in pictures
        if p.endswith(".svg")
    }
    for info in cardsim.games():
        assert any(t and t.startswith(info.name + ":") for t in drawn), info.name
    readme = (DOCS.parent / "README.md").read_text()
    assert "docs/img/simulate_rummy.png" in readme and (DOCS / "img/simulate_rummy.png").exists()
