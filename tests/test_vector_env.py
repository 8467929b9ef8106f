"""cardsim.VectorEnv: determinism over threads, episodes keyed by (seed, k, j),
equality with a Python loop over the ordinary state API, bad input, and
Gymnasium's own vector-env checks.

Every registered game with an exact observation tensor is covered; one
without a tensor must refuse with a clear error.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import cardsim
from cardsim.contract.constants import SIMULTANEOUS, TERMINAL
from cardsim.envs._common import outcome_returns
from cardsim.envs.vector import masked_random
from cardsim.reference.rng import GameRng, splitmix_mix
from envs_support import GAME_NAMES, fast_options

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.utils.passive_env_checker import (  # noqa: E402
    check_action_space,
    check_observation_space,
)
from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.vector.utils import batch_space  # noqa: E402

import cardsim.envs.gymnasium  # noqa: E402  (registers the ids)

VECTOR_GAMES = [n for n in GAME_NAMES if hasattr(cardsim.make(n), "_vector_env")]
NO_TENSOR = [n for n in GAME_NAMES if n not in VECTOR_GAMES]


def _seats(name: str) -> list[int | None]:
    """Seat 0, the last seat, and self-play where one player moves at a time."""
    game = cardsim.make(name)
    seats: list[int | None] = [0]
    if game.num_players > 1:
        seats.append(game.num_players - 1)
    if game.new_game(seed=0).current_player() != SIMULTANEOUS:
        seats.append(None)
    return seats


def rollout(env: Any, steps: int, seed: int = 0) -> list[tuple[Any, ...]]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    out = [(obs, info)]
    for _ in range(steps):
        out.append(env.step(masked_random(info["action_mask"], rng)))
        info = out[-1][-1]
    return out


@pytest.mark.parametrize("name", VECTOR_GAMES)
def test_threads_give_identical_results(name: str) -> None:
    for seat in _seats(name):
        runs = [
            rollout(
                cardsim.VectorEnv(name, 7, seat=seat, seed=5, threads=t, **fast_options(name)),
                60,
            )
            for t in (1, 2, 3)
        ]
        assert data_equivalence(runs[0], runs[1], exact=True)
        assert data_equivalence(runs[0], runs[2], exact=True)


@pytest.mark.parametrize("name", VECTOR_GAMES)
def test_episodes_are_keyed_by_seed_env_and_index(name: str) -> None:
    """Env k runs the same episodes whatever the number of envs: its stream
    depends on (seed, k, j) only. A different seed gives other deals."""
    opts = fast_options(name)
    small = cardsim.VectorEnv(name, 2, seed=9, copy=True, **opts)
    large = cardsim.VectorEnv(name, 5, seed=9, copy=True, **opts)
    other = cardsim.VectorEnv(name, 2, seed=10, copy=True, **opts)
    obs_s, info_s = small.reset()
    obs_l, info_l = large.reset()
    assert np.array_equal(obs_s, obs_l[:2])
    obs_o, info_o = other.reset()
    differs = not np.array_equal(obs_s, obs_o)
    rng = np.random.default_rng(1)
    seen_second_episode = False
    for _ in range(400):
        a = masked_random(info_l["action_mask"], rng)
        obs_s, r_s, _, _, info_s = small.step(a[:2])
        obs_l, r_l, _, _, info_l = large.step(a)
        assert np.array_equal(obs_s, obs_l[:2])
        assert np.array_equal(r_s, r_l[:2])
        assert np.array_equal(info_s["episode_index"], info_l["episode_index"][:2])
        seen_second_episode |= bool((info_s["episode_index"] > 0).any())
        obs_o, *_, info_o = other.step(masked_random(info_o["action_mask"], rng))
        differs |= not np.array_equal(obs_s, obs_o)
    assert seen_second_episode
    assert differs  # another seed deals other cards (a first view may show none)
    # reset() without a seed starts every env's next episode.
    before = large._buffers["episode"].copy()
    large.reset()
    assert (large._buffers["episode"] > before).all()


def _env_family(seed: int, k: int) -> int:
    # Documented in docs/embedding.md: env k's streams are game k's key.
    return splitmix_mix(splitmix_mix(seed) ^ k)


class LoopEnv:
    """The same environment, written as a Python loop over the ordinary state
    API: deals from the reference generator, random opponents drawing
    below(len(legal)) from the episode's stream, the documented timing model."""

    def __init__(self, name: str, seat: int | None, seed: int, k: int, opts: dict[str, Any]):
        self.game = cardsim.make(name, **opts)
        self.ref = cardsim.make(name, backend="reference", **opts)
        self.seat, self.family, self.j = seat, _env_family(seed, k), -1
        self.n = self.game.num_players
        self.done = False
        self.last = 0

    def _learner_acts(self, st: Any) -> bool:
        if st.is_terminal():
            return False
        if self.seat is None:
            return True
        if st.current_player() == SIMULTANEOUS:
            return bool(st.legal_actions_for(self.seat))
        return st.current_player() == self.seat

    def _opponent(self, st: Any, rng: GameRng, p: int) -> None:
        legal = (
            st.legal_actions_for(p) if st.current_player() == SIMULTANEOUS else st.legal_actions()
        )
        if legal:
            st.apply_action(legal[0] if len(legal) == 1 else legal[rng.below(len(legal))])

    def _advance(self) -> None:
        st, rng = self.state, self.rng
        while not st.is_terminal() and not self._learner_acts(st):
            if st.current_player() == SIMULTANEOUS:
                ready = [p for p in range(self.n) if p != self.seat and st.legal_actions_for(p)]
                who = ready[0] if len(ready) == 1 else ready[rng.below(len(ready))]
                self._opponent(st, rng, who)
            else:
                self._opponent(st, rng, st.current_player())

    def begin(self) -> None:
        while True:
            self.j += 1
            self.rng = GameRng.for_game(self.family, self.j)
            self.state = self.game.new_game(deck=self.ref.random_deck(self.rng))
            self._advance()
            if not self.state.is_terminal():
                break
        self.done = False
        self.reward = np.zeros(self.n if self.seat is None else 1, np.float32)

    def step(self, a: int) -> None:
        if self.done:
            self.begin()
            return
        st = self.state
        simultaneous = st.current_player() == SIMULTANEOUS
        st.apply_action(int(a))
        if simultaneous:
            for p in range(self.n):
                if p != self.seat and not st.is_terminal():
                    self._opponent(st, self.rng, p)
        self._advance()
        self.done = st.is_terminal()
        ret = outcome_returns(st)
        self.reward = np.asarray(ret if self.seat is None else [ret[self.seat]], np.float32)

    def view(self) -> tuple[np.ndarray, np.ndarray, int, bool, bool, list[int]]:
        st = self.state
        if self.seat is not None:
            who = self.seat
        elif st.current_player() >= 0:
            who = self.last = st.current_player()
        else:
            who = self.last
        mask = np.full(self.game.num_actions, st.is_terminal())
        if not st.is_terminal():
            legal = (
                st.legal_actions_for(who)
                if st.current_player() == SIMULTANEOUS
                else st.legal_actions()
            )
            mask[legal] = True
        over = st.is_terminal()
        trunc = over and st.is_truncated()
        scores = list(st.scores()) if over else [0] * self.n
        return (
            st.observation_tensor(who),
            mask,
            TERMINAL if over else who,
            over and not trunc,
            trunc,
            scores,
        )


