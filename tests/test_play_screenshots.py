"""docs/img/screenshots.py takes the play page of every game, and the docs show them.

Quick and without a browser: the script's games are ``cardsim.games()``, each game's
settings make a game the play server accepts, and each game has its committed
``docs/img/play_<game>.png``, a PNG of the script's width, which the site's gallery
shows. (Taking the pictures needs Chromium and takes half a minute: run the script.)"""

from __future__ import annotations

import importlib.util
import struct
import sys
from pathlib import Path

import pytest

import cardsim
from cardsim.play.session import Session

ROOT = Path(__file__).resolve().parents[1]
IMG = ROOT / "docs" / "img"
GAMES = [g.name for g in cardsim.games()]


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script():
    return _load(IMG / "screenshots.py", "docs_img_screenshots")


def test_the_script_takes_every_game_of_the_registry(script):
    assert script.games() == GAMES
    assert script.games([GAMES[-1], GAMES[0]]) == [GAMES[0], GAMES[-1]]
    with pytest.raises(ValueError, match="unknown games"):
        script.games(["no_such_game"])


def test_each_game_is_shown_with_settings_the_play_server_accepts(script):
    assert set(script.SHOTS) <= set(GAMES)
    for game in GAMES:
        s = script.shot(game)
        assert s.moves >= 1
        session = Session(game=game, seat=0, opponents=s.opponents, seed=s.seed, options=s.options)
        assert session.legal() or session.waiting_on(), game  # someone can move at the deal


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", path.name
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@pytest.fixture(scope="module")
def gallery() -> str:
    pytest.importorskip("sphinx")  # the gallery's module is a Sphinx extension
    ext = _load(ROOT / "docs" / "_ext" / "cardsim_docs.py", "docs_ext_cardsim_docs")
    return str(ext.gallery_page(IMG))


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_screenshot_and_the_gallery_shows_it(script, gallery, game):
    png = IMG / f"play_{game}.png"
    assert png.exists(), f"no {png.name}: run python docs/img/screenshots.py {game}"
    width, height = _png_size(png)
    assert width == script.WIDTH and height >= script.HEIGHT
    assert png.stat().st_size < 200_000  # shrunk (a few tens of KiB), not a raw capture
    assert f"![the play page: {game.replace('_', ' ')}](../img/{png.name})" in gallery
