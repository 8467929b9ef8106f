"""A checkpoint serves one run at a time, its temporary files never collide, and a
shard line recorded twice with the same totals does not poison the log."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

import cardsim
from cardsim.run.shards import Checkpoint, ShardResult, run_shard

IDENTITY = {"version": 2, "game": "clock", "seed": 1}


def shard(i: int, size: int = 100) -> ShardResult:
    return run_shard("clock", {}, 1, ["random"], i * size, size)


HOLDER = textwrap.dedent(
    """
    import sys
    from cardsim.run.shards import Checkpoint
    ck = Checkpoint(sys.argv[1], {"version": 2, "game": "clock", "seed": 1}, 1)
    print("held", flush=True)
    sys.stdin.readline()
    ck.close()
    """
)


def test_a_second_run_is_told_which_process_holds_the_checkpoint(tmp_path):
    path = tmp_path / "run.ckpt"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(ValueError, match=f"is in use by process {holder.pid}"):
            Checkpoint(path, IDENTITY, 1)
        with pytest.raises(ValueError, match=f"is in use by process {holder.pid}"):
            cardsim.simulate("clock", games=1000, seed=1, checkpoint=path, shard_size=100)
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(timeout=60)
    # Released when the holder ends: the next run opens it.
    Checkpoint(path, IDENTITY, 1).close()


def test_the_lock_is_held_until_close_and_released_on_errors(tmp_path):
    path = tmp_path / "run.ckpt"
    ck = Checkpoint(path, IDENTITY, 1)
    with pytest.raises(ValueError, match=f"in use by process {os.getpid()}"):
        Checkpoint(path, IDENTITY, 1)
    ck.close()
    with pytest.raises(ValueError, match="belongs to a different run"):
        Checkpoint(path, {**IDENTITY, "seed": 2}, 1)
    Checkpoint(path, IDENTITY, 1).close()  # the refused open let go of the lock


def test_a_missing_directory_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match=r"cannot write checkpoint .*No such file"):
        Checkpoint(tmp_path / "nowhere" / "run.ckpt", IDENTITY, 1)


def test_temporary_files_have_unique_names(tmp_path, monkeypatch):
    path = tmp_path / "run.ckpt"
    (tmp_path / "run.ckpt.tmp").write_text("a leftover of an old cardsim")
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append(os.path.basename(src))
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    ck = Checkpoint(path, IDENTITY, 1, compact_every=2)
    for i in range(4):
        ck.add(shard(i))
    ck.close()
    assert len(seen) == len(set(seen)) >= 3
    assert all(name.startswith(".run.ckpt.") and name.endswith(".tmp") for name in seen)
    leftovers = sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp"))
    assert leftovers == ["run.ckpt.tmp"]  # only the old file: none of ours is left


def test_identical_duplicate_lines_merge(tmp_path):
    path = tmp_path / "run.ckpt"
    ck = Checkpoint(path, IDENTITY, 1, compact_every=1000)
    for i in range(3):
        ck.add(shard(i))
    del ck  # stopped without closing, as a killed run
    lines = path.read_bytes().splitlines(keepends=True)
    # Every shard appended twice, as two unlocked runs on one file used to do.
    path.write_bytes(b"".join(lines + lines[1:]))
    loaded = Checkpoint(path, IDENTITY, 1)
    assert loaded.games == 300 and loaded.ranges == [(0, 300)]
    want = cardsim.run.shards.merge(1, [shard(i) for i in range(3)]).to_state()
    assert loaded.summary.to_state() == want
    loaded.close()


def test_a_differing_duplicate_is_still_refused(tmp_path):
    path, other_path = tmp_path / "run.ckpt", tmp_path / "other.ckpt"
    ck, other = (Checkpoint(p, IDENTITY, 1, compact_every=1000) for p in (path, other_path))
    ck.add(shard(0))
    other.add(run_shard("clock", {}, 2, ["random"], 0, 100))  # the same games, other totals
    del ck, other
    foreign = other_path.read_bytes().splitlines(keepends=True)[1]
    path.write_bytes(path.read_bytes() + foreign)
    with pytest.raises(ValueError, match="recorded twice"):
        Checkpoint(path, IDENTITY, 1)


def test_a_resumed_simulate_after_a_duplicated_log_finishes(tmp_path):
    path = tmp_path / "run.ckpt"
    full = cardsim.simulate("clock", games=1000, seed=1, shard_size=100)
    cardsim.simulate("clock", games=1000, seed=1, shard_size=100, checkpoint=path)
    lines = path.read_bytes().splitlines(keepends=True)
    assert len(lines) == 2  # the header and the merged record
    path.write_bytes(b"".join(lines + lines[1:]))  # the merged record, twice
    again = cardsim.simulate("clock", games=1000, seed=1, shard_size=100, checkpoint=path)
    assert again.summary.to_state() == full.summary.to_state()
