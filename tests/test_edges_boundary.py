"""The boundary rules (docs/architecture.md, "Boundary rules"), each from a call that
once crashed, hung or passed bad input silently. Calls that could crash the process
run in a subprocess, and the test asserts a clean exit with the expected exception."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import cardsim
from cardsim import _core


def _run(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Runs code in a fresh interpreter; a signal shows as a negative return code."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _interrupted(script: str, wait: float, signals: int = 1) -> tuple[int, str, str]:
    """Run ``script`` (which prints "go" when it starts its long call), send it
    ``signals`` SIGINTs ``wait`` seconds later; its exit status and output."""
    import time

    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "go"
    try:
        time.sleep(wait)
        for _ in range(signals):
            os.kill(proc.pid, signal.SIGINT)
        # A bound on a hang, not a timing.
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, out, err


def _clean(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    return done.stdout


# -- VectorEnv.step: the caller's buffer is copied before the GIL is released --------


def test_vector_step_survives_a_thread_writing_the_actions() -> None:
    # Another thread writes out-of-range and legal ids into the array while step
    # runs: the step plays (or refuses) what it copied, and never reads the array
    # again once the GIL is released.
    out = _clean(
        _run(
            """
            import threading
            import numpy as np
            import cardsim
            from cardsim.envs.vector import VectorEnv, masked_random

            env = VectorEnv("hole_in_the_wall", num_envs=64, seat=0, threads=2)
            env.reset(seed=1)
            rng = np.random.default_rng(0)
            acts = masked_random(env.action_masks(), rng)
            stop = False

            def writer():
                while not stop:
                    acts[:] = -1
                    acts[:] = 10**9
                    acts[:] = 0

            t = threading.Thread(target=writer)
            t.start()
            played = refused = 0
            try:
                for _ in range(400):
                    acts[:] = masked_random(env.action_masks(), rng)
                    try:
                        env._core.step(acts, None)
                        played += 1
                    except cardsim.IllegalActionError:
                        refused += 1
            finally:
                stop = True
                t.join()
            print("ok", played + refused)
            """
        )
    )
    assert out.split() == ["ok", "400"]


def test_vector_step_plays_the_copy() -> None:
    # The actions step plays are the values it read: the same steps from a list, a
    # memoryview, an int32 array and an int64 array give the same observations.
    from cardsim.envs.vector import VectorEnv, masked_random

    results = []
    for convert in (list, lambda a: memoryview(a), lambda a: a.astype(np.int32), np.asarray):
        env = VectorEnv("code9", num_envs=8, seat=0)
        env.reset(seed=3)
        rng = np.random.default_rng(5)
        for _ in range(5):
            acts = masked_random(env.action_masks(), rng)
            env._core.step(convert(acts), None)
        results.append(env._buffers["obs"].copy())
        env.close()
    for r in results[1:]:
        assert np.array_equal(r, results[0])


@pytest.mark.parametrize(
    ("bad", "kind"),
    [
        (None, TypeError),
        ("0", TypeError),
        (1.5, TypeError),
        (3, TypeError),
        ([0.0, 0.0], TypeError),
        ([True, False], TypeError),
        (np.zeros(2, np.float32), TypeError),
        (np.zeros(2, bool), TypeError),
        (np.zeros(3, np.int64), ValueError),
        (np.zeros((2, 1), np.int64), ValueError),
        (np.array([0, 2**64 - 1], np.uint64), cardsim.IllegalActionError),
    ],
)
def test_vector_core_step_refuses(bad: object, kind: type[Exception]) -> None:
    from cardsim.envs.vector import VectorEnv

    env = VectorEnv("code9", num_envs=2, seat=0)
    env.reset(seed=1)
    before = env._buffers["obs"].copy()
    with pytest.raises(kind):
        env._core.step(bad, None)
    assert np.array_equal(env._buffers["obs"], before)
    env.close()


# -- PolicyBatch.act: the policy's array is copied and checked ----------------------


def _policy_batch() -> object:
    g = cardsim.make("code9")
    return g._policy_batch(0, 0, 4, [None, _core.PolicySpec("random")], 1, 4)


@pytest.mark.parametrize("bad", [None, "0", 1.5, 7])
def test_policy_batch_act_refuses_non_arrays(bad: object) -> None:
    b = _policy_batch()
    with pytest.raises(TypeError, match="actions must be an int array"):
        b.act(bad)  # type: ignore[attr-defined]
    b.next_group()  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="actions must be an int array"):
        b.act(bad)  # type: ignore[attr-defined]


def test_policy_batch_act_checks_the_group() -> None:
    b = _policy_batch()
    with pytest.raises(ValueError, match="no group is pending"):
        b.act([0, 0, 0, 0])  # type: ignore[attr-defined]
    _, _, k = b.next_group()  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="shape"):
        b.act([0] * (k + 1))  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="integer dtype"):
        b.act([0.0] * k)  # type: ignore[attr-defined]
    with pytest.raises(cardsim.IllegalActionError, match="out of range"):
        b.act(np.full(k, 2**64 - 1, np.uint64))  # type: ignore[attr-defined]
    mask = b._buffers()["action_mask"][:k]  # type: ignore[attr-defined]
    b.act(memoryview(np.argmax(mask, axis=1).astype(np.int64)))  # type: ignore[attr-defined]


def test_python_policy_writing_its_array_from_a_thread() -> None:
    # The policy's returned array is rewritten by another thread while the core
    # plays the group: the core plays its copy.
    out = _clean(
        _run(
            """
            import threading
            import numpy as np
            import cardsim

            held = []
            stop = False

            def writer():
                while not stop:
                    for a in list(held):
                        a[:] = -1
                        a[:] = 10**9

            def policy(obs, mask):
                a = np.argmax(mask, axis=1).astype(np.int64)
                held[:] = [a]
                return a

            t = threading.Thread(target=writer)
            t.start()
            done = 0
            try:
                for seed in range(20):
                    try:
                        cardsim.simulate("code9", 8, seed=seed, policy=[policy, "random"])
                        done += 1
                    except cardsim.IllegalActionError:
                        done += 1
            finally:
                stop = True
                t.join()
            print("ok", done)
            """
        )
    )
    assert out.split() == ["ok", "20"]


# -- threads that fail to start --------------------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS caps threads on Linux")
@pytest.mark.parametrize(
    "call",
    [
        'cardsim.solve_batch("stack_gap", 300, threads=1024, node_limit=100)',
        "from cardsim.envs.vector import VectorEnv;"
        " VectorEnv('code9', num_envs=4096, seat=0, threads=256)",
        'cardsim.simulate("code9", 2000, policy=[lambda o, m: np.argmax(m, axis=1), "random"],'
        " threads=1024)",
    ],
)
def test_thread_start_failure_is_an_error(call: str) -> None:
    # Under an address-space cap the 8 MB thread stacks run out: the call raises
    # (RuntimeError naming the threads, or MemoryError), it does not abort.
    out = _clean(
        _run(
            f"""
            import resource
            import numpy as np
            import cardsim
            with open("/proc/self/status") as f:
                vm = next(int(l.split()[1]) for l in f if l.startswith("VmSize:")) * 1024
            cap = vm + (512 << 20)
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
            try:
                {call}
                print("ran")
            except RuntimeError as e:
                print("RuntimeError", "fewer threads" in str(e))
            except MemoryError:
                print("MemoryError")
            """
        )
    )
    assert out.split() in (["RuntimeError", "True"], ["MemoryError"])


# -- private array methods check every output array ------------------------------------


def _solve_arrays(n: int) -> list[np.ndarray]:
    types = (np.int8, np.int32, np.int32, np.int64, np.float64, np.int32, np.int32)
    return [np.zeros(n, t) for t in types]


@pytest.mark.parametrize(
    "spoil",
    [
        lambda a: a[::-1],
        lambda a: np.zeros(8, a.dtype)[::2],
        lambda a: a.astype(np.float32),
        lambda a: a[:-1],
        lambda a: np.broadcast_to(a, a.shape),
        lambda a: a.tolist(),
        lambda a: None,
    ],
)
@pytest.mark.parametrize("which", [0, 4])
def test_solve_arrays_are_checked(spoil: object, which: int) -> None:
    g = cardsim.make("stack_gap")
    arrays = _solve_arrays(4)
    arrays[which] = spoil(arrays[which])  # type: ignore[operator]
    with pytest.raises((TypeError, ValueError)):
        _core._solve_batch(g, 0, 0, 4, 1, 1000, 0.0, 1000, *arrays)
    with pytest.raises((TypeError, ValueError)):
        g._solve_deals(0, 0, 4, 1, 1000, 0.0, 1000, *arrays)  # type: ignore[attr-defined]


def test_solve_arrays_right_ones_work() -> None:
    g = cardsim.make("stack_gap")
    arrays = _solve_arrays(3)
    g._solve_deals(0, 0, 3, 1, 1000, 0.0, 1000, *arrays)  # type: ignore[attr-defined]
    assert (arrays[3] > 0).all()  # every deal searched some nodes


def test_simulate_output_size_cannot_wrap() -> None:
    g = cardsim.make("code9")
    s = _core.Summary(2)
    # 2**63 games of 2 scores each wrapped to 0 elements, which an empty array matched.
    with pytest.raises(ValueError, match="at most"):
        g._simulate(0, 0, 2**63, ["random"], 1, s, np.zeros(0, np.int32))  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="C-contiguous"):
        g._simulate(0, 0, 4, ["random"], 1, s, np.zeros(8, np.int32)[::-1])  # type: ignore[attr-defined]


def test_simulate_game_range_is_checked() -> None:
    g = cardsim.make("clock")
    s = _core.Summary(1)
    with pytest.raises(ValueError, match=r"at most 2\*\*64"):
        g._simulate(0, 2, 2**64 - 1, ["random"], 1, s)  # type: ignore[attr-defined]


# -- solver limits ---------------------------------------------------------------------


@pytest.mark.parametrize("entries", [2**40 + 1, 2**62 + 1, 2**63, 2**70])
def test_solve_table_entries_beyond_the_max(entries: int) -> None:
    state = cardsim.make("stack_gap").new_game(seed=1)
    with pytest.raises(ValueError, match="table_entries must be at most 1,099,511,627,776"):
        cardsim.solve(state, table_entries=entries)
    with pytest.raises(ValueError, match=r"table_entries must be in \[1, 2\*\*40\]"):
        state._solve_position(1000, 0.0, min(entries, 2**63 - 1))  # type: ignore[attr-defined]


@pytest.mark.parametrize("entries", ["9223372036854775808", "4611686018427387905", "1099511627777"])
def test_cli_table_entries_beyond_the_max(entries: str, capsys: pytest.CaptureFixture[str]) -> None:
    # 2**63 dumped pybind11's "incompatible function arguments"; 2**62 + 1 hung in the
    # table's doubling. Both are a usage error now, before any deal is dealt.
    from cardsim.cli import main

    assert main(["solve", "stack_gap", "--deals", "2", "--table-entries", entries]) == 2
    err = capsys.readouterr().err
    assert f"table_entries must be at most 1,099,511,627,776, got {entries}" in err
    assert "incompatible" not in err


def test_solve_node_limit_beyond_int64() -> None:
    state = cardsim.make("stack_gap").new_game(seed=1)
    with pytest.raises(ValueError, match="node_limit must be at most"):
        cardsim.solve(state, node_limit=2**63)


# -- game counts at the 64-bit index limit ---------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "kind", "match"),
    [
        ({"games": 2**64 + 1}, ValueError, r"first_game \+ games must be at most 2\*\*64"),
        ({"games": 2**70}, ValueError, r"first_game \+ games must be at most 2\*\*64"),
        ({"games": 2**64, "first_game": 1}, ValueError, r"at most 2\*\*64, got 1 \+ "),
        ({"games": 1, "first_game": 2**64}, ValueError, r"first_game \+ games must be at most"),
        ({"games": 1, "seed": 2**64}, ValueError, r"seed must be below 2\*\*64"),
        ({"games": -1}, ValueError, "games must be >= 0"),
        ({"games": 1.5}, TypeError, "games must be an int"),
        ({"games": "3"}, TypeError, "games must be an int"),
    ],
)
def test_simulate_game_counts_past_the_index_limit(
    kwargs: dict[str, object], kind: type[Exception], match: str
) -> None:
    # simulate(games=2**64) once dumped pybind11's signature; a count the 64-bit game
    # index cannot reach is a ValueError naming it, before anything is played.
    with pytest.raises(kind, match=match):
        cardsim.simulate("clock", summary_only=True, progress=False, **kwargs)  # type: ignore[arg-type]


def test_python_policy_run_of_2_64_games_is_refused() -> None:
    # The policy batch counts games in a uint64 (the built-in runner splits such a run).
    with pytest.raises(ValueError, match=r"at most 2\*\*64 - 1 with a Python policy"):
        cardsim.simulate(
            "code9",
            2**64,
            policy=[lambda o, m: np.argmax(m, axis=1), "random"],
            summary_only=True,
            progress=False,
        )


def test_solve_batch_deal_counts_past_the_index_limit() -> None:
    # Every deal's result is kept: numpy's "maximum allowed dimension" (or a
    # MemoryError) became a ValueError naming the deals and the memory.
    for deals in (2**40, 2**64):
        with pytest.raises(ValueError, match="solve_batch's per-deal results for"):
            cardsim.solve_batch("stack_gap", deals, progress=False)
    with pytest.raises(ValueError, match=r"first_deal \+ deals must be at most 2\*\*64"):
        cardsim.solve_batch("stack_gap", 2**64, first_deal=1)
    with pytest.raises(ValueError, match=r"seed must be below 2\*\*64"):
        cardsim.solve_batch("stack_gap", 1, seed=2**64)


@pytest.mark.parametrize(
    ("games", "first"),
    [("18446744073709551617", "0"), ("18446744073709551615", "2"), ("2**64", "1")],
)
def test_cli_game_counts_past_the_index_limit(
    games: str, first: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardsim.cli import main

    # A count past 2**64 is argparse's usage error; a sum past it, the run's own check.
    try:
        code = main(["simulate", "clock", "--games", games, "--first-game", first])
    except SystemExit as e:
        code = e.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert "2**64" in err and "incompatible" not in err


# -- Ctrl-C in a run of every game -----------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
@pytest.mark.parametrize("games", ["2**64 - 1", "2**64"])
def test_run_of_2_64_games_plays_and_stops_on_ctrl_c(games: str) -> None:
    # The block count wrapped to 0 for 2**64 - 1 games: the run claimed every game
    # and played none; 2**64 (every index) dumped pybind11's signature. Both play
    # now, until Ctrl-C, which returns at once.
    returncode, out, err = _interrupted(
        f"""
        import sys, cardsim
        print("go", flush=True)
        try:
            cardsim.simulate("clock", {games}, summary_only=True, progress=False)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        """,
        1.5,
    )
    assert returncode == 0, err[-2000:]
    assert "interrupted" in out


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
@pytest.mark.parametrize(
    "call",
    [
        'cardsim.simulate("rummy", 2, policy="ismcts:1000000", threads=2, progress=False)',
        'cardsim.replay_game("rummy", seed=0, index=0, policy="ismcts:1000000")',
        # A Python policy against a search seat: the policy batch plays the search on
        # the calling thread (a group below the pool's threshold) ...
        'cardsim.simulate("rummy", 2, policy=[ARGMAX, "ismcts:1000000"], threads=1,'
        " progress=False)",
        # ... or on the pool, whose other thread's searches the caller waits for.
        'cardsim.simulate("rummy", 200, policy=[ARGMAX, "ismcts:1000000"], threads=2,'
        " progress=False)",
        # A game whose own play-out asks the search seat (and the Python seat).
        'cardsim.simulate("racing_demon", 2, policy=[ARGMAX, "ismcts:1000000", "random", "random"],'
        " threads=1, progress=False)",
    ],
)
def test_ctrl_c_inside_one_search(call: str) -> None:
    # A search of a million iterations polled only between games (and not at all in
    # a run with a Python policy): Ctrl-C waited for it to end (minutes). Its loop
    # now polls, so the signal stops it mid-search; a second SIGINT right after the
    # first changes nothing.
    returncode, out, err = _interrupted(
        f"""
        import numpy as np
        import cardsim
        ARGMAX = lambda obs, mask: np.argmax(mask, axis=1)
        print("go", flush=True)
        try:
            {call}
            print("finished", flush=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        """,
        2,
        signals=2,
    )
    assert returncode == 0, err[-2000:]
    assert out.strip() == "interrupted"


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
def test_policy_batch_stopped_by_ctrl_c_refuses_every_later_call() -> None:
    # Ctrl-C inside a search seat leaves the batch's games half played: every later
    # call is a ValueError saying so, never a step on a half-played game.
    returncode, out, err = _interrupted(
        """
        import cardsim
        from cardsim import _core
        g = cardsim.make("rummy")
        b = g._policy_batch(0, 0, 2, [None, _core.PolicySpec("ismcts:1000000")], 1, 2)
        print("go", flush=True)
        try:
            while (group := b.next_group()) is not None:
                mask = b._buffers()["action_mask"][: group[2]]
                b.act(mask.argmax(axis=1))
            print("finished", flush=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        for call in (b.next_group, lambda: b.act([0, 0])):
            try:
                call()
                print("accepted", flush=True)
            except ValueError as e:
                print("ValueError", "stopped half way" in str(e), flush=True)
        """,
        2,
    )
    assert returncode == 0, err[-2000:]
    assert out.split("\n")[:3] == ["interrupted", "ValueError True", "ValueError True"]


@pytest.mark.parametrize("draw", [-1, 2**64, 1.5, None, "0"])
def test_resample_rng_returning_junk(draw: object) -> None:
    # An rng whose integers() answers out of range or not an int: ValueError naming it
    # (was pybind11's "Unable to cast ... to C++ type '?'").
    class Rng:
        def integers(self, *args: object) -> object:
            return draw

    state = cardsim.make("rummy").new_game(seed=1)
    with pytest.raises(ValueError, match=r"rng.integers\(0, 2\*\*62\) must return an int"):
        state.resample_hidden(0, Rng())
