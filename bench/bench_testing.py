"""How much of a lockstep check of a pure-Python candidate is cardsim's own time.

``cardsim.testing.check_lockstep`` runs a candidate beside the core; the candidate's
own time is what the user pays for their implementation, the rest (the core, the
comparisons, hypothesis drawing lines) is the checker's overhead. Each candidate is
wrapped in a timing proxy that adds up the time spent inside its methods; the check's
wall time minus that is cardsim's side. Candidates: the pure-Python reference of each
game (a full implementation offering every optional method) and the small Clock
Patience port of examples/ (which offers little, so the checker's share is larger).
Writes bench/results/testing.{json,md}.

    python bench/bench_testing.py [--examples 30] [--max-len 200]
"""

from __future__ import annotations

import argparse
import json
import runpy
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import cardsim
from cardsim.testing import check_lockstep
from cardsim.testing.lockstep import _line_plans

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
GAMES = ["clock", "stack_gap", "code9", "the_wall", "hole_in_the_wall", "racing_demon", "rummy"]


class Clock:
    """Time spent inside the candidate's methods."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def wrap(self, fn: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds += time.process_time() - t

        return timed


class Timed:
    """A proxy whose method calls are timed; new_game's result is proxied in turn."""

    def __init__(self, inner: Any, clock: Clock) -> None:
        self._inner, self._clock = inner, clock

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._inner, name)
        if not callable(value):
            return value
        if name == "new_game":
            timed = self._clock.wrap(value)
            wrapped = lambda *a, **k: Timed(timed(*a, **k), self._clock)  # noqa: E731
        else:
            wrapped = self._clock.wrap(value)
        # Kept on the proxy: the next lookup finds it without __getattr__ (whose cost
        # would count as cardsim's).
        self.__dict__[name] = wrapped
        return wrapped


def drawing(name: str, examples: int, max_len: int) -> tuple[float, int]:
    """Seconds hypothesis takes to draw the lines the check draws, with nothing played
    or compared (check_lockstep reads each line's moves as it plays it): the part of
    cardsim's side that is hypothesis's own drawing, and the lines drawn. Same strategy,
    seed and settings as check_lockstep's defaults."""
    from hypothesis import HealthCheck, Verbosity, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st

    strategy = _line_plans(name, max_len, by_seed=False, in_order=False, options=st.just({}))

    @hypothesis_seed(1)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(plan: Any) -> None:
        drawn.append(plan)

    drawn: list[Any] = []
    t = time.process_time()
    run()
    return time.process_time() - t, len(drawn)


def measure(name: str, factory: Any, examples: int, max_len: int) -> dict[str, Any]:
    clock = Clock()

    def candidate(**opts: Any) -> Timed:
        return Timed(factory(**opts), clock)

    t = time.process_time()
    report = check_lockstep(candidate, name, examples=examples, max_len=max_len, seed=1)
    wall = time.process_time() - t
    side = wall - clock.seconds
    drawn, drawn_lines = drawing(name, examples, max_len)
    # Hypothesis's drawing per line, from its own run, applied to the check's lines.
    drawing_s = drawn / drawn_lines * report.examples
    return {
        "game": name,
        "steps": report.steps,
        "wall_s": round(wall, 3),
        "candidate_s": round(clock.seconds, 3),
        "cardsim_s": round(side, 3),
        "cardsim_fraction": round(side / wall, 4),
        "drawing_alone_s": round(drawn, 3),
        "drawing_alone_lines": drawn_lines,
        "drawing_s": round(drawing_s, 3),
        "checker_s": round(side - drawing_s, 3),
        "checker_fraction": round((side - drawing_s) / wall, 4),
        "fields": len(report.compared),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--examples", type=int, default=30)
    ap.add_argument("--max-len", type=int, default=200)
    args = ap.parse_args()
    # Hypothesis's first run in a process pays a one-off start (it scans the source for
    # constants, collects garbage): left out of every row.
    measure("clock", lambda **o: cardsim.make("clock", backend="reference", **o), 2, 10)
    rows = []
    for name in GAMES:
        rows.append(
            {
                "candidate": "reference",
                **measure(
                    name,
                    lambda n=name, **o: cardsim.make(n, backend="reference", **o),
                    args.examples,
                    args.max_len,
                ),
            }
        )
        print(rows[-1])
    port = runpy.run_path(str(ROOT / "examples" / "clock_patience.py"))["ClockPatience"]
    rows.append(
        {
            "candidate": "examples/clock_patience.py",
            **measure("clock", port, args.examples, args.max_len),
        }
    )
    print(rows[-1])
    ref = [r for r in rows if r["candidate"] == "reference"]
    overall = sum(r["cardsim_s"] for r in ref) / sum(r["wall_s"] for r in ref)
    checker = sum(r["checker_s"] for r in ref) / sum(r["wall_s"] for r in ref)
    out = {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "examples": args.examples,
        "max_len": args.max_len,
        "reference_overall_cardsim_fraction": round(overall, 4),
        "reference_overall_checker_fraction": round(checker, 4),
        "rows": rows,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "testing.json").write_text(json.dumps(out, indent=2) + "\n")
    out_lines = [
        "# Lockstep checking: cardsim's share of the time",
        "",
        f"`python bench/bench_testing.py --examples {args.examples} --max-len {args.max_len}`,"
        f" {out['date']}, one process. The candidate's time is measured inside its methods;",
        "cardsim's side is the rest (the core, the comparisons, hypothesis drawing lines).",
        "Times are CPU seconds of the process (the machine is shared). Of cardsim's side,",
        "*drawing* is hypothesis drawing the lines' choices with nothing played or compared,",
        "timed in a run of its own with the same strategy and seed, per line, times the",
        "check's lines; *checker* is the rest: playing the line on the core, its answers, the",
        "comparisons, the illegal probes (an estimate: the two runs draw alike).",
        "",
        "| candidate | game | steps | CPU s | candidate s | cardsim s | cardsim share"
        " | drawing s | checker s | checker share |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out_lines.append(
            f"| {r['candidate']} | {r['game']} | {r['steps']} | {r['wall_s']} |"
            f" {r['candidate_s']} | {r['cardsim_s']} | {100 * r['cardsim_fraction']:.1f}% |"
            f" {r['drawing_s']} | {r['checker_s']} | {100 * r['checker_fraction']:.1f}% |"
        )
    out_lines += [
        "",
        f"All reference candidates together: cardsim's share {100 * overall:.1f}%, of which"
        f" the checker's own {100 * checker:.1f}% (the rest is hypothesis drawing lines).",
        "",
    ]
    (RESULTS / "testing.md").write_text("\n".join(out_lines))
    print("\n".join(out_lines))


if __name__ == "__main__":
    main()
