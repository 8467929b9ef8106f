"""docs/embedding.md's examples and the adapters' docstring examples run as written."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import re
import sys
import types
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "embedding.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_the_doc_has_an_example_per_tool():
    text = "\n".join(BLOCKS)
    for tool in ("gymnasium", "pettingzoo", "pyspiel", "resample_hidden", "encoder_for"):
        assert tool in text


class StandInMaskablePPO:
    """What sb3-contrib's ``MaskablePPO(policy, env, n_steps=..., n_epochs=...).learn(n)``
    asks of the env, without torch: rollouts of ``n_steps`` masked steps per env until
    ``n`` timesteps are collected (``drive`` checks every mask, step and final
    observation as SB3 reads them). Records the timesteps it took."""

    runs: list[int] = []

    def __init__(self, policy, env, n_steps=2048, n_epochs=10):
        assert policy == "MlpPolicy" and n_epochs >= 1
        self.env, self.n_steps = env, n_steps

    def learn(self, total_timesteps):
        from test_envs_sb3 import drive

        rollouts = -(-total_timesteps // (self.n_steps * self.env.num_envs))
        drive(self.env, rollouts * self.n_steps)
        StandInMaskablePPO.runs.append(rollouts * self.n_steps * self.env.num_envs)
        return self


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_doc_example_runs(code, monkeypatch):
    if "sb3_contrib" in code and importlib.util.find_spec("sb3_contrib") is None:
        # CI has no torch: the example runs against stand-ins that call cardsim as SB3's
        # VecEnv base class and MaskablePPO's rollouts do (tests/test_envs_sb3.py).
        from test_envs_sb3 import StandInVecEnv

        vec_env = types.ModuleType("stable_baselines3.common.vec_env")
        vec_env.VecEnv = StandInVecEnv
        contrib = types.ModuleType("sb3_contrib")
        contrib.MaskablePPO = StandInMaskablePPO
        monkeypatch.setitem(sys.modules, "stable_baselines3.common.vec_env", vec_env)
        monkeypatch.setitem(sys.modules, "sb3_contrib", contrib)
        monkeypatch.delitem(sys.modules, "cardsim.envs.sb3", raising=False)
        StandInMaskablePPO.runs.clear()
        try:
            exec(compile(code, str(DOC), "exec"), {"__name__": "__embedding_doc__"})
        finally:
            sys.modules.pop("cardsim.envs.sb3", None)  # built on the stand-in base
        assert StandInMaskablePPO.runs and StandInMaskablePPO.runs[0] >= 4_096
        return
    exec(compile(code, str(DOC), "exec"), {"__name__": "__embedding_doc__"})


@pytest.mark.parametrize(
    "module",
    [
        "cardsim.envs.tensor",
        "cardsim.envs.gymnasium",
        "cardsim.envs.pettingzoo",
        "cardsim.envs.openspiel",
    ],
)
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0
