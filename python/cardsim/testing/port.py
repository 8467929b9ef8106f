"""Ports in any language: a game written in another language, checked through a pipe.

The port is a program that speaks a small JSON-lines protocol (version
``PROTOCOL_VERSION``, specified in docs/testing.md, "Ports in any language") on its
standard input and output: one request a line in, one reply a line out.
``ProcessCandidate`` starts it and wraps it as a candidate that ``check_lockstep``,
``lockstep_machine`` and ``check_playthroughs`` accept like any Python implementation
(``check_port``, in port_check.py, runs the lockstep check on it and stops it).

What the port does wrong is named: an error it answers is the exception the Python
contract would raise (an illegal action: ``IllegalActionError``, a ValueError); a port
that exits, hangs past the timeout, writes something that is not a reply, or answers an
internal error raises ``PortError``, which the checker reports as a divergence at the
method that was asked. ``PortError`` is no ValueError on purpose: a port that dies while
refusing an illegal action has not refused it. Needs a POSIX system (the replies are
awaited with ``select``).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import signal
import subprocess
import tempfile
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import IO

from .._typing import JSONValue
from ..contract import IllegalActionError

__all__ = [
    "OPTIONAL_PORT_METHODS",
    "PROTOCOL_VERSION",
    "PortError",
    "ProcessCandidate",
    "ProcessGame",
    "ProcessState",
]

#: The protocol's version: the checker sends it in ``hello`` and the port must answer
#: with the same number. A change to the messages will be a new number.
PROTOCOL_VERSION = 1


#: The state methods a port may offer, named in its ``hello`` reply; each is a command
#: of the same name. The others (``current_player``, ``legal_actions``, ``apply``,
#: ``is_terminal``, ``scores``) every port answers.
OPTIONAL_PORT_METHODS = (
    "is_truncated",
    "winners",
    "is_draw",
    "to_dict",
    "observation",
    "observation_tensor",
    "legal_action_mask",
    "action_to_string",
    "string_to_action",
)

# The commands without arguments that answer about the state: one exchange asks all
# that the port answers, after each change of the state (see ProcessCandidate._ask).
_QUERIES = (
    "current_player",
    "legal_actions",
    "is_terminal",
    "scores",
    "is_truncated",
    "winners",
    "is_draw",
    "to_dict",
    "legal_action_mask",
)

# What a reply or a stderr excerpt may show of the port's output in a message.
_SHOWN = 300
# The longest reply line read (a Racing Demon to_dict is about 20 kB).
_MAX_LINE = 16 << 20


class PortError(RuntimeError):
    """The port broke the protocol: it exited, did not answer within the timeout, wrote
    something that is not a reply, or answered an internal error. The message says what
    the port was asked, what it did (its output or exit status) and the end of its
    standard error. Inside a check it is a difference at the method that was asked."""


def _shown(data: bytes | str) -> str:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "...")


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


class _Process:
    """The port's process: started, asked requests (several at once where they can go
    together), restarted after a failure, stopped. Holds no reference to the candidate
    (its finalizer calls close)."""

    def __init__(
        self,
        argv: list[str],
        *,
        timeout: float,
        start_timeout: float,
        cwd: str | None,
        env: Mapping[str, str] | None,
        transcript: IO[str] | None = None,
    ) -> None:
        self.argv, self.timeout, self.start_timeout = argv, timeout, start_timeout
        #: Where every line sent and read is written, if anywhere (closed by close()).
        self.transcript = transcript
        self.cwd, self.env = cwd, None if env is None else dict(env)
        self.popen: subprocess.Popen[bytes] | None = None
        self.stderr: IO[bytes] | None = None
        self.buffer = b""
        self.next_id = 0
        #: The requests that set up the current game (new_game, then each apply): what a
        #: message about a hang shows.
        self.session: list[str] = []
        #: The message of each hang, by the line and request that hung.
        self.hangs: dict[str, str] = {}
        self.restarts = 0

    def note(self, line: str) -> None:
        """Writes ``line`` to the transcript, if there is one."""
        if self.transcript is not None:
            self.transcript.write(line + "\n")

    # --- the process ------------------------------------------------------------------
    def start(self) -> dict[str, JSONValue]:
        """Starts the port and says hello; its reply. PortError if it fails."""
        self.kill()
        self.note(f"# start: {shlex.join(self.argv)}")
        if self.stderr is not None:
            self.stderr.close()
        # A file, not a pipe: a port that logs a lot never blocks on a full pipe.
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        try:
            self.popen = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.stderr,
                cwd=self.cwd,
                env=self.env,
                # Its own process group: a Ctrl-C meant for the checker does not reach
                # it, and kill() ends whatever it started too.
                start_new_session=True,
            )
        except OSError as e:
            raise PortError(f"cannot start {shlex.join(self.argv)}: {e}") from None
        self.buffer = b""
        hello = self.request({"cmd": "hello", "protocol": PROTOCOL_VERSION}, self.start_timeout)
        if not isinstance(hello, dict):
            raise self.fail(f"answered hello with {_shown(json.dumps(hello))}, not an object")
        return hello

    def alive(self) -> bool:
        """Whether the process is running."""
        return self.popen is not None and self.popen.poll() is None

    def kill(self) -> None:
        """Stops the process and its group at once (no goodbye)."""
        popen, self.popen = self.popen, None
        if popen is not None:
            if popen.poll() is None:
                with contextlib.suppress(OSError):  # gone already
                    os.killpg(popen.pid, signal.SIGKILL)
            popen.wait()
            for pipe in (popen.stdin, popen.stdout):
                if pipe is not None:
                    pipe.close()

    def close(self) -> None:
        """Ends the port: its input closed (a port exits at the end of its input), a
        moment's grace, then killed; its stderr file removed."""
        popen = self.popen
        if popen is not None and popen.poll() is None:
            try:
                if popen.stdin is not None:
                    popen.stdin.close()
                popen.wait(timeout=1.0)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()
        if self.stderr is not None:
            self.stderr.close()
            self.stderr = None
        if self.transcript is not None:
            self.transcript.close()
            self.transcript = None

    def stderr_tail(self) -> str:
        """The last lines the port wrote to its standard error."""
        if self.stderr is None:
            return ""
        self.stderr.flush()
        size = self.stderr.seek(0, os.SEEK_END)
        self.stderr.seek(max(0, size - 2000))
        return self.stderr.read().decode("utf-8", "replace").strip()

    def fail(self, what: str, *, asked: str | None = None) -> PortError:
        """The PortError for ``what`` the port did, the process killed (it is out of step
        with the checker now); ``asked`` is the request it was answering."""
        time.sleep(0.05)  # a crashing port's last words reach its stderr
        self.kill()
        parts = [f"the port ({shlex.join(self.argv)}) {what}"]
        if asked is not None:
            parts.append(f"asked {asked}")
        tail = self.stderr_tail()
        if tail:
            parts.append(f"its stderr ends: {_shown(tail[-_SHOWN:])}")
        self.note(f"# {parts[0]}")
        return PortError("; ".join(parts))

    # --- requests -----------------------------------------------------------------------
    def request(self, message: dict[str, JSONValue], timeout: float | None = None) -> JSONValue:
        """Sends ``message`` (its ``id`` added) and returns the ``ok`` of the reply; an
        ``error`` reply raises the exception its kind names; anything else PortError."""
        answer = self.exchange([message], timeout)[0]
        if isinstance(answer, Exception):
            raise answer
        return answer

    def exchange(
        self, messages: list[dict[str, JSONValue]], timeout: float | None = None
    ) -> list[JSONValue | Exception]:
        """Sends ``messages`` at once (each with its ``id``), then reads their replies:
        each reply's ``ok``, or the exception its ``error`` names. A broken protocol
        raises PortError at once."""
        popen = self.popen
        if popen is None or popen.stdin is None or popen.stdout is None:
            raise PortError("the port is not running (it failed earlier, see above)")
        lines, keys, asked = [], [], []
        for message in messages:
            self.next_id += 1
            try:
                line = json.dumps(
                    {"id": self.next_id, **message}, separators=(",", ":"), allow_nan=False
                )
            except (TypeError, ValueError) as e:
                raise TypeError(f"cannot send {message!r} to the port as JSON: {e}") from None
            cmd = message.get("cmd")
            if cmd == "new_game":
                self.session = [json.dumps(message)]
            elif cmd == "apply":
                self.session.append(f"apply {json.dumps(message.get('action'))}")
            lines.append(line)
            asked.append(line if len(line) <= _SHOWN else line[:_SHOWN] + "...")
            # The same request after the same line hangs again (a port is deterministic):
            # the checker replays a failing line as it shrinks it, and waits only once.
            keys.append("\n".join([*self.session, json.dumps(message)]))
        wait = self.timeout if timeout is None else timeout
        hung_at = next((i for i, key in enumerate(keys) if key in self.hangs), len(keys))
        if hung_at:
            try:
                popen.stdin.write("".join(line + "\n" for line in lines[:hung_at]).encode())
                popen.stdin.flush()
            except OSError:
                raise self.fail(self._exit_text(popen), asked=asked[0]) from None
            for line in lines[:hung_at]:
                self.note(f"> {line}")
        answers: list[JSONValue | Exception] = []
        first = self.next_id - len(messages) + 1
        for i in range(len(messages)):
            raw = self._read_line(popen, asked[i], wait) if i < hung_at else None
            if raw is None:  # the one place a hang is raised, so that replays match
                raise self._hung(keys[i], asked[i], wait, messages[i].get("cmd") == "apply")
            self.note(f"< {raw.decode('utf-8', 'replace')}")
            try:
                reply = json.loads(raw, parse_constant=_no_constant)
            except ValueError:
                raise self.fail(
                    f"wrote {_shown(raw)}, which is not a JSON reply", asked=asked[i]
                ) from None
            except RecursionError:
                raise self.fail(
                    f"wrote {_shown(raw)}, a reply nested too deeply to read", asked=asked[i]
                ) from None
            answers.append(self._settle(reply, first + i, raw, asked[i]))
        return answers

    def _hung(self, key: str, asked: str, timeout: float, applying: bool) -> PortError:
        """The PortError of a port that did not answer ``asked`` within ``timeout``: the
        port killed (restarted at the next new_game), the line it hung on remembered."""
        if key in self.hangs:
            self.note(f"# {asked}: this request hung after the same line before")
        else:
            what = f"did not answer within {timeout:g} s"
            # The line before the request (an apply that hung is the request itself).
            line = self.session[:-1] if applying else self.session
            if line:
                what += ("; the line so far: " + ", then ".join(line))[: 4 * _SHOWN]
            if len(self.hangs) >= 64:
                self.hangs.clear()
            self.hangs[key] = str(self.fail(what, asked=asked))
        return PortError(self.hangs[key])

    def _read_line(
        self, popen: subprocess.Popen[bytes], asked: str, timeout: float
    ) -> bytes | None:
        """The next line of the port's output, read within ``timeout`` seconds (None if
        none came)."""
        assert popen.stdout is not None
        fd = popen.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            if len(self.buffer) > _MAX_LINE:
                raise self.fail(f"wrote a line longer than {_MAX_LINE} bytes", asked=asked)
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                if self.buffer:
                    raise self.fail(
                        f"wrote {_shown(self.buffer)} without an end of line, then closed"
                        " its output",
                        asked=asked,
                    )
                raise self.fail(self._exit_text(popen), asked=asked)
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\n")
        return raw

    def _exit_text(self, popen: subprocess.Popen[bytes]) -> str:
        try:
            code = popen.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "closed its output without exiting"
        return f"exited with status {code} without answering"

    def _settle(
        self, reply: JSONValue, ident: int, raw: bytes, asked: str
    ) -> JSONValue | Exception:
        """The ``ok`` of a parsed reply, or the exception its ``error`` names (returned,
        for the caller to raise); PortError, raised, for a reply that breaks the rules."""
        if not isinstance(reply, dict):
            raise self.fail(f"wrote {_shown(raw)}, which is not a JSON object", asked=asked)
        if reply.get("id") != ident or type(reply.get("id")) is not int:
            raise self.fail(
                f"answered with id {json.dumps(reply.get('id'))[:40]} where {ident} was"
                f" expected ({_shown(raw)})",
                asked=asked,
            )
        if ("ok" in reply) == ("error" in reply):
            raise self.fail(
                f"wrote {_shown(raw)}: a reply holds exactly one of 'ok' and 'error'",
                asked=asked,
            )
        if "ok" in reply:
            return reply["ok"]
        error = reply["error"]
        kind = error.get("kind") if isinstance(error, dict) else None
        text = error.get("message") if isinstance(error, dict) else None
        if not isinstance(kind, str) or not isinstance(text, str):
            raise self.fail(
                f"wrote {_shown(raw)}: an error is {{'kind': string, 'message': string}}",
                asked=asked,
            )
        if kind == "illegal_action":
            return IllegalActionError(text)
        if kind == "invalid_argument":
            return ValueError(text)
        if kind == "unsupported":
            return NotImplementedError(text)
        # "internal" (the port's own failure) and any kind the protocol does not know.
        return PortError(f"the port answered an error of kind {kind!r} to {asked}: {text}")


