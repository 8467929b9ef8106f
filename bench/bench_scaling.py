"""Games/s of one process against a 2-worker process pool and a 2-worker Dask
LocalCluster, on one game, with the ratio to the ideal 2x. Writes
bench/results/scaling.{json,md}.

    python bench/bench_scaling.py [--game clock_duel] [--games 4000000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

import cardsim

RESULTS = Path(__file__).resolve().parent / "results"


def timed(**kw) -> float:
    t0 = time.perf_counter()
    r = cardsim.simulate(progress=False, summary_only=True, **kw)
    return r.games / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="clock_duel")
    ap.add_argument("--games", type=int, default=4_000_000)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    base = dict(game=args.game, games=args.games, seed=1)
    shard = args.games // 16
    rows = {
        "one process, 1 thread": statistics.median(
            timed(threads=1, **base) for _ in range(args.repeats)
        )
    }
    with ProcessPoolExecutor(2) as pool:
        timed(executor=pool, shard_size=shard, **{**base, "games": shard * 2})  # warm the pool
        rows["process pool, 2 workers"] = statistics.median(
            timed(executor=pool, shard_size=shard, **base) for _ in range(args.repeats)
        )
    try:
        from distributed import Client, LocalCluster

        with (
            LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            ex = client.get_executor(pure=False)
            timed(executor=ex, shard_size=shard, **{**base, "games": shard * 2})
            rows["dask LocalCluster, 2 workers"] = statistics.median(
                timed(executor=ex, shard_size=shard, **base) for _ in range(args.repeats)
            )
    except ImportError:
        print("dask not installed: skipping its row")
    one = rows["one process, 1 thread"]
    out = {
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "game": args.game,
        "games": args.games,
        "shard_size": shard,
        "rows": {
            k: {"games_per_s": v, "speedup": v / one, "of_ideal_2x": v / one / 2}
            for k, v in rows.items()
        },
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "scaling.json").write_text(json.dumps(out, indent=2) + "\n")
    lines = [
        f"# scale-out ({out['when']}, {args.game}, {args.games:,} games, median of {args.repeats})",
        "",
        "| setup | games/s | speedup | of ideal 2x |",
        "|---|---:|---:|---:|",
    ]
    for k, v in out["rows"].items():
        lines.append(
            f"| {k} | {v['games_per_s']:,.0f} | {v['speedup']:.2f} | {v['of_ideal_2x']:.0%} |"
        )
    (RESULTS / "scaling.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
