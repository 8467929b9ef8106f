"""``cardsim.envs.sb3.VecEnv``: ``cardsim.VectorEnv`` as a Stable-Baselines3 VecEnv
(extra ``sb3``: ``pip install "cardsim[sb3]"``).

    >>> from sb3_contrib import MaskablePPO                          # doctest: +SKIP
    >>> from cardsim.envs.sb3 import VecEnv                          # doctest: +SKIP
    >>> MaskablePPO("MlpPolicy", VecEnv("rummy", num_envs=64)).learn(10_000)  # doctest: +SKIP

The games are stepped together in C++ (``cardsim.VectorEnv``); this class only
translates between the two conventions:

- SB3 resets an env in the step that ends its episode: the returned observation is
  the next episode's first, the final one is ``infos[k]["terminal_observation"]``,
  and ``infos[k]["TimeLimit.truncated"]`` tells a cap (a truncation) from an end the
  rules make. Under the hood the ended envs are restarted at once
  (``reset(options={"reset_mask": ended})``), so no step is spent on Gymnasium's
  next-step autoreset.
- ``action_masks()`` gives the (num_envs, num_actions) bool mask sb3-contrib's
  ``MaskablePPO`` asks for (through ``env_method("action_masks")``, one row per env).
- ``seed(s)`` makes the next ``reset()`` deal from run seed s
  (``cardsim.VectorEnv``'s streams: env k, episode j); rewards are float32, dones bool.

Importing this module without Stable-Baselines3 raises ImportError naming the extra.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

try:
    from stable_baselines3.common.vec_env import VecEnv as _SB3VecEnv
except ImportError as error:  # pragma: no cover - the message is tested with SB3 absent
    raise ImportError(
        "cardsim.envs.sb3 needs stable-baselines3: pip install 'cardsim[sb3]'"
        " (stable-baselines3 and sb3-contrib)"
    ) from error

from ._common import as_action
from .vector import VectorEnv as _CardsimVectorEnv

if TYPE_CHECKING:
    from ..contract.protocols import Game

__all__ = ["VecEnv"]


class VecEnv(_SB3VecEnv):  # type: ignore[misc]
    """A Stable-Baselines3 VecEnv over ``cardsim.VectorEnv`` (see the module doc).

    Args:
        game: a registered game name, or a ``cardsim.VectorEnv`` to wrap (then give no
            other arguments); required, as for ``cardsim.VectorEnv``.
        num_envs, seat, opponents, seed, threads, reward, illegal, ``**options``: as for
            ``cardsim.VectorEnv`` (``seat`` must be a seat: SB3 learns one seat).
    """

    # kwargs: cardsim.VectorEnv's other arguments and the game's options, typed there.
    def __init__(
        self, game: str | Game | _CardsimVectorEnv, num_envs: int = 1, **kwargs: Any
    ) -> None:
        if isinstance(game, _CardsimVectorEnv):
            if kwargs or num_envs != 1:
                raise ValueError("give no other arguments when wrapping a cardsim.VectorEnv")
            venv = game
        else:
            venv = _CardsimVectorEnv(game, num_envs=num_envs, **kwargs)
        if venv.seat is None:
            raise ValueError("SB3 learns one seat: give seat=<int>, not self-play (None)")
        self.venv = venv
        self._actions: np.ndarray | None = None
        self._seed: int | None = None
        super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)

    # --- the VecEnv interface -----------------------------------------------------------
    def reset(self) -> np.ndarray:
        """Starts every env (from the seed given to ``seed()``, if any); returns obs."""
        obs, _ = self.venv.reset(seed=self._seed)
        self._seed = None
        self.reset_infos: list[dict[str, object]] = [{} for _ in range(self.num_envs)]
        return np.asarray(obs)

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """The next ``reset()`` deals from run seed ``seed``."""
        self._seed = None if seed is None else as_action(seed, "seed")
        return [self._seed] * self.num_envs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, object]]]:
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async()")
        actions, self._actions = self._actions, None
        obs, reward, terminated, truncated, info = self.venv.step(actions)
        obs, reward = np.asarray(obs), np.asarray(reward, dtype=np.float32)
        dones = np.asarray(terminated | truncated)
        infos: list[dict[str, object]] = [{} for _ in range(self.num_envs)]
        if dones.any():
            ended = np.flatnonzero(dones)
            final = obs[ended].copy()
            obs, _ = self.venv.reset(options={"reset_mask": dones})
            obs = np.asarray(obs)
            for i, k in enumerate(ended):
                infos[k]["terminal_observation"] = final[i]
                infos[k]["TimeLimit.truncated"] = bool(truncated[k] and not terminated[k])
                infos[k]["final_scores"] = info["final_scores"][k]
        if "illegal_action" in info:
            for k in np.flatnonzero(info["illegal_action"]):
                infos[k]["illegal_action"] = True
        return obs, reward, dones, infos

    def action_masks(self) -> np.ndarray:
        """The legal-action masks, (num_envs, num_actions) bool."""
        return self.venv.action_masks()

    def close(self) -> None:
        self.venv.close()

    def _indices(self, indices: int | Iterable[int] | None) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, (int, np.integer)):
            return [int(indices)]
        return [int(i) for i in indices]

    def get_attr(self, attr_name: str, indices: int | Iterable[int] | None = None) -> list[object]:
        """An attribute per env: the mask row for ``action_masks`` (as a method, which
        is what sb3-contrib checks for), else the cardsim.VectorEnv's attribute."""
        idx = self._indices(indices)
        if attr_name == "action_masks":
            return [lambda k=k: self.venv.action_masks()[k] for k in idx]
        value = getattr(self.venv, attr_name)
        return [value for _ in idx]

    def set_attr(
        self, attr_name: str, value: object, indices: int | Iterable[int] | None = None
    ) -> None:
        """Every env shares one cardsim.VectorEnv: only all indices at once can be set."""
        if len(self._indices(indices)) != self.num_envs:
            raise ValueError("the envs share one cardsim.VectorEnv: set an attribute for all")
        setattr(self.venv, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: object,
        indices: int | Iterable[int] | None = None,
        **method_kwargs: object,
    ) -> list[object]:
        """``env_method("action_masks")`` gives one mask row per env (sb3-contrib's
        ``get_action_masks`` stacks them); any other method is called once on the
        cardsim.VectorEnv and its result given for every index."""
        idx = self._indices(indices)
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [masks[k] for k in idx]
        result = getattr(self.venv, method_name)(*method_args, **method_kwargs)
        return [result for _ in idx]

    def env_is_wrapped(
        self, wrapper_class: type, indices: int | Iterable[int] | None = None
    ) -> list[bool]:
        """No env is wrapped (there are no per-env Gymnasium envs to wrap)."""
        return [False for _ in self._indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None for _ in range(self.num_envs)]
