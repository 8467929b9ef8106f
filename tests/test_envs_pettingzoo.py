"""The PettingZoo adapter: PettingZoo's own tests on every registered game.

The AEC env gets api_test and seed_test; the parallel env (meant for
simultaneous games, usable for all) gets parallel_api_test and
parallel_seed_test on every game, so Racing Demon is covered once merged; the
toy simultaneous game covers that path on any branch.
"""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test

import cardsim
from cardsim.envs.pettingzoo import CardsimAECEnv, CardsimParallelEnv, env, parallel_env
from envs_support import GAME_NAMES, fast_options, toy

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo's advice for Box observations; ours are Dicts with an action mask
    # (as its classic games), and a waiting seat's mask is legitimately all zeros.
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Action mask numpy array is all zeros:UserWarning",
)

CASES = [(n, lambda n=n: n, fast_options(n)) for n in GAME_NAMES]
CASES += [("snap_race", lambda: toy(True), {}), ("snap_race_turns", lambda: toy(False), {})]
IDS = [c[0] for c in CASES]


@pytest.mark.parametrize(("label", "game", "options"), CASES, ids=IDS)
def test_aec_api_and_seed(label, game, options):
    api_test(env(game(), **options), num_cycles=1000)
    seed_test(lambda: env(game(), **options), num_cycles=500)


@pytest.mark.parametrize(("label", "game", "options"), CASES, ids=IDS)
def test_parallel_api_and_seed(label, game, options):
    parallel_api_test(parallel_env(game(), **options), num_cycles=1000)
    parallel_seed_test(lambda: parallel_env(game(), **options), num_cycles=500)


def test_a_simultaneous_game_is_covered():
    """The parallel env's reason to be: a game whose players act at once."""
    simultaneous = [
        g.name
        for g in cardsim.games()
        if cardsim.make(g.name).new_game(seed=0).current_player() == cardsim.SIMULTANEOUS
    ]
    game = toy(True)
    assert game.new_game(seed=0).current_player() == cardsim.SIMULTANEOUS
    for name in simultaneous:  # every registered one is in CASES above
        assert name in GAME_NAMES


@pytest.mark.parametrize(("label", "game", "options"), CASES, ids=IDS)
def test_masked_random_aec_rollout(label, game, options):
    """A short self-play loop, the way PettingZoo's tutorials write it."""
    e = env(game(), **options)
    rng = np.random.default_rng(0)
    for seed in range(3):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter(max_iter=20_000):
            obs, reward, terminated, truncated, _info = e.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                mask = obs["action_mask"]
                assert mask.dtype == np.int8 and mask.any()
                action = int(rng.choice(np.flatnonzero(mask)))
            e.step(action)
        assert not e.agents, "every agent is done at the end"
        if len(totals) > 1:
            assert sum(totals.values()) == pytest.approx(0.0)
        assert all(-1.0 <= t <= 1.0 for t in totals.values())


@pytest.mark.parametrize("kind", [CardsimAECEnv, CardsimParallelEnv])
def test_spaces_are_cached(kind):
    e = kind("clock_duel")
    for agent in e.possible_agents:
        assert e.observation_space(agent) is e.observation_space(agent)
        assert e.action_space(agent) is e.action_space(agent)
        assert e.observation_space(agent)["action_mask"].dtype == np.int8
        assert e.observation_space(agent)["observation"].dtype == np.float32


def test_illegal_action_ends_the_game_with_a_penalty():
    e = env("clock_duel")
    e.reset(seed=0)
    e.step(5)
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert e.infos["player_0"]["illegal_action"]
    e = env("clock_duel", illegal="raise")
    e.reset(seed=0)
    with pytest.raises(cardsim.IllegalActionError):
        e.step(5)


def test_parallel_wait_and_order():
    e = parallel_env(toy(True))
    obs, _ = e.reset(seed=3)
    wait = e.game.num_actions
    steps = 0
    while e.agents:
        actions = {}
        for agent in e.agents:
            mask = obs[agent]["action_mask"]
            assert mask[wait] == (not mask[:wait].any()), (
                "WAIT is legal exactly when nothing else is"
            )
            actions[agent] = int(np.flatnonzero(mask)[0])
        obs, _rewards, _terms, _truncs, _infos = e.step(actions)
        steps += 1
    assert steps > 1
