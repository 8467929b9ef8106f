"""Takes the screenshots of the play page that docs/viewing.md shows, one per game.

    python docs/img/screenshots.py              # every game of cardsim.games()
    python docs/img/screenshots.py rummy clock  # some of them

For each game it starts a ``PlayServer`` on a free port, opens the page in the
system's Chromium (``/usr/bin/chromium``, driven by Playwright; never
``playwright install``) at a fixed viewport, plays a few moves by clicking the
page's ``data-action`` buttons (the contract docs/viewing.md documents), and
saves ``docs/img/play_<game>.png``.

The same positions come out on every run: each deal has a fixed seed, your
seat plays the page's hint (greedy, seeded by the position), and the opponents
move only when the script presses "next" (it switches "play the opponents on
their own" off before the page deals, so no timer, and no race clock, moves
anyone). The picture is taken just after an opponent's move, which the page
highlights, when it is your turn again; with no opponent, after your last move.
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import cardsim
from cardsim.play.server import PlayServer
from cardsim.play.session import Session

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
#: The window, in CSS pixels (PNG pixels: the device scale is 1). Each picture is the
#: whole page: this wide, and this tall or as tall as the page is.
WIDTH, HEIGHT = 1100, 640


@dataclass(frozen=True)
class Shot:
    """How one game is shown: the opponents, the deal, the game's options and how
    many moves your seat (seat 0) makes before the picture."""

    opponents: str = "greedy"
    seed: int = 2026
    options: dict[str, object] = field(default_factory=dict)
    moves: int = 4


#: Games shown otherwise than by the default Shot: more seats, a search opponent (so
#: the pictures show the core's search players too), or a deal further on. Any other
#: game is shown with Shot(), so a new game needs no edit here.
SHOTS: dict[str, Shot] = {
    "clock_duel": Shot(opponents="ismcts:200", moves=5),
    "code9": Shot(opponents="greedy", options={"players": 3}, moves=3),
    "hole_in_the_wall": Shot(opponents="pimc:20", options={"players": 3}, moves=3),
    "racing_demon": Shot(options={"players": 3}, moves=8),
    "rummy": Shot(opponents="ismcts:200", moves=3),
    "stack_gap": Shot(options={"players": 2, "jokers": True}, moves=3),
}

# Runs before the page's own script: unticks "play the opponents on their own"
# ("race in real time" in a race) before the page deals, so only "next" moves them.
_PAUSED = """document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("auto").checked = false;
});"""

_READ = """() => {
  const g = document.getElementById('game');
  return {terminal: g.dataset.terminal === 'true', version: g.dataset.version,
          actions: g.dataset.actions,
          moves: document.querySelectorAll('#moves button[data-action]').length,
          next: !document.getElementById('next').disabled};
}"""

_CHANGED = """([v, n]) => { const g = document.getElementById('game');
  return g.dataset.version !== v || g.dataset.actions !== n; }"""


def games(names: list[str] | None = None) -> list[str]:
    """The games to take, in ``cardsim.games()`` order: all of them, or those named
    (an unknown name is a ValueError)."""
    every = [g.name for g in cardsim.games()]
    if not names:
        return every
    unknown = sorted(set(names) - set(every))
    if unknown:
        raise ValueError(f"unknown games {unknown}; the games are {every}")
    return [g for g in every if g in names]


def shot(game: str) -> Shot:
    """The way ``game`` is shown (``SHOTS``, else the default)."""
    return SHOTS.get(game, Shot())


def _click_and_wait(page: Page, selector: str) -> None:
    before = page.evaluate(_READ)
    page.click(selector)
    page.wait_for_function(_CHANGED, arg=[before["version"], before["actions"]])


def _play(page: Page, session: Session, moves: int, race: bool) -> None:
    """Your moves (each the hint's), the opponents moved by "next" in between, until
    you have made ``moves`` and it is your turn again just after an opponent's move
    (so that the page highlights it; with no opponent, after your ``moves``-th). In a
    race every opponent has one event after each of your moves."""
    opponents = session.g.num_players - 1
    made = 0
    while True:
        shown = page.evaluate(_READ)
        if shown["terminal"]:
            return
        theirs = not opponents or (session.log and session.log[-1]["seat"] != session.seat)
        if made >= moves and (race or (shown["moves"] and theirs)):
            return
        if made > moves + 50:
            raise RuntimeError(f"no opponent's move in the 50 moves after your {moves}th")
        if shown["moves"]:
            page.click("#hint")
            page.wait_for_selector("#moves button.hinted[data-action]")
            _click_and_wait(page, "#moves button.hinted[data-action]")
            made += 1
            if race:  # the opponents' events come between your moves
                for _ in range(opponents):
                    if page.evaluate(_READ)["next"]:
                        _click_and_wait(page, "#next")
        elif shown["next"]:
            _click_and_wait(page, "#next")
        else:
            raise RuntimeError(f"no move of yours and no opponent to play after {made} moves")


def take(browser: Browser, game: str, out: Path) -> None:
    """Plays ``game`` as ``shot(game)`` says and saves the picture as ``out``."""
    s = shot(game)
    server = PlayServer(0, game=game, seat=0, opponents=s.opponents, seed=s.seed, options=s.options)
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    ).start()
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(60_000)
    try:
        page.add_init_script(_PAUSED)
        page.goto(server.url)
        page.wait_for_selector("body[data-ready='1']", state="attached")
        (session,) = server.sessions.values()
        race = session.race is not None
        _play(page, session, s.moves, race)
        if not race:
            # Ticked again as a player finds it: the opponents have nothing to play now.
            page.check("#auto")
        page.mouse.move(0, 0)  # no hover mark on the picture
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out), full_page=True)
        if errors:
            raise RuntimeError(f"{game}: the page reported errors: {errors}")
    finally:
        page.close()
        server.shutdown()
        server.server_close()


def shrink(path: Path) -> None:
    """Saves the PNG again with at most 256 colours, where Pillow is installed (the
    page has few colours: a third of the size or less, no visible change)."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(
            256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    small.save(path, optimize=True)


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    chosen = games(argv)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for game in chosen:
                start = time.perf_counter()
                out = HERE / f"play_{game}.png"
                take(browser, game, out)
                shrink(out)
                took = time.perf_counter() - start
                print(f"{out.name}: {out.stat().st_size / 1024:.0f} KiB, {took:.1f} s", flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
