"""Non-integer actions are refused with TypeError in the single env and opponent callables."""

from __future__ import annotations

import numpy as np
import pytest

import cardsim
from cardsim.envs._common import as_action

gymnasium = pytest.importorskip("gymnasium")


@pytest.mark.parametrize("bad", [0.9, True, "0", 1.9, np.float64(0.0), np.bool_(False), None])
def test_as_action_refuses_non_integers(bad: object) -> None:
    with pytest.raises(TypeError, match="must be an integer"):
        as_action(bad)


@pytest.mark.parametrize("good", [3, np.int64(3), np.uint8(3), np.array(3)])
def test_as_action_takes_integers(good: object) -> None:
    assert as_action(good) == 3


@pytest.mark.parametrize("bad", [0.9, True, "0"])
def test_single_env_refuses_non_integer_action(bad: object) -> None:
    from cardsim.envs.gymnasium import CardsimEnv

    env = CardsimEnv("clock")
    env.reset(seed=1)
    with pytest.raises(TypeError, match="must be an integer"):
        env.step(bad)


def test_vector_reset_seed_types() -> None:
    from cardsim.envs.vector import VectorEnv

    env = VectorEnv("clock", num_envs=2)
    env.reset(seed=np.int64(3))
    with pytest.raises(ValueError, match="non-negative"):
        env.reset(seed=-1)
    for bad in (1.9, True, "0"):
        with pytest.raises(TypeError, match="must be an integer"):
            env.reset(seed=bad)
    env.close()


def test_vector_action_masks_after_close() -> None:
    from cardsim.envs.vector import VectorEnv

    env = VectorEnv("code9", num_envs=2, seat=0)
    env.reset(seed=1)
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.action_masks()


def test_parallel_env_bad_actions() -> None:
    pytest.importorskip("pettingzoo")
    from cardsim.envs.pettingzoo import parallel_env

    env = parallel_env("code9")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="no action for the live agent"):
        env.step({})
    with pytest.raises(cardsim.IllegalActionError, match="out of range"):
        env.step(dict.fromkeys(env.agents, 2**70))
    with pytest.raises(TypeError, match="must be an integer"):
        env.step(dict.fromkeys(env.agents, 0.5))
    with pytest.raises(TypeError, match="dict"):
        env.step([0, 0])  # type: ignore[arg-type]


def test_aec_env_refuses_non_integer_action() -> None:
    pytest.importorskip("pettingzoo")
    from cardsim.envs.pettingzoo import env as aec_env

    env = aec_env("rummy")
    env.reset(seed=1)
    for bad in (0.5, True, "0"):
        with pytest.raises(TypeError, match="must be an integer"):
            env.step(bad)


def test_sb3_vec_env_seed_refuses_non_integers() -> None:
    # The VecEnv class needs stable-baselines3 (not in CI); its seed check is what
    # this test drives, through the same as_action-style refusal the class calls.
    sb3 = pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not part of CI")
    del sb3
    from cardsim.envs.sb3 import VecEnv

    env = VecEnv("code9", num_envs=2)
    for bad in (1.9, True, "0"):
        with pytest.raises(TypeError):
            env.seed(bad)  # type: ignore[arg-type]
    env.seed(3)
    env.close()


def test_sb3_vec_env_seed_stand_in() -> None:
    # CI's stand-in: a stub stable_baselines3 module gives cardsim.envs.sb3 its base
    # class, and VecEnv.seed runs on an object with num_envs, as SB3 calls it.
    import subprocess
    import sys
    import textwrap

    code = textwrap.dedent(
        """
        import sys, types
        sb = "stable_baselines3"
        names = [sb, sb + ".common", sb + ".common.vec_env"]
        for n in names:
            sys.modules[n] = types.ModuleType(n)
        sys.modules["stable_baselines3.common.vec_env"].VecEnv = type("VecEnv", (), {})
        from cardsim.envs.sb3 import VecEnv
        stand_in = types.SimpleNamespace(num_envs=2)
        out = []
        for bad in (1.9, True, "0"):
            try:
                VecEnv.seed(stand_in, bad)
                out.append("accepted")
            except TypeError:
                out.append("TypeError")
        out.append(str(VecEnv.seed(stand_in, 3)))
        print(" ".join(out))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["TypeError", "TypeError", "TypeError", "[3,", "3]"]


@pytest.mark.parametrize("bad", [0.9, True, "0", np.float64(0.0)])
def test_opponent_callable_refuses_non_integer_action(bad: object) -> None:
    # An opponent callable's 0.9 once played action 0, its True action 1.
    from cardsim.envs.gymnasium import CardsimEnv

    env = CardsimEnv("code9", opponents=lambda state, seat, rng: bad)
    _, info = env.reset(seed=1)
    with pytest.raises(TypeError, match="opponent policy's action must be an integer"):
        for _ in range(200):
            _, _, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            assert not (term or trunc), "the opponent never moved"


@pytest.mark.parametrize("shape", [(3,), (1,), (), (2, 2)])
def test_vector_penalty_mode_checks_the_shape(shape: tuple[int, ...]) -> None:
    # The penalty mode indexed the masks with the actions first: numpy's IndexError.
    env = cardsim.VectorEnv("rummy", 2, seed=3, illegal="penalty")
    env.reset(seed=1)
    before = env._buffers["obs"].copy()
    with pytest.raises(ValueError, match=r"actions must have shape \(2,\)"):
        env.step(np.zeros(shape, np.int64))
    assert np.array_equal(env._buffers["obs"], before)  # nothing was played
    env.close()


@pytest.mark.parametrize("value", [2**31, -(2**31) - 1, 2**64])
def test_openspiel_load_int_option_past_32_bits(value: int) -> None:
    # pybind11's "Unable to cast ... to C++ type '?'" (RuntimeError) became a ValueError.
    pytest.importorskip("pyspiel")
    from cardsim.envs import openspiel

    with pytest.raises(ValueError, match="move_cap' must fit OpenSpiel's 32-bit int"):
        openspiel.load("code9", move_cap=value)
