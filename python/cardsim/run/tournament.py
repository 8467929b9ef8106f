"""Tournaments: several policies, every pairing or seat assignment, seats rotated.

``tournament(game, policies=[...], games=..., seed=...)`` plays, in the C++ batch
runner, one *table* per pairing of policies (two-player games) or per seat
assignment (three or more players: every ordered choice of a policy per seat
that uses at least two different policies, one per cyclic rotation class).
Every table plays the same ``games`` deals of the run with ``seed``, each under
every rotation of its seats, so no policy gains from its seat.

From the games it reports, for every ordered pair of policies (a, b) that met:

- the win rate of a against b: a game scores 1 if a won and b did not, 0 the
  other way round, 1/2 otherwise (a draw, a shared win, neither winning); a
  95% Wilson score interval on that rate, which stays within [0, 1] (a result
  in [0, 1] with mean p varies by at most p(1 - p), the variance Wilson's
  interval assumes, so with halves it errs on the wide side);
- the mean score difference, score(a) - score(b), with a 95% interval;

and Bradley-Terry ratings on the Elo scale (400 log10 of the strength, mean 0)
fitted to those pairwise results by the MM algorithm, with half a win added
each way per pairing (so a policy that wins every game still gets a finite
rating), and 95% intervals from the Fisher information.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .._typing import OptionValue, PathArg
from ..contract.policies import PolicyFn, Seats, parse_seats, policy_name
from ..contract.protocols import Game
from ..games import check_count, make
from ..guards.extras import require
from .plot import plot_tournament
from .progress import labelled
from .simulate import execute, plan_run
from .stats import Estimate, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from pandas import DataFrame

__all__ = ["Pairing", "TournamentResult", "tournament"]

_Z95 = 1.959963984540054
_ELO = 400.0 / math.log(10.0)
_MAX_TABLES = 2000


@dataclass(frozen=True)
class Pairing:
    """Policy ``a`` against policy ``b``, over every game in which both sat."""

    a: str
    b: str
    games: int
    win_rate: Estimate  # a ahead of b: 1, behind: 0, otherwise 1/2
    score_diff: Estimate  # mean score(a) - score(b)
    wins: float  # sum of the per-game results (a's side of the 1 / 0 / 1/2 count)


@dataclass
class TournamentResult:
    """What ``cardsim.tournament`` returns: pairings, ratings and the tables played."""

    game: str
    options: dict[str, OptionValue]
    policies: list[str]
    games: int  # deals per table; each is played once per seat rotation
    seed: int
    tables: list[tuple[str, ...]]
    pairings: list[Pairing]
    ratings: list[Estimate]  # Elo scale, one per policy, mean 0
    seconds: float
    plays: int = 0  # games played in all (tables x deals x rotations)
    notes: list[str] = field(default_factory=list)

    def pairing(self, a: int | str, b: int | str) -> Pairing:
        """The pairing of policy ``a`` against ``b`` (indices or spec strings)."""
        na = self.policies[a] if isinstance(a, int) else a
        nb = self.policies[b] if isinstance(b, int) else b
        for p in self.pairings:
            if p.a == na and p.b == nb:
                return p
        raise ValueError(f"no pairing of {na!r} against {nb!r} in this tournament")

    def plot(self, path: PathArg | None = None) -> Figure:
        """Win rates per pairing and ratings, each with its 95% interval, as a
        matplotlib Figure (saved to ``path`` when given). Needs the ``plot``
        extra: ``pip install 'cardsim[plot]'`` (else a ValueError says so)."""
        return plot_tournament(self, path)

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe form of the whole result."""

        def est(e: Estimate) -> dict[str, float]:
            return {"value": e.value, "low": e.low, "high": e.high}

        return {
            "game": self.game,
            "options": self.options,
            "policies": self.policies,
            "games_per_table": self.games,
            "seed": self.seed,
            "tables": [list(t) for t in self.tables],
            "plays": self.plays,
            "seconds": self.seconds,
            "pairings": [
                {
                    "policy": p.a,
                    "opponent": p.b,
                    "games": p.games,
                    "win_rate": est(p.win_rate),
                    "score_diff": est(p.score_diff),
                }
                for p in self.pairings
            ],
            "ratings": [
                {"policy": name, "elo": est(r)}
                for name, r in zip(self.policies, self.ratings, strict=True)
            ],
        }

    def to_pandas(self) -> DataFrame:
        """The pairings as a pandas DataFrame, one row per ordered pair, with each
        side's rating (needs pandas: ``pip install 'cardsim[pandas]'``)."""
        pd = require("pandas", "to_pandas")

        elo = dict(zip(self.policies, self.ratings, strict=True))
        rows = [
            {
                "policy": p.a,
                "opponent": p.b,
                "games": p.games,
                "win_rate": p.win_rate.value,
                "win_rate_low": p.win_rate.low,
                "win_rate_high": p.win_rate.high,
                "score_diff": p.score_diff.value,
                "score_diff_low": p.score_diff.low,
                "score_diff_high": p.score_diff.high,
                "elo": elo[p.a].value,
                "elo_low": elo[p.a].low,
                "elo_high": elo[p.a].high,
            }
            for p in self.pairings
        ]
        frame: DataFrame = pd.DataFrame(rows)
        return frame

    def __str__(self) -> str:
        width = max(len(p) for p in self.policies)
        lines = [
            f"{self.game} tournament: {len(self.policies)} policies, {len(self.tables)} table(s),"
            f" {self.games:,} deals each, every seat rotation ({self.plays:,} games),"
            f" seed {self.seed}, {self.seconds:.1f} s",
            "",
            "ratings (Bradley-Terry, Elo scale, 95% intervals):",
        ]
        order = sorted(range(len(self.policies)), key=lambda i: -self.ratings[i].value)
        for i in order:
            r = self.ratings[i]
            lines.append(
                f"  {self.policies[i]:<{width}}  {r.value:+8.1f}  [{r.low:+.1f}, {r.high:+.1f}]"
            )
        lines += ["", "win rate of row against column (95% interval):"]
        head = " " * (width + 2) + "".join(f"{p:>24}" for p in self.policies)
        lines.append(head)
        for a in self.policies:
            cells = []
            for b in self.policies:
                if a == b:
                    cells.append(f"{'-':>24}")
                    continue
                p = self.pairing(a, b)
                w = p.win_rate
                cells.append(f"{f'{w.value:.3f} [{w.low:.3f}, {w.high:.3f}]':>24}")
            lines.append(f"  {a:<{width}}" + "".join(cells))
        lines += ["", "mean score difference, row minus column (95% interval):", head]
        for a in self.policies:
            cells = []
            for b in self.policies:
                if a == b:
                    cells.append(f"{'-':>24}")
                    continue
                d = self.pairing(a, b).score_diff
                cells.append(f"{f'{d.value:+.2f} [{d.low:+.2f}, {d.high:+.2f}]':>24}")
            lines.append(f"  {a:<{width}}" + "".join(cells))
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def _tables(k: int, seats: int) -> list[tuple[int, ...]]:
    """Every pairing (two seats) or every seat assignment up to rotation (more)."""
    if seats == 2:
        return list(itertools.combinations(range(k), 2))
    out = []
    seen: set[tuple[int, ...]] = set()
    for t in itertools.product(range(k), repeat=seats):
        if len(set(t)) < 2 or t in seen:
            continue
        for r in range(seats):
            seen.add(t[r:] + t[:r])
        out.append(t)
    return out


