"""The ``cardsim`` subcommands for looking at games: replay, show and play,
and the ``--plot`` of ``cardsim simulate``. Each subcommand is one function
(``add_*`` declares it, ``cmd_*`` runs it)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from ..contract.constants import SIMULTANEOUS
from ..contract.policies import POLICIES
from ..games import make
from ..records.format import load_record, read_file, record
from ..render.html import html_page
from ..render.text import text
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


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=None, help="the game's `players` option")
    p.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )


def _write(path: str, text: str, what: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot write {what} {path!r}: {e.strerror or e}") from None
    print(f"wrote {what} {path}")


def _summary(state: Any) -> str:
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
def add_replay(sub: Any) -> None:
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
def add_show(sub: Any) -> None:
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


# --- cardsim play GAME --seat S --opponents P -----------------------------------------------
def add_play(sub: Any) -> None:
    """Declares ``cardsim play``."""
    p = sub.add_parser("play", help="play a game in the terminal against the built-in policies")
    p.add_argument("game", help="a registered game name")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument(
        "--opponents", default="greedy", choices=POLICIES, help="the other seats' policy"
    )
    p.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    _add_game_options(p)
    p.set_defaults(run=cmd_play)


class _Quit(Exception):
    pass


def _ask(state: Any, seat: int, legal: list[int], inp: TextIO, out: TextIO) -> int:
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


def _opponent(state: Any, seat: int, policy: str, rng: np.random.Generator) -> int:
    legal: list[int] = state.legal_actions_for(seat)
    if policy == "greedy":
        return int(state._greedy_action(int(rng.integers(2**63)), seat))
    if policy == "first":
        return legal[0]
    return legal[int(rng.integers(len(legal)))]


def play(
    game: str,
    seat: int = 0,
    opponents: str = "greedy",
    seed: int | None = None,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    **options: Any,
) -> int:
    """Plays one game in the terminal: ``seat`` answers from ``inp``, the others
    follow ``opponents``. Shows only that seat's view; returns 0 when the game
    ends, 1 when the input ends or the player quits first."""

    inp = inp or sys.stdin
    out = out or sys.stdout
    g = make(game, **options)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat must be an int, got {type(seat).__name__}")
    if not 0 <= seat < g.num_players:
        raise ValueError(f"seat must be in [0, {g.num_players}), got {seat}")
    if opponents not in POLICIES:
        raise ValueError(f"unknown policy {opponents!r} (known: {', '.join(POLICIES)})")
    state = g.new_game(seed=seed)
    rng = np.random.default_rng(seed)
    print(f"{g.name}: you are seat {seat} of {g.num_players}; opponents play {opponents}", file=out)
    try:
        while not state.is_terminal():
            cp = state.current_player()
            # A simultaneous game goes round by round: you, then each other seat once.
            movers = range(g.num_players) if cp == SIMULTANEOUS else [cp]
            for p in movers:
                if state.is_terminal():
                    break
                legal = state.legal_actions_for(p)
                if not legal:
                    continue
                if p == seat:
                    print("", file=out)
                    print(text(state, seat), file=out)
                    a = _ask(state, seat, legal, inp, out)
                    print(f"you play: {state.action_to_string(a)}", file=out)
                else:
                    a = _opponent(state, p, opponents, rng)
                    print(f"seat {p} plays: {state.action_to_string(a)}", file=out)
                state.apply_action(a)
    except _Quit as e:
        print(f"{e}: game abandoned after {len(state.history)} actions", file=out)
        return 1
    print("", file=out)
    print(text(state, seat), file=out)
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
    """Runs ``play`` on stdin/stdout."""
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


def plot_simulation(args: argparse.Namespace, result: Any) -> None:
    """Saves the picture of a run, tournament or solve batch when ``--plot`` was given."""
    if getattr(args, "plot", None):
        try:
            result.plot(args.plot)
        except OSError as e:
            raise write_failed("--plot", args.plot, e) from None
        print(f"wrote plot {args.plot}", file=sys.stderr)


def add_subcommands(sub: Any) -> None:
    """Declares replay, show and play."""
    add_replay(sub)
    add_show(sub)
    add_play(sub)
