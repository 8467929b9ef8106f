"""Gymnasium environments for every cardsim game (extra ``gym``).

The learner plays one seat (``seat``, default 0); every other seat is played by
a built-in policy, ``opponents`` ("random", "first", "greedy" or a callable
``(state, seat, rng) -> action``, or a list with one per seat), drawn from the env's
``np_random``, so one-player games and multi-player games alike are single-agent
environments. ``opponent=`` is a deprecated alias of ``opponents=``.

Importing this module registers ``cardsim/<CamelName>-v0`` (``cardsim/Clock-v0``,
``cardsim/ClockDuel-v0``, ...) for every registered game, with ``cardsim.VectorEnv``
as its vector entry point (``gymnasium.make_vec(id, num_envs=N,
vectorization_mode="vector_entry_point")``, for games with an exact tensor):

    >>> import gymnasium
    >>> import cardsim.envs.gymnasium
    >>> env = gymnasium.make("cardsim/Clock-v0")
    >>> obs, info = env.reset(seed=1)
    >>> obs.dtype, info["action_mask"].dtype
    (dtype('float32'), dtype('bool'))

- observations: float32 vectors from ``cardsim.envs.tensor``: a built-in
  game's exact tensor, computed in C++ (``state.observation_tensor(seat)``,
  docs/rules/<game>.md), else the generic encoding of observation(seat);
  ``info["action_mask"]`` is a bool mask of the legal actions (every id at the end),
  the array ``action_masks()`` gives;
- reward: 0 until the end, then the seat's return (``reward="win"``: one
  player, 1 for a win else 0; several, +1 shared by the winners, -1 by the
  others; a draw or truncation 0) or, with ``reward="score"``, the change of the
  seat's score at every step;
- ``terminated`` at an end the rules make, ``truncated`` only when a cap (move cap)
  stopped the game;
- render modes ``None``, "ansi" and "svg"; any other (``rgb_array`` included) is refused
  with a TypeError, so that libraries that try one fall back (Gymnasium's convention);
- an illegal action ends the episode with reward ``illegal_reward`` (default -1)
  and ``info["illegal_action"] = True``; ``illegal="raise"`` raises
  ``cardsim.IllegalActionError`` instead and leaves the state as it was.
- at a simultaneous point (a simultaneous game) the learner acts, then each other seat
  with a legal action acts once, in seat order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..guards.extras import missing_extra

try:
    import gymnasium
    from gymnasium import spaces
except ImportError:
    raise missing_extra("gymnasium", "cardsim.envs.gymnasium") from None

from .. import render
from ..contract.constants import SIMULTANEOUS, TERMINAL
from ..contract.errors import IllegalActionError
from ..games import games
from ._common import (
    RENDER_MODES,
    as_action,
    camel_case,
    check_policy,
    check_render_mode,
    opponents_option,
    outcome_returns,
    pick_action,
    resolve_game,
    seat_actions,
)
from .tensor import encoder_for

if TYPE_CHECKING:
    from ..contract.protocols import Game
    from ._common import Policy

#: ``info`` as Gymnasium types it (here: the action mask, and ``illegal_action`` after
#: a forfeit); Gymnasium's own metadata dict is typed so too.
_Info = dict[str, Any]

__all__ = ["CardsimEnv", "env_id", "register_all"]


def env_id(game_name: str) -> str:
    """The Gymnasium id of a game: ``clock_duel`` -> ``cardsim/ClockDuel-v0``."""
    return f"cardsim/{camel_case(game_name)}-v0"


class CardsimEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a cardsim game as a Gymnasium environment (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        game: str | Game = "clock",
        opponents: Policy | list[Policy] | tuple[Policy, ...] | None = None,
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        reward: str = "win",
        seat: int = 0,
        backend: str = "cpp",
        render_mode: str | None = None,
        opponent: Policy | list[Policy] | tuple[Policy, ...] | None = None,
        **options: object,
    ) -> None:
        opponents = opponents_option(opponents, opponent)
        self.game = resolve_game(game, backend, **options)
        if illegal not in ("penalty", "raise"):
            raise ValueError(f"illegal must be 'penalty' or 'raise', got {illegal!r}")
        if reward not in ("win", "score"):
            raise ValueError(f"reward must be 'win' or 'score', got {reward!r}")
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat {seat} is out of range [0, {self.game.num_players})")
        check_render_mode(render_mode, self.metadata["render_modes"])
        n = self.game.num_players
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != n:
                raise ValueError(
                    f"opponents must name one policy per seat ({n}), got {len(opponents)}"
                )
            per_seat: list[object] = list(opponents)
        else:
            per_seat = [opponents] * n
        #: The policy of every seat (the learner's entry is never used).
        self.opponents = [check_policy(p) for p in per_seat]
        greedy = any(p == "greedy" for k, p in enumerate(per_seat) if k != seat)
        if greedy and not hasattr(self.game.new_game(seed=0), "_greedy_action"):
            raise ValueError("opponents='greedy' needs the cpp backend")
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
        self._exact = bool(self.encoder.exact)
        # None until reset; typed Any rather than an Optional that every helper, only
        # called after reset, would have to narrow (and the core state's
        # observation_tensor is no part of the State protocol).
        self.state: Any = None
        self._over = True
        self._legal: list[int] = []  # the learner's legal actions now
        # Whether the learner acts at its own turn (not at a simultaneous point): then
        # its legal actions are legal_actions(), whose mask the core can give.
        self._own_turn = False
        self._core_mask = False

    # --- helpers --------------------------------------------------------------------
    def _obs(self) -> np.ndarray:
        if self._exact:  # the common case, without the encoder's dispatch
            return self.state.observation_tensor(self.seat)  # type: ignore[no-any-return]
        return self.encoder.encode_state(self.state, self.seat)

    def _info(self, **extra: bool) -> _Info:
        if self._over:
            # As VectorEnv: every id shown legal at the end, so that a masked softmax or
            # sampler never meets an all-false mask.
            mask = np.ones(self.game.num_actions, dtype=bool)
        elif self._own_turn and self._core_mask:
            # The core's mask of legal_actions(), the learner's own at its turn: a
            # fresh array, several times cheaper than indexing a list into zeros.
            mask = self.state.legal_action_mask()
        else:
            mask = np.zeros(self.game.num_actions, dtype=bool)
            mask[self._legal] = True
        if extra:
            return {"action_mask": mask, **extra}
        return {"action_mask": mask}

    def _score(self) -> float:
        return float(self.state.scores()[self.seat])

    def _opponent_move(self, seat: int) -> None:
        policy = self.opponents[seat]
        self.state.apply_action(pick_action(self.state, policy, self.np_random, seat))

    def _advance(self) -> None:
        """Opponents play until the learner has a legal action or the game ends; then
        the learner's legal actions are ``self._legal`` and ``self._over`` is set."""
        state, seat, opponents = self.state, self.seat, self.opponents
        rng = None
        self._own_turn = False
        while True:
            cp = state.current_player()
            if cp == seat:
                self._legal = state.legal_actions()
                self._own_turn = True
                break
            if cp == TERMINAL:
                self._legal = []
                break
            if cp == SIMULTANEOUS:
                mine = state.legal_actions_for(seat)
                if mine:
                    self._legal = list(mine)
                    break
                ready = [
                    k
                    for k in range(self.game.num_players)
                    if k != seat and state.legal_actions_for(k)
                ]
                if not ready:
                    raise RuntimeError("nobody can move in a game that is not over")
                self._opponent_move(ready[int(self.np_random.integers(len(ready)))])
            elif opponents[cp] == "random":
                # pick_action's "random", inlined: the same draws, without its checks
                # (the legal list comes straight from the state).
                legal = state.legal_actions()
                n = len(legal)
                if n > 1:
                    rng = rng or self.np_random
                    state.apply_action(legal[int(rng.integers(n))])
                else:
                    state.apply_action(legal[0])
            else:
                self._opponent_move(cp)
        self._over = not self._legal

    # --- the Gymnasium API ------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[np.ndarray, _Info]:
        super().reset(seed=seed)
        self.state = self.game.new_game(seed=int(self.np_random.integers(2**63)))
        self._core_mask = hasattr(self.state, "legal_action_mask")  # a reference state has none
        self._advance()
        return self._obs(), self._info()

    def step(self, action: object) -> tuple[np.ndarray, float, bool, bool, _Info]:
        if self.state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        if self._over:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        state = self.state
        a = as_action(action)
        if a not in self._legal:
            if self.illegal == "raise":
                raise IllegalActionError(f"illegal action {a} for seat {self.seat}")
            self._over = True
            return self._obs(), self.illegal_reward, True, False, self._info(illegal_action=True)
        score = self.reward_kind == "score"
        before = self._score() if score else 0.0
        # _advance left the learner to act: at its own turn, or at a simultaneous point.
        simultaneous = not self._own_turn
        state.apply_action(a)
        if simultaneous:
            for k in range(self.game.num_players):
                if k != self.seat and not state.is_terminal() and seat_actions(state, k):
                    self._opponent_move(k)
        self._advance()
        over = self._over
        if score:
            reward = self._score() - before
        elif over:
            reward = outcome_returns(state)[self.seat]
        else:
            # The common step, _obs() and _info() inlined (a call each is a measurable
            # share of a step that is a few microseconds of C++).
            if self._exact:
                obs = state.observation_tensor(self.seat)
            else:
                obs = self.encoder.encode_state(state, self.seat)
            if self._own_turn and self._core_mask:
                return obs, 0.0, False, False, {"action_mask": state.legal_action_mask()}
            return obs, 0.0, False, False, self._info()
        truncated = over and bool(state.is_truncated())
        return self._obs(), float(reward), over and not truncated, truncated, self._info()

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
        mask: np.ndarray = self._info()["action_mask"]
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