def _mean_interval(x: np.ndarray) -> Estimate:
    n = len(x)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    m = float(x.mean())
    if n == 1:
        return Estimate(m, math.nan, math.nan)
    half = _Z95 * float(x.std(ddof=1)) / math.sqrt(n)
    return Estimate(m, m - half, m + half)


def bradley_terry(wins: np.ndarray, iterations: int = 10_000) -> tuple[np.ndarray, np.ndarray]:
    """Bradley-Terry log-strengths (mean 0) and their standard errors from a
    matrix of (possibly fractional) wins, wins[i, j] = i's wins against j.

    Fitted by the MM algorithm; standard errors from the Moore-Penrose inverse
    of the Fisher information (the mean-0 constraint removes its null space).
    """
    k = len(wins)
    n = wins + wins.T
    total = wins.sum(axis=1)
    strength = np.ones(k)
    for _ in range(iterations):
        denom = np.array(
            [
                sum(n[i, j] / (strength[i] + strength[j]) for j in range(k) if j != i)
                for i in range(k)
            ]
        )
        new = np.where(denom > 0, total / np.where(denom > 0, denom, 1), strength)
        new = new / math.exp(np.log(new).mean())
        if np.max(np.abs(np.log(new) - np.log(strength))) < 1e-12:
            strength = new
            break
        strength = new
    theta = np.log(strength)
    theta -= theta.mean()
    info = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            if i != j and n[i, j] > 0:
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                v = n[i, j] * p * (1 - p)
                info[i, j] -= v
                info[i, i] += v
    cov = np.linalg.pinv(info)
    return theta, np.sqrt(np.maximum(np.diag(cov), 0.0))


