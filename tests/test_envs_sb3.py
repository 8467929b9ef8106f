"""Stable-Baselines3's ways in: ``make_vec_env`` on a registered id and the
``cardsim.envs.sb3.VecEnv`` bridge.

SB3 needs torch, which CI does not install, so each path is tested twice: against
a stand-in that calls cardsim exactly as SB3 does (always run), and against SB3
itself when it is importable (skipped otherwise, saying why).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

import gymnasium
import numpy as np
import pytest

import cardsim
import cardsim.envs.gymnasium
from cardsim.envs.gymnasium import CardsimEnv

HAS_SB3 = importlib.util.find_spec("stable_baselines3") is not None
needs_sb3 = pytest.mark.skipif(
    not HAS_SB3, reason="stable-baselines3 (and torch) not installed: pip install 'cardsim[sb3]'"
)


def sb3_make_env(env_id: str, env_kwargs: dict | None = None) -> gymnasium.Env:
    """What ``stable_baselines3.common.env_util.make_vec_env`` does per env: ask
    for ``render_mode="rgb_array"`` and, on a TypeError only, make it without."""
    env_kwargs = env_kwargs or {}
    kwargs = {"render_mode": "rgb_array", **env_kwargs}
    try:
        return gymnasium.make(env_id, **kwargs)
    except TypeError:
        return gymnasium.make(env_id, **env_kwargs)


def test_render_modes_follow_gymnasium():
    assert CardsimEnv.metadata["render_modes"] == ["ansi", "svg"]
    for mode in (None, "ansi", "svg"):
        CardsimEnv("clock", render_mode=mode)
    for mode in ("rgb_array", "human", "rgb_array_list", 3):
        with pytest.raises(TypeError, match="render_mode"):
            CardsimEnv("clock", render_mode=mode)


def test_make_vec_env_stand_in_without_env_kwargs():
    envs = [sb3_make_env("cardsim/Rummy-v0") for _ in range(2)]
    assert all(e.unwrapped.render_mode is None for e in envs)
    rng = np.random.default_rng(0)
    for rank, env in enumerate(envs):
        env.action_space.seed(rank)
        obs, info = env.reset(seed=rank)
        assert env.observation_space.contains(obs)
        for _ in range(50):
            action = rng.choice(np.flatnonzero(info["action_mask"]))
            obs, _reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                obs, info = env.reset()


@needs_sb3
def test_make_vec_env_with_sb3():
    from stable_baselines3.common.env_util import make_vec_env

    venv = make_vec_env("cardsim/Rummy-v0", n_envs=2, seed=0)
    obs = venv.reset()
    assert obs.shape == (2, *venv.observation_space.shape)
    masks = np.stack(venv.env_method("action_masks"))
    actions = np.array([np.flatnonzero(m)[0] for m in masks])
    venv.step(actions)
    venv.close()


class StandInVecEnv:
    """What the bridge uses of SB3's ``VecEnv`` base class, as SB3 2.x writes it: the
    constructor asks for every env's ``render_mode`` and ``metadata`` through
    ``get_attr``; ``step`` is ``step_async`` then ``step_wait``."""

    def __init__(self, num_envs, observation_space, action_space):
        self.num_envs = num_envs
        self.observation_space = observation_space
        self.action_space = action_space
        self.reset_infos = [{} for _ in range(num_envs)]
        render_modes = self.get_attr("render_mode")
        assert all(m == render_modes[0] for m in render_modes)
        self.render_mode = render_modes[0]
        self.metadata = self.get_attr("metadata")[0]

    def step(self, actions):
        self.step_async(actions)
        return self.step_wait()


@pytest.fixture
def bridge(monkeypatch):
    """cardsim.envs.sb3 imported over the stand-in base class."""
    fake = types.ModuleType("stable_baselines3.common.vec_env")
    fake.VecEnv = StandInVecEnv
    monkeypatch.setitem(sys.modules, "stable_baselines3.common.vec_env", fake)
    monkeypatch.delitem(sys.modules, "cardsim.envs.sb3", raising=False)
    module = importlib.import_module("cardsim.envs.sb3")
    yield module
    sys.modules.pop("cardsim.envs.sb3", None)


def test_without_sb3_the_import_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "stable_baselines3.common.vec_env", None)
    monkeypatch.delitem(sys.modules, "cardsim.envs.sb3", raising=False)
    with pytest.raises(ImportError, match=r"cardsim\[sb3\]"):
        importlib.import_module("cardsim.envs.sb3")


def drive(venv, steps, seed=0):
    """Plays masked random actions the way SB3's rollout collection does: reset once,
    then step; masks from ``env_method("action_masks")`` (sb3-contrib's
    ``get_action_masks``). Returns the episodes' ends seen."""
    rng = np.random.default_rng(seed)
    venv.seed(seed)
    obs = venv.reset()
    assert obs.shape == (venv.num_envs, *venv.observation_space.shape)
    ends = []
    for _ in range(steps):
        masks = np.stack(venv.env_method("action_masks"))
        assert masks.dtype == bool and masks.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = venv.step(actions)
        assert rewards.dtype == np.float32 and dones.dtype == bool and len(infos) == venv.num_envs
        for k in np.flatnonzero(dones):
            ends.append((infos[k]["terminal_observation"], rewards[k], infos[k]))
        for k in np.flatnonzero(~dones):
            assert "terminal_observation" not in infos[k]
    return ends


