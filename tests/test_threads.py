"""Threads: a VectorEnv and a reference state refuse a second thread's concurrent call
with a clear error, and neither crashes however several threads drive them."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import textwrap
import threading

import pytest

import cardsim


def _run(code: str) -> subprocess.CompletedProcess[str]:
    # A crash (a signal) must show as a failed run, not take the test runner down.
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("threads", [1, 2])
def test_vector_env_from_two_threads_raises_in_use(threads):
    # Two threads stepping (threads=1) or resetting (threads=2: the chunk pool ran two
    # jobs at once, and crashed or hung) one env: every run ends, and the second
    # caller is told the env is in use.
    code = f"""
        import threading, numpy as np, cardsim
        from cardsim.envs.vector import masked_random
        env = cardsim.VectorEnv("rummy", num_envs=8, threads={threads})
        env.reset(seed=0)
        errors = []
        def work(t):
            rng = np.random.default_rng(t)
            for i in range(3000):
                try:
                    if {threads} == 2:
                        env.reset(seed=i)
                    else:
                        env.step(masked_random(env.action_masks(), rng))
                except RuntimeError as e:
                    errors.append(str(e))
                    return
                except cardsim.IllegalActionError:
                    pass  # the other thread stepped first: these masks went stale
        ts = [threading.Thread(target=work, args=(t,)) for t in range(2)]
        [t.start() for t in ts]
        [t.join() for t in ts]
        print(errors[0] if errors else "no error")
    """
    for _ in range(3):
        out = _run(code)
        assert out.returncode == 0, (out.returncode, out.stderr[-2000:])
        if "in use by another thread" in out.stdout:
            return
    pytest.fail(f"no thread was refused: {out.stdout}")


def test_reference_state_refuses_a_second_thread():
    s = cardsim.make("rummy", backend="reference").new_game(seed=4)
    inside, release = threading.Event(), threading.Event()
    original = s._apply

    def slow_apply(a: int) -> None:  # holds the first move open
        inside.set()
        release.wait(10)
        original(a)

    s._apply = slow_apply  # type: ignore[method-assign]
    first = s.legal_actions()[0]
    t = threading.Thread(target=s.apply_action, args=(first,))
    t.start()
    assert inside.wait(10)
    with pytest.raises(RuntimeError, match="in use by another thread"):
        s.apply_action(first)
    release.set()
    t.join()
    assert s.history == [first]
    del s._apply
    s.apply_action(s.legal_actions()[0])  # free again once the move is made
    assert len(s.history) == 2


def test_reference_state_from_three_threads_keeps_its_history():
    # Each thread plays whatever is legal; refused calls change nothing, so the
    # history always replays to the very state.
    game = cardsim.make("rummy", backend="reference")
    for seed in range(5):
        s = game.new_game(seed=seed)

        errors: list[BaseException] = []

        def play(s=s, errors=errors) -> None:
            try:
                for _ in range(150):
                    if s.is_terminal():
                        return
                    # Refused, or the move went stale while another thread played.
                    with contextlib.suppress(RuntimeError, cardsim.IllegalActionError):
                        legal = s.legal_actions()
                        if not legal:  # another thread ended the game since is_terminal
                            return
                        s.apply_action(legal[0])
            except BaseException as e:  # a thread's error is otherwise only a warning
                errors.append(e)

        ts = [threading.Thread(target=play) for _ in range(3)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        assert not errors, errors
        replay = game.new_game(seed=seed)
        for a in s.history:
            replay.apply_action(a)
        assert replay == s
