"""perft at depths as long as a game: no native or Python stack overflow, Ctrl-C
stops it, progress shows on long runs, and divide splits the count by first move."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

import cardsim
from cardsim.testing import PerftCounts, perft, perft_divide, perft_from


def _run(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout
    )


def _interrupted(args: list[str], wait: float = 1.5) -> tuple[int, str, str]:
    """Runs ``args``, sends SIGINT after ``wait`` s, and returns (code, out, err)."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(wait)  # a recursive walk reaches the bottom of its first line by then
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out, err


_CATCH = (
    "from cardsim.testing import perft\n"
    "try:\n"
    "    perft({game!r}, {depth}, seed=0, backend={backend!r})\n"
    "except KeyboardInterrupt:\n"
    "    print('interrupted', flush=True)\n"
)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process needs POSIX")
@pytest.mark.parametrize(
    ("game", "depth", "backend"),
    [("racing_demon", 2000, "cpp"), ("the_wall", 5000, "cpp"), ("racing_demon", 2000, "reference")],
)
def test_deep_perft_neither_crashes_nor_recurses(game, depth, backend):
    # Depth-first, the first line goes to the bottom at once: a walk that used one
    # native (or Python) frame per move died there (SIGSEGV, RecursionError).
    code, out, err = _interrupted(
        [sys.executable, "-c", _CATCH.format(game=game, depth=depth, backend=backend)]
    )
    assert code == 0, err
    assert "interrupted" in out
    assert "RecursionError" not in err


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process needs POSIX")
def test_cli_deep_perft_does_not_crash():
    code, _, err = _interrupted(
        [
            sys.executable,
            "-c",
            "import sys; from cardsim.cli import main; sys.exit(main(sys.argv[1:]))",
            "perft",
            "racing_demon",
            "--depth",
            "2000",
        ]
    )
    # Ctrl-C is the CLI's usual stop (its exit code); any signal death is the bug.
    assert code >= 0, err
    assert "Segmentation" not in err


class _Chain:
    """A game of one line: ``left`` forced moves, then over."""

    def __init__(self, left: int) -> None:
        self.left = left

    def clone(self) -> _Chain:
        return _Chain(self.left)

    def legal_actions(self) -> list[int]:
        return [0]

    def apply_action(self, action: int) -> None:
        self.left -= 1

    def is_terminal(self) -> bool:
        return self.left == 0


def test_perft_from_walks_a_line_deeper_than_the_recursion_limit():
    depth = sys.getrecursionlimit() * 3
    assert perft_from(_Chain(depth), depth + 10) == PerftCounts(0, 1, 0)
    assert perft_from(_Chain(depth), depth) == PerftCounts(0, 1, 0)
    assert perft_from(_Chain(depth + 1), depth) == PerftCounts(1, 0, 0)


def _long_perft() -> subprocess.Popen[str]:
    code = (
        "import sys\nfrom cardsim.testing import perft\n"
        "print('started', flush=True)\n"
        "try:\n"
        "    perft('code9', 12, seed=0)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process needs POSIX")
def test_ctrl_c_stops_a_long_perft():
    proc = _long_perft()
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "started"
    time.sleep(0.5)  # inside the C++ count
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert "interrupted" in out, err
    assert proc.returncode == 0


def test_progress_lines_on_a_long_run(monkeypatch, capsys):
    from cardsim.run import progress

    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "LINE_INTERVAL", 0.0)
    perft("code9", 7, seed=0)  # long enough for the core to report (every 20 ms)
    err = capsys.readouterr().err
    assert "perft code9 depth 7" in err
    assert "first moves" in err


def test_perft_counts_is_a_named_tuple():
    counts = perft("stack_gap", 5, seed=0)
    assert tuple(counts) == (72, 162, 0)
    assert counts._asdict() == {"playing": 72, "terminal": 162, "truncated": 0}
    assert counts.total == 234


@pytest.mark.parametrize("backend", ["cpp", "reference"])
def test_divide_adds_up_to_perft(backend):
    divided = perft_divide("stack_gap", 4, seed=0, backend=backend)
    every = [c for moves in divided.values() for c in moves.values()]
    total = PerftCounts(*(sum(c[i] for c in every) for i in range(3)))
    assert total == perft("stack_gap", 4, seed=0)
    state = cardsim.make("stack_gap").new_game(seed=0)
    texts = {state.action_to_string(a) for a in state.legal_actions()}
    assert {t for m in divided.values() for t in m} == texts
    for kind, moves in divided.items():
        assert all(t.split(" ", 1)[0] == kind for t in moves)


def test_divide_refuses_depth_0():
    with pytest.raises(ValueError, match="depth >= 1"):
        perft_divide("stack_gap", 0, seed=0)


def test_cli_perft_divide(capsys):
    from cardsim.cli.main import main

    assert main(["perft", "stack_gap", "--depth", "3", "--divide"]) == 0
    out = capsys.readouterr().out
    assert f"total: {perft('stack_gap', 3, seed=0).total} lines" in out


def test_lockstep_machine_refuses_a_nested_illegal_error():
    pytest.importorskip("hypothesis")
    from cardsim.testing import lockstep_machine

    nested: object = ValueError
    for _ in range(1000):
        nested = (nested,)
    with pytest.raises(TypeError, match="illegal_error"):
        lockstep_machine(object(), "stack_gap", illegal_error=nested)  # type: ignore[arg-type]