def test_bridge_against_the_stand_in(bridge):
    venv = bridge.VecEnv("stack_gap", num_envs=4, seed=3)
    assert venv.render_mode is None and venv.num_envs == 4
    assert len(venv.get_attr("action_masks")) == 4  # sb3-contrib's is_masking_supported
    assert venv.env_is_wrapped(object) == [False] * 4
    ends = drive(venv, 200)
    assert ends, "no episode ended in 200 steps"
    # The final observation is the ended episode's, the returned one the next episode's.
    reference = cardsim.VectorEnv("stack_gap", num_envs=4, seed=3)
    obs, _info = reference.reset(seed=0)
    venv.seed(0)
    assert np.array_equal(venv.reset(), obs)
    venv.close()


def test_bridge_matches_the_vector_env_episode_for_episode(bridge):
    # Through the bridge, every episode is the one VectorEnv plays (which resets at the
    # next step instead: with one env, that step's action is ignored).
    venv = bridge.VecEnv("rummy", num_envs=1, seed=5)
    plain = cardsim.VectorEnv("rummy", num_envs=1, seed=5)
    venv.seed(5)
    obs_b = venv.reset()
    obs_p, info_p = plain.reset(seed=5)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(1500):
        assert np.array_equal(obs_b, obs_p)
        mask = info_p["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs_b, r_b, d_b, infos = venv.step(actions)
        obs_p, r_p, term, trunc, info_p = plain.step(actions)
        assert np.array_equal(r_b, r_p) and np.array_equal(d_b, term | trunc)
        if d_b.any():
            ended += 1
            for k in np.flatnonzero(d_b):
                assert np.array_equal(infos[k]["terminal_observation"], obs_p[k])
                assert infos[k]["TimeLimit.truncated"] == bool(trunc[k])
            obs_p, _, _, _, info_p = plain.step(actions)  # next-step autoreset
    assert ended >= 2


@needs_sb3
def test_bridge_with_sb3():
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.vec_env import VecCheckNan, VecMonitor

    from cardsim.envs.sb3 import VecEnv

    venv = VecCheckNan(VecMonitor(VecEnv("rummy", num_envs=4, seed=0)), raise_exception=True)
    assert is_masking_supported(venv) and get_action_masks(venv).shape == (4, 586)
    assert drive(venv, 300) is not None
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0)
    model.learn(256)
    venv.close()
