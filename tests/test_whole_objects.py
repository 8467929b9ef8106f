"""No bound C++ object can be used half made: ``__new__`` alone is refused for every
class of the core, and a cut or altered pickle raises a Python exception, never a
signal. Each check runs in a subprocess, so that a crash fails the test instead of
ending the run."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from cardsim import _core

BOUND = sorted(n for n in dir(_core) if isinstance(getattr(_core, n), type))


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_class_is_bound():
    # The base classes, the runner's Summary, and each game's four classes.
    assert {"Game", "State", "Summary", "ClockGame", "ClockState", "RummyVectorEnv"} <= set(BOUND)


def test_new_alone_is_refused_and_methods_raise():
    out = _run(
        """
        import cardsim
        from cardsim import _core

        made = []
        for name in sorted(dir(_core)):
            cls = getattr(_core, name)
            if not isinstance(cls, type) or issubclass(cls, BaseException):
                continue
            # Every __new__ the class can reach: its own, and each base's.
            for base in cls.__mro__:
                new = base.__dict__.get("__new__")
                if new is None:
                    continue
                try:
                    obj = new(cls)
                except TypeError:
                    continue
                made.append(name)
                # Had one been made, every public method must still raise cleanly.
                for attr in dir(cls):
                    if attr.startswith("__"):
                        continue
                    try:
                        value = getattr(obj, attr)
                        if callable(value):
                            value()
                    except Exception:
                        pass
            # Unbound methods called on a foreign object are refused too.
            for attr in dir(cls):
                fn = cls.__dict__.get(attr)
                if attr.startswith("__") or not callable(fn):
                    continue
                try:
                    fn(object())
                except Exception:
                    pass
        print("made", made)
        """
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "made []" in out.stdout, out.stdout


def test_refusal_says_how_to_get_one():
    out = _run(
        """
        from cardsim import _core
        try:
            _core.ClockState.__new__(_core.ClockState)
        except TypeError as e:
            print(e)
        """
    )
    assert out.returncode == 0, out.stderr
    assert "cannot be created directly" in out.stdout


def test_constructed_classes_still_construct():
    summary = _core.Summary(3)
    assert summary.num_players == 3
    assert _core.Summary.__new__(_core.Summary, 2).num_players == 2


def test_cut_and_mutated_pickles_never_crash():
    out = _run(
        """
        import pickle
        import random

        import cardsim
        from cardsim import _core

        rng = random.Random(5)
        names = sorted(_core.games())
        objects = []
        for name in names:
            state = cardsim.make(name).new_game(seed=11)
            for _ in range(3):
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                if not legal:
                    break
                state.apply_action(legal[0])
            objects += [state, state.game]
        summary = _core.Summary(2)
        summary.merge(cardsim.simulate("clock_duel", games=20, seed=1).summary)
        objects.append(summary)
        loaded = 0
        for obj in objects:
            for protocol in (2, pickle.HIGHEST_PROTOCOL):
                data = pickle.dumps(obj, protocol=protocol)
                assert pickle.loads(data) is not None
                for _ in range(150):
                    if rng.random() < 0.5:
                        bad = data[: rng.randrange(len(data))]
                    else:
                        b = bytearray(data)
                        for _ in range(rng.randrange(1, 4)):
                            b[rng.randrange(len(b))] = rng.randrange(256)
                        bad = bytes(b)
                    try:
                        got = pickle.loads(bad)
                    except Exception:
                        continue
                    loaded += 1
                    # Whatever loads is whole: reading it raises or works, never crashes.
                    for attr in ("legal_actions", "to_dict", "scores", "__repr__", "__getstate__"):
                        try:
                            getattr(got, attr)()
                        except Exception:
                            pass
        print("ok", loaded)
        """
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith("ok"), out.stdout
