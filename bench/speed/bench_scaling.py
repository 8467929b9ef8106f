"""Games/s of one process against a 2-worker process pool and a 2-worker Dask
LocalCluster, on one game, with the ratio to the ideal 2x. Writes
bench/results/scaling.{json,md}.

It also times the checkpoint: the cost of recording one finished shard when a
run has 10 shards and when it has 16,000 (a 10**10-game run's default), with
real shard summaries, appended to the log (compactions included). Writes
bench/results/checkpoint.{json,md}.

    python bench/speed/bench_scaling.py [--game clock_duel] [--games 4000000]
    python bench/speed/bench_scaling.py --checkpoint-only
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cardsim

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import now, write_results


def timed(**kw) -> float:
    t0 = time.perf_counter()
    r = cardsim.simulate(progress=False, summary_only=True, **kw)
    return r.games / (time.perf_counter() - t0)


def checkpoint_cost(shards: int, game: str) -> dict[str, float]:
    """Seconds per recorded shard over a whole run of ``shards`` shards."""
    from cardsim.run.shards import Checkpoint, ShardResult, run_shard

    g = cardsim.make(game)
    # Real summaries (score histograms and all), reused: recording is what is timed.
    samples = [run_shard(game, {}, 1, ["random"], k * 2000, 2000).summary for k in range(8)]
    identity = {"version": 2, "game": game, "games": shards * 2000, "shard_size": 2000}
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/run.ckpt"
        ck = Checkpoint(path, identity, g.num_players)
        per: list[float] = []
        cpu_all = time.process_time()
        t_all = time.perf_counter()
        for k in range(shards):
            r = ShardResult(k * 2000, 2000, samples[k % len(samples)])
            t0 = time.perf_counter()
            ck.add(r)
            per.append(time.perf_counter() - t0)
        total = time.perf_counter() - t_all
        cpu = time.process_time() - cpu_all
        ck.close()
        size = Path(path).stat().st_size
    last = per[-min(len(per), 100) :]
    return {
        "shards": shards,
        "mean_s_per_shard": total / shards,
        # CPU time is immune to the other processes of a shared machine.
        "cpu_s_per_shard": cpu / shards,
        "median_s_per_shard": statistics.median(per),
        "max_s_per_shard": max(per),
        "mean_s_last_100": sum(last) / len(last),
        "file_bytes_at_end": size,
    }


def checkpoint_bench(game: str) -> None:
    rows = [checkpoint_cost(n, game) for n in (10, 16_000)]
    when = now()
    lines = [
        f"# checkpoint write cost per finished shard ({when}, {game} summaries, one run)",
        "",
        "| shards in the run | CPU per shard | wall: mean per shard | median | slowest |"
        " mean of the last 100 | file at the end |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['shards']:,} | {r['cpu_s_per_shard'] * 1e6:,.0f} µs"
            f" | {r['mean_s_per_shard'] * 1e6:,.0f} µs"
            f" | {r['median_s_per_shard'] * 1e6:,.0f} µs | {r['max_s_per_shard'] * 1e3:,.2f} ms"
            f" | {r['mean_s_last_100'] * 1e6:,.0f} µs | {r['file_bytes_at_end']:,} B |"
        )
    lines += [
        "",
        "Wall means include the machine's other load and the compactions' fsync (every 1024"
        " shards); the median and the CPU time are the cost of recording one shard.",
    ]
    write_results("checkpoint", {"when": when, "game": game, "rows": rows}, lines, indent=2)
    print("\n".join(lines))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="clock_duel")
    ap.add_argument("--games", type=int, default=4_000_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--checkpoint-only", action="store_true", help="only the checkpoint cost")
    args = ap.parse_args()
    checkpoint_bench(args.game)
    if args.checkpoint_only:
        return
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
        "when": now(),
        "game": args.game,
        "games": args.games,
        "shard_size": shard,
        "rows": {
            k: {"games_per_s": v, "speedup": v / one, "of_ideal_2x": v / one / 2}
            for k, v in rows.items()
        },
    }
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
    write_results("scaling", out, lines, indent=2)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