@pytest.mark.parametrize("name", VECTOR_GAMES)
def test_trajectory_equals_a_python_loop(name: str) -> None:
    opts = fast_options(name)
    for seat in _seats(name):
        n, seed = 3, 21
        env = cardsim.VectorEnv(name, n, seat=seat, seed=seed, **opts)
        loops = [LoopEnv(name, seat, seed, k, opts) for k in range(n)]
        obs, info = env.reset()
        for lp in loops:
            lp.begin()
        rng = np.random.default_rng(3)
        reward = env._buffers["reward"].copy()
        term = trunc = np.zeros(n, bool)
        for _ in range(120):
            for k, lp in enumerate(loops):
                o, m, cp, te, tr, sc = lp.view()
                assert np.array_equal(obs[k], o), (seat, k)
                assert np.array_equal(info["action_mask"][k], m)
                assert info["current_player"][k] == cp
                assert (bool(term[k]), bool(trunc[k])) == (te, tr)
                assert list(info["final_scores"][k]) == sc
                assert np.array_equal(np.atleast_1d(reward[k]), lp.reward)
                assert info["episode_index"][k] == lp.j
            a = masked_random(info["action_mask"], rng)
            obs, reward, term, trunc, info = env.step(a)
            for k, lp in enumerate(loops):
                lp.step(a[k])
                assert (bool(term[k]), bool(trunc[k])) == lp.view()[3:5]