def _argv(cmd: Sequence[str] | str) -> list[str]:
    if isinstance(cmd, str):
        argv = shlex.split(cmd)
    elif isinstance(cmd, Sequence) and all(isinstance(a, str) for a in cmd):
        argv = list(cmd)
    else:
        raise TypeError(f"cmd must be a command line: a string or a list of strings, got {cmd!r}")
    if not argv:
        raise ValueError("cmd is empty: give the command that starts the port")
    return argv


def _strings(hello: dict[str, JSONValue], key: str) -> list[str]:
    value = hello.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"the port's hello reply needs {key!r}, a list of strings; got {value!r}")
    return [v for v in value if isinstance(v, str)]


class ProcessCandidate:
    """A port in any language, run as a subprocess, as a candidate for the checker.

    ``cmd`` starts the port (a list of arguments, or one string split as a shell would,
    without running a shell); ``game`` is the cardsim game it is checked as. The port
    is started at once and greeted (``hello``); a command that cannot start, a port that
    does not answer within ``start_timeout`` seconds, speaks another protocol version or
    does not offer ``game`` is a ValueError here.

    ``candidate(**options)`` is a ``ProcessGame``, whose ``new_game(deck=...)`` (or
    ``seed=...``) deals the port's game: so ``check_lockstep(candidate, game)``,
    ``lockstep_machine`` and ``check_playthroughs`` take it as they take a Python class.
    Every reply is awaited at most ``timeout`` seconds. A port that exits, hangs or
    writes something that is not a reply is killed and raises ``PortError``, and the
    next ``new_game`` starts it again (so the checker can shrink the fault to a short
    line); a hang's message shows the line the port hung on, and the same request after
    the same line is taken to hang again without waiting. ``close()`` (or a ``with`` block)
    stops the port; so does the candidate's collection, and the interpreter's exit.
    The port holds one game at a time: a state dealt before the last ``new_game`` is
    stale, and its calls raise ``PortError``. ``cwd`` and ``env`` are the port's working
    directory and environment (default: this process's). ``transcript`` names a file
    that receives every line sent (marked ``>``) and read (marked ``<``), and a line
    marked ``#`` for each start and failure of the port: after a failed check, its last
    ``new_game`` begins the line the report shows (the checker replays that line last).
    """

    def __init__(
        self,
        cmd: Sequence[str] | str,
        game: str,
        *,
        timeout: float = 10.0,
        start_timeout: float = 30.0,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        transcript: str | os.PathLike[str] | None = None,
    ) -> None:
        if os.name != "posix":  # pragma: no cover - the test suite runs on POSIX
            raise NotImplementedError("ProcessCandidate needs a POSIX system (select on pipes)")
        for name, value in (("timeout", timeout), ("start_timeout", start_timeout)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{name} must be a number of seconds, got {value!r}")
            if not value > 0:
                raise ValueError(f"{name} must be > 0 seconds, got {value!r}")
        if not isinstance(game, str):
            raise TypeError(f"game must be a game name, got {game!r}")
        #: The port's command line, as run.
        self.argv = _argv(cmd)
        #: The cardsim game the port is checked as (sent with each new_game).
        self.game = game
        self._process = _Process(
            self.argv,
            timeout=float(timeout),
            start_timeout=float(start_timeout),
            cwd=None if cwd is None else os.fspath(cwd),
            env=env,
            # Closed with the port (close(), collection or exit).
            transcript=None if transcript is None else open(transcript, "w", encoding="utf-8"),  # noqa: SIM115
        )
        self._finalizer = weakref.finalize(self, self._process.close)
        #: How many games the port has dealt since it started: what makes a state stale.
        self._deals = 0
        #: Answers asked ahead, since the last change of the state, each served once, by
        #: their request as JSON text.
        self._ahead: dict[str, JSONValue | Exception] = {}
        #: The port's number of seats (from its scores), for asking every observation.
        self._seats = 0
        #: The port's legal actions and their texts, as it gave them at this position.
        self._legal: list[int] = []
        self._texts: list[str] = []
        try:
            hello = self._process.start()
        except PortError as e:
            self.close()
            raise ValueError(str(e)) from None
        try:
            self._greet(hello)
        except ValueError:
            self.close()
            raise
        absent = dict.fromkeys(m for m in OPTIONAL_PORT_METHODS if m not in self.methods)
        # The methods the port does not offer are None on its states, so that the
        # checker, which compares what a state offers, sees them as absent.
        self._state_class: type[ProcessState] = type("ProcessState", (ProcessState,), absent)

    def _greet(self, hello: dict[str, JSONValue]) -> None:
        version = hello.get("protocol")
        if version != PROTOCOL_VERSION or type(version) is not int:
            raise ValueError(
                f"the port speaks protocol version {version!r}; this cardsim speaks"
                f" {PROTOCOL_VERSION} (docs/testing.md, 'Ports in any language')"
            )
        self.games: tuple[str, ...] = tuple(_strings(hello, "games"))
        methods = _strings(hello, "methods")
        unknown = sorted(set(methods) - set(OPTIONAL_PORT_METHODS))
        if unknown:
            raise ValueError(
                f"the port offers methods the protocol does not know: {', '.join(unknown)}"
                f" (it knows {', '.join(OPTIONAL_PORT_METHODS)})"
            )
        #: The optional methods the port offers (from its hello).
        self.methods: frozenset[str] = frozenset(methods)
        self._queries = tuple(
            q for q in _QUERIES if q in self.methods or q not in OPTIONAL_PORT_METHODS
        )
        name = hello.get("name")
        #: The port's name for itself, if its hello gave one.
        self.name: str | None = name if isinstance(name, str) else None
        if self.game not in self.games:
            raise ValueError(
                f"the port plays {', '.join(self.games) or 'no game'}, not {self.game!r}"
            )

    def __call__(self, **options: JSONValue) -> ProcessGame:
        """The port's game under ``options`` (those not named take their defaults)."""
        return ProcessGame(self, options)

    def __repr__(self) -> str:
        return f"ProcessCandidate({self.argv!r}, {self.game!r})"

    def __enter__(self) -> ProcessCandidate:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stops the port (its input closed, then killed if it lingers). Idempotent."""
        self._finalizer()

    @property
    def restarts(self) -> int:
        """How many times the port was started again after it failed."""
        return self._process.restarts

    def stderr_tail(self) -> str:
        """The end of what the port wrote to its standard error (its log)."""
        return self._process.stderr_tail()

    def _deal(self, options: dict[str, JSONValue], deal: dict[str, JSONValue]) -> ProcessState:
        process = self._process
        if not process.alive():
            if not self._finalizer.alive:
                raise PortError("the candidate was closed")
            process.restarts += 1
            try:
                self._greet(process.start())
            except ValueError as e:
                raise PortError(f"the port, started again, answered hello badly: {e}") from None
        self._deals += 1
        deal_no = self._deals
        self._forget()
        self._seats = 0
        process.request({"cmd": "new_game", "game": self.game, "options": options, **deal})
        return self._state_class(self, deal_no)

    def _ask(self, deal_no: int, message: dict[str, JSONValue]) -> JSONValue:
        """The port's answer to ``message`` about the game ``deal_no``.

        A round trip through the pipes costs far more than a reply, so requests that the
        checker makes together go together, in one exchange (written at once, then the
        replies read; see ``_together``). Each answer asked ahead is served once, and
        all are dropped when the state changes (apply, new_game), so every call still
        gets an answer the port gave about the state as it is then."""
        if deal_no != self._deals:
            raise PortError(
                "this state is stale: the port holds one game at a time, and a later"
                " new_game replaced it"
            )
        key = json.dumps(message, sort_keys=True)
        if key not in self._ahead:
            together = self._together(message)
            if message.get("cmd") == "apply":
                self._forget()
            # Dropped first: a port failing now leaves no answer from before.
            self._ahead.pop(key, None)
            answers = self._process.exchange(together)
            for asked, answer in zip(together, answers, strict=True):
                self._ahead[json.dumps(asked, sort_keys=True)] = answer
            self._learn(together, answers)
        answer = self._ahead.pop(key)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def _together(self, message: dict[str, JSONValue]) -> list[dict[str, JSONValue]]:
        """``message`` and the requests to send with it: with an action or a query
        without arguments, every such query the port answers (the checker asks them
        all at each step, whether the port plays the action or refuses it); with the
        text of one of the port's legal actions, the texts of all; with the action of
        one of those texts, the actions of all; with one seat's observation, every
        seat's."""
        cmd = message.get("cmd")
        queries: list[dict[str, JSONValue]] = [{"cmd": q} for q in self._queries]
        if cmd == "apply":
            return [message, *queries]
        if len(message) == 1 and cmd in self._queries:
            return queries
        if cmd == "action_to_string" and message.get("action") in self._legal:
            return [{"cmd": cmd, "action": a} for a in self._legal]
        if cmd == "string_to_action" and message.get("text") in self._texts:
            return [{"cmd": cmd, "text": t} for t in self._texts]
        player = message.get("player")
        if cmd in ("observation", "observation_tensor") and player in range(self._seats):
            return [{"cmd": cmd, "player": p} for p in range(self._seats)]
        return [message]

    def _learn(
        self, asked: list[dict[str, JSONValue]], answers: list[JSONValue | Exception]
    ) -> None:
        """What the next requests may be grouped by: the port's own legal actions, their
        texts and its number of seats, from its answers."""
        for message, answer in zip(asked, answers, strict=True):
            cmd = message.get("cmd")
            if cmd == "legal_actions" and isinstance(answer, list) and len(answer) <= 1024:
                # Ints only (a bool is no id): anything else is left to the checker.
                self._legal = [a for a in answer if type(a) is int]
            elif cmd == "scores" and isinstance(answer, list):
                self._seats = min(len(answer), 64)
        texts = [
            a for m, a in zip(asked, answers, strict=True) if m.get("cmd") == "action_to_string"
        ]
        if len(texts) > 1:
            self._texts = [t for t in texts if isinstance(t, str)]

    def _forget(self) -> None:
        """Drops every answer asked ahead, and what requests were grouped by (the state
        changes)."""
        self._ahead = {}
        self._legal = []
        self._texts = []


class ProcessGame:
    """The port's game under some options: deals ``ProcessState`` objects."""

    def __init__(self, candidate: ProcessCandidate, options: Mapping[str, JSONValue]) -> None:
        #: The candidate whose port deals the games.
        self.candidate = candidate
        #: The options sent with each new_game (only those named; the rest are defaults).
        self.options = dict(options)

    def new_game(self, deck: Sequence[str] | None = None, seed: int | None = None) -> ProcessState:
        """Deals ``deck`` (card strings, top first, as cardsim's ``state.deck``) or, for a
        port that deals as cardsim does, ``seed``; exactly one of them."""
        if (deck is None) == (seed is None):
            raise ValueError("a port deals from a deck or from a seed: give exactly one")
        if deck is not None:
            if isinstance(deck, str) or not all(isinstance(c, str) for c in deck):
                raise TypeError(f"deck must be a list of card strings, got {deck!r}")
            return self.candidate._deal(self.options, {"deck": list(deck)})
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {seed!r}")
        return self.candidate._deal(self.options, {"seed": seed})


class ProcessState:
    """A game held by the port: each method is a request, and returns the port's answer
    as parsed JSON, unchanged (the checker judges its types and values). The queries
    without arguments are asked together after each change of the state, each answer
    served once (see ``ProcessCandidate``).

    An error the port answers raises what the Python contract raises: IllegalActionError
    (a ValueError) for an illegal action, ValueError for an argument it refuses,
    NotImplementedError for what it does not support; a broken protocol raises
    ``PortError``. The optional methods the port does not offer are None.
    """

    def __init__(self, candidate: ProcessCandidate, deal_no: int) -> None:
        self._candidate, self._deal_no = candidate, deal_no

    def _ask(self, cmd: str, **args: JSONValue) -> JSONValue:
        return self._candidate._ask(self._deal_no, {"cmd": cmd, **args})

    def __repr__(self) -> str:
        return f"<ProcessState of {shlex.join(self._candidate.argv)}, game {self._deal_no}>"

    def current_player(self) -> JSONValue:
        """The seat to act (cardsim's ids: ``TERMINAL`` -4 when over, ``SIMULTANEOUS`` -2)."""
        return self._ask("current_player")

    def legal_actions(self) -> JSONValue:
        """The legal action ids now."""
        return self._ask("legal_actions")

    def apply_action(self, action: int) -> None:
        """Plays ``action``: IllegalActionError if the port refuses it (unchanged)."""
        self._ask("apply", action=action)

    def is_terminal(self) -> JSONValue:
        """Whether the game is over."""
        return self._ask("is_terminal")

    def scores(self) -> JSONValue:
        """A score per seat."""
        return self._ask("scores")

    def is_truncated(self) -> JSONValue:
        """Whether the move cap ended the game (offered by the port or None)."""
        return self._ask("is_truncated")

    def winners(self) -> JSONValue:
        """The winning seats (offered by the port or None)."""
        return self._ask("winners")

    def is_draw(self) -> JSONValue:
        """Whether the game ended in a draw (offered by the port or None)."""
        return self._ask("is_draw")

    def to_dict(self) -> JSONValue:
        """The state as the dict of docs/rules/<game>.md (offered by the port or None)."""
        return self._ask("to_dict")

    def observation(self, player: int) -> JSONValue:
        """What ``player`` sees, as a dict (offered by the port or None)."""
        return self._ask("observation", player=player)

    def observation_tensor(self, player: int) -> JSONValue:
        """``player``'s observation tensor as a flat list of numbers (offered or None)."""
        return self._ask("observation_tensor", player=player)

    def legal_action_mask(self) -> JSONValue:
        """A bool per action id (offered by the port or None)."""
        return self._ask("legal_action_mask")

    def action_to_string(self, action: int) -> JSONValue:
        """The text of ``action`` (offered by the port or None)."""
        return self._ask("action_to_string", action=action)

    def string_to_action(self, text: str) -> JSONValue:
        """The action of ``text``: ValueError for a text it does not know (or None)."""
        return self._ask("string_to_action", text=text)
