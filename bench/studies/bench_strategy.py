"""Search players against greedy, and their speed: bench/results/strategy.{json,md}.

- Two-player games (Rummy, Code 9, Hole in the Wall, Stack Gap): ``ismcts`` at its
  default budget against ``greedy``, every deal played under both seatings
  (``seat_rotation``); the win rate of ismcts with its 95% interval. Rummy and
  Stack Gap are played again at ``--big-budget`` iterations: does more search help?
- Solitaires (The Wall, Code 9 solitaire): win rate and mean score of ``ismcts``,
  ``pimc`` and ``greedy`` on the same deals.
- Speed: decisions per second of ``ismcts`` at the default budget (both seats
  searching, so every action with a choice is a search; forced moves, which
  need no search, are counted apart), and, in the same run, OpenSpiel's Python
  ``ISMCTSBot`` at the same budget through cardsim.envs.openspiel (skipped when
  open-spiel is not installed). That bot rolls out at random, so cardsim is timed
  with random rollouts too (like for like), besides its default greedy ones.

Sized for a shared 2-core machine: the counts are arguments and are written to
the results, so a figure is never quoted without its sample size.

    python bench/studies/bench_strategy.py [--deals 100] [--solo 40] [--threads 2]
    python bench/studies/bench_strategy.py --parts speed   # re-measure speed, keep the rest
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

import cardsim

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import RESULTS, write_results

OUT = RESULTS
TWO_PLAYER = ["rummy", "code9", "hole_in_the_wall", "stack_gap"]
OPTIONS: dict[str, dict[str, Any]] = {"stack_gap": {"players": 2}}  # its default is solo
SOLITAIRES = ["the_wall", "code9_solitaire"]


def est(e: cardsim.Estimate) -> dict[str, float]:
    return {"value": e.value, "low": e.low, "high": e.high}


def head_to_head(
    game: str, deals: int, seed: int, threads: int, spec: str = "ismcts"
) -> dict[str, Any]:
    r = cardsim.simulate(
        game,
        games=deals,
        seed=seed,
        policy=[spec, "greedy"],
        seat_rotation=True,
        threads=threads,
        summary_only=True,
        progress=False,
        **OPTIONS.get(game, {}),
    )
    bp = r.by_policy
    decided = bp.games - bp.wins[0] - bp.wins[1]
    return {
        "game": game,
        "policy": spec,
        "budget": cardsim.make(game, **OPTIONS.get(game, {})).search_budget(spec),
        "deals": deals,
        "games": r.games,
        "seconds": r.seconds,
        "ismcts_win_rate": est(r.policy_win_rate(0)),
        "greedy_win_rate": est(r.policy_win_rate(1)),
        "neither_won": decided,
        "ismcts_mean_score": est(r.policy_mean_score(0)),
        "greedy_mean_score": est(r.policy_mean_score(1)),
    }


def solitaire(game: str, games: int, seed: int, threads: int) -> list[dict[str, Any]]:
    rows = []
    for policy in ("greedy", "pimc", "ismcts"):
        r = cardsim.simulate(
            game, games=games, seed=seed, policy=policy, threads=threads, progress=False
        )
        rows.append(
            {
                "game": game,
                "policy": policy,
                "games": games,
                "seconds": r.seconds,
                "win_rate": est(r.win_rate(0)),
                "mean_score": est(r.mean_score(0)),
            }
        )
    return rows


def openspiel_decisions(game: str, budget: int, decisions: int, seed: int) -> dict[str, Any] | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts

        import cardsim.envs.openspiel as cos
    except ImportError:
        return None
    g = pyspiel.load_game(f"cardsim_{game}")
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        g,
        cos.RolloutEvaluator(1, rs),
        0.7,
        budget,
        random_state=rs,
        use_observation_string=True,
    )
    state = g.new_initial_state()
    made = 0
    spent = 0.0
    while made < decisions:
        if state.is_terminal():
            state = g.new_initial_state()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
            continue
        if len(state.legal_actions()) == 1:
            state.apply_action(state.legal_actions()[0])
            continue
        t0 = time.perf_counter()
        a = bot.step(state)
        spent += time.perf_counter() - t0
        made += 1
        state.apply_action(a)
    return {
        "game": game,
        "budget": budget,
        "decisions": made,
        "seconds": spent,
        "decisions_per_second": made / spent,
    }


def cardsim_decisions(
    game: str, budget: int, games: int, seed: int, rollout: str = "greedy"
) -> dict[str, Any]:
    """cardsim's C++ ismcts on one thread, both seats searching. The runner counts
    actions, forced ones included (they need no search and cost next to
    nothing), so actions/s bounds searched decisions/s from above, closely when
    forced moves are few (in Code 9 only a pass is ever forced)."""
    r = cardsim.simulate(
        game,
        games=games,
        seed=seed,
        policy=f"ismcts:{budget}:rollout={rollout}",
        threads=1,
        progress=False,
    )
    return {
        "game": game,
        "budget": budget,
        "rollout": rollout,
        "games": games,
        "actions": int(r.moves.sum()),
        "seconds": r.seconds,
        "actions_per_second": int(r.moves.sum()) / r.seconds,
    }


PARTS = ("duel", "solo", "speed")
SECTION = {"duel": "head_to_head", "solo": "solitaires", "speed": "speed"}


def merge_previous(out: dict[str, Any], parts: list[str]) -> dict[str, Any]:
    """The sections of an earlier strategy.json that this run did not redo, kept
    with the seed, threads and timing they were measured with (``runs``), so a
    partial run (``--parts speed``) leaves the strength figures in place."""
    path = OUT / "strategy.json"
    if not path.exists():
        return out
    old = json.loads(path.read_text())
    old_runs = old.get("runs") or {
        # Files written before --parts existed: one run for every section.
        part: {
            "seed": old.get("seed"),
            "threads": 1 if part == "speed" else old.get("threads"),
            "machine": old.get("machine"),
            "date": None,
            "seconds": None,
        }
        for part in PARTS
    }
    for part in PARTS:
        if part in parts:
            continue
        out[SECTION[part]] = old.get(SECTION[part], [])
        if part in old_runs:
            out["runs"][part] = old_runs[part]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=100, help="deals per two-player game")
    ap.add_argument("--solo", type=int, default=40, help="games per solitaire and policy")
    ap.add_argument("--speed-games", type=int, default=4, help="games for the speed runs")
    ap.add_argument("--openspiel-decisions", type=int, default=20)
    ap.add_argument(
        "--big-budget",
        type=int,
        default=1000,
        help="Rummy and Stack Gap again at this ismcts budget (0: skip): does more search help?",
    )
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", default="", help="comma list of games to run (default all)")
    ap.add_argument(
        "--parts",
        default=",".join(PARTS),
        help="comma list of duel (ismcts against greedy), solo (solitaires) and speed; "
        "a partial run keeps the other sections of the existing strategy.json",
    )
    args = ap.parse_args()
    parts = [p for p in args.parts.split(",") if p]
    unknown = sorted(set(parts) - set(PARTS))
    if unknown or not parts:
        ap.error(f"--parts takes a comma list of {', '.join(PARTS)}, got {args.parts!r}")
    only = set(args.only.split(",")) if args.only else None
    budget = cardsim._core.parse_policy_spec("ismcts")["budget"]
    out: dict[str, Any] = {
        "ismcts_default": cardsim._core.parse_policy_spec("ismcts"),
        "pimc_default": cardsim._core.parse_policy_spec("pimc"),
        "head_to_head": [],
        "solitaires": [],
        "speed": [],
        "runs": {},
    }

    def ran(part: str, t0: float) -> None:
        out["runs"][part] = {
            "seed": args.seed,
            "threads": 1 if part == "speed" else args.threads,
            "machine": platform.platform(),
            "python": sys.version.split()[0],
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "seconds": time.perf_counter() - t0,
        }

    if "duel" in parts:
        t0 = time.perf_counter()
        for g in TWO_PLAYER:
            if only and g not in only:
                continue
            row = head_to_head(g, args.deals, args.seed, args.threads)
            print(json.dumps(row), flush=True)
            out["head_to_head"].append(row)
            extra = []
            if row["budget"] != budget:  # the game's own default: the shared one too
                extra.append(f"ismcts:{budget}")
            elif g in ("rummy", "stack_gap") and args.big_budget:
                extra.append(f"ismcts:{args.big_budget}")
            for spec in extra:
                row = head_to_head(g, args.deals, args.seed, args.threads, spec)
                print(json.dumps(row), flush=True)
                out["head_to_head"].append(row)
        ran("duel", t0)
    if "solo" in parts:
        t0 = time.perf_counter()
        for g in SOLITAIRES:
            if only and g not in only:
                continue
            for row in solitaire(g, args.solo, args.seed, args.threads):
                print(json.dumps(row), flush=True)
                out["solitaires"].append(row)
        ran("solo", t0)
    speed_game = "code9"
    if "speed" in parts and (not only or speed_game in only):
        t0 = time.perf_counter()
        # Default rollouts (greedy), and random ones: OpenSpiel's bot below
        # rolls out at random, so that pair compares like with like.
        ours = cardsim_decisions(speed_game, budget, args.speed_games, args.seed)
        ours_random = cardsim_decisions(speed_game, budget, args.speed_games, args.seed, "random")
        theirs = openspiel_decisions(speed_game, budget, args.openspiel_decisions, args.seed)
        # Rummy declares its own default budget (docs/strategy.md): its cost
        # there and at the shared default.
        own = cardsim.make("rummy").search_budget("ismcts")
        rummy = [
            cardsim_decisions("rummy", b, args.speed_games, args.seed)
            for b in sorted({own, budget})
        ]
        out["speed"].append(
            {
                "cardsim": ours,
                "cardsim_random": ours_random,
                "openspiel": theirs,
                "own_budget": rummy,
            }
        )
        print(json.dumps(out["speed"][-1]), flush=True)
        ran("speed", t0)
    out = merge_previous(out, parts)
    write_results("strategy", out, markdown(out), indent=2, out=OUT)
    print(markdown(out))
    return 0


def pct(e: dict[str, float]) -> str:
    return f"{100 * e['value']:.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def num(e: dict[str, float]) -> str:
    return f"{e['value']:.2f} [{e['low']:.2f}, {e['high']:.2f}]"


def provenance(out: dict[str, Any], part: str) -> str:
    """One line: the seed, threads, machine, date and duration of a section's run."""
    r = out.get("runs", {}).get(part)
    if not r:
        return "Not run."
    when = f", {r['date']}" if r.get("date") else ""
    took = f", {r['seconds']:.0f} s" if r.get("seconds") is not None else ""
    return f"Run with seed {r['seed']}, {r['threads']} thread(s), {r['machine']}{when}{took}."