@pytest.mark.parametrize("name", VECTOR_GAMES)
def test_next_step_autoreset(name: str) -> None:
    """The step after an episode ends ignores the action and starts the next
    episode: reward 0, both flags false, a new episode index."""
    env = cardsim.VectorEnv(name, 4, seed=2, **fast_options(name))
    _, info = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(3000):
        _, _, term, trunc, info = env.step(masked_random(info["action_mask"], rng))
        ended = term | trunc
        if ended.any():
            k = int(np.flatnonzero(ended)[0])
            # Every id is shown legal at an ending: the next step accepts any of them.
            assert info["action_mask"][k].all()
            assert info["_final_scores"][k]
            j = info["episode_index"][k]
            # Any in-range id is accepted (and ignored) for an ended env.
            a = masked_random(info["action_mask"], rng)
            a[k] = env.single_action_space.n - 1
            _, reward, term, trunc, info = env.step(a)
            assert reward[k] == 0 and not term[k] and not trunc[k]
            assert info["episode_index"][k] > j and info["action_mask"][k].any()
            assert info["current_player"][k] >= 0
            return
    pytest.fail("no episode ended")


def check_vector_env(env: Any, steps: int = 30) -> None:
    """Gymnasium's vector-env contract, checked with Gymnasium's own tools."""
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    check_observation_space(env.single_observation_space)
    check_action_space(env.single_action_space)
    assert env.observation_space == batch_space(env.single_observation_space, env.num_envs)
    assert env.action_space == batch_space(env.single_action_space, env.num_envs)
    obs, info = env.reset(seed=123)
    obs2, info2 = env.reset(seed=123)
    assert data_equivalence((obs, info), (obs2, info2), exact=True)
    assert obs in env.observation_space
    assert obs is not obs2 and not np.shares_memory(obs, obs2)
    rng = np.random.default_rng(0)
    actions = []
    first = []
    for _ in range(steps):
        a = masked_random(info["action_mask"], rng)
        actions.append(a)
        result = env.step(a)
        first.append(result)
        obs, reward, term, trunc, info = result
        assert obs in env.observation_space
        assert reward.shape[0] == env.num_envs and reward.dtype == np.float32
        assert term.dtype == bool and trunc.dtype == bool
        assert term.shape == trunc.shape == (env.num_envs,)
        assert info["action_mask"].shape == (env.num_envs, env.single_action_space.n)
    # Step determinism from the same seed and actions.
    env.reset(seed=123)
    for a, expected in zip(actions, first, strict=True):
        assert data_equivalence(env.step(a), expected, exact=True)
    env.close()


@pytest.mark.parametrize("name", VECTOR_GAMES)
def test_make_vec_passes_gymnasium_checks(name: str) -> None:
    gid = cardsim.envs.gymnasium.env_id(name)
    env = gymnasium.make_vec(
        gid, num_envs=4, vectorization_mode="vector_entry_point", **fast_options(name)
    )
    assert isinstance(env, cardsim.VectorEnv)
    assert env.spec is not None and env.spec.id == gid
    check_vector_env(env)
    # Gymnasium's vector wrappers accept it.
    wrapped = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        gymnasium.make_vec(gid, num_envs=4, vectorization_mode="vector_entry_point")
    )
    _, info = wrapped.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(5):
        *_, info = wrapped.step(masked_random(info["action_mask"], rng))


