"""The local web server of ``cardsim play GAME --web``: the standard library's
ThreadingHTTPServer on 127.0.0.1 only, the page and its script from this
package, one game per session id (so two tabs keep two games).

Requests: ``GET /`` the page; ``GET /assets/<name>`` its script and style;
``POST /api/new`` a game (``{"same": sid}`` deals that game's seed again);
``GET /api/state?sid=S``; ``POST /api/move`` ``{"sid", "version", "action"}``,
``/api/step`` (one opponent's move), ``/api/undo`` and ``/api/hint``
``{"sid", "version"}``; ``GET /api/record?sid=S`` the record as a download;
``POST /api/clock`` ``{"sid", "running", "mean_ms"}`` starts or pauses a race
(a timed game) and sets the opponents' time per action. Every request on a race
first brings its clock up to now.
A request naming another version than the game's is stale and refused (409),
an illegal action too (400), each with a message and the game unchanged.
Bodies are read up to ``MAX_BODY`` bytes; anything malformed gets a 4xx.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, urlsplit

from .._typing import JSONValue
from ..render import svg
from .session import LogEntry, Session, StaleError, moved_cards

__all__ = ["MAX_BODY", "MAX_SESSIONS", "PlayServer", "view"]

#: The largest request body read; a longer one is refused unread.
MAX_BODY = 16 * 1024
#: Games kept at once; the oldest is dropped beyond this.
MAX_SESSIONS = 64

_ASSETS = {
    "play.js": "text/javascript; charset=utf-8",
    "play.css": "text/css; charset=utf-8",
}
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; base-uri 'none'; form-action 'none'"
)


def _asset(name: str) -> bytes:
    return resources.files(__package__).joinpath("assets").joinpath(name).read_bytes()


def view(s: Session) -> dict[str, JSONValue]:
    """What the page shows of session ``s``: only what its seat may see. Cards
    are named by their place (``cards_of``'s key path, the drawing's
    ``data-place``): each move's ``places`` are where the cards it moves lie,
    ``last["moved"]`` where the last move's moved cards lie now."""
    st = s.state
    legal = s.legal()
    moves: list[JSONValue] = [
        {"id": a, "text": st.action_to_string(a), "places": [*moved_cards(st, s.seat, a)]}
        for a in legal
    ]
    terminal = bool(st.is_terminal())
    return {
        "sid": s.sid,
        "game": s.game,
        "seat": s.seat,
        "players": s.g.num_players,
        "opponents": s.seats.label,
        "seed": s.seed,
        "version": s.version,
        "svg": svg(st, player=s.seat),
        "moves": moves,
        "current_player": int(st.current_player()),
        "terminal": terminal,
        "timed": bool(s.g.traits.timed),
        "waiting": [*s.waiting_on()],
        "status": s.status(),
        "scores": list(st.scores()) if terminal else None,
        "last": _entry(s.log[-1]) if s.log else None,
        "can_undo": bool(s.undo_stack),
        "actions": len(st.history),
        "race": None if s.race is None else {"running": s.race.running, "mean_ms": _race_ms(s)},
    }


def _entry(e: LogEntry) -> dict[str, JSONValue]:
    return {
        "seat": e["seat"],
        "action": e["action"],
        "text": e["text"],
        "revealed": [*e["revealed"]],
        "moved": [*e["moved"]],
    }


