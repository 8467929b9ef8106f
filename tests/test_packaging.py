"""Packaging: one version, wheels for every supported platform, a smoke test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardsim
from cardsim.testing import playthrough_games, playthroughs

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_version_is_written_once():
    meta = pyproject()
    assert "version" not in meta["project"] and "version" in meta["project"]["dynamic"]
    source = meta["tool"]["scikit-build"]["metadata"]["version"]["input"]
    text = (ROOT / source).read_text()
    assert re.search(r'__version__ = "([^"]+)"', text).group(1) == cardsim.__version__
    # No other file spells the version out.
    hits = [
        p
        for p in (ROOT / "python" / "cardsim").rglob("*.py")
        if f'"{cardsim.__version__}"' in p.read_text() and p.name != "_version.py"
    ]
    assert hits == []


def test_wheels_cover_cpython_310_to_313_on_three_platforms():
    cfg = pyproject()["tool"]["cibuildwheel"]
    assert cfg["build"].split() == ["cp310-*", "cp311-*", "cp312-*", "cp313-*"]
    for platform in ("linux", "macos", "windows"):
        assert cfg[platform]["archs"]
    for tag in ("manylinux", "macosx", "win_amd64"):  # none of the three is skipped
        assert tag not in cfg.get("skip", "")
    smoke = cfg["test-command"]
    assert "{project}/.ci/smoke_test.py" in smoke and (ROOT / ".ci" / "smoke_test.py").exists()


def test_ci_builds_installs_and_smoke_tests_a_wheel():
    run = (ROOT / ".ci" / "run").read_text()
    wheel = (ROOT / ".ci" / "manylinux_wheel").read_text()
    assert ".ci/manylinux_wheel" in run and "twine check --strict" in run
    assert "python -m build --outdir" in wheel and "auditwheel repair" in wheel
    assert re.search(r'python3 -m venv "\$wheel_venv"', run)
    assert "smoke_test.py" in run and 'pip install ".[test]"' in run


def test_the_test_extra_brings_ray():
    extra = pyproject()["project"]["optional-dependencies"]["test"]
    assert any(req.startswith("ray") for req in extra)


def test_the_playthroughs_ship_in_the_package():
    # wheel.packages copies the package folder whole, data files included: the
    # playthroughs must live inside it, and are read as package resources.
    packages = pyproject()["tool"]["scikit-build"]["wheel"]["packages"]
    source = ROOT / "python" / "cardsim" / "testing" / "playthrough_files"
    assert any(source.is_relative_to(ROOT / p) for p in packages)
    # The installed package (editable or from the wheel) holds every file of the source tree.
    folder = Path(cardsim.__file__).resolve().parent / "testing" / "playthrough_files"
    assert {p.stem for p in folder.glob("*.json")} == {p.stem for p in source.glob("*.json")}
    assert {p.stem for p in folder.glob("*.json")} == set(playthrough_games())
    assert next(playthroughs("clock")).source == "clock.json"
