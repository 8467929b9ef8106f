"""bench/README.md indexes every result file and every script of bench/, and names
nothing that is not there: a figure the docs publish can be traced to its command."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import cardsim

BENCH = Path(__file__).resolve().parent.parent / "bench"
#: A path relative to bench/ in backquotes, as the index's tables write them.
INDEXED = re.compile(r"`((?:results|speed|studies|figures|cpp)/[\w./]+|harness\.py)`")


def indexed() -> set[str]:
    """Every bench/ path that a row of the index names."""
    rows = [line for line in (BENCH / "README.md").read_text().splitlines() if line.startswith("|")]
    return {m for line in rows for m in INDEXED.findall(line)}


def on_disk(*patterns: str) -> set[str]:
    return {
        p.relative_to(BENCH).as_posix()
        for pattern in patterns
        for p in BENCH.glob(pattern)
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_every_result_file_is_indexed() -> None:
    missing = on_disk("results/**/*") - indexed()
    assert not missing, f"bench/README.md does not index {sorted(missing)}"


def test_every_script_and_driver_is_indexed() -> None:
    missing = on_disk("*.py", "*/*.py", "cpp/*.cpp") - indexed()
    assert not missing, f"bench/README.md does not index {sorted(missing)}"


def test_every_indexed_file_exists() -> None:
    gone = {p for p in indexed() if not (BENCH / p).is_file()}
    assert not gone, f"bench/README.md names files that are not there: {sorted(gone)}"


def test_the_archive_table_lists_the_archive() -> None:
    """A superseded result is indexed as such: the first column of the archive table
    names exactly the files of results/archive/."""
    text = (BENCH / "README.md").read_text()
    section = text[text.index("## Superseded results") :].split("\n## ")[0]
    first_cells = {
        m for line in section.splitlines() if line.startswith("| `")
        for m in INDEXED.findall(line.split("|")[1])
    }  # fmt: skip
    assert first_cells == on_disk("results/archive/*")


def test_every_registered_game_has_its_callgrind_target(tmp_path: Path) -> None:
    # CMake reads the games off their headers; configuring (no compile) lists the targets.
    # cmake and ninja come with the test extra.
    root = BENCH.parent
    build = tmp_path / "build"
    subprocess.run(
        ["cmake", "-S", str(root), "-B", str(build), "-G", "Ninja"]
        + ["-DCARDSIM_PYTHON=OFF", "-DCARDSIM_BENCH=ON"],
        check=True,
        capture_output=True,
    )
    listed = subprocess.run(
        ["ninja", "-C", str(build), "-t", "targets", "all"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    batch = set(re.findall(r"^cardsim_batch_(\w+):", listed, re.M))
    assert batch == {g.name for g in cardsim.games()}
    search = set(re.findall(r"^cardsim_search_(\w+):", listed, re.M))
    assert search and search <= batch
