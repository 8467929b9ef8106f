"""The checkpoint is an append-only log: O(1) per shard, crash-safe, compacted."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import cardsim
from cardsim.run.shards import Checkpoint, ShardResult, run_shard

IDENTITY = {"version": 2, "game": "clock", "seed": 1}


def shard(i: int, size: int = 100) -> ShardResult:
    return run_shard("clock", {}, 1, ["random"], i * size, size)


def test_records_append_one_line_each(tmp_path):
    path = tmp_path / "c.log"
    ck = Checkpoint(path, IDENTITY, 1, compact_every=1000)
    sizes = []
    for i in range(5):
        ck.add(shard(i))
        sizes.append(path.stat().st_size)
    steps = {b - a for a, b in itertools.pairwise(sizes)}
    # Each record adds about one shard's line, however many came before.
    assert max(steps) < 2 * min(steps)
    assert len(path.read_text().splitlines()) == 6
    del ck  # the writer stops without closing (as a killed run): its lock goes with it
    again = Checkpoint(path, IDENTITY, 1)
    assert again.ranges == [(0, 500)] and again.games == 500


def test_compaction_keeps_the_totals_and_shrinks_the_file(tmp_path):
    path = tmp_path / "c.log"
    ck = Checkpoint(path, IDENTITY, 1, compact_every=4)
    parts = [shard(i) for i in (0, 2, 1, 5, 3, 4, 7)]  # out of order, with a gap at 6
    for r in parts:
        ck.add(r)
    lines = path.read_text().splitlines()
    assert len(lines) == 2 + 3  # header, one merged record, three shards since
    del ck  # stopped without closing
    loaded = Checkpoint(path, IDENTITY, 1)
    assert loaded.ranges == [(0, 600), (700, 800)]
    assert loaded.summary.to_state() == cardsim.run.shards.merge(1, parts).to_state()
    loaded.close()
    assert len(path.read_text().splitlines()) == 2


def test_torn_or_damaged_tail_loses_only_that_shard(tmp_path):
    path = tmp_path / "c.log"
    ck = Checkpoint(path, IDENTITY, 1, compact_every=1000)
    for i in range(4):
        ck.add(shard(i))
    whole = path.read_bytes()
    del ck  # stopped without closing
    for damage, want in (
        (whole[:-7], 300),  # torn mid-line
        (whole[:-1], 400),  # only the newline lost: the record is whole
        (whole[: whole.rindex(b"summary") + 20], 300),  # torn mid-summary
        (whole[:-30] + b"X" * 29 + b"\n", 300),  # overwritten: the checksum catches it
        (whole + b"\x00\x00\x00", 400),  # garbage after the last line
    ):
        path.write_bytes(damage)
        loaded = Checkpoint(path, IDENTITY, 1)
        assert loaded.games == want
        # The damaged tail is dropped, so the next record follows whole lines.
        loaded.add(shard(7))
        del loaded
        assert Checkpoint(path, IDENTITY, 1).games == want + 100


def test_damage_before_the_tail_is_refused(tmp_path):
    path = tmp_path / "c.log"
    ck = Checkpoint(path, IDENTITY, 1, compact_every=1000)
    for i in range(3):
        ck.add(shard(i))
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1][:-5] + b"xxxxx"
    path.write_bytes(b"\n".join(lines))
    del ck  # stopped without closing
    with pytest.raises(ValueError, match="corrupted at line 2"):
        Checkpoint(path, IDENTITY, 1)
    path.write_text("{not a checkpoint}\n")
    with pytest.raises(ValueError, match="not readable"):
        Checkpoint(path, IDENTITY, 1)


WRITER = textwrap.dedent(
    """
    import sys
    from cardsim.run.shards import Checkpoint, run_shard
    ck = Checkpoint(sys.argv[1], {"version": 2, "game": "rummy", "seed": 1}, 2, compact_every=7)
    i = 0
    while True:
        ck.add(run_shard("rummy", {}, 1, ["random"], i * 3, 3))
        i += 1
        if i == 3:
            print("ready", flush=True)
    """
)


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.13, 0.31])
def test_killed_writer_leaves_a_readable_checkpoint(tmp_path, delay):
    path = tmp_path / "c.log"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)  # no chance to clean up: mid-append or mid-compaction
    proc.wait()
    ck = Checkpoint(path, {"version": 2, "game": "rummy", "seed": 1}, 2)
    # Whatever was recorded is a prefix of the shards, each counted once, exactly.
    assert ck.ranges == [(0, ck.games)] and ck.games >= 9 and ck.games % 3 == 0
    expected = cardsim.simulate("rummy", games=ck.games, seed=1, threads=1)
    assert ck.summary.to_state() == expected.summary.to_state()


def test_checkpointed_run_records_the_version(tmp_path):
    path = tmp_path / "run.ckpt"
    cardsim.simulate("clock", games=4000, seed=2, shard_size=1000, checkpoint=path)
    header = json.loads(path.read_text().splitlines()[0][9:])
    assert header["cardsim"] == cardsim.__version__ and header["run"]["games"] == 4000
