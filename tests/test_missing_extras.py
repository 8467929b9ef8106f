"""A missing optional package is named with the cardsim extra that installs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

import cardsim

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("cardsim.envs.openspiel", "pyspiel", "cardsim[openspiel]"),
        ("cardsim.envs.gymnasium", "gymnasium", "cardsim[gym]"),
        ("cardsim.envs.pettingzoo", "pettingzoo", "cardsim[pettingzoo]"),
    ],
)
def test_adapters_name_their_extra(module, blocked, extra):
    # In a child process: an adapter registers itself with its tool on import.
    code = f"import sys; sys.modules[{blocked!r}] = None; import {module}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 1
    last = out.stderr.strip().splitlines()[-1]
    assert last == f"ModuleNotFoundError: {module} needs {blocked}: pip install '{extra}'"


def test_to_pandas_names_the_pandas_extra(monkeypatch):
    r = cardsim.simulate("clock", games=10, seed=1)
    t = cardsim.tournament("clock_duel", policies=["random", "first"], games=4, seed=1)
    monkeypatch.setitem(sys.modules, "pandas", None)
    for obj in (r, t):
        with pytest.raises(ImportError, match=r"pip install 'cardsim\[pandas\]'"):
            obj.to_pandas()


def test_every_named_extra_exists():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert extras["pandas"] == ["pandas>=2.0"]
    from cardsim.guards.extras import EXTRAS

    assert set(EXTRAS.values()) <= set(extras)
