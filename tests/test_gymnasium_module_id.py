"""Gymnasium's "module:id" form finds cardsim's ids without importing
``cardsim.envs.gymnasium`` first, as docs/embedding.md says (in a fresh process, where
nothing has registered them yet)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("gymnasium")

SCRIPT = """
import gymnasium
try:
    gymnasium.make("cardsim/Clock-v0")
except gymnasium.error.Error as e:
    print("bare id:", type(e).__name__)
env = gymnasium.make("cardsim.envs.gymnasium:cardsim/Clock-v0")
obs, info = env.reset(seed=1)
print("module:id:", type(env.unwrapped).__name__, obs.shape, info["action_mask"].dtype)
"""


def test_module_id_form_imports_the_ids():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True, timeout=120
    ).stdout.splitlines()
    # Without the import the bare id is unknown; the module:id form imports it.
    assert out[0].startswith("bare id:")
    assert out[1].startswith("module:id: CardsimEnv (") and out[1].endswith(" bool")
