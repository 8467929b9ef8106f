"""``cardsim.VectorEnv``: N games stepped together in C++ (docs/embedding.md, "VectorEnv").

One ``step(actions)`` call checks every env's action, then, with the GIL
released, applies the learner's actions and plays the other seats with built-in
policies until each learner must act again or its game ends. Observations are
the games' exact observation tensors; they, the legal-action masks, rewards and
end flags are written into buffers allocated once.

With Gymnasium installed (extra ``gym``), ``VectorEnv`` is a
``gymnasium.vector.VectorEnv`` with ``metadata["autoreset_mode"] =
AutoresetMode.NEXT_STEP``, and ``gymnasium.make_vec("cardsim/Rummy-v0",
num_envs=N, vectorization_mode="vector_entry_point")`` builds one (importing
``cardsim.envs.gymnasium`` registers the ids). Without Gymnasium it is a plain
class with the same methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

import numpy as np

from ..contract.errors import IllegalActionError
from ..games import make
from ..guards.memory import check_memory
from ._common import as_action, camel_case, opponents_option

if TYPE_CHECKING:
    import numpy.typing as npt

    from .. import _core
    from ..contract.protocols import Game

try:  # Gymnasium is optional: the env works without it.
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space

    _Base: type = gymnasium.vector.VectorEnv
    _AUTORESET: object = AutoresetMode.NEXT_STEP
except ImportError:  # pragma: no cover - exercised only without the extra
    gymnasium = None  # type: ignore[assignment]
    _Base = object
    _AUTORESET = "NextStep"

__all__ = ["MAX_ENVS", "VectorEnv", "masked_random"]

#: Bytes per observation entry of an env in Gymnasium's batched observation space
#: (its low and high bounds and their masks, as measured, with a margin).
_SPACE_BYTES = 14

#: The most envs one VectorEnv may hold; its buffers must also fit in memory
#: (cardsim.guards.memory), which is checked before they are allocated.
MAX_ENVS = 2**24


def masked_random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row of a (num_envs, num_actions) mask (0 where a
    row has none): a random learner for VectorEnv, in numpy."""
    counts = mask.sum(axis=1)
    _, cols = np.nonzero(mask)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    pick = starts + (rng.random(len(counts)) * np.maximum(counts, 1)).astype(np.int64)
    out = np.zeros(len(counts), dtype=np.int64)
    has = counts > 0
    out[has] = cols[pick[has]]
    return out


# options: the game's, and possibly make's backend= (a str), so make takes them as Any.
def _game_of(game: str | Game, options: dict[str, Any]) -> Game:
    if isinstance(game, str):
        return make(game, **options)
    if options:
        raise ValueError("pass options to cardsim.make(), not here, when giving a game object")
    if not hasattr(game, "new_game") or not hasattr(game, "num_actions"):
        raise TypeError(f"expected a game name or a cardsim game, got {type(game).__name__}")
    return game


def _is_core_game(game: Game) -> TypeGuard[_core.Game[Any]]:
    """Whether ``game`` is the C++ core's: only its games have a vector env core."""
    return hasattr(game, "_vector_env")


def _as_array(actions: object, num_envs: int) -> np.ndarray:
    """Any array-like of ints as a numpy array, without a copy where it can: a numpy
    array as is, a memoryview, a CPU tensor (torch, ...) through ``__array__`` or
    DLPack. The core copies it before it checks or plays it, so the caller may
    reuse (or another thread write) the buffer at any time."""
    if isinstance(actions, np.ndarray):
        return actions
    if isinstance(actions, (list, tuple)):
        out = np.asarray(actions)
        if out.dtype == object:
            raise TypeError("actions must have an integer dtype")
        return out
    if hasattr(actions, "__dlpack__"):
        try:
            return np.from_dlpack(actions)
        except (TypeError, BufferError, RuntimeError):
            pass  # e.g. a tensor on a GPU: numpy asks it for a host copy below
    if hasattr(actions, "__array__") or isinstance(actions, memoryview):
        return np.asarray(actions)
    raise TypeError(
        f"actions must be an int array of shape ({num_envs},), got {type(actions).__name__}"
    )