@pytest.mark.parametrize("name", VECTOR_GAMES)
def test_self_play_rewards_per_seat(name: str) -> None:
    if None not in _seats(name):
        with pytest.raises(ValueError, match="simultaneous"):
            cardsim.VectorEnv(name, 2, seat=None)
        return
    env = cardsim.VectorEnv(name, 8, seat=None, seed=4, **fast_options(name))
    n = env.num_players
    _, info = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(300):
        assert ((info["current_player"] >= 0) | (info["current_player"] == TERMINAL)).all()
        _, reward, term, trunc, info = env.step(masked_random(info["action_mask"], rng))
        assert reward.shape == (8, n)
        ended = term | trunc
        assert (reward[~ended] == 0).all()
        if n > 1:
            assert np.allclose(reward.sum(axis=1), 0, atol=1e-6)


def test_check_single_vector_env_directly() -> None:
    name = VECTOR_GAMES[0]
    env = cardsim.VectorEnv(name, 3, seat=0, threads=2, **fast_options(name))
    check_vector_env(env)


# --- bad input --------------------------------------------------------------------------


def _snapshot(env: Any) -> dict[str, np.ndarray]:
    return {k: v.copy() for k, v in env._buffers.items()}


@pytest.mark.parametrize("name", VECTOR_GAMES[:1] + VECTOR_GAMES[-1:])
def test_bad_actions_change_nothing(name: str) -> None:
    env = cardsim.VectorEnv(name, 4, seed=3)
    twin = cardsim.VectorEnv(name, 4, seed=3)
    _, info = env.reset()
    twin.reset()
    before = _snapshot(env)
    mask = info["action_mask"]
    good = masked_random(mask, np.random.default_rng(0))
    illegal = np.flatnonzero(~mask[2])
    bad_cases: list[tuple[Any, type[Exception], str]] = [
        (good[:3], ValueError, r"shape \(4,\), got \(3,\)"),
        (good.reshape(4, 1), ValueError, r"shape \(4,\), got \(4, 1\)"),
        (good.astype(np.float64), TypeError, "integer dtype"),
        (good.astype(bool), TypeError, "integer dtype"),
        ([0.5, 1, 2, 3], TypeError, "integer dtype"),
        ("0123", TypeError, "int array"),
        (
            np.where(np.arange(4) == 1, -1, good),
            cardsim.IllegalActionError,
            "env 1: action -1 is out of range",
        ),
        (
            np.where(np.arange(4) == 3, env.single_action_space.n, good),
            cardsim.IllegalActionError,
            "env 3: action .* out of range",
        ),
        (np.where(np.arange(4) == 3, 2**40, good).astype(np.uint64), ValueError, "env 3"),
    ]
    if len(illegal):
        bad_cases.append(
            (
                np.where(np.arange(4) == 2, illegal[0], good),
                cardsim.IllegalActionError,
                "env 2: .*illegal",
            )
        )
    for actions, exc, pattern in bad_cases:
        with pytest.raises(exc, match=pattern):
            env.step(actions)
        after = _snapshot(env)
        assert all(np.array_equal(before[k], after[k]) for k in before)
    # Nothing changed: the env continues exactly as its twin does.
    assert data_equivalence(env.step(good), twin.step(good), exact=True)
    # A list of ints is accepted, and so is any integer dtype.
    results = []
    for actions in (good.tolist(), good.astype(np.int32), good.astype(np.uint16)):
        fresh = cardsim.VectorEnv(name, 4, seed=3)
        fresh.reset()
        results.append(fresh.step(actions))
    assert data_equivalence(results[0], results[1], exact=True)
    assert data_equivalence(results[0], results[2], exact=True)


