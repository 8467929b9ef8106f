"""Gymnasium environments for every cardsim game (extra ``gym``).

The learner plays one seat (``seat``, default 0); every other seat is played by
a built-in ``opponent`` policy ("random", "first", "greedy" or a callable
``(state, seat, rng) -> action``), drawn from the env's ``np_random``, so one-player
games and multi-player games alike are single-agent environments.

Importing this module registers ``cardsim/<CamelName>-v0`` (``cardsim/Clock-v0``,
``cardsim/ClockDuel-v0``, ...) for every registered game, with ``cardsim.VectorEnv``
as its vector entry point (``gymnasium.make_vec(id, num_envs=N,
vectorization_mode="vector_entry_point")``, for games with an exact tensor):

    >>> import gymnasium
    >>> import cardsim.envs.gymnasium
    >>> env = gymnasium.make("cardsim/Clock-v0")
    >>> obs, info = env.reset(seed=1)
    >>> obs.dtype, info["action_mask"].dtype
    (dtype('float32'), dtype('int8'))

- observations: float32 vectors from ``cardsim.envs.tensor``: a built-in
  game's exact tensor, computed in C++ (``state.observation_tensor(seat)``,
  docs/rules/<game>.md), else the generic encoding of observation(seat);
  ``info["action_mask"]`` is an int8 mask of the legal actions;
- reward: 0 until the end, then the seat's return (``reward="win"``: one
  player, 1 for a win else 0; several, +1 shared by the winners, -1 by the
  others; a draw or truncation 0) or, with ``reward="score"``, the change of the
  seat's score at every step;
- ``terminated`` at the end of play, ``truncated`` when the game's move cap hit;
- an illegal action ends the episode with reward ``illegal_reward`` (default -1)
  and ``info["illegal_action"] = True``; ``illegal="raise"`` raises
  ``cardsim.IllegalActionError`` instead and leaves the state as it was.
- at a simultaneous point (a simultaneous game) the learner acts, then each other seat
  with a legal action acts once, in seat order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..contract.extras import missing_extra

try:
    import gymnasium
    from gymnasium import spaces
except ImportError:
    raise missing_extra("gymnasium", "cardsim.envs.gymnasium") from None

from .. import render
from ..contract.constants import SIMULTANEOUS
from ..contract.errors import IllegalActionError
from ..games import games
from ._common import (
    camel_case,
    check_policy,
    outcome_returns,
    pick_action,
    resolve_game,
    seat_actions,
)
from .tensor import encoder_for

__all__ = ["CardsimEnv", "env_id", "register_all"]


def env_id(game_name: str) -> str:
    """The Gymnasium id of a game: ``clock_duel`` -> ``cardsim/ClockDuel-v0``."""
    return f"cardsim/{camel_case(game_name)}-v0"


class CardsimEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a cardsim game as a Gymnasium environment (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "svg"], "render_fps": 4}

    def __init__(
        self,
        game: Any = "clock",
        opponent: Any = "random",
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        reward: str = "win",
        seat: int = 0,
        backend: str = "cpp",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = resolve_game(game, backend, **options)
        if illegal not in ("penalty", "raise"):
            raise ValueError(f"illegal must be 'penalty' or 'raise', got {illegal!r}")
        if reward not in ("win", "score"):
            raise ValueError(f"reward must be 'win' or 'score', got {reward!r}")
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat {seat} is out of range [0, {self.game.num_players})")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        self.opponent = check_policy(opponent)
        if opponent == "greedy" and not hasattr(self.game.new_game(seed=0), "_greedy_action"):
            raise ValueError("opponent='greedy' needs the cpp backend")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.reward_kind = reward
        self.seat = seat
        self.render_mode = render_mode
        self.encoder = encoder_for(self.game)
        self.observation_space = spaces.Box(
            self.encoder.low, self.encoder.high, self.encoder.shape, np.float32
        )
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.state: Any = None
        self._over = True

    # --- helpers --------------------------------------------------------------------
    def _obs(self) -> np.ndarray:
        return self.encoder.encode_state(self.state, self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        mask[seat_actions(self.state, self.seat)] = 1
        return {"action_mask": mask, **extra}

    def _score(self) -> float:
        return float(self.state.scores()[self.seat])

    def _opponent_move(self, seat: int) -> None:
        self.state.apply_action(pick_action(self.state, self.opponent, self.np_random, seat))

    def _advance(self) -> None:
        """Opponents play until the learner has a legal action or the game ends."""
        state = self.state
        while not state.is_terminal() and not seat_actions(state, self.seat):
            cp = state.current_player()
            if cp == SIMULTANEOUS:
                ready = [
                    k
                    for k in range(self.game.num_players)
                    if k != self.seat and state.legal_actions_for(k)
                ]
                if not ready:
                    raise RuntimeError("nobody can move in a game that is not over")
                self._opponent_move(ready[int(self.np_random.integers(len(ready)))])
            else:
                self._opponent_move(cp)

    # --- the Gymnasium API ------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.state = self.game.new_game(seed=int(self.np_random.integers(2**63)))
        self._over = False
        self._advance()
        self._over = self.state.is_terminal()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        if self._over:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        state = self.state
        a = int(action)
        if a not in seat_actions(state, self.seat):
            if self.illegal == "raise":
                raise IllegalActionError(f"illegal action {a} for seat {self.seat}")
            self._over = True
            return self._obs(), self.illegal_reward, True, False, self._info(illegal_action=True)
        before = self._score()
        simultaneous = state.current_player() == SIMULTANEOUS
        state.apply_action(a)
        if simultaneous:
            for k in range(self.game.num_players):
                if k != self.seat and not state.is_terminal() and seat_actions(state, k):
                    self._opponent_move(k)
        self._advance()
        self._over = state.is_terminal()
        if self.reward_kind == "score":
            reward = self._score() - before
        else:
            reward = outcome_returns(state)[self.seat]
        truncated = bool(state.is_truncated())
        terminated = self._over and not truncated
        return self._obs(), float(reward), terminated, truncated, self._info()

    def render(self) -> str | None:  # type: ignore[override]
        """The learner's view only (``observation(seat)``): "ansi" as text,
        "svg" as an SVG drawing; opponents' hidden cards are never shown."""
        if self.state is None or self.render_mode is None:
            return None
        if self.render_mode == "svg":
            return render.svg(self.state, player=self.seat)
        return render.text(self.state, self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as bool (the name sb3-contrib's MaskablePPO calls)."""
        mask: np.ndarray = self._info()["action_mask"].astype(bool)
        return mask


def register_all() -> list[str]:
    """Registers ``cardsim/<CamelName>-v0`` for every registered game; returns the ids."""
    ids = []
    for info in games():
        gid = env_id(info.name)
        if gid not in gymnasium.registry:
            gymnasium.register(
                id=gid,
                entry_point="cardsim.envs.gymnasium:CardsimEnv",
                vector_entry_point="cardsim.envs.vector:VectorEnv",
                kwargs={"game": info.name},
            )
        ids.append(gid)
    return ids


register_all()
