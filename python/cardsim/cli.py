"""The ``cardsim`` command: list games, run batches, replay, show and play games."""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import ExitStack
from typing import Any

from . import _core, api, cli_view

__all__ = ["main"]


def _option_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        pass
    if "," in text:
        return text.split(",")
    return text


def _typed_option(game: str, name: str, text: str) -> Any:
    """The value of ``--option name=text``, read as the option's declared type
    when the game declares it (a str option keeps its commas), else guessed."""
    try:
        specs = {o["name"]: o for o in _core.option_specs(game)}
    except ValueError:  # an unknown game: simulate reports it
        specs = {}
    if name in specs and isinstance(specs[name]["default"], str):
        return text
    return _option_value(text)


def _cmd_games(args: argparse.Namespace) -> int:
    infos = api.games()
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


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.plot:  # fail before the run, not after it
        from .plot import require_matplotlib

        require_matplotlib()
    options: dict[str, Any] = {}
    for item in args.option or []:
        if "=" not in item:
            raise ValueError(f"--option wants NAME=VALUE, got {item!r}")
        k, v = item.split("=", 1)
        options[k] = _typed_option(args.game, k, v)
    if args.players is not None:
        options["players"] = args.players
    sharding: dict[str, Any] = {}
    if args.checkpoint:
        sharding["checkpoint"] = args.checkpoint
    if args.shard_size:
        sharding["shard_size"] = args.shard_size
    with ExitStack() as stack:
        if args.workers and args.dask:
            raise ValueError("choose --workers or --dask, not both")
        if args.workers:
            from concurrent.futures import ProcessPoolExecutor

            sharding["executor"] = stack.enter_context(ProcessPoolExecutor(args.workers))
        elif args.dask:
            try:
                from distributed import Client
            except ImportError:
                raise ValueError("--dask needs dask: pip install 'cardsim[dask]'") from None
            client_cls: Any = Client  # untyped
            client = stack.enter_context(client_cls(args.dask))
            sharding["executor"] = client.get_executor(pure=False)
        result = api.simulate(
            args.game,
            games=args.games,
            seed=args.seed,
            policy=args.policy,
            threads=args.threads,
            first_game=args.first_game,
            # --plot keeps the per-game arrays (game lengths) unless the run is sharded.
            summary_only=not (args.plot and not sharding),
            progress=None if not args.json else False,
            **sharding,
            **options,
        )
    print(json.dumps(result.to_dict(), indent=2) if args.json else result)
    cli_view.plot_simulation(args, result)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``cardsim`` command."""
    parser = argparse.ArgumentParser(prog="cardsim", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p_games = sub.add_parser("games", help="list the games and their options")
    p_games.add_argument("--json", action="store_true", help="print JSON")
    p_games.set_defaults(run=_cmd_games)

    p_sim = sub.add_parser("simulate", help="run a batch of games in C++")
    p_sim.add_argument("game", help="a registered game name (see `cardsim games`)")
    p_sim.add_argument("--games", type=int, default=1_000_000, help="number of games")
    p_sim.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p_sim.add_argument("--first-game", type=int, default=0, help="index of the first game")
    p_sim.add_argument("--threads", type=int, default=None, help="threads (default: all cores)")
    p_sim.add_argument("--policy", default="random", choices=api.POLICIES, help="play policy")
    p_sim.add_argument("--players", type=int, default=None, help="the game's `players` option")
    p_sim.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    p_sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    p_sim.add_argument("--workers", type=int, default=0, help="shard over a process pool")
    p_sim.add_argument("--dask", metavar="ADDRESS", help="shard over a Dask scheduler")
    p_sim.add_argument("--checkpoint", metavar="FILE", help="record shards; rerun to resume")
    p_sim.add_argument("--shard-size", type=int, default=0, help="games per shard")
    cli_view.add_plot_option(p_sim)
    p_sim.set_defaults(run=_cmd_simulate)

    cli_view.add_subcommands(sub)

    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (ValueError, TypeError) as e:
        print(f"cardsim: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardsim: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
