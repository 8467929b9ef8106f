"""The play server without a browser: whole games of every game through its
requests (random, greedy and a search player), records that replay, stale and
illegal moves refused with the game unchanged, malformed requests answered
without harm, undo, hint, and the terminal play naming a drawn card."""

from __future__ import annotations

import fnmatch
import http.client
import io
import json
import threading
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

import cardsim
from cardsim.cli.view import play
from cardsim.play.server import MAX_BODY, PlayServer
from cardsim.play.session import Session

GAMES = [g.name for g in cardsim.games()]


@pytest.fixture
def serve():
    servers = []

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


def _request(server, method, path, body=None, raw=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=30)
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    conn.request(method, path, body=data, headers=headers or {})
    r = conn.getresponse()
    text = r.read()
    conn.close()
    try:
        return r.status, json.loads(text)
    except ValueError:
        return r.status, text


def test_binds_the_loopback_only(serve):
    server = serve(game="clock")
    assert server.server_address[0] == "127.0.0.1"
    assert server.url.startswith("http://127.0.0.1:")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("opponents", ["random", "greedy", "pimc:2"])
def test_a_whole_game_through_the_requests(serve, game, opponents):
    server = serve(game=game, opponents=opponents, seed=2)
    status, v = _request(server, "POST", "/api/new", {})
    assert status == 200 and v["current_player"] in (0, cardsim._core.SIMULTANEOUS)
    sid = v["sid"]
    for _ in range(4000):
        if v["terminal"]:
            break
        if v["moves"]:
            _, h = _request(server, "POST", "/api/hint", {"sid": sid, "version": v["version"]})
            assert h["hint"] in [m["id"] for m in v["moves"]]
            body = {"sid": sid, "version": v["version"], "action": h["hint"]}
            status, v = _request(server, "POST", "/api/move", body)
        else:
            status, v = _request(server, "POST", "/api/step", {"sid": sid, "version": v["version"]})
        assert status == 200, v
        if v["moves"] and v["waiting"] and v["timed"]:
            # A timed game: the opponents move between the seat's moves too.
            status, v = _request(server, "POST", "/api/step", {"sid": sid, "version": v["version"]})
    assert v["terminal"] and v["scores"] is not None
    status, rec = _request(server, "GET", f"/api/record?sid={sid}")
    assert status == 200
    again = cardsim.load_record(rec)
    assert again.scores() == v["scores"] and len(again.history) == v["actions"]


def test_stale_and_illegal_moves_change_nothing(serve):
    server = serve(game="code9", opponents="greedy", seed=5)
    _, v = _request(server, "POST", "/api/new", {})
    s = server.sessions[v["sid"]]
    legal = [m["id"] for m in v["moves"]]
    bad = next(a for a in range(s.g.num_actions) if a not in legal)
    before = (list(s.state.history), s.version)
    for body, code in [
        ({"sid": v["sid"], "version": v["version"], "action": bad}, 400),
        ({"sid": v["sid"], "version": v["version"] - 1, "action": legal[0]}, 409),
        ({"sid": v["sid"], "version": v["version"], "action": "0"}, 400),
        ({"sid": v["sid"], "version": True, "action": legal[0]}, 400),
        ({"sid": "nope", "version": v["version"], "action": legal[0]}, 404),
    ]:
        status, answer = _request(server, "POST", "/api/move", body)
        assert status == code and answer["error"]
        assert (list(s.state.history), s.version) == before
    # The same click twice: the second is stale.
    ok = {"sid": v["sid"], "version": v["version"], "action": legal[0]}
    assert _request(server, "POST", "/api/move", ok)[0] == 200
    assert _request(server, "POST", "/api/move", ok)[0] == 409
    assert len(s.state.history) == 1


def test_malformed_requests_never_harm_the_server(serve):
    server = serve(game="rummy", seed=1)
    assert _request(server, "POST", "/api/move", raw=b"{not json")[0] == 400
    assert _request(server, "POST", "/api/move", raw=b"[1, 2]")[0] == 400
    assert _request(server, "POST", "/api/move", raw=b"\xff\xfe")[0] == 400
    big = b"x" * (MAX_BODY + 1)
    assert _request(server, "POST", "/api/move", raw=big)[0] == 413
    assert _request(server, "GET", "/../../etc/passwd")[0] == 404
    assert _request(server, "GET", "/assets/../session.py")[0] == 404
    assert _request(server, "GET", "/api/state?sid=" + "a" * 5000)[0] == 404
    assert _request(server, "POST", "/api/nothing", {})[0] == 404
    assert _request(server, "GET", "/")[0] == 200  # still serving


