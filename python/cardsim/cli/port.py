"""``cardsim check-port GAME -- CMD ...``: a port in any language checked against the core.

The port speaks the JSON-lines protocol of docs/testing.md ("Ports in any language").
Exit status: 0 when the check passes, 1 when the port differs from cardsim (the report
is printed on stdout), 2 when the check cannot run (a bad option, a port that cannot
start or does not play the game), as every cardsim command does for bad input.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from typing import TYPE_CHECKING, TypeVar

from .. import testing
from .._site import page
from .options import game_options

if TYPE_CHECKING:
    from .._typing import JSONValue
    from ..testing.lockstep import LockstepReport

__all__ = ["add_check_port"]

#: The parser class of the command's subparsers (CardsimParser in cardsim's own).
_Parser = TypeVar("_Parser", bound=argparse.ArgumentParser)


def add_check_port(sub: argparse._SubParsersAction[_Parser]) -> None:
    """Declares the ``check-port`` subcommand on ``sub``."""
    p = sub.add_parser(
        "check-port",
        help="check a port of a game in any language, run as a command, against the core"
        f" ({page('testing', 'ports-in-any-language')})",
        description="Plays lines of play on the port and on cardsim's core in lockstep and"
        " compares every answer; the first difference is shrunk to a short line and"
        " printed. Exit status 0: passed, 1: the port differs, 2: the check could not run."
        " Example: cardsim check-port clock -- node examples/ports/clock.js",
    )
    p.add_argument("game", help="a registered game name (see `cardsim games`)")
    p.add_argument(
        "cmd",
        nargs=argparse.REMAINDER,
        metavar="-- CMD ...",
        help="the command that starts the port, after --",
    )
    _add_options(p)
    p.set_defaults(run=_cmd_check_port)


def _add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--examples", type=int, default=100, help="lines of play, >= 1")
    p.add_argument("--max-len", type=int, default=200, help="actions per line at most")
    p.add_argument(
        "--seed", type=int, default=0, help="seed of the lines drawn (the same lines each run)"
    )
    p.add_argument(
        "--illegal-rate",
        type=float,
        default=0.1,
        help="share of steps before which an illegal action is tried, in [0, 1]",
    )
    p.add_argument(
        "--actions",
        choices=("auto", "ids", "text"),
        default="auto",
        help="actions by cardsim's ids, or by text for a port that numbers its own",
    )
    p.add_argument(
        "--deal",
        choices=("deck", "seed"),
        default="deck",
        help="deal the port explicit decks, or seeds (for a port with cardsim's shuffle)",
    )
    p.add_argument(
        "--timeout", type=float, default=10.0, help="seconds to wait for each reply of the port"
    )
    p.add_argument(
        "--start-timeout",
        type=float,
        default=30.0,
        help="seconds to wait for the port's first reply (its start)",
    )
    p.add_argument(
        "--transcript",
        metavar="FILE",
        help="write every line sent to the port and read from it to FILE (after a failed"
        " check, its last new_game begins the line reported)",
    )
    p.add_argument(
        "--players", type=int, default=None, help="the game's players option (default: its own)"
    )
    p.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    p.add_argument(
        "--all-options",
        action="store_true",
        help="draw the game's options for each line, within their declared ranges (those"
        " given by --option or --players stay fixed), instead of checking one configuration",
    )


def _split_command(args: argparse.Namespace) -> list[str]:
    """The port's command line. Options written after GAME land in the remainder
    (argparse stops at the first positional that takes it): they are read here."""
    rest = list(args.cmd)
    if "--" not in rest:
        return rest
    cut = rest.index("--")
    if cut:
        late = argparse.ArgumentParser(prog="cardsim check-port GAME", add_help=False)
        _add_options(late)
        late.parse_args(rest[:cut], namespace=args)
    return rest[cut + 1 :]


class _Progress:
    """Lines played so far, on stderr when it is a terminal (at most a few a second)."""

    def __init__(self, examples: int) -> None:
        self.examples, self.lines, self.shown = examples, 0, 0.0
        self.live = sys.stderr.isatty()
        #: The configurations played (with --all-options, those drawn).
        self.configurations: set[str] = set()

    def __call__(self, options: dict[str, JSONValue]) -> None:
        self.lines += 1
        self.configurations.add(", ".join(f"{k}={v!r}" for k, v in sorted(options.items())))
        now = time.monotonic()
        if self.live and now - self.shown > 0.2:
            self.shown = now
            # Past the examples asked, hypothesis is shrinking a difference it found.
            what = "shrinking" if self.lines > self.examples else f"of {self.examples}"
            print(f"\rline {self.lines} {what} ", end="", file=sys.stderr, flush=True)

    def done(self) -> None:
        if self.live and self.lines:
            print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)


def _cmd_check_port(args: argparse.Namespace) -> int:
    cmd = _split_command(args)
    if not cmd:
        raise ValueError("give the command that starts the port after --, e.g. -- node port.js")
    options = game_options(args)
    label = f"{args.game} ({', '.join(f'{k}={v!r}' for k, v in options.items()) or 'defaults'})"
    if args.all_options:
        label = (
            f"{args.game} (options drawn{', '.join(f', {k}={v!r}' for k, v in options.items())})"
        )
    print(f"checking {shlex.join(cmd)} as {label}", file=sys.stderr, flush=True)
    progress = _Progress(args.examples)
    start = time.perf_counter()
    try:
        # Loaded on use, as it needs hypothesis (the testing extra).
        report: LockstepReport = testing.check_port(
            cmd,
            args.game,
            options=testing.options(args.game, **options) if args.all_options else options,
            examples=args.examples,
            seed=args.seed,
            max_len=args.max_len,
            illegal_rate=args.illegal_rate,
            actions=args.actions,
            deal=args.deal,
            timeout=args.timeout,
            start_timeout=args.start_timeout,
            transcript=args.transcript,
            on_line=progress,
        )
    except testing.DivergenceError as e:
        progress.done()
        print(e)
        # The replay's `candidate`, for a port: the same command, as a Python candidate.
        print(f"    # candidate = cardsim.testing.ProcessCandidate({cmd!r}, {args.game!r})")
        sys.stdout.flush()
        seconds = time.perf_counter() - start
        print(f"FAILED: the port differs from cardsim ({seconds:.1f} s)", flush=True)
        return 1
    progress.done()
    seconds = time.perf_counter() - start
    print(
        f"passed: {report.examples} lines, {report.steps} steps ({seconds:.1f} s,"
        f" {report.steps / seconds:.0f} steps/s), actions by"
        f" {'text' if report.text_actions else 'id'}"
    )
    print(f"compared: {', '.join(sorted(report.compared))}", flush=True)
    if args.all_options:
        played = sorted(progress.configurations, key=lambda c: (len(c), c))
        print(f"configurations ({len(played)}): {' | '.join(c or 'defaults' for c in played)}")
    return 0
