"""The HTML replay page in a real browser: the system's headless Chromium,
driven by Playwright (never `playwright install`). Skips only where no
Chromium is installed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import cardsim
from cardsim.cli import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed")

EVIL = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>&amp;'


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def _open(browser, path: Path):
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    # Nothing may be fetched: the page is self-contained.
    def only_the_file(route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            errors.append("fetched " + route.request.url)
            route.abort()

    page.route("**/*", only_the_file)
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=20_000)
    return page, errors


def test_stepping_views_and_final_scores(browser, tmp_path):
    state = cardsim.replay_game("rummy", seed=3, index=5, policy="greedy")
    out = tmp_path / "game.html"
    assert (
        main(
            [
                "show",
                "rummy",
                "--seed",
                "3",
                "--index",
                "5",
                "--policy",
                "greedy",
                "--html",
                str(out),
            ]
        )
        == 0
    )
    page, errors = _open(browser, out)
    drawing = lambda: page.inner_html("#drawing")  # noqa: E731
    first = drawing()
    assert "after 0 actions" in first
    assert page.text_content("#action") == "the deal"
    page.keyboard.press("ArrowRight")
    second = drawing()
    assert second != first and "after 1 actions" in second
    start = state.game.new_game(deck=list(state.deck))
    text = f"seat {start.current_player()}: {start.action_to_string(state.history[0])}"
    assert page.text_content("#action") == text
    page.click("#next")
    assert "after 2 actions" in drawing()
    page.click("#prev")
    assert drawing() == second
    page.keyboard.press("ArrowLeft")
    assert drawing() == first
    # One seat's view: the other hand face down, running scores held back.
    page.keyboard.press("ArrowRight")
    page.select_option("#view", "0")
    mine = drawing()
    assert "seat 0&#x27;s view" in mine or "seat 0's view" in mine
    assert "shown at the end" in page.text_content("#scores")
    page.select_option("#view", "full")
    page.keyboard.press("End")
    n = len(state.history)
    assert page.text_content("#counter") == f"position {n} of {n}"
    final = ", ".join(f"seat {p} {s}" for p, s in enumerate(state.scores()))
    assert page.text_content("#scores") == final
    assert "game over" in page.text_content("#status")
    assert page.is_disabled("#next") and not page.is_disabled("#prev")
    page.keyboard.press("Home")
    assert drawing() == first
    assert errors == []


def test_markup_in_a_record_shows_as_text(browser, tmp_path):
    state = cardsim.replay_game("code9", seed=1, index=2, policy="random", players=2)
    rec = state.record()
    rec["cardsim_version"] = EVIL
    src = tmp_path / "evil.json"
    src.write_text(json.dumps(rec))
    out = tmp_path / "evil.html"
    assert main(["replay", str(src), "--html", str(out)]) == 0
    assert "<script>window.pwned" not in out.read_text()
    page, errors = _open(browser, out)
    assert EVIL in page.text_content("#meta")
    assert page.evaluate("window.pwned") is None
    assert page.query_selector("img") is None
    assert errors == []


def test_a_record_with_an_extra_field_never_reaches_the_page(tmp_path, capsys):
    rec = cardsim.replay_game("clock", seed=1, index=0).record()
    rec["note"] = EVIL
    src = tmp_path / "extra.json"
    src.write_text(json.dumps(rec))
    assert main(["replay", str(src), "--html", str(tmp_path / "x.html")]) == 2
    assert "unknown fields ['note']" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()