@pytest.mark.parametrize(
    ("kwargs", "exc", "pattern"),
    [
        ({"num_envs": 0}, ValueError, "num_envs"),
        ({"num_envs": -3}, ValueError, "num_envs"),
        ({"num_envs": "4"}, TypeError, "num_envs"),
        ({"num_envs": 2.0}, TypeError, "num_envs"),
        ({"seat": 7}, ValueError, "seat 7"),
        ({"seat": -1}, ValueError, "seat -1"),
        ({"seat": "0"}, TypeError, "seat"),
        ({"opponents": "bogus"}, ValueError, "opponents.*unknown policy 'bogus'"),
        ({"opponents": ["random"] * 9}, ValueError, "one policy per seat"),
        ({"opponents": [1, 2]}, TypeError, "opponents"),
        ({"opponents": 3}, TypeError, "opponents"),
        ({"threads": 0}, ValueError, "threads"),
        ({"threads": 1.5}, TypeError, "threads"),
        ({"reward": "points"}, ValueError, "reward"),
        ({"seed": -1}, ValueError, "seed"),
        ({"seed": "1"}, TypeError, "seed"),
        ({"copy": 1}, TypeError, "copy"),
        ({"bogus_option": 1}, ValueError, "bogus_option"),
    ],
)
def test_bad_constructor_arguments(
    kwargs: dict[str, Any], exc: type[Exception], pattern: str
) -> None:
    args = {"num_envs": 2, **kwargs}
    with pytest.raises(exc, match=pattern):
        cardsim.VectorEnv(VECTOR_GAMES[0], **args)


def test_step_before_reset_and_after_close() -> None:
    env = cardsim.VectorEnv(VECTOR_GAMES[0], 2)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(np.zeros(2, np.int64))
    env.reset()
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.step(np.zeros(2, np.int64))


def test_every_built_in_game_has_a_vector_env() -> None:
    # A game without an exact tensor would get no VectorEnv (the binding needs
    # one); every built-in game has one.
    assert NO_TENSOR == []


def test_buffers_are_read_only_views_without_copy() -> None:
    env = cardsim.VectorEnv(VECTOR_GAMES[0], 2, copy=False)
    obs, info = env.reset()
    with pytest.raises(ValueError, match="read-only"):
        info["action_mask"][:] = True
    obs2, _ = env.reset()
    assert np.shares_memory(obs, obs2)


class _TensorLike:
    """An array of another library: numpy takes it through DLPack or ``__array__``."""

    def __init__(self, array: np.ndarray, dlpack: bool) -> None:
        self._array = array
        if dlpack:
            self.__dlpack__ = array.__dlpack__
            self.__dlpack_device__ = array.__dlpack_device__
        else:
            self.__array__ = array.__array__


def test_gymnasium_interface_completions() -> None:
    env = cardsim.VectorEnv("rummy", 3, seed=4)
    _, info = env.reset()
    good = masked_random(info["action_mask"], np.random.default_rng(0))
    # Any array-like of ints: a tensor through DLPack or __array__, as numpy would.
    results = []
    for actions in (good, _TensorLike(good, True), _TensorLike(good, False)):
        fresh = cardsim.VectorEnv("rummy", 3, seed=4)
        fresh.reset()
        results.append(fresh.step(actions))
    assert data_equivalence(results[0], results[1], exact=True)
    assert data_equivalence(results[0], results[2], exact=True)
    # reset(seed=list): env k deals as in a run with seed seeds[k]; equal seeds = one seed.
    obs_list, _ = env.reset(seed=[7, 7, 7])
    obs_one, _ = env.reset(seed=7)
    assert np.array_equal(obs_list, obs_one)
    mixed, _ = env.reset(seed=[7, 9, 7])
    other, _ = cardsim.VectorEnv("rummy", 3, seed=9).reset()
    assert np.array_equal(mixed[[0, 2]], obs_one[[0, 2]]) and np.array_equal(mixed[1], other[1])
    with pytest.raises(ValueError, match="one seed per env"):
        env.reset(seed=[1, 2])
    # reset_mask: only the masked envs start their next episode.
    obs0, _info0 = env.reset(seed=7)
    obs1, info1 = env.reset(options={"reset_mask": np.array([False, True, False])})
    assert np.array_equal(obs1[[0, 2]], obs0[[0, 2]]) and not np.array_equal(obs1[1], obs0[1])
    assert info1["episode_index"].tolist() == [0, 1, 0]
    with pytest.raises(TypeError, match="reset_mask"):
        env.reset(options={"reset_mask": np.array([0, 1, 0])})
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"mask": np.array([False, True, False])})
    # call and get_attr, once per env; spec set without make_vec.
    assert env.get_attr("num_players") == (2, 2, 2)
    masks = env.call("action_masks")
    assert len(masks) == 3 and masks[0].shape == (3, env.single_action_space.n)
    assert env.spec is not None and env.spec.id == "cardsim/Rummy-v0"
    assert env.spec.vector_entry_point == "cardsim.envs.vector:VectorEnv"


