"""`cardsim play --web` in a real browser: the system's Chromium driven by
Playwright (never `playwright install`), one browser for the module.

Every game is played to its end by clicking, each against one of random,
greedy and a C++ search player (spread across the games so that each policy
meets several, not every combination: tests/test_play_server.py plays every
game against all three through the same requests). Racing Demon is raced in
real time against the timed simulator's opponents. The downloaded record
replays to the same end; stale and illegal requests are refused; two tabs keep
two games. Skips only where no Chromium is installed."""

from __future__ import annotations

import json
import shutil
import threading
import urllib.error
import urllib.request

import pytest

import cardsim
from cardsim.play.server import PlayServer

CHROMIUM = "/usr/bin/chromium" if shutil.which("/usr/bin/chromium") else None
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium")

# One policy per game, with a deal (and for The Wall, Rummy and Racing Demon
# small options) that ends in a few dozen clicks, so that the module stays
# quick: the solitaires have no opponent; among the others each policy kind
# plays at least one game, the C++ search players two. (game: opponents,
# seed, options.) A game not listed is played all the same, against random
# opponents on deal 0 at its defaults.
DEFAULT_PLAY = ("random", 0, {})
PLAYS = {
    "clock": ("random", 7, {}),
    "clock_duel": ("ismcts:8", 7, {}),
    "code9": ("greedy", 9, {}),
    "code9_solitaire": ("greedy", 2, {}),
    "hole_in_the_wall": ("pimc:4", 18, {}),
    # A race in real time: the opponent acts every 10 ms on average.
    "racing_demon": ("greedy", 9, {"players": 2}),
    "rummy": ("random", 5, {"hand_size": 5}),
    "stack_gap": ("random", 4, {}),
    # Without discard piles the wall blocks within ten moves.
    "the_wall": ("greedy", 11, {"discards": 0}),
}


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def serve():
    servers: list[PlayServer] = []

    def start(**settings):
        server = PlayServer(0, **settings)
        threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        servers.append(server)
        return server

    yield start
    for s in servers:
        s.shutdown()
        s.server_close()


def _open(browser, server):
    page = browser.new_page(viewport={"width": 1100, "height": 900}, accept_downloads=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def local_only(route):
        if route.request.url.startswith(server.url):
            route.continue_()
        else:
            errors.append("fetched " + route.request.url)
            route.abort()

    page.route("**/*", local_only)
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=20_000)
    if page.is_visible("#speed"):  # a race has its clock instead
        page.select_option("#speed", "0")  # the opponents' pause: none
    return page, errors


# What the page shows, read in one round trip.
_READ = """() => {
  const g = document.getElementById('game');
  return {terminal: g.dataset.terminal, version: g.dataset.version, actions: g.dataset.actions,
          sid: g.dataset.sid,
          moves: [...document.querySelectorAll('#moves button[data-action]')]
                   .map(b => Number(b.dataset.action))};
}"""


def _read(page) -> dict:
    return page.evaluate(_READ)


def _wait_change(page, before: dict) -> None:
    """Until the page shows another position (a move of anyone's) or the end."""
    page.wait_for_function(
        """([v, n]) => { const g = document.getElementById('game');
             return g.dataset.version !== v || g.dataset.actions !== n
                    || g.dataset.terminal === 'true'; }""",
        arg=[before["version"], before["actions"]],
        timeout=30_000,
    )


def _play_to_end(page, server, by_hint: bool = False, limit: int = 3000) -> int:
    """Clicks a move whenever the seat has one (the person plays greedily: the
    server's hint, asked in-process, or with ``by_hint`` the page's hint button);
    otherwise waits for the opponents. Returns the clicks."""
    clicks = 0
    while True:
        shown = _read(page)
        if shown["terminal"] == "true":
            return clicks
        assert clicks < limit
        if not shown["moves"]:
            _wait_change(page, shown)
            continue
        if by_hint:
            page.click("#hint")
            page.wait_for_selector("#moves button.hinted", timeout=20_000)
            page.click("#moves button.hinted")
        else:
            s = server.sessions[shown["sid"]]
            with server.locks[shown["sid"]]:
                choice = s.hint() if s.version == int(shown["version"]) else None
            a = choice if choice in shown["moves"] else shown["moves"][0]
            try:
                # A real mouse click on the button, without Playwright's waits for it to
                # settle (the list is drawn once per position).
                page.click(f'#moves button[data-action="{a}"]', timeout=5_000, force=True)
            except Exception:
                # In a race the list may be redrawn under the click: look again.
                assert server.sessions[shown["sid"]].race is not None
                continue
        clicks += 1
        _wait_change(page, shown)


