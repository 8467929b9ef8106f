"""PettingZoo environments for every cardsim game (extra ``pettingzoo``).

- ``env(game, **options)`` / ``CardsimAECEnv``: the AEC (turn by turn) env of any
  game. Agents are ``player_0 .. player_{n-1}``. At a simultaneous point the
  turn goes round the seats that have a legal action, starting after
  the last seat that acted.
- ``parallel_env(game, **options)`` / ``CardsimParallelEnv``: every live agent
  acts at every step; for simultaneous games, and usable for any
  game. An agent with no legal action plays ``WAIT`` (the id ``num_actions``,
  legal only then). The step's actions are applied in an order drawn from the
  env's ``np_random`` (who was quicker); an action that an earlier one made
  illegal is dropped (``info["dropped"] = True``).

Observations are ``{"observation": float32 vector (cardsim.envs.tensor: a built-in
game's exact tensor, else the generic encoding),
"action_mask": int8}``; the spaces are built once and cached. Rewards are 0
until the end, then the returns of ``cardsim.envs._common.outcome_returns``
(one player: 1 for a win; several: winners share +1, the others -1, so they sum
to zero). At the end every agent is terminated (truncated if the move cap hit).
An illegal action ends the game: the offender gets ``illegal_reward`` (-1), the
others 0; ``illegal="raise"`` raises ``cardsim.IllegalActionError`` instead.

    >>> from cardsim.envs.pettingzoo import env
    >>> e = env("clock_duel")
    >>> e.reset(seed=1)
    >>> e.agent_selection
    'player_0'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..guards.extras import missing_extra

try:
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv, ParallelEnv
except ImportError:
    raise missing_extra("pettingzoo", "cardsim.envs.pettingzoo") from None

from .. import render
from ..contract.constants import SIMULTANEOUS
from ..contract.errors import IllegalActionError
from ._common import (
    RENDER_MODES,
    as_action,
    check_render_mode,
    outcome_returns,
    resolve_game,
    seat_actions,
)
from .tensor import encoder_for

if TYPE_CHECKING:
    from ..contract.protocols import Game

__all__ = ["CardsimAECEnv", "CardsimParallelEnv", "env", "parallel_env", "raw_env"]


class _Base:
    """Spaces, dealing and observing shared by the AEC and the parallel env."""

    metadata: dict[str, object]

    def _setup(
        self,
        game: str | Game,
        backend: str,
        illegal: str,
        illegal_reward: float,
        render_mode: str | None,
        extra_actions: int,
        options: dict[str, object],
    ) -> None:
        self.game = resolve_game(game, backend, **options)
        if illegal not in ("penalty", "raise"):
            raise ValueError(f"illegal must be 'penalty' or 'raise', got {illegal!r}")
        check_render_mode(render_mode)
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        #: The seat whose view render() shows (None: the AEC agent to act, else seat 0).
        self.render_seat: int | None = None
        self.metadata = {**type(self).metadata, "name": f"cardsim_{self.game.name}_v0"}
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.encoder = encoder_for(self.game)
        self.num_env_actions = self.game.num_actions + extra_actions
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    self.encoder.low, self.encoder.high, self.encoder.shape, np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.num_env_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.num_env_actions) for a in self.possible_agents
        }
        # None until reset; typed Any rather than an Optional that every helper, only
        # called after reset, would have to narrow.
        self.state: Any = None
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def _deal(self, seed: int | None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.state = self.game.new_game(seed=int(self.np_random.integers(2**63)))

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.num_env_actions, dtype=np.int8)
        mask[seat_actions(self.state, seat)] = 1
        return mask

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        return {
            "observation": self.encoder.encode_state(self.state, seat),
            "action_mask": self._mask(seat),
        }

    def _render_seat(self) -> int:
        # AEC: the agent to act; parallel: seat 0 (set ``render_seat`` to choose).
        if self.render_seat is not None:
            return int(self.render_seat)
        agent = getattr(self, "agent_selection", None)
        return self._seat.get(agent, 0) if isinstance(agent, str) else 0

    def render(self) -> str | None:
        """One seat's view only (``observation(seat)``; see ``render_seat``):
        "ansi" as text, "svg" as an SVG drawing. Hidden cards are never shown."""
        if self.state is None or self.render_mode is None:
            return None
        seat = self._render_seat()
        if self.render_mode == "svg":
            return render.svg(self.state, player=seat)
        return render.text(self.state, seat)

    def close(self) -> None:
        pass


class CardsimAECEnv(_Base, AECEnv[str, dict[str, np.ndarray], int]):
    """Any cardsim game as a PettingZoo AEC env (see the module doc)."""

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "cardsim_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game = "clock",
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        backend: str = "cpp",
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, backend, illegal, illegal_reward, render_mode, 0, options)
        self._last_actor = -1

    def _select(self) -> None:
        cp = self.state.current_player()
        n = self.game.num_players
        if cp >= 0:
            self.agent_selection = self.possible_agents[cp]
        elif cp == SIMULTANEOUS:
            for k in range(1, n + 1):
                seat = (self._last_actor + k) % n
                if self.state.legal_actions_for(seat):
                    self.agent_selection = self.possible_agents[seat]
                    return

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        self._deal(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, bool]] = {a: {} for a in self.agents}
        self._last_actor = -1
        self.agent_selection = self.possible_agents[0]
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(self._seat[agent])

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        a = as_action(action)
        if a not in seat_actions(self.state, seat):
            if self.illegal == "raise":
                raise IllegalActionError(f"illegal action {a} for {agent}")
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal_action": True}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.state.apply_action(a)
            self._last_actor = seat
            if self.state.is_terminal():
                returns = outcome_returns(self.state)
                self.rewards = {x: returns[self._seat[x]] for x in self.agents}
                ended = dict.fromkeys(self.agents, True)
                if self.state.is_truncated():
                    self.truncations = ended
                else:
                    self.terminations = ended
            else:
                self._select()
        self._accumulate_rewards()


class CardsimParallelEnv(_Base, ParallelEnv[str, dict[str, np.ndarray], int]):
    """Any cardsim game as a PettingZoo parallel env (see the module doc)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "cardsim_v0"}

    def __init__(
        self,
        game: str | Game = "clock",
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        backend: str = "cpp",
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        self._setup(game, backend, illegal, illegal_reward, render_mode, 1, options)
        self.wait = self.game.num_actions
        self.agents: list[str] = []

    def _mask(self, seat: int) -> np.ndarray:
        mask = super()._mask(seat)
        if not mask.any():
            mask[self.wait] = 1
        return mask

    def _all_obs(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self._observe(self._seat[a]) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, bool]]]:
        self._deal(seed)
        self.agents = list(self.possible_agents)
        return self._all_obs(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, bool]],
    ]:
        agents = list(self.agents)
        rewards = dict.fromkeys(agents, 0.0)
        infos: dict[str, dict[str, bool]] = {a: {} for a in agents}
        if not isinstance(actions, dict):
            raise TypeError(
                f"actions must be a dict of agent to action, got {type(actions).__name__}"
            )
        missing = [a for a in agents if a not in actions]
        if missing:
            raise ValueError(f"actions has no action for the live agent(s) {', '.join(missing)}")
        chosen = {a: as_action(actions[a], f"action of {a}") for a in agents}
        for a, act in chosen.items():
            if not 0 <= act < self.num_env_actions:
                raise IllegalActionError(
                    f"action {act} of {a} is out of range [0, {self.num_env_actions})"
                )
        bad = [a for a in agents if not self._mask(self._seat[a])[chosen[a]]]
        done = False
        truncated = False
        if bad:
            if self.illegal == "raise":
                raise IllegalActionError(f"illegal actions from {', '.join(bad)}")
            for a in bad:
                rewards[a] = self.illegal_reward
                infos[a]["illegal_action"] = True
            done = True
        else:
            for k in self.np_random.permutation(len(agents)):
                agent = agents[int(k)]
                act = chosen[agent]
                if act == self.wait or self.state.is_terminal():
                    continue
                if act in seat_actions(self.state, self._seat[agent]):
                    self.state.apply_action(act)
                else:
                    infos[agent]["dropped"] = True
            if self.state.is_terminal():
                returns = outcome_returns(self.state)
                rewards = {a: returns[self._seat[a]] for a in agents}
                done = True
                truncated = bool(self.state.is_truncated())
        obs = {a: self._observe(self._seat[a]) for a in agents}
        terminations = dict.fromkeys(agents, done and not truncated)
        truncations = dict.fromkeys(agents, truncated)
        if done:
            self.agents = []
        return obs, rewards, terminations, truncations, infos


# kwargs: the env's other arguments and the game's options, each typed by the env's
# constructor, which they are passed on to.
def raw_env(game: str | Game = "clock", **kwargs: Any) -> CardsimAECEnv:
    """The AEC env of ``game`` (a registered name or a game object)."""
    return CardsimAECEnv(game, **kwargs)


def env(game: str | Game = "clock", **kwargs: Any) -> CardsimAECEnv:
    """The AEC env of ``game`` (PettingZoo's ``env()`` convention; no wrappers, so
    that illegal actions reach the env's own penalty)."""
    return raw_env(game, **kwargs)


def parallel_env(game: str | Game = "clock", **kwargs: Any) -> CardsimParallelEnv:
    """The parallel env of ``game``: every agent acts at every step."""
    return CardsimParallelEnv(game, **kwargs)
