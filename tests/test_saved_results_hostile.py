"""load_result believes nothing unchecked, and save never leaves a mismatched pair.

Most tampered files below are re-signed (their JSON given the new side file's size
and SHA-256) so that the check under test, not the fingerprint, has to catch them.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import tracemalloc
import zipfile
from pathlib import Path

import numpy as np
import pytest

import cardsim
from cardsim.run.result import check_summary


@pytest.fixture(scope="module")
def run():
    return cardsim.simulate("clock_duel", games=2000, seed=1)


def _resign(path: Path) -> None:
    record = json.loads(path.read_text())
    side = path.with_name(record["arrays"])
    data = side.read_bytes()
    record["arrays_bytes"], record["arrays_sha256"] = len(data), hashlib.sha256(data).hexdigest()
    path.write_text(json.dumps(record))


def _npz(tmp_path: Path, run, resign: bool = True, **changes) -> Path:
    path = run.save(tmp_path / "r.json", arrays="npz")
    arrays = {**run.arrays(), **changes}
    np.savez_compressed(tmp_path / "r.npz", **{k: v for k, v in arrays.items() if v is not None})
    if resign:
        _resign(path)
    return path


def _edit(path: Path, change) -> Path:
    record = json.loads(path.read_text())
    change(record)
    path.write_text(json.dumps(record))
    return path


def _refused(path: Path, match: str) -> None:
    with pytest.raises(ValueError, match="not a saved cardsim result: .*" + match):
        cardsim.load_result(path)


def test_another_runs_side_file_is_refused(tmp_path, run):
    pytest.importorskip("pyarrow")
    other = cardsim.simulate("clock_duel", games=500, seed=2)
    path = run.save(tmp_path / "a.json", arrays="parquet")
    other.save(tmp_path / "b.json", arrays="parquet")
    os.replace(tmp_path / "b.parquet", tmp_path / "a.parquet")
    _refused(path, "its arrays file 'a.parquet' is not the one saved with it")
    _resign(path)
    _refused(path, "has 500 rows, but the summary counts 2000 games")


def test_a_same_length_side_file_of_another_run_is_refused(tmp_path, run):
    other = cardsim.simulate("clock_duel", games=2000, seed=2)
    _refused(_npz(tmp_path, run, **other.arrays()), "its .* do not (add up to|match)")


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        (lambda r: {k: v[:10] for k, v in r.arrays().items()}, "shape \\(10"),
        (lambda r: {"moves": r.moves[:10]}, "array moves has shape \\(10,\\)"),
        (lambda r: {"scores": r.scores.astype(np.float64)}, "array scores has dtype float64"),
        (lambda r: {"winner": None}, "holds arrays"),
        (lambda r: {"extra": r.moves}, "holds arrays"),
        (lambda r: {"moves": r.moves + 1}, "moves do not add up"),
        (lambda r: {"winners_mask": r.winners_mask ^ 1}, "wins of seat 0"),
    ],
)
def test_arrays_are_checked_against_the_summary(tmp_path, run, changes, match):
    _refused(_npz(tmp_path, run, **changes(run)), match)


def test_an_npz_declaring_400m_rows_allocates_nothing(tmp_path, run):
    path = run.save(tmp_path / "big.json", arrays="npz")
    with zipfile.ZipFile(tmp_path / "big.npz", "w", zipfile.ZIP_DEFLATED) as z:
        for name, a in run.arrays().items():
            with z.open(name + ".npy", "w", force_zip64=True) as f:
                header = {
                    "descr": np.lib.format.dtype_to_descr(a.dtype),
                    "fortran_order": False,
                    "shape": (400_000_000, *a.shape[1:]),
                }
                np.lib.format.write_array_header_1_0(f, header)
                f.write(bytes(1 << 20))
    _resign(path)
    tracemalloc.start()
    try:
        _refused(path, "array .* has shape \\(400000000")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50 * 2**20


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda r: r.update(games=999_999), "counts 2000 games, but the result says 999999"),
        (lambda r: r["summary_state"]["score"][0].update(sum_sq=0), "negative variance"),
        (lambda r: r["summary_state"]["wins"].__setitem__(0, 5000), "wins .* > games"),
        (lambda r: r["summary_state"].update(draws=2001), "draws 2001 > games"),
        (lambda r: r["summary_state"]["moves"].update(n=5), "moves counts 5 games"),
        (lambda r: r["summary_state"]["score"][1].update(sum=10**9), "outside n\\*min"),
        (
            lambda r: r["summary_state"]["score_hist"][0][1].__setitem__(0, 10**6),
            "histogram of seat 0",
        ),
        (lambda r: r.update(format=[[[[1]]]]), "unknown format"),
        (lambda r: r.update(options={"players": 7}), "players"),
        (lambda r: r.update(arrays="../../etc/passwd"), "bad arrays file"),
    ],
)
def test_the_summary_is_checked(tmp_path, change, match):
    r = cardsim.simulate("clock_duel", games=2000, seed=1, summary_only=True)
    _refused(_edit(r.save(tmp_path / "s.json"), change), match)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda r: r.update(games="2000"), "field 'games' must be int"),
        (lambda r: r.update(seed=True), "field 'seed' must be int"),
        (lambda r: r.update(seat_rotation=1), "seat_rotation"),
        (lambda r: r.update(policies=[1, 2]), "policies"),
    ],
)
def test_fields_are_typed(tmp_path, change, match):
    r = cardsim.simulate("clock_duel", games=20, seed=1, summary_only=True)
    with pytest.raises(TypeError, match=match):
        cardsim.load_result(_edit(r.save(tmp_path / "s.json"), change))


def test_every_damaged_file_is_a_value_error(tmp_path, run):
    _refused(_npz(tmp_path, run, resign=False, moves=run.moves[::-1].copy()), "not the one saved")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    _refused(tmp_path / "deep.json", "nested too deep")
    (tmp_path / "list.json").write_text("[1, 2]")
    _refused(tmp_path / "list.json", "not a JSON object")
    path = run.save(tmp_path / "g.json", arrays="npz")
    (tmp_path / "g.npz").write_bytes(b"not a zip")
    _resign(path)
    _refused(path, "")
    (tmp_path / "g.npz").unlink()
    _refused(path, "cannot read .*g.npz")
    # Random damage to a saved npz (re-signed): a ValueError every time, whatever breaks.
    good = run.save(tmp_path / "f.json", arrays="npz")
    data = (tmp_path / "f.npz").read_bytes()
    rng = random.Random(5)
    for _ in range(40):
        bad = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            bad[rng.randrange(len(bad))] = rng.randrange(256)
        cut = bytes(bad[: rng.randint(len(bad) // 2, len(bad))])
        (tmp_path / "f.npz").write_bytes(cut)
        _resign(good)
        with contextlib.suppress(ValueError):
            cardsim.load_result(good)


def test_a_file_saved_without_fingerprints_still_gets_every_other_check(tmp_path, run):
    path = _npz(tmp_path, run, moves=run.moves[:10])
    _edit(path, lambda r: [r.pop("arrays_bytes"), r.pop("arrays_sha256")])
    _refused(path, "array moves has shape")
    path = run.save(tmp_path / "ok.json", arrays="npz")
    _edit(path, lambda r: [r.pop("arrays_bytes"), r.pop("arrays_sha256")])
    assert cardsim.load_result(path).to_dict() == run.to_dict()


def test_check_summary_accepts_real_runs(run):
    check_summary(run.summary, run.games)
    with pytest.raises(ValueError, match="counts 2000 games"):
        check_summary(run.summary, 3)


# --- save is atomic ----------------------------------------------------------------------
def _leftovers(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp"))


def test_a_save_that_fails_writing_leaves_the_old_pair(tmp_path, run, monkeypatch):
    path = run.save(tmp_path / "r.json", arrays="npz")
    other = cardsim.simulate("clock_duel", games=100, seed=9)

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez_compressed", fail)
    with pytest.raises(OSError):
        other.save(path, arrays="npz")
    assert cardsim.load_result(path).to_dict() == run.to_dict()
    assert _leftovers(tmp_path) == []


def test_a_save_cut_between_its_renames_is_refused_not_mixed(tmp_path, run, monkeypatch):
    path = run.save(tmp_path / "r.json", arrays="npz")
    other = cardsim.simulate("clock_duel", games=2000, seed=9)
    real = os.replace

    def crash_on_the_json(src, dst):
        if str(dst).endswith(".json"):
            raise KeyboardInterrupt
        real(src, dst)

    monkeypatch.setattr(os, "replace", crash_on_the_json)
    with pytest.raises(KeyboardInterrupt):
        other.save(path, arrays="npz")
    monkeypatch.setattr(os, "replace", real)
    assert _leftovers(tmp_path) == []
    # The old JSON with the new arrays: refused, never loaded as one result.
    _refused(path, "not the one saved with it")


def test_saves_use_unique_temporary_names(tmp_path, run, monkeypatch):
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append(Path(src).name)
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    run.save(tmp_path / "r.json", arrays="npz")
    run.save(tmp_path / "r.json", arrays="npz")
    assert len(seen) == 4 and len(set(seen)) == 4
    assert all(name.startswith(".r.") and name.endswith(".tmp") for name in seen)
    assert cardsim.load_result(tmp_path / "r.json").to_dict() == run.to_dict()
