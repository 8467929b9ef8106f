"""How much of a lockstep check of a pure-Python candidate is cardsim's own time.

``cardsim.testing.check_lockstep`` runs a candidate beside the core; the candidate's
own time is what the user pays for their implementation, the rest (the core, the
comparisons, hypothesis drawing lines) is the checker's overhead. It is measured as a
tape: the check runs once with the candidate (its time is the whole), once recording
every answer the candidate gives, then again with a stand-in that hands the recorded
answers back in order, so that the candidate costs next to nothing. That last run is
cardsim's side, and the stand-in's own calls count against cardsim: an upper bound.
Candidates: the pure-Python reference of each game, a full implementation offering
every optional method. (The small Clock Patience port of examples/ cannot be taped: its
to_dict hands out its live lists, which later actions change, and a proxy timing its
methods costs more than the port itself.) Writes bench/results/testing.{json,md}.

    python bench/speed/bench_testing.py [--examples 100] [--max-len 200] [--repeat 3]

A hundred lines a game by default: the lines' lengths are drawn (half run to max_len),
and twenty were too few to stand for them (two samples of twenty, drawn two ways that
differ only in how the length is drawn, gave 10.4% and 12.1% for the same code).
"""

from __future__ import annotations

import argparse
import functools
import gc
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import cardsim
from cardsim.testing import check_lockstep
from cardsim.testing.lockstep import _line_plans

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import now, write_results


def _one_per_module() -> list[str]:
    """The first registered game of each reference module (clock_duel shares Clock's
    rules, the solitaire Code 9's): found, so that a new game is measured with no edit."""
    first: dict[str, str] = {}
    for g in cardsim.games():
        first.setdefault(type(cardsim.make(g.name, backend="reference")).__module__, g.name)
    return list(first.values())


GAMES = _one_per_module()


class Recorder:
    """A candidate (its game or a state) whose every call's outcome goes on ``tape``, as
    (method, returned normally, value or exception)."""

    def __init__(self, inner: Any, tape: list[tuple[str, bool, Any]]) -> None:
        self._inner, self._tape = inner, tape

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._inner, name)
        if not callable(value):
            return value
        tape = self._tape

        def record(*args: Any, **kwargs: Any) -> Any:
            try:
                out = value(*args, **kwargs)
            except Exception as e:
                tape.append((name, False, e))
                raise
            if name == "new_game":
                tape.append((name, True, None))
                return Recorder(out, tape)
            tape.append((name, True, out))
            return out

        self.__dict__[name] = record
        return record


#: What each method's outcomes end with on a stand-in: a call past the tape gets it.
PAST_THE_TAPE = object()


class Replayer:
    """The stand-in: each method of the candidate gives its next outcome from the tape
    (its game and its states are this one object). A method that never raised is a
    C-level ``partial(next, outcomes)``, which costs next to nothing (its arguments are
    ignored); one that raised, and ``new_game``, a small Python function. Each method's
    outcomes end with ``PAST_THE_TAPE``, so that ``used_up`` tells a replay that took
    exactly the tape from one that strayed."""

    def __init__(self, tape: list[tuple[str, bool, Any]]) -> None:
        by_name: dict[str, list[tuple[bool, Any]]] = {}
        for name, ok, out in tape:
            by_name.setdefault(name, []).append((ok, out))
        self._left: list[Iterator[Any]] = []
        for name, outcomes in by_name.items():
            if name != "new_game" and all(ok for ok, _ in outcomes):
                it: Iterator[Any] = iter([*(out for _, out in outcomes), PAST_THE_TAPE])
                self.__dict__[name] = functools.partial(next, it)
            else:
                it = iter([*outcomes, PAST_THE_TAPE])
                self.__dict__[name] = self._replay(name, it)
            self._left.append(it)

    def _replay(self, name: str, outcomes: Iterator[Any]) -> Callable[..., Any]:
        take = outcomes.__next__

        def replay(*args: Any, **kwargs: Any) -> Any:
            outcome = take()
            if outcome is PAST_THE_TAPE:
                return outcome
            ok, out = outcome
            if not ok:
                raise out
            return self if name == "new_game" else out

        return replay

    def used_up(self) -> bool:
        """Whether the replay took every outcome on the tape, and no more (asked once, at
        the end: it reads the markers off)."""
        done = object()
        return all(next(it, done) is PAST_THE_TAPE and next(it, done) is done for it in self._left)