def _spec_of(game_name: str, **kwargs: object) -> gymnasium.envs.registration.EnvSpec:
    """The game's Gymnasium spec (as ``cardsim.envs.gymnasium`` registers it), with the
    env's keyword arguments."""
    return gymnasium.envs.registration.EnvSpec(
        id=f"cardsim/{camel_case(game_name)}-v0",
        entry_point="cardsim.envs.gymnasium:CardsimEnv",
        vector_entry_point="cardsim.envs.vector:VectorEnv",
        kwargs={"game": game_name, **kwargs},
    )


class VectorEnv(_Base):  # type: ignore[misc]
    """N copies of one game configuration, stepped together in C++.

    Args:
        game: a registered game name (options as keywords) or a C++ game object;
            required (no game is the default), its absence a TypeError naming it.
        num_envs: how many games run side by side, at most ``MAX_ENVS``; a count
            whose buffers would not fit in memory (the memory available now, at
            most cardsim.guards.memory.MAX_BYTES) is refused with a ValueError
            naming the size, before anything is allocated.
        seat: the learner's seat; ``None`` for self-play (every seat is a
            learner; ``info["current_player"]`` says who is to move and rewards
            have shape ``(num_envs, num_players)``).
        opponents: the policy of the other seats, "random", "greedy" or
            "first", or a list with one name per seat (the learner's is ignored).
        seed: the run's seed; env k's episode j is dealt, and its opponents
            play, from a stream keyed by (seed, k, j) alone.
        threads: worker threads; results are identical for any count.
        reward: "win" (the outcome return at the end: +1 win, -1 loss, 0 draw
            or truncation; one player: 1 win, 0 loss) or "score" (the change
            of the seat's score at every step).
        copy: return copies of the buffers (default); ``False`` returns
            read-only views that the next reset or step overwrites.
        illegal: "raise" (default: an illegal id raises IllegalActionError and
            nothing changes) or "penalty" (that env's episode ends, terminated,
            with reward ``illegal_reward``; ``info["illegal_action"]`` marks it).
        opponent: deprecated alias of ``opponents``.

    ``reset(seed=None)`` returns ``(obs, info)``; ``step(actions)`` returns
    ``(obs, reward, terminated, truncated, info)``. ``info`` holds
    ``action_mask`` (num_envs, num_actions) bool, ``current_player``
    (num_envs,) int32 (TERMINAL, -4, when an episode has just ended),
    ``final_scores`` (num_envs, num_players) int32 with ``_final_scores``
    marking the envs whose episode ended at this step, and ``episode_index``,
    each env's current j. Autoreset is Gymnasium's next-step mode: the step
    that ends an episode shows every id legal in its mask (the next step accepts
    any); the step after ignores that env's action and returns the first
    observation of its next episode with reward 0. ``reset`` takes one seed per
    env and ``options={"reset_mask": m}``; ``call`` and ``get_attr`` give one value
    per env; actions may be any integer array-like (a torch CPU tensor included).

    One thread at a time: while one thread's ``reset`` or ``step`` runs, another
    thread's call raises RuntimeError ("in use by another thread") at once,
    rather than waiting; give each thread its own env.
    """

    metadata: dict[str, object] = {"autoreset_mode": _AUTORESET, "render_modes": []}

    def __init__(
        self,
        game: str | Game,
        num_envs: int = 1,
        seat: int | None = 0,
        opponents: str | list[str] | tuple[str, ...] | None = None,
        seed: int = 0,
        threads: int = 1,
        reward: str = "win",
        copy: bool = True,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        opponent: str | list[str] | tuple[str, ...] | None = None,
        **options: object,
    ) -> None:
        chosen: str | list[str] | tuple[str, ...] = opponents_option(opponents, opponent)
        if illegal not in ("penalty", "raise"):
            raise ValueError(f"illegal must be 'penalty' or 'raise', got {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.game = _game_of(game, options)
        if not _is_core_game(self.game):
            if hasattr(self.game, "new_game") and not hasattr(self.game, "_simulate"):
                raise ValueError("VectorEnv needs the cpp backend")
            raise ValueError(
                f"{self.game.name} has no exact observation tensor, so it has no VectorEnv"
            )
        if not isinstance(copy, bool):
            raise TypeError(f"copy must be a bool, got {type(copy).__name__}")
        if type(num_envs) is int and 1 <= num_envs <= MAX_ENVS:  # else the core says what is wrong
            per_env = int(self.game._vector_env_bytes(seat is None))
            if gymnasium is not None:  # the batched Box's bounds and masks, measured
                per_env += _SPACE_BYTES * int(self.game.observation_tensor_shape[0])
            check_memory(
                num_envs * per_env,
                f"VectorEnv({self.game.name!r}, num_envs={num_envs:,}) at {per_env:,} bytes an env",
                "use fewer envs (several VectorEnvs stepped in turn give the same episodes"
                " as one, by env index)",
            )
        self._core: _core._VectorEnv | None = self.game._vector_env(
            num_envs, seat, chosen, seed, threads, reward
        )
        self._buffers = self._core._buffers()
        if seat is None:  # self-play: one reward per seat, even for one seat
            self._buffers["reward"] = self._buffers["reward"].reshape(int(num_envs), -1)
        self.num_envs = int(num_envs)
        self.seat = seat
        self.seed = int(seed)
        self.threads = int(threads)
        self.reward_kind = reward
        self.copy = copy
        self.num_players = int(self.game.num_players)
        self.opponents = chosen
        self._started = False
        self._illegal = np.zeros(self.num_envs, dtype=bool)
        size = int(self._core.observation_size)
        if gymnasium is not None:
            # Every exact tensor lies in [-1, 1] (the C++ suite checks it for every game).
            self.single_observation_space = spaces.Box(-1.0, 1.0, (size,), np.float32)
            self.single_action_space = spaces.Discrete(int(self.game.num_actions))
            self.observation_space = batch_space(self.single_observation_space, self.num_envs)
            self.action_space = batch_space(self.single_action_space, self.num_envs)
            # make_vec sets its own spec; a VectorEnv built directly gets the id's.
            self.spec = _spec_of(self.game.name, num_envs=self.num_envs)

    # --- outputs ----------------------------------------------------------------------
    def _out(self, name: str) -> np.ndarray:
        array: np.ndarray = self._buffers[name]
        return array.copy() if self.copy else array

    def _info(self) -> dict[str, np.ndarray]:
        ended = self._buffers["terminated"] | self._buffers["truncated"]
        info = {
            "action_mask": self._out("action_mask"),
            "current_player": self._out("current_player"),
            "final_scores": self._out("final_scores"),
            "_final_scores": ended,
            "episode_index": self._out("episode"),
        }
        if self.illegal == "penalty":
            info["illegal_action"] = self._illegal.copy()
            info["_illegal_action"] = self._illegal.copy()
        return info

    # --- the Gymnasium API ------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """Starts an episode in every env: episode 0 of ``seed``'s streams, or
        with ``seed=None`` each env's next episode (the first reset uses the
        constructor's seed). Returns ``(obs, info)``.

        ``seed`` may list one seed per env: env k starts episode 0 of the streams
        it would have in a run with seed ``seed[k]`` (so a list of equal seeds s is
        ``reset(seed=s)``). ``options={"reset_mask": m}`` (bool, one per env)
        restarts only the envs m selects, the others going on as they were."""
        if self._core is None:
            raise RuntimeError("this VectorEnv is closed")
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        if options:
            raise ValueError(f"reset takes only the option reset_mask, got {sorted(options)}")
        self._illegal[:] = False
        if mask is not None:
            mask = np.asarray(mask)
            if mask.dtype != bool:
                raise TypeError(f"reset_mask must be a bool array, got dtype {mask.dtype}")
        seeds = None
        if isinstance(seed, (list, tuple, np.ndarray)):
            seeds = [int(s) if isinstance(s, np.integer) else s for s in seed]
            seed = None
        elif seed is not None:
            # numpy integers are valid seeds; gymnasium's own check would refuse them.
            seed = as_action(seed, "seed")
            if seed < 0:
                raise ValueError(f"seed must be a non-negative integer, got {seed}")
        if seeds is None and mask is None:
            if seed is None and not self._started:
                seed = self.seed
            if gymnasium is not None:
                super().reset(seed=seed)
            self._core.reset(seed)
            if seed is not None:
                self.seed = int(seed)
        else:
            if seed is not None:
                seeds = [seed] * self.num_envs
            if seeds is None and not self._started:
                seeds = [self.seed] * self.num_envs
            self._core.reset_envs(mask, seeds)
        self._started = True
        return self._out("obs"), self._info()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Plays one learner action per env (an int array of shape (num_envs,)).

        Every env's action is checked first: a wrong shape or a non-integer
        dtype raises ValueError/TypeError, an out-of-range or illegal id
        raises ``cardsim.IllegalActionError`` (a ValueError) naming the env;
        then nothing has changed. An env whose episode ended at the previous
        step ignores its action (any id in range) and starts its next one.
        """
        if self._core is None:
            raise RuntimeError("this VectorEnv is closed")
        if not self._started:
            if gymnasium is not None:
                raise gymnasium.error.ResetNeeded("call reset() before step()")
            raise RuntimeError("call reset() before step()")
        actions = _as_array(actions, self.num_envs)
        forfeit = None
        if self.illegal == "penalty":
            forfeit = self._illegal_ids(actions)
        self._core.step(actions, forfeit)
        reward = self._out("reward")
        if forfeit is not None:
            self._illegal = forfeit
            if forfeit.any():
                # The core gives 0 to a forfeited episode; the penalty is the adapter's.
                reward = reward.copy() if not self.copy else reward
                reward[forfeit] = self.illegal_reward
        return (
            self._out("obs"),
            reward,
            self._out("terminated"),
            self._out("truncated"),
            self._info(),
        )

    def _illegal_ids(self, actions: np.ndarray) -> np.ndarray:
        """Envs whose action is in range but not legal (illegal="penalty"); an env whose
        episode just ended accepts any id."""
        n = self.game.num_actions
        if actions.dtype.kind not in "iu" or actions.shape != (self.num_envs,):
            # The core names the dtype or the shape (indexing the masks with a wrong
            # shape raised numpy's IndexError, or broadcast).
            return np.zeros(self.num_envs, dtype=bool)
        bad = (actions < 0) | (actions >= n)
        if bad.any():
            k = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(f"env {k}: action {actions[k]} is out of range [0, {n})")
        mask = self._buffers["action_mask"]
        out: np.ndarray = ~mask[np.arange(self.num_envs), actions.astype(np.int64)]
        return out

    def call(self, name: str, *args: object, **kwargs: object) -> tuple[object, ...]:
        """Gymnasium's ``call``: the attribute ``name`` of this env, called with the
        arguments if it is callable, once per env (every env shares this object)."""
        value = getattr(self, name)
        if callable(value):
            value = value(*args, **kwargs)
        return (value,) * self.num_envs

    def get_attr(self, name: str) -> tuple[object, ...]:
        """Gymnasium's ``get_attr``: the attribute ``name``, once per env."""
        return (getattr(self, name),) * self.num_envs

    def action_masks(self) -> np.ndarray:
        """The current legal-action masks, (num_envs, num_actions) bool."""
        if self._core is None:
            raise RuntimeError("this VectorEnv is closed")
        mask: np.ndarray = self._buffers["action_mask"].copy()
        return mask

    def close_extras(self, **kwargs: object) -> None:
        """Stops the worker threads and frees the buffers."""
        self._buffers = {}
        self._core = None

    if gymnasium is None:  # pragma: no cover

        def close(self, **kwargs: object) -> None:
            """Stops the worker threads and frees the buffers."""
            self.close_extras()

    def __repr__(self) -> str:
        seat = "self-play" if self.seat is None else f"seat={self.seat}"
        return f"cardsim.VectorEnv({self.game.name}, num_envs={self.num_envs}, {seat})"
