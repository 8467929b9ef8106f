"""The Gymnasium adapter: Gymnasium's own checker on every registered game.

Multi-player games are checked with their other seats played by the built-in
opponent; the toy adds a simultaneous game.
"""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardsim
from cardsim.envs.gymnasium import CardsimEnv, env_id
from envs_support import GAME_NAMES, fast_options, toy


@pytest.mark.parametrize("name", GAME_NAMES)
def test_check_env(name):
    env = gymnasium.make(env_id(name), **fast_options(name))
    check_env(env.unwrapped)
    assert env.observation_space.dtype == np.float32


def test_every_game_has_an_id():
    ids = {env_id(g.name) for g in cardsim.games()}
    assert ids <= set(gymnasium.registry)
    assert env_id("clock_duel") == "cardsim/ClockDuel-v0"


@pytest.mark.filterwarnings("ignore:.*not having a spec:UserWarning")  # made without make()
@pytest.mark.parametrize("simultaneous", [True, False])
def test_check_env_toy(simultaneous):
    check_env(CardsimEnv(toy(simultaneous)))


def masked_random_episode(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert env.observation_space.contains(obs)
        mask = info["action_mask"]
        assert mask.dtype == bool and mask.any()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        steps += 1
        done = terminated or truncated
    return total, steps


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("opponent", ["random", "first", "greedy"])
def test_masked_random_episodes(name, opponent):
    env = CardsimEnv(name, opponents=opponent, **fast_options(name))
    lo = 0.0 if env.game.num_players == 1 else -1.0
    first = [masked_random_episode(env, seed) for seed in range(3)]
    for total, _ in first:
        assert lo <= total <= 1.0
    assert first == [masked_random_episode(env, seed) for seed in range(3)], "seeded = repeatable"


def test_illegal_action_penalty_and_raise():
    env = CardsimEnv("clock")
    env.reset(seed=1)
    _obs, reward, terminated, truncated, info = env.step(1 % env.action_space.n + 5)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    env = gymnasium.make("cardsim/Clock-v0", illegal="raise").unwrapped
    env.reset(seed=1)
    before = env.state.clone()
    with pytest.raises(cardsim.IllegalActionError):
        env.step(7)
    assert env.state == before


def test_score_reward_sums_to_the_final_score():
    env = CardsimEnv("clock", reward="score")
    env.reset(seed=4)
    start = env.state.scores()[0]
    total, done = 0.0, False
    while not done:
        _obs, r, terminated, truncated, _info = env.step(0)
        total += r
        done = terminated or truncated
    assert total == env.state.scores()[0] - start


def test_callable_opponent_and_greedy_needs_cpp():
    seen = []

    def lowest(state, seat, rng):
        seen.append(seat)
        return min(state.legal_actions())

    env = CardsimEnv("clock_duel", opponents=lowest)
    masked_random_episode(env, 0)
    assert seen and set(seen) == {1}
    with pytest.raises(ValueError):
        CardsimEnv("clock_duel", opponents="greedy", backend="reference")


def test_bad_arguments():
    with pytest.raises(ValueError):
        CardsimEnv("clock", illegal="ignore")
    with pytest.raises(ValueError):
        CardsimEnv("clock", opponents="smart")
    with pytest.raises(ValueError):
        CardsimEnv("clock", seat=1)
    with pytest.raises(ValueError):
        CardsimEnv("no_such_game")


def test_one_vocabulary_and_a_bool_mask():
    with pytest.warns(DeprecationWarning, match="opponents="):
        env = gymnasium.make("cardsim/ClockDuel-v0", opponent="first").unwrapped
    assert env.opponents == ["first", "first"]
    with pytest.raises(TypeError, match="opponents="):
        CardsimEnv("clock_duel", opponent="first", opponents="random")
    env = CardsimEnv("rummy", opponents=["random", "greedy"], players=2)
    assert env.opponents == ["random", "greedy"]
    with pytest.raises(ValueError, match="one policy per seat"):
        CardsimEnv("rummy", opponents=["random"])
    _obs, info = env.reset(seed=2)
    assert info["action_mask"].dtype == bool and env.action_masks().dtype == bool
    assert np.array_equal(info["action_mask"], env.action_masks())
    # At the end every id is shown legal, as in VectorEnv (no all-false mask to sample).
    done = False
    rng = np.random.default_rng(0)
    while not done:
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _obs, _r, terminated, truncated, info = env.step(a)
        done = terminated or truncated
    assert info["action_mask"].all()