def test_reset_mask_starts_the_episode_autoreset_would() -> None:
    a = cardsim.VectorEnv("stack_gap", 2, seed=1)
    b = cardsim.VectorEnv("stack_gap", 2, seed=1)
    _, info = a.reset()
    b.reset()
    rng = np.random.default_rng(0)
    for _ in range(500):
        acts = masked_random(info["action_mask"], rng)
        obs_a, _, term, trunc, info = a.step(acts)
        b.step(acts)
        if (term | trunc).any():
            ended = term | trunc
            obs_b, info_b = b.reset(options={"reset_mask": ended})
            obs_a, _, _, _, info = a.step(masked_random(info["action_mask"], rng))
            k = int(np.flatnonzero(ended)[0])
            assert np.array_equal(obs_a[k], obs_b[k])
            assert info["episode_index"][k] == info_b["episode_index"][k]
            return
    raise AssertionError("no episode ended")


def test_opponent_alias_and_illegal_penalty() -> None:
    with pytest.warns(DeprecationWarning, match="opponents="):
        env = cardsim.VectorEnv("rummy", 2, opponent="first")
    assert env.opponents == "first"
    with pytest.raises(TypeError, match="opponents="):
        cardsim.VectorEnv("rummy", 2, opponent="first", opponents="first")
    env = cardsim.VectorEnv("rummy", 2, seed=3, illegal="penalty", illegal_reward=-2.0)
    twin = cardsim.VectorEnv("rummy", 2, seed=3)
    _, info = env.reset()
    twin.reset()
    good = masked_random(info["action_mask"], np.random.default_rng(0))
    bad = good.copy()
    bad[1] = int(np.flatnonzero(~info["action_mask"][1])[0])
    obs, reward, term, trunc, info = env.step(bad)
    obs_t, reward_t, *_ = twin.step(good)
    # Env 1's episode ends where it stood; env 0 played on as usual.
    assert term.tolist() == [False, True] and not trunc.any()
    assert reward[1] == -2.0 and reward[0] == reward_t[0]
    assert info["illegal_action"].tolist() == [False, True]
    assert np.array_equal(obs[0], obs_t[0]) and info["action_mask"][1].all()
    _, reward, term, _, info = env.step(good)
    assert info["episode_index"][1] == 1 and reward[1] == 0 and not term[1]
    with pytest.raises(ValueError, match="illegal"):
        cardsim.VectorEnv("rummy", 2, illegal="ignore")


def test_torch_actions_without_a_copy() -> None:
    torch = pytest.importorskip("torch", reason="torch not installed (not part of CI)")
    env = cardsim.VectorEnv("rummy", 3, seed=4)
    twin = cardsim.VectorEnv("rummy", 3, seed=4)
    _, info = env.reset()
    twin.reset()
    good = masked_random(info["action_mask"], np.random.default_rng(0))
    tensor = torch.from_numpy(good)
    assert np.shares_memory(np.from_dlpack(tensor), good)  # the path VectorEnv takes
    out = env.step(tensor)
    assert data_equivalence(out, twin.step(good), exact=True)
    info = out[4]
    # Observations come back as arrays torch takes without a warning.
    obs, *_ = env.step(
        torch.from_numpy(masked_random(info["action_mask"], np.random.default_rng(1)))
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        torch.as_tensor(obs)