def test_undo_replays_to_the_move_before(serve):
    server = serve(game="rummy", opponents="random", seed=8)
    _, v = _request(server, "POST", "/api/new", {})
    sid = v["sid"]
    s = server.sessions[sid]
    start = s.state.to_dict()
    _, v = _request(server, "POST", "/api/move", {"sid": sid, "version": v["version"], "action": 0})
    while v["waiting"]:
        _, v = _request(server, "POST", "/api/step", {"sid": sid, "version": v["version"]})
    after = list(s.state.history)
    _, v = _request(server, "POST", "/api/undo", {"sid": sid, "version": v["version"]})
    assert s.state.to_dict() == start and v["can_undo"] is False
    _, v = _request(server, "POST", "/api/move", {"sid": sid, "version": v["version"], "action": 0})
    while v["waiting"]:
        _, v = _request(server, "POST", "/api/step", {"sid": sid, "version": v["version"]})
    assert list(s.state.history) == after  # the random opponent replays as before


def test_same_deal_again_and_a_new_deal(serve):
    server = serve(game="stack_gap", seed=4)
    _, a = _request(server, "POST", "/api/new", {})
    _, b = _request(server, "POST", "/api/new", {"same": a["sid"]})
    assert b["sid"] != a["sid"] and b["seed"] == a["seed"] and b["svg"] == a["svg"]
    _, c = _request(server, "POST", "/api/new", {})
    assert c["seed"] != a["seed"]


def test_a_seat_sees_only_its_view():
    s = Session("rummy", seat=0, opponents="first", seed=3)
    hidden = s.state.observation(1)["hand"]
    from cardsim.play.server import view

    drawing = view(s)["svg"]
    assert not any(
        f'data-card="{c}"' in drawing for c in hidden if c not in s.state.observation(0)["hand"]
    )


def test_python_and_search_opponents():
    first = lambda obs, mask: mask.argmax(1)  # noqa: E731
    for opponents in ("ismcts:4", first):
        s = Session("code9", opponents=opponents, seed=1)
        while not s.state.is_terminal() and len(s.state.history) < 40:
            if s.my_turn():
                s.move(s.legal()[0], s.version)
            else:
                s.step(s.version)
        assert len(s.state.history) == 40
    with pytest.raises(ValueError):
        Session("code9", opponents="nonsense")
    with pytest.raises(ValueError):
        Session("code9", seat=2)


def test_terminal_play_names_the_card_drawn():
    out = io.StringIO()
    # Rummy seat 0 draws from the stock first (move 0), then is asked again: quit.
    code = play("rummy", 0, "greedy", 6, inp=io.StringIO("0\nq\n"), out=out)
    assert code == 1
    drawn = Session("rummy", seat=0, opponents="greedy", seed=6)
    drawn.move(0, drawn.version)
    assert f"you play: draw_stock (you drew {drawn.log[-1]['revealed'][0]})" in out.getvalue()


def test_search_opponents_are_the_cpp_search_players():
    """A search seat asks the C++ search player for its move at the position reached:
    the same move as _core._search_action gives with the seat's stream."""
    s = Session("hole_in_the_wall", opponents="pimc:3", seed=4)
    while s.my_turn():
        s.move(s.legal()[0], s.version)
    state = s.state.clone()
    stream = np.random.default_rng(0)
    stream.bit_generator.state = s.rng.bit_generator.state
    want = cardsim._core._search_action(state, 1, "pimc:3", int(stream.integers(2**63)), None)
    s.step(s.version)
    assert s.log[-1]["seat"] == 1 and s.log[-1]["action"] == want
    assert want in state.legal_actions()
    # A search hint asks the same player, for the person's seat.
    hinted = Session("hole_in_the_wall", opponents="greedy", seed=4, hint_policy="ismcts:8")
    assert hinted.hint() in hinted.legal()
    with pytest.raises(ValueError, match="not a race"):
        Session("code9", race_ms=100)
    with pytest.raises(ValueError, match="pimc or ismcts"):
        cardsim._core._search_action(state, 0, "greedy", 1)
    with pytest.raises(TypeError, match="C\\+\\+ core"):
        cardsim._core._search_action(object(), 0, "pimc", 1)


def _race(opponents, **kw):
    s = Session(
        "racing_demon", opponents=opponents, seed=9, options={"players": 2}, race_ms=10, **kw
    )
    assert s.race is not None and s.race.mean == [10_000, 10_000]
    return s