def timed(run: Callable[[], Any], repeat: int) -> float:
    """The least CPU time of ``repeat`` runs (the machine is shared: noise only adds)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        run()
        best = min(best, time.process_time() - t)
    return best


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


def tape_side(check: Callable[[Any], Any], factory: Any, repeat: int) -> float | None:
    """cardsim's side by the tape (see the module's text); None if the replay does not
    match the recording (a candidate handing out live containers that change later)."""
    tape: list[tuple[str, bool, Any]] = []
    check(lambda **o: Recorder(factory(**o), tape))

    # The stand-ins are made before the clock starts: sorting the tape by method is the
    # measurement's own work, not cardsim's.
    stand_ins = iter([Replayer(tape) for _ in range(repeat)])

    def replayed() -> None:
        stand_in = next(stand_ins)
        check(lambda **o: stand_in)
        if not stand_in.used_up():
            raise RuntimeError("the replay left part of the tape, or ran past it")

    # The tape's objects are kept out of the collector's scans, which would otherwise
    # grow with the tape and count against cardsim.
    gc.collect()
    gc.freeze()
    try:
        return timed(replayed, repeat)
    except (AssertionError, RuntimeError, StopIteration):
        return None
    finally:
        gc.unfreeze()


def measure(name: str, factory: Any, examples: int, max_len: int, repeat: int) -> dict[str, Any]:
    def check(candidate: Any) -> Any:
        return check_lockstep(candidate, name, examples=examples, max_len=max_len, seed=1)

    report = check(factory)
    whole = timed(lambda: check(factory), repeat)
    side = tape_side(check, factory, repeat)
    if side is None:
        raise RuntimeError(f"{name}: the candidate's answers cannot be taped (see tape_side)")
    drawn, drawn_lines = drawing(name, examples, max_len)
    # Hypothesis's drawing per line, from its own run, applied to the check's lines.
    drawing_s = drawn / drawn_lines * report.examples
    return {
        "game": name,
        "steps": report.steps,
        "wall_s": round(whole, 4),
        "candidate_s": round(whole - side, 4),
        "cardsim_s": round(side, 4),
        "cardsim_fraction": round(side / whole, 4),
        "cardsim_us_per_step": round(side / report.steps * 1e6, 1),
        "drawing_s": round(drawing_s, 4),
        "checker_s": round(side - drawing_s, 4),
        "checker_fraction": round((side - drawing_s) / whole, 4),
        "fields": len(report.compared),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--examples", type=int, default=100)
    ap.add_argument("--max-len", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3, help="runs timed; the least is kept")
    ap.add_argument("--out", default="testing", help="results file stem in bench/results")
    args = ap.parse_args()
    # Hypothesis's first run in a process pays a one-off start (it scans the source for
    # constants, collects garbage): left out of every row.
    measure("clock", lambda **o: cardsim.make("clock", backend="reference", **o), 2, 10, 1)
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
                    args.repeat,
                ),
            }
        )
        print(rows[-1])
    ref = [r for r in rows if r["candidate"] == "reference"]
    overall = sum(r["cardsim_s"] for r in ref) / sum(r["wall_s"] for r in ref)
    checker = sum(r["checker_s"] for r in ref) / sum(r["wall_s"] for r in ref)
    out = {
        "date": now(),
        "examples": args.examples,
        "max_len": args.max_len,
        "reference_overall_cardsim_fraction": round(overall, 4),
        "reference_overall_checker_fraction": round(checker, 4),
        "rows": rows,
    }
    out_lines = [
        "# Lockstep checking: cardsim's share of the time",
        "",
        f"`python bench/speed/bench_testing.py --examples {args.examples} --max-len {args.max_len}"
        f" --repeat {args.repeat}`, {out['date']}, one process; CPU seconds, the least of"
        f" {args.repeat} runs (the machine is shared). *CPU s* is the check with the candidate;",
        "*cardsim s* is the same check with the candidate replaced by a tape of its answers",
        "(recorded in a run of its own, handed back in order), so it is the core, the",
        "comparisons and hypothesis, plus the tape's own calls (counted against cardsim);",
        "*candidate s* is the difference.",
        "Of cardsim's side, *drawing* is hypothesis drawing",
        "the lines' choices with nothing played or compared, timed in a run of its own with",
        "the same strategy and seed, per line, times the check's lines; *checker* is the rest:",
        "playing the line on the core, its answers, the comparisons, the illegal probes.",
        "",
        "| candidate | game | steps | CPU s | candidate s | cardsim s | cardsim µs/step"
        " | cardsim share | drawing s | checker s | checker share |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out_lines.append(
            f"| {r['candidate']} | {r['game']} | {r['steps']} | {r['wall_s']} |"
            f" {r['candidate_s']} | {r['cardsim_s']} | {r['cardsim_us_per_step']} |"
            f" {100 * r['cardsim_fraction']:.1f}% |"
            f" {r['drawing_s']} | {r['checker_s']} | {100 * r['checker_fraction']:.1f}% |"
        )
    out_lines += [
        "",
        f"All reference candidates together: cardsim's share {100 * overall:.1f}%, of which"
        f" the checker's own {100 * checker:.1f}% (the rest is hypothesis drawing lines).",
        "",
    ]
    write_results(args.out, out, out_lines, indent=2)
    print("\n".join(out_lines))


if __name__ == "__main__":
    main()
