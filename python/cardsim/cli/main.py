"""The cardsim command: list games, run batches and tournaments, solve, replay, show
and play games."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from .._site import DOCS_URL, page
from .._version import __version__
from ..contract.policies import SEARCH_POLICIES, PolicyFn, check_entry, resolve_policies
from ..games import games
from ..guards.text import printable
from ..run.executors import ProcessPool
from ..run.result import SimulationResult
from ..run.simulate import simulate
from ..run.tournament import tournament
from ..solver import DEFAULT_NODE_LIMITS, DEFAULT_TABLE_ENTRIES, solve_batch
from ..testing.perft import perft, perft_divide
from . import outputs, view
from .help import CardsimParser
from .options import count_arg, game_options
from .port import add_check_port

if TYPE_CHECKING:
    from ..run.plan import Executor

__all__ = ["main"]


# --- output -----------------------------------------------------------------------
def _write_out(result: SimulationResult, path: str) -> None:
    """--out: a saved result (.json, arrays beside it), or per-game rows (.csv, .parquet).
    The path was checked before the run (outputs.check_out); a failure now is the disk's."""
    kind = Path(path).suffix.lower()
    try:
        if kind == ".json":
            result.save(path)
        elif kind == ".csv":
            result.write_csv(path)
        else:
            result.write_parquet(path)
    except OSError as e:
        raise outputs.write_failed("--out", path, e) from None
    # On stderr, so that a --json summary on stdout stays the whole of stdout.
    print(f"cardsim: {_out_note(result, path)}", file=sys.stderr)


def _out_note(result: SimulationResult, path: str) -> str:
    """What --out wrote, and whether the per-game arrays are in it."""
    if Path(path).suffix.lower() != ".json":
        return f"wrote {result.games:,} rows (one per game) to {path}"
    if result.scores is None:
        return (
            f"wrote the summary to {path} (no per-game arrays: --out FILE.csv or"
            " FILE.parquet writes one row per game)"
        )
    side = Path(path).with_name(json.loads(Path(path).read_text(encoding="utf-8"))["arrays"])
    return f"wrote the summary to {path} and per-game arrays to {side} (load_result reads both)"


def _check_outputs(args: argparse.Namespace) -> None:
    """Every output a command will write, checked before it runs."""
    if getattr(args, "out", None):
        outputs.check_out(args.out)
    if getattr(args, "checkpoint", None):
        outputs.check_checkpoint(args.checkpoint)
    view.require_plot(args)


