"""The time from ``cardsim play GAME --web --no-open`` to a usable page
(docs/viewing.md, "Play it yourself").

Each run starts the command as a new process, reads its URL from the first line
of its stdout, and loads the page in a Chromium that is already open (the
system's, driven by Playwright) until the page marks itself ready
(``body[data-ready="1"]``: the first game drawn, its moves clickable). Two
times per run, from the process's start: the URL printed, and the page usable.
The first run of each game only warms the file cache and is not counted; the
figures are medians of the others.

    python bench/speed/bench_play_start.py [--repeats 5] [--games rummy the_wall]
"""

from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import machine, table, write_results

CHROMIUM = "/usr/bin/chromium"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="counted runs per game")
    parser.add_argument("--games", nargs="+", default=["rummy", "the_wall", "racing_demon"])
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for game in args.games:
            url_s, ready_s = [], []
            for i in range(args.repeats + 1):
                page = browser.new_page()
                t0 = time.perf_counter()
                command = ["cardsim", "play", game, "--web", "--no-open", "--seed", str(i)]
                proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
                assert proc.stdout is not None
                url = proc.stdout.readline().strip()
                t1 = time.perf_counter()
                page.goto(url)
                page.wait_for_selector("body[data-ready='1']", state="attached")
                t2 = time.perf_counter()
                proc.send_signal(signal.SIGINT)  # Ctrl-C: the server stops and frees its port
                proc.wait(10)
                page.close()
                if i:
                    url_s.append(t1 - t0)
                    ready_s.append(t2 - t0)
            rows.append(
                {
                    "game": game,
                    "url_printed_s": round(statistics.median(url_s), 3),
                    "page_usable_s": round(statistics.median(ready_s), 3),
                    "page_usable_min_s": round(min(ready_s), 3),
                    "page_usable_max_s": round(max(ready_s), 3),
                    "runs": len(ready_s),
                }
            )
            print(rows[-1], flush=True)
        browser.close()
    md = [
        "# `cardsim play GAME --web`: from the command to a usable page",
        "",
        f"Medians of {args.repeats} runs each (after one warm-up run), a Chromium already open;"
        " `python bench/speed/bench_play_start.py`.",
        "",
        *table(
            ["game", "URL printed (s)", "page usable (s)", "min (s)", "max (s)"],
            [
                [
                    r["game"],
                    r["url_printed_s"],
                    r["page_usable_s"],
                    r["page_usable_min_s"],
                    r["page_usable_max_s"],
                ]
                for r in rows
            ],
            "lrrrr",
        ),
    ]
    write_results("play_start", {"machine": machine(), "rows": rows}, md)


if __name__ == "__main__":
    main()
