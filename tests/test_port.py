"""Ports in any language: the JSON-lines protocol, ProcessCandidate and check-port.

A port is a program speaking the protocol of docs/testing.md ("Ports in any language").
The worked port (examples/ports/clock.js, run by node) must pass, its planted bug must
be caught; tests/port_server.py, a port in Python, shows what the checker makes of each
fault of a port: a crash, garbage, a hang, a wrong id, a bad hello.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

import cardsim
from cardsim.cli import main
from cardsim.testing import (
    DivergenceError,
    PortError,
    ProcessCandidate,
    check_lockstep,
    check_port,
    lockstep_machine,
)

ROOT = Path(__file__).resolve().parents[1]
CLOCK_JS = str(ROOT / "examples" / "ports" / "clock.js")
STACK_GAP_JS = str(ROOT / "examples" / "ports" / "stack_gap.js")
SERVER = [sys.executable, str(Path(__file__).with_name("port_server.py"))]
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None, reason="node is not installed: the worked port is JavaScript"
)
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="ProcessCandidate needs POSIX")


def _deck(game: str = "clock", seed: int = 0) -> list[str]:
    return list(cardsim.make(game).new_game(seed=seed).deck)


# --- the worked port, in JavaScript ---------------------------------------------------
@needs_node
@pytest.mark.parametrize("game", ["clock", "clock_duel"])
def test_the_javascript_port_passes_check_port(game, capsys):
    code = main(["check-port", game, "--examples", "8", "--", "node", CLOCK_JS])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.startswith("passed: 8 lines")
    compared = out.split("compared: ")[1]
    for field in ("to_dict", "observation", "scores", "winners", "illegal actions"):
        assert field in compared


@needs_node
def test_the_javascript_ports_planted_bug_is_caught(capsys):
    code = main(["check-port", "clock", "--examples", "30", "--", "node", CLOCK_JS, "--plant-bug"])
    out = capsys.readouterr().out
    assert code == 1
    # The first king turned is counted by cardsim and not by the port.
    assert "differs from cardsim in scores()[0]" in out or "in to_dict" in out
    assert "line (" in out and "turn" in out and "replay:" in out
    assert (
        f"candidate = cardsim.testing.ProcessCandidate(['node', {CLOCK_JS!r}, '--plant-bug']" in out
    )
    assert out.rstrip().splitlines()[-1].startswith("FAILED: the port differs")


@needs_node
@pytest.mark.parametrize(
    "options", [[], ["--players", "2"], ["--option", "jokers=true", "--players", "2"]]
)
def test_the_javascript_stack_gap_port_passes(options, capsys):
    argv = ["check-port", "stack_gap", "--examples", "15", *options, "--", "node", STACK_GAP_JS]
    assert main(argv) == 0, capsys.readouterr().out
    assert "illegal actions" in capsys.readouterr().out


@needs_node
def test_the_javascript_stack_gap_ports_planted_bug_is_caught():
    # The planted misreading: a card equal to the gap's lower edge fits.
    with pytest.raises(DivergenceError) as caught:
        check_port(["node", STACK_GAP_JS, "--plant-bug"], "stack_gap", examples=50)
    assert caught.value.field.startswith("legal_actions")


@needs_node
def test_the_docs_python_block_runs_from_the_root(monkeypatch):
    # docs/testing.md's ProcessCandidate block: not run by the snippet test, which runs
    # in a fresh directory without examples/.
    text = (ROOT / "docs" / "testing.md").read_text()
    ports = text[text.index("## Ports in any language") :]
    block = ports.split("```python\n", 1)[1].split("```", 1)[0]
    assert "ProcessCandidate" in block
    monkeypatch.chdir(ROOT)
    exec(compile(block, "docs/testing.md", "exec"), {"__name__": "__docs__"})


@needs_node
def test_options_after_the_game_are_read(capsys):
    argv = ["check-port", "clock", "--examples", "2", "--seed", "3", "--", "node", CLOCK_JS]
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith("passed: 2 lines")


@needs_node
def test_all_options_draws_the_configurations(capsys):
    argv = ["check-port", "stack_gap", "--all-options", "--examples", "40"]
    assert main([*argv, "--", "node", STACK_GAP_JS]) == 0
    out = capsys.readouterr().out
    played = out.split("configurations (")[1].split("): ")[1].strip().split(" | ")
    four = {"defaults", "players=2", "jokers=True", "jokers=True, players=2"}
    assert len(played) >= 2 and set(played) <= four


def test_check_port_needs_a_command(capsys):
    assert main(["check-port", "clock", "--"]) == 2
    assert "give the command that starts the port" in capsys.readouterr().err
    assert main(["check-port", "clock", "--", "/no/such/port"]) == 2
    assert "cannot start /no/such/port" in capsys.readouterr().err
    assert main(["check-port", "rummy", "--", *SERVER]) == 2
    assert "the port plays clock, not 'rummy'" in capsys.readouterr().err


# --- a port in Python: passes, and its planted bug is caught --------------------------
def test_a_python_port_of_the_reference_passes_with_illegal_probes():
    report = check_port(
        [*SERVER, "--engine", "reference"],
        "stack_gap",
        examples=6,
        max_len=12,
        illegal_rate=0.5,
        start_timeout=60,
    )
    assert report.examples == 6
    assert {"to_dict", "observation", "illegal actions", "legal_action_mask"} <= report.compared


def test_a_python_ports_planted_bug_is_caught_with_a_report():
    with pytest.raises(DivergenceError) as caught:
        check_port([*SERVER, "--kings"], "clock", examples=30)
    e = caught.value
    assert e.field.startswith(("scores", "to_dict"))
    assert e.actions and set(e.actions) == {"turn"}
    assert len(e.deck) == 52 and "replay:" in str(e)


def test_the_transcript_ends_with_the_line_reported(tmp_path):
    path = tmp_path / "port.txt"
    with pytest.raises(DivergenceError) as caught:
        check_port([*SERVER, "--kings"], "clock", examples=30, transcript=path)
    lines = path.read_text().splitlines()
    assert lines[0].startswith("# start: ") and lines[1].startswith('> {"id":1,"cmd":"hello"')
    assert all(line[:2] in ("> ", "< ", "# ") for line in lines)
    last = max(i for i, line in enumerate(lines) if '"cmd":"new_game"' in line)
    assert json.loads(lines[last][2:])["deck"] == caught.value.deck
    # The line's actions (illegal ones tried are other ids: Clock's one action is 0).
    applies = [line for line in lines[last:] if '"cmd":"apply","action":0}' in line]
    assert len(applies) == caught.value.step


def test_an_accepted_illegal_action_is_caught():
    with pytest.raises(DivergenceError) as caught:
        check_port([*SERVER, "--accept-illegal"], "clock", examples=20, max_len=5, illegal_rate=1.0)
    assert caught.value.probe is not None
    assert "accepted" in str(caught.value.candidate)


def test_a_refusal_that_changes_the_state_is_caught():
    # The answers asked with the refused action describe the state after it.
    with pytest.raises(DivergenceError) as caught:
        check_port([*SERVER, "--dirty-refusal"], "clock", examples=20, max_len=5, illegal_rate=1.0)
    assert caught.value.probe is not None


# --- faults of the port: each a DivergenceError naming what the port did --------------
def test_a_crash_is_a_divergence_shrunk_to_its_line():
    with pytest.raises(DivergenceError) as caught:
        check_port([*SERVER, "--crash", "3"], "clock", examples=5, max_len=5)
    e = caught.value
    said = str(e.candidate)
    assert "PortError" in said and "exited with status 3" in said
    assert "crashing as told" in said  # the end of the port's stderr
    # The port is started again after the crash, so the line shrinks to the fault's:
    # the third action of a game.
    assert e.step == 2 and e.field.startswith("apply_action")


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        ("--crash", "exited with status 3 without answering"),
        ("--garbage", "which is not a JSON reply"),
        ("--wrong-id", r"answered with id (\d+) where \d+ was expected"),
    ],
)
def test_a_broken_reply_is_a_port_error_and_the_port_restarts(fault, said):
    with ProcessCandidate([*SERVER, fault, "2"], "clock") as port:
        state = port().new_game(deck=_deck())
        state.apply_action(0)
        with pytest.raises(PortError, match=said):
            state.apply_action(0)
        with pytest.raises(PortError, match="not running"):
            state.scores()
        # The next game starts the port again.
        state = port().new_game(deck=_deck())
        assert port.restarts == 1
        state.apply_action(0)
        assert state.scores() == [1]


@pytest.mark.parametrize(
    ("fault", "said"),
    [("--deep", "a reply nested too deeply to read"), ("--nan", "which is not a JSON reply")],
)
def test_a_reply_python_cannot_hold_is_a_port_error(fault, said):
    with ProcessCandidate([*SERVER, fault], "clock") as port:
        state = port().new_game(deck=_deck())
        with pytest.raises(PortError, match=said):
            state.to_dict()


def test_a_hang_is_a_divergence_within_the_timeout():
    with pytest.raises(DivergenceError) as caught:
        check_port([*SERVER, "--hang", "3"], "clock", examples=5, max_len=5, timeout=0.5)
    e = caught.value
    said = str(e.candidate)
    assert "PortError" in said and "did not answer within 0.5 s" in said
    # The message shows the line the port hung on, as the port saw it.
    # (The server counts the illegal actions tried among its applies.)
    assert '"cmd": "new_game"' in said and said.count(", then apply ") == 2
    assert e.step <= 2 and e.field.startswith("apply_action")


# --- ProcessCandidate itself ----------------------------------------------------------
def test_process_candidate_is_a_candidate_like_any_other():
    with ProcessCandidate(SERVER, "clock") as port:
        report = check_lockstep(port, "clock", examples=3)
        assert report.examples == 3
        state = port().new_game(deck=_deck())
        assert state.legal_actions() == [0]
        assert state.current_player() == 0
        # Methods the port does not offer are None, which the checker reads as absent.
        assert state.observation is None and state.is_truncated is None
        assert callable(state.to_dict)
        # Each answer is served once: a second call asks the port again.
        assert state.to_dict() == state.to_dict() and state.to_dict() is not state.to_dict()


def test_a_port_runs_in_a_state_machine():
    with ProcessCandidate(SERVER, "clock") as port:
        machine = lockstep_machine(port, "clock")
        run_state_machine_as_test(
            machine, settings=settings(max_examples=3, stateful_step_count=10, database=None)
        )
        # The machine dealt each of its games on the port.
        assert port._deals >= 3


def test_errors_the_port_answers_are_the_contracts_exceptions():
    with ProcessCandidate(
        [*SERVER, "--engine", "reference"], "stack_gap", start_timeout=60
    ) as port:
        state = port().new_game(deck=_deck("stack_gap"))
        before = state.to_dict()
        with pytest.raises(cardsim.IllegalActionError, match="illegal action"):
            state.apply_action(10**6)
        assert state.to_dict() == before
        with pytest.raises(ValueError):
            state.string_to_action("no such move")
        with pytest.raises(NotImplementedError, match="explicit"):
            ProcessCandidate(SERVER, "clock")().new_game(seed=1)
        with pytest.raises(ValueError, match="out of range"):
            state.observation(99)
        with pytest.raises(PortError, match="internal"):
            state.observation("x")  # type: ignore[arg-type]


def test_port_error_is_no_value_error():
    # A port that dies while refusing an illegal action has not refused it.
    assert not issubclass(PortError, ValueError)


def test_a_stale_state_raises():
    with ProcessCandidate(SERVER, "clock") as port:
        old = port().new_game(deck=_deck(seed=1))
        new = port().new_game(deck=_deck(seed=2))
        assert new.scores() == [0]
        with pytest.raises(PortError, match="stale"):
            old.scores()


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--exit-at-start"], "exited with status 5"),
        (["--protocol", "2"], "speaks protocol version 2"),
        (["--extra-method", "undo"], "methods the protocol does not know: undo"),
    ],
)
def test_a_bad_start_is_a_value_error(extra, said):
    with pytest.raises(ValueError, match=said):
        ProcessCandidate([*SERVER, *extra], "clock")


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="not 'rummy'"):
        ProcessCandidate(SERVER, "rummy")
    with pytest.raises(ValueError, match="cmd is empty"):
        ProcessCandidate([], "clock")
    with pytest.raises(TypeError, match="cmd must be a command line"):
        ProcessCandidate([1, 2], "clock")  # type: ignore[list-item]
    with pytest.raises(ValueError, match="timeout must be > 0"):
        ProcessCandidate(SERVER, "clock", timeout=0)
    with pytest.raises(TypeError, match="timeout must be a number"):
        ProcessCandidate(SERVER, "clock", timeout=True)
    with ProcessCandidate(SERVER, "clock") as port:
        with pytest.raises(ValueError, match="exactly one"):
            port().new_game()
        with pytest.raises(TypeError, match="deck must be a list of card strings"):
            port().new_game(deck="AS 2S")  # type: ignore[arg-type]


def test_the_port_is_stopped_when_python_exits():
    # A script that leaves its candidate open: the port, which outstays its input, must
    # not outlive it.
    script = (
        "from cardsim.testing import ProcessCandidate\n"
        f"port = ProcessCandidate({[*SERVER, '--linger']!r}, 'clock')\n"
        "print(port._process.popen.pid, flush=True)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    pid = int(done.stdout)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_the_port_is_stopped_on_close_and_on_collection():
    port = ProcessCandidate(SERVER, "clock")
    popen = port._process.popen
    assert popen is not None and popen.poll() is None
    port.close()
    assert popen.poll() is not None
    port.close()  # idempotent
    with pytest.raises(PortError, match="closed"):
        port().new_game(deck=_deck())

    port = ProcessCandidate(SERVER, "clock")
    popen = port._process.popen
    assert popen is not None
    del port
    gc.collect()
    assert popen.poll() is not None
