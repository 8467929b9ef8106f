"""The ``cardsim`` subcommands for looking at games: replay, show and play,
and the ``--plot`` of ``cardsim simulate``. Each subcommand is one function
(``add_*`` declares it, ``cmd_*`` runs it)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Protocol, TextIO

from ..contract.constants import SIMULTANEOUS
from ..contract.protocols import State
from ..play.server import serve
from ..play.session import PlayState, Session
from ..play.text import seat_view
from ..records.format import load_record, read_file, record
from ..render.html import html_page
from ..run.replay import replay_game
from .options import game_options
from .outputs import check_plot, write_failed

__all__ = [
    "add_play",
    "add_plot_option",
    "add_replay",
    "add_show",
    "add_subcommands",
    "plot_simulation",
    "require_plot",
]


class _Subparsers(Protocol):
    """What ``add_subparsers`` returns: each ``add_*`` declares one subcommand on it."""

    def add_parser(self, name: str, *, help: str) -> argparse.ArgumentParser: ...


class _Plottable(Protocol):
    """A run, tournament or solve batch: it can draw itself."""

    def plot(self, path: str) -> object: ...


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--players", type=int, default=None, help="the game's players option (default: its own)"
    )
    p.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )


def _write(path: str, text: str, what: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot write {what} {path!r}: {e.strerror or e}") from None
    print(f"wrote {what} {path}")


def _summary(state: State) -> str:
    rec = record(state)
    o = rec["outcome"]
    lines = [str(state), f"{len(rec['actions'])} actions; scores {o['scores']}"]
    if o["truncated"]:
        lines.append("stopped by the move cap: no winner")
    elif o["draw"]:
        lines.append("a draw")
    elif o["terminal"]:
        lines.append(f"winners: {o['winners']}" if o["winners"] else "nobody won")
    else:
        lines.append("the game is not over")
    return "\n".join(lines)


# --- cardsim replay RECORD.json ------------------------------------------------------------
def add_replay(sub: _Subparsers) -> None:
    """Declares ``cardsim replay``."""
    p = sub.add_parser("replay", help="load a game record, check it, and view it")
    p.add_argument("record", help="a JSON game record (from state.record())")
    p.add_argument("--html", metavar="OUT", help="write a self-contained HTML replay page")
    p.set_defaults(run=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    """Loads (and so re-checks) a record; writes the HTML page or prints the outcome."""

    data = read_file(args.record)
    state = load_record(data)
    if args.html:
        source = data.get("source") if isinstance(data, dict) else None
        _write(args.html, html_page(state, source=source, version=data["cardsim_version"]), "page")
    else:
        print(_summary(state))
    return 0


# --- cardsim show GAME --seed S --index I --policy P ----------------------------------------
def add_show(sub: _Subparsers) -> None:
    """Declares ``cardsim show``."""
    p = sub.add_parser("show", help="replay game INDEX of a batch run (same seed and policy)")
    p.add_argument("game", help="a registered game name")
    p.add_argument("--seed", type=int, default=0, help="the run's seed")
    p.add_argument("--index", type=int, default=0, help="the game's index in the run")
    p.add_argument(
        "--policy", default="random", help="the run's policy spec, or one per seat joined by commas"
    )
    _add_game_options(p)
    p.add_argument("--html", metavar="OUT", help="write a self-contained HTML replay page")
    p.add_argument("--record", metavar="OUT", help="write the game record (JSON)")
    p.set_defaults(run=cmd_show)


def cmd_show(args: argparse.Namespace) -> int:
    """Replays one game of a batch; writes its page and/or record, or prints it."""

    state = replay_game(
        args.game, seed=args.seed, index=args.index, policy=args.policy, **game_options(args)
    )
    source = {"seed": args.seed, "index": args.index, "policy": args.policy}
    if args.record:
        _write(args.record, json.dumps(record(state, source=source), indent=1), "record")
    if args.html:
        _write(args.html, html_page(state, source=source), "page")
    if not args.html and not args.record:
        print(_summary(state))
    return 0


# --- cardsim play GAME --seat S --opponents P [--web] ---------------------------------------
def add_play(sub: _Subparsers) -> None:
    """Declares ``cardsim play``."""
    p = sub.add_parser(
        "play", help="play a game yourself, in the terminal or (--web) in the browser"
    )
    p.add_argument("game", help="a registered game name")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument(
        "--opponents",
        default="greedy",
        help="the other seats' policy: any spec simulate takes (random, greedy, first,"
        " pimc[:N], ismcts[:N], module:attr), or one per seat joined by commas; default greedy",
    )
    p.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    _add_game_options(p)
    p.add_argument("--web", action="store_true", help="play in the browser (a local server)")
    p.add_argument("--port", type=int, default=0, help="--web: the port (default: a free one)")
    p.add_argument("--no-open", action="store_true", help="--web: do not open a browser")
    p.add_argument("--hint", default="greedy", help="--web: the hint button's policy spec")
    p.add_argument(
        "--speed",
        type=float,
        default=None,
        metavar="SECONDS",
        help="--web, a timed game (racing_demon): the opponents' mean time per action"
        " (default: the game's speeds option; the page can change it)",
    )
    p.set_defaults(run=cmd_play)


class _Quit(Exception):
    pass


def _ask(state: PlayState, seat: int, legal: list[int], inp: TextIO, out: TextIO) -> int:
    """Prompts until the answer names a legal move, by number or by its text."""
    texts = [state.action_to_string(a) for a in legal]
    print("your moves:", file=out)
    for i, t in enumerate(texts):
        print(f"  {i}: {t}", file=out)
    while True:
        print(f"seat {seat}, your move (number or text, q to quit)> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            raise _Quit("input ended")
        answer = line.strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise _Quit("you quit")
        if not answer:
            continue
        if answer.isdigit():
            i = int(answer)
            if i < len(legal):
                return legal[i]
            print(f"no move numbered {i}: choose 0..{len(legal) - 1}", file=out)
            continue
        try:
            a = int(state.string_to_action(answer))
        except (ValueError, TypeError):
            print(f"not a move: {answer!r} (type its number or its text as listed)", file=out)
            continue
        if a in legal:
            return a
        print(f"{answer!r} is not legal now", file=out)


def play(
    game: str,
    seat: int = 0,
    opponents: str = "greedy",
    seed: int | None = None,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    **options: object,
) -> int:
    """Plays one game in the terminal: ``seat`` answers from ``inp``, the others
    follow ``opponents`` (any spec ``simulate`` takes). Shows only that seat's
    view, laid out as its drawing (``cardsim.play.text``), and names the cards
    a move of yours shows you (a card drawn); returns 0 when the game ends, 1
    when the input ends or the player quits first."""

    inp = inp or sys.stdin
    out = out or sys.stdout
    s = Session(game, seat=seat, opponents=opponents, seed=seed, options=options)
    state = s.state
    print(
        f"{s.g.name}: you are seat {seat} of {s.g.num_players}; opponents play"
        f" {s.seats.label}; deal seed {s.seed}",
        file=out,
    )
    try:
        while not s.state.is_terminal():
            state = s.state
            # A simultaneous game goes round by round: you, then each other seat once.
            if s.my_turn():
                print("", file=out)
                print(seat_view(state, seat), file=out)
                a = _ask(state, seat, s.legal(), inp, out)
                s.move(a, s.version)
                last = s.log[-1]
                seen = f" (you drew {' '.join(last['revealed'])})" if last["revealed"] else ""
                print(f"you play: {last['text']}{seen}", file=out)
            rounds = s.g.num_players if state.current_player() == SIMULTANEOUS else 1
            for _ in range(rounds):
                if not s.waiting_on() or (s.my_turn() and rounds == 1):
                    break
                s.step(s.version)
                print(f"seat {s.log[-1]['seat']} plays: {s.log[-1]['text']}", file=out)
    except _Quit as e:
        print(f"{e}: game abandoned after {len(s.state.history)} actions", file=out)
        return 1
    state = s.state
    print("", file=out)
    print(seat_view(state, seat), file=out)
    scores = state.scores()
    print("game over: scores " + ", ".join(f"seat {p} {s}" for p, s in enumerate(scores)), file=out)
    if state.is_truncated():
        print("stopped by the move cap: no winner", file=out)
    elif state.is_draw():
        print("a draw", file=out)
    else:
        w = state.winners()
        verdict = "you win" if seat in w else ("nobody wins" if not w else f"winners: seats {w}")
        print(verdict, file=out)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Runs ``play`` on stdin/stdout, or (``--web``) the play server until Ctrl-C."""
    if args.web:
        return serve(
            port=args.port,
            open_browser=not args.no_open,
            game=args.game,
            seat=args.seat,
            opponents=args.opponents,
            seed=args.seed,
            options=game_options(args),
            hint_policy=args.hint,
            race_ms=None if args.speed is None else round(args.speed * 1000),
        )
    return play(args.game, args.seat, args.opponents, args.seed, **game_options(args))


# --- cardsim simulate / tournament / solve ... --plot OUT.png ------------------------------
def add_plot_option(p: argparse.ArgumentParser) -> None:
    """Adds ``--plot OUT`` to ``cardsim simulate``, ``tournament`` or ``solve``."""
    p.add_argument("--plot", metavar="OUT", help="save a picture of the run (needs cardsim[plot])")


def require_plot(args: argparse.Namespace) -> None:
    """With ``--plot``, checks matplotlib is there, writes the suffix's format, and
    the directory takes files, so a bad ``--plot`` fails before the run, not after it."""
    if getattr(args, "plot", None):
        check_plot(args.plot)


def plot_simulation(args: argparse.Namespace, result: _Plottable) -> None:
    """Saves the picture of a run, tournament or solve batch when ``--plot`` was given."""
    if getattr(args, "plot", None):
        try:
            result.plot(args.plot)
        except OSError as e:
            raise write_failed("--plot", args.plot, e) from None
        print(f"wrote plot {args.plot}", file=sys.stderr)


def add_subcommands(sub: _Subparsers) -> None:
    """Declares replay, show and play."""
    add_replay(sub)
    add_show(sub)
    add_play(sub)