def _download_record(page, tmp_path):
    with page.expect_download() as info:
        page.click("a[data-record]")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    return json.loads(path.read_text())


@pytest.mark.parametrize("game", sorted(g.name for g in cardsim.games()))
def test_a_whole_game_by_clicking(browser, serve, tmp_path, game):
    opponents, seed, options = PLAYS.get(game, DEFAULT_PLAY)
    timed = bool(cardsim.make(game).traits.timed)
    server = serve(
        game=game,
        seat=0,
        opponents=opponents,
        seed=seed,
        options=options,
        race_ms=10 if timed else None,
    )
    page, errors = _open(browser, server)
    clicks = _play_to_end(page, server, by_hint=game == "code9")
    assert clicks >= 1
    (s,) = server.sessions.values()
    assert s.state.is_terminal()
    if timed:
        # The race ran on its clock: the opponent moved between the person's clicks.
        seats = [e["seat"] for e in s.log]
        assert 0 in seats and 1 in seats
        assert page.is_checked("#auto") and not page.is_hidden("#race-box")
    assert page.get_attribute("#game", "data-terminal") == "true"
    assert "game over" in page.text_content("#status")
    rec = _download_record(page, tmp_path)
    again = cardsim.load_record(rec)
    assert again.scores() == s.state.scores()
    assert list(again.history) == list(s.state.history)
    assert errors == []
    page.close()


def _post(server, path, body):
    data = json.dumps(body).encode()
    req = urllib.request.Request(server.url + path.lstrip("/"), data=data, method="POST")
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_stale_and_illegal_clicks_are_refused_and_two_tabs_keep_their_games(browser, serve):
    server = serve(game="code9", seat=0, opponents="greedy", seed=5)
    page, errors = _open(browser, server)
    other, _ = _open(browser, server)  # a second tab: its own game
    (s, s2) = server.sessions.values()
    assert page.get_attribute("#game", "data-sid") == s.sid != s2.sid
    before = list(s.state.history)
    v = int(page.get_attribute("#game", "data-version"))
    legal = set(s.legal())
    bad = next(a for a in range(s.g.num_actions) if a not in legal)
    # A hand-written request for an illegal action, then a stale one (an old version).
    assert _post(server, "/api/move", {"sid": s.sid, "version": v, "action": bad})[0] == 400
    stale = {"sid": s.sid, "version": v - 1, "action": min(legal)}
    assert _post(server, "/api/move", stale)[0] == 409
    assert list(s.state.history) == before and s.version == v
    # A move made elsewhere (another copy of the page) makes this page's click stale.
    page.evaluate("document.getElementById('auto').checked = false")
    assert _post(server, "/api/move", {"sid": s.sid, "version": v, "action": min(legal)})[0] == 200
    button = page.query_selector("#moves button[data-action]")
    assert button is not None  # the page still shows the old position
    n = len(s.state.history)
    button.click()
    page.wait_for_function("() => document.getElementById('message').textContent.length > 0")
    assert "the game is at" in page.text_content("#message")
    assert len(s.state.history) == n
    # The other tab's game has not moved, and it plays on by itself.
    assert len(s2.state.history) == 0
    assert other.get_attribute("#game", "data-current-player") == "0"
    shown = _read(other)
    other.click(f'#moves button[data-action="{shown["moves"][0]}"]')
    _wait_change(other, shown)
    assert len(s2.state.history) >= 1 and len(s.state.history) == n
    assert errors == []
    page.close()
    other.close()
