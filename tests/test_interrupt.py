"""Ctrl-C: every long run stops soon after SIGINT, whether or not it shows progress,
and a checkpointed run resumes after it. Real signals, sent to a child process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import cardsim

#: Generous, to hold on a loaded machine; the runs aim at well under a second.
BOUND = 5.0

# A shell starts background jobs with SIGINT ignored, and Python keeps it so: the
# child puts Python's own handler back, as a terminal would have it.
RESTORE = "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler)\n"

CALLS = {
    "simulate": "cardsim.simulate('clock', games=10**11, threads=1, progress=False,"
    " summary_only=True)",
    "simulate_threads": "cardsim.simulate('clock', games=10**11, threads=2, progress=False,"
    " summary_only=True)",
    "solve_batch": "cardsim.solve_batch('clock', deals=10**8, threads=1)",
    "tournament": "cardsim.tournament('rummy', ['random', 'greedy'], games=10**7, threads=1,"
    " progress=False)",
    "ismcts": "cardsim.simulate('rummy', games=10**5, policy='ismcts:200', threads=1,"
    " progress=False)",
    "sharded": "cardsim.simulate('clock', games=10**11, threads=1, shard_size=10**10,"
    " progress=False)",
    # One deal searched for minutes (deal 365 of seed 2026: its A* fills the default table and
    # does not settle within 50 million nodes): the signal is heard inside the search, not
    # only between deals.
    "solve_one_deal": "cardsim.solve_batch('code9_solitaire', deals=1, first_deal=365,"
    " seed=2026, threads=1, node_limit=10**9)",
    # Deals 366-368 settle in milliseconds: whichever thread does not take deal 365 soon
    # runs out of deals, and the caller must still hear the signal while a worker searches.
    "solve_one_deal_threads": "cardsim.solve_batch('code9_solitaire', deals=4, first_deal=365,"
    " seed=2026, threads=2, node_limit=10**9)",
    "solve_position": "cardsim.solve(cardsim.make('code9_solitaire').new_game("
    "deck=list(cardsim.replay_game('code9_solitaire', 2026, 365).deck)), node_limit=10**9)",
}


def _interrupt(proc: subprocess.Popen[str], signals: int) -> float:
    """Sends `signals` SIGINTs a tenth of a second apart; the seconds until the child exits."""
    start = time.monotonic()
    for i in range(signals):
        if i:
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("the run did not stop within 60 s of SIGINT")
    return time.monotonic() - start


@pytest.mark.parametrize("signals", [1, 2])
@pytest.mark.parametrize("call", sorted(CALLS))
def test_ctrl_c_stops_a_run(call, signals):
    code = RESTORE + textwrap.dedent(f"""
        import cardsim
        print("ready", flush=True)
        try:
            {CALLS[call]}
        except KeyboardInterrupt:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            print("interrupted", flush=True)
            sys.exit(3)
        print("finished", flush=True)
    """)
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    time.sleep(1.0)  # well inside the run
    seconds = _interrupt(proc, signals)
    out, err = proc.communicate()
    # A Python exception, caught: never a signal's death, never the whole run.
    assert proc.returncode == 3, (proc.returncode, err[-2000:])
    assert out == "interrupted\n"
    assert seconds < BOUND, f"{call}: {seconds:.1f} s from SIGINT to exit"


def _cli(args: list[str]) -> subprocess.Popen[str]:
    code = RESTORE + "from cardsim.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _workers(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


def _wait_for_shards(ckpt: Path, lines: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if ckpt.exists() and ckpt.read_text().count("\n") >= lines:
            return
        time.sleep(0.05)
    pytest.fail("no shard was recorded within 60 s")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
@pytest.mark.parametrize("signals", [1, 2])
def test_ctrl_c_on_a_worker_pool_stops_and_resumes(tmp_path, signals):
    ckpt = tmp_path / "run.ckpt"
    games = 2_000_000
    args = [
        "simulate", "clock", "--games", str(games), "--seed", "5", "--workers", "2",
        "--shard-size", "100000", "--checkpoint", str(ckpt), "--json",
    ]  # fmt: skip
    proc = _cli(args)
    _wait_for_shards(ckpt, 3)
    workers = _workers(proc.pid)
    seconds = _interrupt(proc, signals)
    _, err = proc.communicate()
    assert proc.returncode == 130, err[-2000:]
    assert "Traceback" not in err, err[-2000:]
    assert "resume with:" in err
    assert seconds < BOUND, f"{seconds:.1f} s from SIGINT to exit"
    assert workers and not any(_alive(w) for w in workers)
    # The same command resumes and finishes the run, every game counted once.
    done = subprocess.run(
        [sys.executable, "-m", "cardsim.cli", *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    timing = ("seconds", "games_per_second", "threads")
    resumed = {k: v for k, v in json.loads(done.stdout).items() if k not in timing}
    assert resumed["games"] == games
    whole = cardsim.simulate("clock", games=games, seed=5, summary_only=True, progress=False)
    expected = json.loads(json.dumps(whole.to_dict()))
    assert resumed == {k: v for k, v in expected.items() if k not in timing}


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
def test_pool_workers_die_with_their_parent(tmp_path):
    proc = _cli(["simulate", "clock", "--games", "10**12", "--workers", "2", "--json",
                 "--shard-size", "200000", "--checkpoint", str(tmp_path / "r.ckpt")])  # fmt: skip
    _wait_for_shards(tmp_path / "r.ckpt", 2)
    workers = _workers(proc.pid)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate()
    deadline = time.monotonic() + BOUND
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [w for w in workers if _alive(w)]
    for w in left:  # leave no stray process, whatever the outcome
        os.kill(w, signal.SIGKILL)
    assert workers and not left