def test_a_race_runs_on_the_clock_while_the_person_moves():
    s = _race("greedy")
    # Paused at the deal: nothing happens until the clock runs.
    s.tick(1e9)
    assert s.log == []
    s.set_clock(True)
    wall = s.race.wall
    for i in range(1, 400):
        s.tick(wall + i * 0.05)
        if s.state.is_terminal():
            break
        if s.my_turn():
            s.move(s.state._greedy_action(1, 0), s.version)
    assert s.state.is_terminal()
    seats = [e["seat"] for e in s.log]
    assert seats.count(0) >= 1 and seats.count(1) >= 1
    # The opponent's moves come in real time and leave the version alone.
    assert s.version == 1 + seats.count(0)
    again = cardsim.load_record(s.record())
    assert again.scores() == s.state.scores()
    with pytest.raises(ValueError, match="cannot be undone"):
        s.undo(s.version)


def test_a_race_steps_event_by_event_and_searches_on_its_clock():
    s = _race("pimc:3")
    s.set_clock(True)
    s.step(s.version)  # stepping pauses the clock
    assert s.race.running is False and [e["seat"] for e in s.log] == [1]
    now = s.race.now
    s.tick()
    assert s.race.now == now and len(s.log) == 1
    for _ in range(30):
        if s.my_turn():
            s.move(s.legal()[-1], s.version)
        s.step(s.version)
    assert {e["seat"] for e in s.log} == {0, 1}
    assert s.hint() in s.legal()
    with pytest.raises(TypeError):
        s.set_clock("yes")
    with pytest.raises(ValueError, match="ms"):
        s.set_clock(True, 5)
    with pytest.raises(ValueError, match="real time"):
        Session("code9", seed=1).set_clock(True)


def test_each_round_of_a_match_restarts_the_race():
    # Match play deals the next round within the state; as in the batch runner's timed
    # simulator, every opponent then chooses afresh and draws its delay from that
    # moment, never carrying out a choice made in the round before.
    s = Session(
        "racing_demon",
        opponents="greedy",
        seed=4,
        options={"players": 3, "match": True, "target": 10},
        race_ms=10,
    )
    race = s.race
    assert race is not None
    chosen: list[tuple[int, object, int]] = []
    choose = s._race_choice

    def spy(r, p):
        chosen.append((p, s._round(), r.now))
        return choose(r, p)

    s._race_choice = spy
    first = s._round()
    # Event by event (each step is the next opponent event), up to the new round's deal.
    for _ in range(20_000):
        if s.state.is_terminal() or s._round() != first or not s.step(s.version):
            break
    assert s._round() != first, "the match never reached a second round"
    # At that moment both opponents have chosen in the new round, when it was dealt,
    # and their next events are a delay from then.
    fresh = {(p, now) for p, r, now in chosen if r == s._round()}
    assert fresh == {(1, race.now), (2, race.now)}
    for p in (1, 2):
        assert race.mean[p] // 2 <= race.at[p] - race.now <= race.mean[p] * 3 // 2


def test_the_race_clock_request(serve):
    server = serve(game="racing_demon", opponents="greedy", seed=9, options={"players": 2})
    _, v = _request(server, "POST", "/api/new", {})
    assert v["race"] == {"running": False, "mean_ms": 1000}
    body = {"sid": v["sid"], "version": v["version"], "running": True, "mean_ms": 250}
    status, v = _request(server, "POST", "/api/clock", body)
    assert status == 200 and v["race"] == {"running": True, "mean_ms": 250}
    bad = dict(body, mean_ms="fast")
    assert _request(server, "POST", "/api/clock", bad)[0] == 400
    _, c = _request(server, "POST", "/api/new", {})
    other = {"sid": c["sid"], "version": c["version"], "running": True}
    assert _request(serve(game="code9", seed=1), "POST", "/api/clock", other)[0] == 404


def test_the_page_assets_ship_in_the_package():
    """wheel.packages copies the package folder whole, data files included, and
    nothing excludes the page's files; the server reads them as resources."""
    tomllib = pytest.importorskip("tomllib")
    root = Path(__file__).resolve().parent.parent
    build = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["scikit-build"]
    assets = root / "python" / "cardsim" / "play" / "assets"
    assert any(assets.is_relative_to(root / p) for p in build["wheel"]["packages"])
    names = {"index.html", "play.js", "play.css"}
    for pattern in build["wheel"].get("exclude", []) + build.get("sdist", {}).get("exclude", []):
        for name in names:
            assert not fnmatch.fnmatch(f"cardsim/play/assets/{name}", pattern), pattern
    assert {p.name for p in assets.iterdir()} == names
    shipped = resources.files("cardsim.play").joinpath("assets")
    for name in names:
        assert shipped.joinpath(name).read_bytes() == (assets / name).read_bytes()