def _quiet_broken_pipe() -> None:
    """The reader of our stdout has gone (`cardsim games | head -2`): end quietly.

    Python would otherwise report the error again while flushing at exit.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout has no file descriptor (captured)
        pass


def _cmd_games(args: argparse.Namespace) -> int:
    infos = games()
    if args.json:
        print(json.dumps([info.__dict__ for info in infos], indent=2))
        return 0
    for info in infos:
        print(f"{info.name}: {info.description}")
        print(f"    players {info.num_players}, actions {info.num_actions}")
        for o in info.options:
            extra = ""
            if "range" in o:
                extra = f" in [{o['range'][0]}, {o['range'][1]}]"
            if "choices" in o:
                extra = f" one of {', '.join(o['choices'])}"
            print(f"    --option {o['name']}={o['default']!r}{extra}: {o['doc']}")
    return 0


def _cmd_tournament(args: argparse.Namespace) -> int:
    view.require_plot(args)  # fail before the run, not after it
    result = tournament(
        args.game,
        policies=resolve_policies(args.policies),
        games=args.games,
        seed=args.seed,
        threads=args.threads,
        progress=None,  # on stderr: a --json document on stdout stays whole
        **game_options(args),
    )
    print(json.dumps(result.to_dict(), indent=2) if args.json else result, flush=True)
    view.plot_simulation(args, result)
    return 0


class _Sharding(TypedDict, total=False):
    """The sharding keywords simulate and tournament take (each only when given)."""

    checkpoint: str
    shard_size: int
    executor: Executor


def _sharding(args: argparse.Namespace, stack: ExitStack) -> _Sharding:
    """The sharding keywords of a run from --checkpoint, --shard-size, --workers and (where
    the command has it) --dask; an executor opened here closes with ``stack``."""
    sharding: _Sharding = {}
    if args.checkpoint:
        sharding["checkpoint"] = args.checkpoint
    if args.shard_size:
        sharding["shard_size"] = args.shard_size
    dask = getattr(args, "dask", None)
    if args.workers and dask:
        raise ValueError("choose --workers or --dask, not both")
    if args.workers:
        sharding["executor"] = stack.enter_context(ProcessPool(args.workers))
    elif dask:
        client = stack.enter_context(outputs.connect_dask(dask))
        sharding["executor"] = client.get_executor(pure=False)
    return sharding


#: --games when not given: a million for the simple policies (seconds), fewer when a
#: seat searches (about a game a second each: a million would take weeks).
DEFAULT_GAMES, DEFAULT_SEARCH_GAMES = 1_000_000, 100


def _default_games(policy: str | list[str | PolicyFn]) -> int:
    specs = policy.split(",") if isinstance(policy, str) else policy
    searching = any(isinstance(p, str) and check_entry(p, "")[1] in SEARCH_POLICIES for p in specs)
    return DEFAULT_SEARCH_GAMES if searching else DEFAULT_GAMES


def _cmd_simulate(args: argparse.Namespace) -> int:
    _check_outputs(args)  # fail before the run, not after it
    options = game_options(args)
    policy = resolve_policies(args.policy)
    if args.games is None:
        args.games = _default_games(policy)
        if args.games != DEFAULT_GAMES:
            print(
                f"cardsim: {args.games} games (the default with a search policy; --games sets it)",
                file=sys.stderr,
            )
    per_game = bool(args.out) and Path(args.out).suffix.lower() in (".csv", ".parquet")
    with ExitStack() as stack:
        sharding = _sharding(args, stack)
        result = simulate(
            args.game,
            games=args.games,
            seed=args.seed,
            policy=policy,
            threads=args.threads,
            first_game=args.first_game,
            # --plot keeps the per-game arrays (game lengths) unless the run is sharded.
            summary_only=False
            if args.plot and not sharding
            else (None if per_game and not sharding else True),
            progress=None,
            seat_rotation=args.seat_rotation,
            **sharding,
            **options,
        )
    # The summary first: whatever happens to the files, the run's figures are shown.
    print(json.dumps(result.to_dict(), indent=2) if args.json else result, flush=True)
    if args.out:
        _write_out(result, args.out)
    view.plot_simulation(args, result)
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    _check_outputs(args)  # fail before the run, not after it
    options = game_options(args)
    with ExitStack() as stack:
        sharding = _sharding(args, stack)
        result = solve_batch(
            args.game,
            deals=args.deals,
            seed=args.seed,
            threads=args.threads,
            node_limit=args.node_limit,
            time_limit=args.time_limit,
            first_deal=args.first_deal,
            progress=None,  # on stderr: a --json document on stdout stays whole
            table_entries=args.table_entries,
            **sharding,
            **options,
        )
    print(json.dumps(result.to_dict(), indent=2) if args.json else result, flush=True)
    view.plot_simulation(args, result)
    return 0


def _cmd_perft(args: argparse.Namespace) -> int:
    deck = args.deck.split(",") if args.deck else None
    start = time.perf_counter()
    deal_args: dict[str, Any] = {
        "deck": deck,
        "seed": None if deck else args.seed,
        "backend": args.backend,
        **game_options(args),
    }
    if args.divide:
        divided = perft_divide(args.game, args.depth, **deal_args)
        if args.json:
            doc = {
                kind: {move: {**c._asdict(), "total": c.total} for move, c in moves.items()}
                for kind, moves in divided.items()
            }
            print(json.dumps({"game": args.game, "depth": args.depth, "divide": doc}, indent=2))
            return 0
        grand = 0
        for kind, moves in divided.items():
            sub_total = sum(c.total for c in moves.values())
            grand += sub_total
            print(f"{kind}: {sub_total} lines")
            for move, c in moves.items():
                print(f"  {move}: {c.total}")
        print(f"total: {grand} lines ({time.perf_counter() - start:.3f} s)")
        return 0
    counts = perft(args.game, args.depth, **deal_args)
    seconds = time.perf_counter() - start
    if args.json:
        out = {"game": args.game, "depth": args.depth, "total": counts.total, **counts._asdict()}
        print(json.dumps(out, indent=2))
        return 0
    deal = "deck given" if deck else f"seed {args.seed}"
    print(
        f"{args.game} ({deal}) depth {args.depth}: {counts.total} lines: playing"
        f" {counts.playing}, terminal {counts.terminal}, truncated {counts.truncated}"
        f" ({seconds:.3f} s)"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``cardsim`` command."""
    parser = CardsimParser(prog="cardsim", description=__doc__, epilog=f"documentation: {DOCS_URL}")
    parser.add_argument("--version", action="version", version=f"cardsim {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=CardsimParser)

    p_games = sub.add_parser("games", help="list the games and their options")
    p_games.add_argument("--json", action="store_true", help="print JSON")
    p_games.set_defaults(run=_cmd_games)

    p_sim = sub.add_parser("simulate", help="run a batch of games in C++")
    p_sim.add_argument("game", help="a registered game name (see `cardsim games`)")
    p_sim.add_argument(
        "--games",
        type=count_arg,
        default=None,
        help="number of games, >= 1: 1000000, 1_000_000, 1e6 or 10**6 (default 1e6;"
        f" {DEFAULT_SEARCH_GAMES} when a seat plays pimc or ismcts)",
    )
    p_sim.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p_sim.add_argument("--first-game", type=int, default=0, help="index of the first game")
    p_sim.add_argument("--threads", type=int, default=None, help="threads (default: all cores)")
    p_sim.add_argument(
        "--policy",
        default="random",
        help="play policy spec, or one per seat joined by commas: random, greedy, first,"
        " pimc[:N], ismcts[:N], or module:attr for your own Python policy(obs, mask)"
        f" ({page('strategy')}); default random",
    )
    p_sim.add_argument(
        "--seat-rotation",
        action="store_true",
        help="play each deal under every rotation of the seats; report per policy too",
    )
    p_sim.add_argument(
        "--players", type=int, default=None, help="the game's players option (default: its own)"
    )
    p_sim.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    p_sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    p_sim.add_argument(
        "--workers",
        type=int,
        default=0,
        help="shard over a pool of this many processes (default: 0, none)",
    )
    p_sim.add_argument("--dask", metavar="ADDRESS", help="shard over a Dask scheduler")
    p_sim.add_argument("--checkpoint", metavar="FILE", help="record shards; rerun to resume")
    p_sim.add_argument(
        "--shard-size",
        type=count_arg,
        default=0,
        help="games per shard (default: 0, a sixteenth of the run, at most 625,000)",
    )
    p_sim.add_argument(
        "--out",
        metavar="FILE",
        help="save the result: .json (summary; see cardsim.load_result), or one row per game"
        " as .csv or .parquet (needs pyarrow)",
    )
    view.add_plot_option(p_sim)
    p_sim.set_defaults(run=_cmd_simulate)

    p_tour = sub.add_parser(
        "tournament", help="every pairing of policies, seats rotated: win rates and ratings"
    )
    p_tour.add_argument("game", help="a registered game name (see `cardsim games`)")
    p_tour.add_argument(
        "--policies",
        required=True,
        help="policy specs joined by commas, e.g. random,greedy,ismcts:200, or module:attr"
        f" for your own Python policy(obs, mask) ({page('strategy')})",
    )
    p_tour.add_argument(
        "--games", type=count_arg, default=1000, help="deals per table (default 1000)"
    )
    p_tour.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p_tour.add_argument("--threads", type=int, default=None, help="threads (default: all cores)")
    p_tour.add_argument(
        "--players", type=int, default=None, help="the game's players option (default: its own)"
    )
    p_tour.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    p_tour.add_argument("--json", action="store_true", help="print the result as JSON")
    view.add_plot_option(p_tour)
    p_tour.set_defaults(run=_cmd_tournament)

    p_solve = sub.add_parser("solve", help=f"solve seeded deals of a patience ({page('solvers')})")
    solvable = list(DEFAULT_NODE_LIMITS)
    p_solve.add_argument("game", help=", ".join(solvable[:-1]) + " or " + solvable[-1])
    p_solve.add_argument("--deals", type=count_arg, default=1000, help="number of deals")
    p_solve.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p_solve.add_argument("--first-deal", type=int, default=0, help="index of the first deal")
    p_solve.add_argument("--threads", type=int, default=None, help="threads (default: all cores)")
    p_solve.add_argument(
        "--node-limit", type=int, default=None, help="positions per deal (default: per game)"
    )
    p_solve.add_argument(
        "--time-limit",
        type=float,
        default=None,
        help="seconds per deal (not reproducible; default: none)",
    )
    p_solve.add_argument(
        "--table-entries",
        type=int,
        default=DEFAULT_TABLE_ENTRIES,
        help="transposition-table entries per solve, 32 bytes each (default 2^21)",
    )
    p_solve.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    p_solve.add_argument("--json", action="store_true", help="print the summary as JSON")
    p_solve.add_argument(
        "--workers",
        type=int,
        default=0,
        help="shard over a pool of this many processes (default: 0, none)",
    )
    p_solve.add_argument("--checkpoint", metavar="FILE", help="record shards; rerun to resume")
    p_solve.add_argument(
        "--shard-size",
        type=int,
        default=0,
        help="deals per shard (default: 0, a sixteenth of the run)",
    )
    view.add_plot_option(p_solve)
    p_solve.set_defaults(run=_cmd_solve)

    p_perft = sub.add_parser(
        "perft", help=f"count the action lines of a deal to a depth ({page('testing', 'perft')})"
    )
    p_perft.add_argument("game", help="a registered game name (see `cardsim games`)")
    p_perft.add_argument("--depth", type=int, required=True, help="line length, >= 0")
    p_perft.add_argument("--seed", type=int, default=0, help="deal seed (default 0)")
    p_perft.add_argument(
        "--deck", metavar="CARDS", help="deal this deck instead (commas, top first)"
    )
    p_perft.add_argument(
        "--backend", default="cpp", help="cpp (default) or reference (pure Python, small depths)"
    )
    p_perft.add_argument(
        "--players", type=int, default=None, help="the game's players option (default: its own)"
    )
    p_perft.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    p_perft.add_argument(
        "--divide",
        action="store_true",
        help="counts per first move (by the move's text, grouped by its kind)",
    )
    p_perft.add_argument("--json", action="store_true", help="print the counts as JSON")
    p_perft.set_defaults(run=_cmd_perft)

    add_check_port(sub)
    view.add_subcommands(sub)

    argv = sys.argv[1:] if argv is None else list(argv)

    args = parser.parse_args(argv)
    try:
        code = int(args.run(args))
        sys.stdout.flush()  # here, so that a closed pipe is caught below
        return code
    except BrokenPipeError:
        _quiet_broken_pipe()
        return 0
    except (ValueError, TypeError) as e:
        # Messages quote records, options and files: their control characters escaped.
        print(f"cardsim: error: {printable(str(e))}", file=sys.stderr)
        return 2
    except OSError as e:  # a file the checks could not foresee (a disk filling up)
        where = f" {printable(repr(e.filename))}" if e.filename else ""
        print(f"cardsim: error: {e.strerror or e}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # The run has stopped; a second Ctrl-C must not break off the message below.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("cardsim: interrupted", file=sys.stderr)
        if getattr(args, "checkpoint", None):
            # The same command resumes: finished shards are in the checkpoint.
            print(
                f"cardsim: finished shards are saved in {args.checkpoint}; resume with:\n"
                f"  {shlex.join(['cardsim', *argv])}",
                file=sys.stderr,
            )
        return 130