def _race_ms(s: Session) -> int | None:
    """The opponents' mean time per action in a race, milliseconds (the first's)."""
    race = s.race
    assert race is not None
    return next((m // 1000 for p, m in enumerate(race.mean) if p != s.seat), None)


class _Request(ValueError):
    """A malformed request: answered with its status and message."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


class PlayServer(ThreadingHTTPServer):
    """The play server, bound to 127.0.0.1; ``settings`` make each new game."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, port: int = 0, **settings: object) -> None:
        self.settings = settings
        Session(**settings)  # type: ignore[arg-type]  # bad settings fail here, before listening
        self.sessions: OrderedDict[str, Session] = OrderedDict()
        self.locks: dict[str, threading.Lock] = {}
        self.table_lock = threading.Lock()
        super().__init__(("127.0.0.1", port), _Handler)

    @property
    def url(self) -> str:
        """The page's address."""
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def new_session(self, seed: int | None = None) -> Session:
        """A new game (a new deal, or ``seed``'s again)."""
        settings = dict(self.settings)
        if seed is not None:
            settings["seed"] = seed
        elif "seed" in settings and settings["seed"] is not None and self.sessions:
            settings["seed"] = secrets.randbits(63)  # the given seed deals the first game only
        s = Session(**settings)  # type: ignore[arg-type]
        with self.table_lock:
            self.sessions[s.sid] = s
            self.locks[s.sid] = threading.Lock()
            while len(self.sessions) > MAX_SESSIONS:
                old, _ = self.sessions.popitem(last=False)
                self.locks.pop(old, None)
        return s

    def session(self, sid: object) -> tuple[Session, threading.Lock]:
        """The game named ``sid``, with its lock; a 404 for an unknown one."""
        with self.table_lock:
            if not isinstance(sid, str) or sid not in self.sessions:
                raise _Request(HTTPStatus.NOT_FOUND, "no such game (the server restarted?)")
            return self.sessions[sid], self.locks[sid]


class _Handler(BaseHTTPRequestHandler):
    server: PlayServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: the terminal shows the URL, not every request

    def _send(
        self, status: int, body: bytes, ctype: str, extra: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", _CSP)
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: JSONValue, extra: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps(data).encode(), "application/json", extra)

    def _error(self, status: int, message: str) -> None:
        self._json(status, {"error": message})

    def _body(self) -> dict[str, JSONValue]:
        length = self.headers.get("Content-Length")
        if length is None or not length.strip().isdigit():
            self.close_connection = True
            raise _Request(HTTPStatus.LENGTH_REQUIRED, "a JSON body with a Content-Length")
        n = int(length)
        if n > MAX_BODY:
            self.close_connection = True  # the body stays unread
            raise _Request(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"body over {MAX_BODY} bytes")
        raw = self.rfile.read(n)
        try:
            data = json.loads(raw.decode("utf-8")) if raw else {}
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise _Request(HTTPStatus.BAD_REQUEST, f"the body is not JSON: {e}") from None
        if not isinstance(data, dict):
            raise _Request(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
        return data

    def _guarded(self, fn: Callable[[], None]) -> None:
        try:
            fn()
        except _Request as e:
            self._error(e.status, str(e))
        except StaleError as e:
            self._error(HTTPStatus.CONFLICT, str(e))
        except (ValueError, TypeError) as e:
            self._error(HTTPStatus.BAD_REQUEST, str(e))
        except Exception as e:  # never let one request take the server down
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"{type(e).__name__}: {e}")

    def do_GET(self) -> None:
        self._guarded(self._get)

    def do_HEAD(self) -> None:
        self._guarded(self._get)

    def do_POST(self) -> None:
        self._guarded(self._post)

    def _get(self) -> None:
        url = urlsplit(self.path)
        query = parse_qs(url.query, max_num_fields=8)
        if url.path == "/":
            self._send(HTTPStatus.OK, _asset("index.html"), "text/html; charset=utf-8")
        elif url.path.startswith("/assets/") and url.path[8:] in _ASSETS:
            name = url.path[8:]
            self._send(HTTPStatus.OK, _asset(name), _ASSETS[name])
        elif url.path == "/api/state":
            s, lock = self.server.session(query.get("sid", [None])[0])
            with lock:
                s.tick()
                self._json(HTTPStatus.OK, view(s))
        elif url.path == "/api/record":
            s, lock = self.server.session(query.get("sid", [None])[0])
            with lock:
                body = json.dumps(s.record(), indent=1).encode()
            name = f"{s.game}-{s.seed}.json"
            self._send(
                HTTPStatus.OK,
                body,
                "application/json",
                {"Content-Disposition": f'attachment; filename="{name}"'},
            )
        else:
            raise _Request(HTTPStatus.NOT_FOUND, "no such page")

    def _post(self) -> None:
        path = urlsplit(self.path).path
        data = self._body()
        if path == "/api/new":
            seed = None
            if data.get("same") is not None:
                old, _ = self.server.session(data["same"])
                seed = old.seed
            s = self.server.new_session(seed if isinstance(seed, int) else None)
            self._json(HTTPStatus.OK, view(s))
            return
        if path not in ("/api/move", "/api/step", "/api/undo", "/api/hint", "/api/clock"):
            raise _Request(HTTPStatus.NOT_FOUND, "no such request")
        s, lock = self.server.session(data.get("sid"))
        with lock:
            version = data.get("version")
            if path == "/api/move":
                s.move(data.get("action"), version)
            elif path == "/api/step":
                s.step(version)
            elif path == "/api/undo":
                s.undo(version)
            elif path == "/api/clock":
                s.set_clock(data.get("running"), data.get("mean_ms"))
            else:
                s._check(version)
                hint = s.hint()
                text = None if hint is None else s.state.action_to_string(hint)
                self._json(HTTPStatus.OK, {"hint": hint, "text": text})
                return
            self._json(HTTPStatus.OK, view(s))


def serve(port: int = 0, open_browser: bool = True, **settings: object) -> int:
    """Runs the play server until Ctrl-C; prints its URL first. Returns 0."""
    import webbrowser

    server = PlayServer(port, **settings)
    print(server.url, flush=True)
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(server.url,), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        print("stopped", flush=True)
    finally:
        server.server_close()  # the port is free at once
    return 0