def tournament(
    game: str | Game,
    policies: Sequence[str | PolicyFn] | str,
    games: int = 1000,
    seed: int = 0,
    threads: int | None = None,
    progress: bool | None = None,
    **options: object,
) -> TournamentResult:
    """Plays every pairing (two seats) or seat assignment (more) of ``policies``
    with seat rotation and returns win rates, score differences and ratings.

    ``policies``: at least two specs (a list, or one string joined by commas),
    each as ``cardsim.simulate`` takes them (``random``, ``greedy``, ``first``,
    ``pimc:N``, ``ismcts:N``..., or a Python callable ``policy(obs, mask)``);
    they must differ (callables by their names). ``games``: deals per table,
    each played once per rotation. Deterministic for ``seed`` whatever
    ``threads``. Raises ValueError / TypeError for a bad spec or count.
    """
    g = make(game, "cpp", **options) if isinstance(game, str) else game
    if options and not isinstance(game, str):
        raise ValueError("pass options to make(), not to tournament(), when giving a game object")
    if isinstance(policies, str):
        policies = policies.split(",")
    if isinstance(policies, (bytes, bytearray)) or not isinstance(policies, Sequence):
        raise TypeError(f"policies must be a list of specs, got {type(policies).__name__}")
    # Each policy parsed once (a callable plays as in simulate); every table's
    # seats are picked from these.
    parsed = [parse_seats([p], 1, where=f"policy {i}: ") for i, p in enumerate(policies)]
    names = [policy_name(s.entries[0]) for s in parsed]
    if len(names) < 2:
        raise ValueError(f"a tournament needs at least two policies, got {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError(f"policies must differ (Python policies by their names), got {names!r}")
    n = check_count(games, "games")
    if n == 0:
        raise ValueError("games must be >= 1")
    seats = g.num_players
    if seats < 2:
        raise ValueError(
            f"{g.name} has one seat: compare its policies with cardsim.simulate, one run each"
        )
    tables = _tables(len(names), seats)
    if len(tables) > _MAX_TABLES:
        raise ValueError(
            f"{len(names)} policies over {seats} seats make {len(tables)} tables"
            f" (at most {_MAX_TABLES}): use fewer policies"
        )
    k = len(names)
    results: dict[tuple[int, int], list[np.ndarray]] = {}
    diffs: dict[tuple[int, int], list[np.ndarray]] = {}
    start = time.perf_counter()
    plays = 0
    for t_index, table in enumerate(tables, 1):
        # Each table is its own run: its progress says which one, and of how many.
        vs = " vs ".join(names[i] for i in table)
        with labelled(f"table {t_index}/{len(tables)} ({vs})"):
            plan = plan_run(
                g,
                games=n,
                seed=seed,
                policy=Seats(
                    tuple(parsed[i].entries[0] for i in table),
                    tuple(parsed[i].kinds[0] for i in table),
                    tuple(parsed[i].parsed[0] for i in table),
                ),
                threads=threads,
                seat_rotation=True,
                summary_only=False,  # the ratings need every game; a size too large is refused
                progress=progress,
            )
            r = execute(plan)
        plays += r.games
        assert r.scores is not None and r.winners_mask is not None
        rows = np.arange(r.games)
        rot = rows % seats
        won = [(r.winners_mask >> p) & 1 for p in range(seats)]
        for ja, jb in itertools.permutations(range(seats), 2):
            a, b = table[ja], table[jb]
            if a == b:
                continue
            # Policy slot j of the table sits at seat (j - rotation) mod seats.
            sa, sb = (ja - rot) % seats, (jb - rot) % seats
            wa = np.choose(sa, won).astype(np.int8)
            wb = np.choose(sb, won).astype(np.int8)
            outcome = np.where(wa > wb, 1.0, np.where(wa < wb, 0.0, 0.5))
            score_a = r.scores[rows, sa].astype(np.int64)
            score_b = r.scores[rows, sb].astype(np.int64)
            results.setdefault((a, b), []).append(outcome)
            diffs.setdefault((a, b), []).append(score_a - score_b)
    pairings = []
    wins = np.zeros((k, k))
    for a, b in itertools.permutations(range(k), 2):
        if (a, b) not in results:
            continue
        o = np.concatenate(results[(a, b)])
        d = np.concatenate(diffs[(a, b)])
        # Several slots of one table may hold the same policy: each pair of slots
        # counts, which weighs the games equally across tables.
        pairings.append(
            Pairing(
                names[a],
                names[b],
                len(o),
                wilson(float(o.sum()), len(o)),
                _mean_interval(d),
                float(o.sum()),
            )
        )
        wins[a, b] = o.sum()
    prior = 0.5 * ((wins + wins.T) > 0)
    theta, se = bradley_terry(wins + prior)
    ratings = [
        Estimate(_ELO * t, _ELO * (t - _Z95 * s), _ELO * (t + _Z95 * s))
        for t, s in zip(theta, se, strict=True)
    ]
    return TournamentResult(
        game=g.name,
        options=g.options,
        policies=names,
        games=n,
        seed=int(seed),
        tables=[tuple(names[i] for i in t) for t in tables],
        pairings=pairings,
        ratings=ratings,
        seconds=time.perf_counter() - start,
        plays=plays,
    )