def markdown(out: dict[str, Any]) -> str:
    d = out["ismcts_default"]
    lines = [
        "# Search players against greedy",
        "",
        "`bench/studies/bench_strategy.py`. "
        f"ismcts default: {d['budget']} iterations, c = {d['c']}, "
        f"prior {d.get('prior', 0)}, rollout {d['rollout']}; a game may declare its own "
        "budget (the budget column). 95% intervals in brackets. "
        "Each section says the run it comes from (`--parts` re-runs some and keeps the rest).",
        "",
        "## ismcts against greedy, seats rotated (aim: >= 60% wins, low end >= 55%)",
        "",
        provenance(out, "duel"),
        "",
        "| game | policy | budget | deals (games) | its wins | greedy wins | neither "
        "| its mean score | greedy mean score | seconds |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in out["head_to_head"]:
        lines.append(
            f"| {r['game']} | `{r.get('policy', 'ismcts')}` | {r.get('budget', '')} "
            f"| {r['deals']} ({r['games']}) "
            f"| {pct(r['ismcts_win_rate'])} "
            f"| {pct(r['greedy_win_rate'])} | {r['neither_won']} | {num(r['ismcts_mean_score'])} "
            f"| {num(r['greedy_mean_score'])} | {r['seconds']:.0f} |"
        )
    lines += [
        "",
        "## Solitaires",
        "",
        provenance(out, "solo"),
        "",
        "| game | policy | games | win rate | mean score | seconds |",
        "|---|---|---|---|---|---|",
    ]
    for r in out["solitaires"]:
        lines.append(
            f"| {r['game']} | {r['policy']} | {r['games']} | {pct(r['win_rate'])} "
            f"| {num(r['mean_score'])} | {r['seconds']:.1f} |"
        )
    lines += ["", "## Speed at the default budget (one thread)", "", provenance(out, "speed"), ""]
    for s in out["speed"]:
        o = s["openspiel"]
        for key in ("cardsim", "cardsim_random"):
            c = s.get(key)
            if not c:
                continue
            lines.append(
                f"- cardsim `ismcts:{c['budget']}`, {c.get('rollout', 'greedy')} rollouts, "
                f"{c['game']}, both seats searching: {c['actions']} actions in "
                f"{c['seconds']:.1f} s, {c['actions_per_second']:.1f} actions/s (forced moves "
                "included)."
            )
        if o:
            lines.append(
                f"- OpenSpiel Python `ISMCTSBot`, {o['budget']} simulations, one random rollout "
                f"per leaf, through cardsim.envs.openspiel, {o['game']}: {o['decisions']} "
                f"decisions with a choice in {o['seconds']:.1f} s, "
                f"{o['decisions_per_second']:.2f} decisions/s."
            )
            for key, what in (
                ("cardsim_random", "random rollouts on both sides (like for like)"),
                ("cardsim", "cardsim's default greedy rollouts"),
            ):
                c = s.get(key)
                if c:
                    lines.append(
                        f"- Ratio, {what}: "
                        f"{c['actions_per_second'] / o['decisions_per_second']:.0f}x."
                    )
        else:
            lines.append("- OpenSpiel not installed: no comparison in this run.")
        for c in s.get("own_budget", []):
            lines.append(
                f"- Rummy, cardsim `ismcts:{c['budget']}`, greedy rollouts, both seats searching: "
                f"{c['actions']} actions in {c['seconds']:.1f} s, "
                f"{c['actions_per_second']:.1f} actions/s (forced moves included)."
            )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
