"""Every cardsim game as an OpenSpiel Python game (extra ``openspiel``).

Importing this module registers ``cardsim_<name>`` (``cardsim_clock``,
``cardsim_clock_duel``, ...) for every registered game with
``pyspiel.register_game``; the game's options are its OpenSpiel parameters
(int, bool and str ones):

    >>> import pyspiel
    >>> import cardsim.envs.openspiel
    >>> game = pyspiel.load_game("cardsim_clock")
    >>> game.num_players(), game.get_type().chance_mode.name
    (1, 'EXPLICIT_STOCHASTIC')

How each game is declared (``game_type`` / ``game_info``):

- **Chance: explicit.** The shuffle is played out as chance nodes, one per
  card of the deck, top first: each offers the cards still undealt (outcome id =
  the card's index, 0..51 clubs A..K, diamonds, hearts, spades, 52 the joker)
  with probability (copies left) / (cards left), which is exactly a uniform
  shuffle. A game dealing one pack per seat (``game.traits.deal ==
  "per_seat_packs"``, e.g. the Clock duel) deals each seat's segment from its
  own pack. After the last card, the contract state is ``new_game(deck=...)``.
  A game whose seeded decks are not shuffles of one fixed multiset
  (``"seeded_only"``: Code 9 puts the tens naming the players' suits at the end of
  its deck) is dealt from a 64-bit seed instead: ``SEED_BYTES`` chance nodes of
  256 equally likely outcomes, then ``new_game(seed=...)``, which is the game's
  own seeded deal.
- **Dynamics:** ``game.traits.dynamics``: sequential, or simultaneous for a game
  whose ``current_player()`` can be SIMULTANEOUS.
  There every seat picks one of ``legal_actions_for(p)``, or ``WAIT`` (id
  ``num_actions``) when it has none; the joint action is applied seat by seat,
  starting from seat (joint step number mod n), and an action an earlier one made
  illegal is dropped.
- **Information:** imperfect (every game has face-down cards). Observation
  strings (the JSON of ``observation(p)``) and tensors (``cardsim.envs.tensor``:
  a built-in game's exact tensor, else the generic encoding) are provided.
  A turn-based game also provides an information state with perfect recall,
  built generically from the deal and the history, so every game has it and two
  states give the same one exactly when the player's history of observations and
  own actions is the same. Its *string* (``information_state_string(p)``): the
  player's observation after the deal, then for every action along the history,
  ``a<id>`` where the player took it, followed by the player's observation after
  it (one JSON line each; ``information_state_text``). Its *tensor*
  (``information_state_tensor(p)``, float32, fixed size for the configured game,
  ``info_state_layout``): with ``L = game.traits.max_decisions`` (the bound the
  move cap or the rules give), ``O`` the observation tensor's size and ``A`` the
  number of actions,

  - ``[0]``: the fraction of the deal drawn (1 once dealt);
  - ``[1 : 1+O]``: the observation tensor after the deal;
  - then ``L`` step blocks of ``2 + A + O``, step ``t`` of the history at
    ``1 + O + t*(2+A+O)``: ``1`` (the step happened), ``1`` if the player took it,
    the one-hot of the action the player took (zeros for another player's), and
    the player's observation tensor after it. Steps past the history are zeros.

  A history cannot outgrow ``L`` (it bounds the game); one that did would raise
  ``ValueError`` rather than be cut. A configuration whose layout exceeds
  ``MAX_INFO_TENSOR`` floats (e.g. Rummy's default move cap) refuses the tensor
  with ``ValueError`` naming the size: lower its ``move_cap``. No information
  state for a simultaneous game.
  During the deal the observation is only how many cards are dealt.
- **Utility:** terminal rewards from ``outcome_returns``: one player, 1 for a
  win else 0 (in [0, 1]); n >= 2 players, the winners share +1 and the others
  -1, so returns sum to zero (in [-1, 1]); a draw, a truncation or no winner is
  all zeros. Declared zero-sum when every configuration has 2+ players, else
  general-sum (a ``players`` range from 1 covers the solitaire).
- **Max game length** (in nodes; a simultaneous node is one): the chance nodes +
  ``game.traits.max_decisions`` (the bound the game's move cap or rules give).
- ``resample_from_infostate(player, sampler)`` redeals what ``player`` has not
  seen (``cardsim.envs.resample``), for ISMCTS. For a seed-dealt game the new
  state keeps the seed bytes as its chance history (see the method).
- ``RolloutEvaluator``: random rollouts on the cardsim state, for the Python
  ``mcts.MCTSBot`` and ``ismcts.ISMCTSBot`` (OpenSpiel's C++ ``MCTSBot.step``
  crashes on Python games).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..contract.extras import missing_extra

try:
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as e:
    raise missing_extra(e.name or "pyspiel", "cardsim.envs.openspiel") from None

from ..contract.constants import SIMULTANEOUS, TERMINAL
from ..games import games, make
from ._common import camel_case, max_decisions, outcome_returns, return_bounds
from .resample import resample_hidden
from .tensor import card_index, encoder_for

__all__ = [
    "CardsimGame",
    "CardsimState",
    "RolloutEvaluator",
    "info_state_layout",
    "load",
    "register",
    "register_all",
    "short_name",
]

#: Chance nodes of a "seed" deal (a 64-bit seed, one byte each).
SEED_BYTES = 8
#: The largest information state tensor provided, in floats (16 MiB): past it
#: the configuration's layout is refused rather than filled and copied per call.
MAX_INFO_TENSOR = 1 << 22
_CARD_TEXT = [r + s for s in "CDHS" for r in "A23456789TJQK"] + ["JK"]


def short_name(game_name: str) -> str:
    """OpenSpiel's name of a cardsim game: ``cardsim_<name>``."""
    return f"cardsim_{game_name}"


def _option_list(game: Any) -> list[dict[str, Any]]:
    """A game's option specs as dicts (C++ games and reference games alike)."""
    if hasattr(game, "_option_specs"):
        return list(game._option_specs())
    out = []
    for opt in getattr(game, "option_specs", []):
        d = {"name": opt.name, "default": opt.default}
        if opt.range is not None:
            d["range"] = opt.range
        out.append(d)
    return out


def _param_spec(game: Any) -> dict[str, Any]:
    """The options OpenSpiel can carry as parameters (int, bool, str), with the
    game's values as defaults."""
    values = game.options
    return {
        o["name"]: values.get(o["name"], o["default"])
        for o in _option_list(game)
        if isinstance(o["default"], (bool, int, str))
    }


def _players_range(game: Any) -> tuple[int, int]:
    for opt in _option_list(game):
        if opt["name"] == "players" and "range" in opt:
            lo, hi = opt["range"]
            return int(lo), int(hi)
    return game.num_players, game.num_players


@dataclass(frozen=True)
class _Config:
    """What a state needs of its game. Shared, never copied: pyspiel clones a Python
    state with deepcopy, and a copied pyspiel.Game loses its Python attributes."""

    inner: Any
    simultaneous: bool
    mode: str  # "cards": one chance node per card; "seed": SEED_BYTES chance nodes
    chance_nodes: int
    deck_size: int
    packs: list[Counter[int]]
    #: The same as counts per card index 0..52, for the chance nodes' arithmetic.
    pack_counts: list[list[int]]
    segment_size: int
    wait: int
    num_players: int
    encoder: Any
    #: Information state tensor: steps bounded (L), observation size (O), actions (A).
    info_steps: int
    obs_size: int

    short_name: str
    params: dict[str, Any]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        return _config_by_name, (self.short_name, self.params)


def info_state_layout(cfg: _Config) -> tuple[int, int, int]:
    """The information state tensor's layout: (size in floats, offset of step 0,
    size of one step block); see the module doc."""
    block = 2 + cfg.wait + cfg.obs_size
    head = 1 + cfg.obs_size
    return head + cfg.info_steps * block, head, block


def _config_by_name(name: str, params: dict[str, Any]) -> _Config:
    return _config_of(pyspiel.load_game(name, params))


def _build_config(game_type: pyspiel.GameType, params: dict[str, Any]) -> _Config:
    inner = _FACTORIES[game_type.short_name](**params)
    traits = inner.traits
    composition = list(inner.new_game(seed=0).deck)
    segments = inner.num_players if traits.deal == "per_seat_packs" else 1
    size = len(composition) // segments
    mode = "seed" if traits.deal == "seeded_only" else "cards"
    return _Config(
        inner=inner,
        simultaneous=game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS,
        mode=mode,
        chance_nodes=len(composition) if mode == "cards" else SEED_BYTES,
        deck_size=len(composition),
        # Per segment (seat pack), the multiset of card indices it is dealt from.
        packs=[
            Counter(card_index(c) for c in composition[s * size : (s + 1) * size])
            for s in range(segments)
        ],
        pack_counts=[
            [
                sum(card_index(c) == k for c in composition[s * size : (s + 1) * size])
                for k in range(53)
            ]
            for s in range(segments)
        ],
        segment_size=size,
        wait=inner.num_actions,
        num_players=inner.num_players,
        encoder=encoder_for(inner),
        info_steps=max_decisions(inner),
        obs_size=int(np.prod(encoder_for(inner).shape)),
        short_name=game_type.short_name,
        params=dict(params),
    )


_CONFIGS: dict[str, _Config] = {}


def _config_of(game: pyspiel.Game) -> _Config:
    key = str(game)
    if key not in _CONFIGS:
        _CONFIGS[key] = _build_config(game.get_type(), dict(game.get_parameters()))
    return _CONFIGS[key]


class CardsimGame(pyspiel.Game):
    """One configured cardsim game, seen by OpenSpiel (see the module doc)."""

    GAME_TYPE: pyspiel.GameType  # set by each game's subclass (register_all)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = self.GAME_TYPE
        params = dict(params or {})
        cfg = _build_config(game_type, params)
        inner = cfg.inner
        n = inner.num_players
        lo, hi = return_bounds(n)
        super().__init__(
            game_type,
            pyspiel.GameInfo(
                num_distinct_actions=inner.num_actions + (1 if cfg.simultaneous else 0),
                max_chance_outcomes=(
                    256 if cfg.mode == "seed" else 53 if any(52 in p for p in cfg.packs) else 52
                ),
                num_players=n,
                min_utility=lo,
                max_utility=hi,
                utility_sum=(
                    0.0 if game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None
                ),
                max_game_length=cfg.chance_nodes + max_decisions(inner),
            ),
            params,
        )
        _CONFIGS.setdefault(str(self), cfg)

    def new_initial_state(self) -> CardsimState:
        return CardsimState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> CardsimObserver:
        return CardsimObserver(_config_of(self), iig_obs_type, params)


class CardsimState(pyspiel.State):
    """The deal as chance nodes, then the contract state (see the module doc)."""

    def __init__(self, game: CardsimGame) -> None:
        super().__init__(game)
        self._cfg = _config_of(game)
        # Bytes (every outcome is < 256): an atom to deepcopy, which pyspiel's
        # clone of a Python state calls.
        self.dealt = b""
        self.inner: Any = None
        self.joint_steps = 0
        # information_state_text's replay, brought up to date when asked:
        # [replay state, lines per player, history length consumed].
        self._trail: list[Any] | None = None
        # The same for the tensor: [replay state, per player the deal's observation
        # tensor, per player the step blocks (bytes), history length consumed].
        self._ttrail: list[Any] | None = None

    # --- the deal ----------------------------------------------------------------------
    def _remaining(self) -> list[int]:
        """Copies left of each card index (0..52) in the segment being dealt. A list,
        not a Counter: sampling searches (MCCFR) ask for it at every chance node."""
        g = self._cfg
        seg = len(self.dealt) // g.segment_size
        left = list(g.pack_counts[seg])
        for c in self.dealt[seg * g.segment_size :]:
            left[c] -= 1
        return left

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._cfg.mode == "seed":
            return [(b, 1 / 256) for b in range(256)]
        left = self._remaining()
        total = sum(left)
        return [(c, k / total) for c, k in enumerate(left) if k > 0]

    # --- OpenSpiel's state API -------------------------------------------------------------
    def current_player(self) -> int:
        if self.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        cp = self.inner.current_player()
        if cp == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if cp == SIMULTANEOUS:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return int(cp)

    def _legal_actions(self, player: int) -> list[int]:
        if self.inner is None or self.inner.is_terminal():
            return []
        if self.inner.current_player() == SIMULTANEOUS:
            return list(self.inner.legal_actions_for(player)) or [self._cfg.wait]
        return list(self.inner.legal_actions()) if player == self.inner.current_player() else []

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            self.dealt += bytes((int(action),))
            if len(self.dealt) == self._cfg.chance_nodes:
                if self._cfg.mode == "seed":
                    seed = int.from_bytes(self.dealt, "little")
                    self.inner = self._cfg.inner.new_game(seed=seed)
                else:
                    self.inner = self._cfg.inner.new_game(deck=[_CARD_TEXT[c] for c in self.dealt])
            return
        self.inner.apply_action(int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        n = len(actions)
        start = self.joint_steps % n
        self.joint_steps += 1
        for k in range(n):
            seat = (start + k) % n
            a = int(actions[seat])
            if a == self._cfg.wait or self.inner.is_terminal():
                continue
            if a in self.inner.legal_actions_for(seat):
                self.inner.apply_action(a)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._cfg.mode == "seed":
                return f"seed byte {action}"
            return f"deal {_CARD_TEXT[action]}"
        if action == self._cfg.wait and self._cfg.simultaneous:
            return "wait"
        if self.inner is None:
            return f"action {action}"
        return str(self.inner.action_to_string(action))

    def is_terminal(self) -> bool:
        return self.inner is not None and bool(self.inner.is_terminal())

    def returns(self) -> list[float]:
        if self.inner is None:
            return [0.0] * self._cfg.num_players
        return outcome_returns(self.inner)

    def __str__(self) -> str:
        if self.inner is None:
            return f"dealing: {len(self.dealt)}/{self._cfg.chance_nodes} chance outcomes drawn"
        return str(self.inner)

    def information_state_text(self, player: int) -> str:
        """``player``'s history, with perfect recall (turn-based games): their
        observation after the deal, then per action ``a<id>`` if they took it and
        their observation after it, one JSON line each. It replays the deal
        (``inner.deck``, so a resampled state's own deal) and ``inner.history``,
        incrementally: each action is replayed once per state lineage."""
        if self.inner is None:
            return f"dealing {len(self.dealt)}/{self._cfg.chance_nodes}"
        n = self._cfg.num_players
        if self._trail is None:
            replay = self._cfg.inner.new_game(deck=list(self.inner.deck))
            lines = [[json.dumps(replay.observation(q), sort_keys=True)] for q in range(n)]
            self._trail = [replay, lines, 0]
        replay, lines, done = self._trail
        history = self.inner.history
        for action in history[done:]:
            actor = replay.current_player()
            replay.apply_action(int(action))
            for q in range(n):
                if q == actor:
                    lines[q].append(f"a{int(action)}")
                lines[q].append(json.dumps(replay.observation(q), sort_keys=True))
        self._trail[2] = len(history)
        return "\n".join(lines[player])

    def information_state_into(self, player: int, out: np.ndarray) -> None:
        """Writes ``player``'s information state tensor (module doc) into ``out``, a
        float32 array of the layout's size; ValueError, ``out`` untouched, for a
        history longer than the layout's ``L`` steps. Replays like
        ``information_state_text``, incrementally."""
        g = self._cfg
        size, head, block = info_state_layout(g)
        if self.inner is None:
            out.fill(0.0)
            out[0] = len(self.dealt) / g.chance_nodes
            return
        history = self.inner.history
        if len(history) > g.info_steps:
            # Cutting the history would make two histories collide: refused instead.
            raise ValueError(
                f"{g.short_name}: a history of {len(history)} actions outgrows the "
                f"information state tensor's {g.info_steps} steps (the game's "
                "traits.max_decisions is below what it played)"
            )
        n = g.num_players
        enc = g.encoder
        if self._ttrail is None:
            replay = g.inner.new_game(deck=list(self.inner.deck))
            firsts = [enc.encode_state(replay, q).reshape(-1).tobytes() for q in range(n)]
            self._ttrail = [replay, firsts, [[] for _ in range(n)], 0]
        replay, firsts, steps, done = self._ttrail
        # Blocks are bytes, an atom to deepcopy: cloning a state (as every search
        # does) copies list slots, not the floats of every step.
        step = np.zeros(block, np.float32)
        step[0] = 1.0
        for action in history[done:]:
            actor = replay.current_player()
            replay.apply_action(int(action))
            for q in range(n):
                step[1 : 2 + g.wait] = 0.0
                if q == actor:
                    step[1] = 1.0
                    step[2 + int(action)] = 1.0
                step[2 + g.wait :] = enc.encode_state(replay, q).reshape(-1)
                steps[q].append(step.tobytes())
        self._ttrail[3] = len(history)
        mine = steps[player]
        end = head + len(mine) * block
        out[0] = 1.0
        out[1:head] = np.frombuffer(firsts[player], np.float32)
        if mine:
            out[head:end] = np.frombuffer(b"".join(mine), np.float32)
        out[end:size] = 0.0

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardsimState:
        """A state ``player_id`` cannot tell from this one, what they have not seen dealt afresh.

        ``resample_hidden`` redeals the cards the player never saw. For a
        "cards" deal the new state's history is that deal and the same moves. A
        "seed" deal cannot be redealt card by card: the new state keeps this
        state's chance history (its seed bytes) while its cardsim state is the
        redealt one, so its ``history()`` does not replay it (it replays this
        state); ISMCTS, which only plays on from it, is unaffected.
        """
        if self.inner is None:
            same: CardsimState = self.clone()  # nothing of the deal is known yet: any is as good
            return same
        rng = np.random.default_rng(int(probability_sampler() * 2**53))
        inner = resample_hidden(self.inner, player_id, rng)
        if self._cfg.mode == "cards":
            return _rebuild(self, [card_index(c) for c in inner.deck])
        out: CardsimState = self.clone()
        out.inner = inner
        out._trail = None  # another deal: its histories are replayed afresh
        out._ttrail = None
        return out


def _rebuild(original: CardsimState, chance: list[int]) -> CardsimState:
    """A state dealt by ``chance`` that replays ``original``'s decisions (one
    joint action per simultaneous node)."""
    out = CardsimState(original.get_game())
    for c in chance:
        out.apply_action(c)
    moves = [h.action for h in original.full_history()[len(original.dealt) :]]
    n = original._cfg.num_players
    i = 0
    while i < len(moves):
        if out.is_simultaneous_node():
            out.apply_actions(moves[i : i + n])
            i += n
        else:
            out.apply_action(moves[i])
            i += 1
    return out


class CardsimObserver:
    """OpenSpiel's PyObserver: ``observation(p)`` as a tensor and as JSON text."""

    def __init__(
        self, game: _Config, iig_obs_type: pyspiel.IIGObservationType | None, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("cardsim games provide a player's own view only")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if self.perfect_recall and game.simultaneous:
            raise ValueError("a simultaneous cardsim game provides no information state")
        self.game = game
        self.refused = ""
        if self.perfect_recall:
            size = info_state_layout(game)[0]
            if size > MAX_INFO_TENSOR:
                # Allocated lazily by numpy, but every write would fill it: refused
                # when written (the string is still provided).
                self.refused = (
                    f"{game.short_name}'s information state tensor would hold {size} floats "
                    f"(more than {MAX_INFO_TENSOR}): lower its move_cap"
                )
                size = 0
            shape: tuple[int, ...] = (size,)
        else:
            shape = game.encoder.shape
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardsimState, player: int) -> None:
        if self.perfect_recall:
            if self.refused:
                raise ValueError(self.refused)
            state.information_state_into(player, self.tensor)
            return
        if state.inner is None:
            self.tensor.fill(0.0)
        else:
            # An exact tensor is written by the core straight into this buffer.
            self.game.encoder.encode_state(state.inner, player, out=self.tensor)

    def string_from(self, state: CardsimState, player: int) -> str:
        if state.inner is None:
            return f"dealing {len(state.dealt)}/{self.game.chance_nodes}"
        if self.perfect_recall:
            return state.information_state_text(player)
        return json.dumps(state.inner.observation(player), sort_keys=True)


def _game_type(sn: str, inner: Any) -> pyspiel.GameType:
    lo, hi = _players_range(inner)
    return pyspiel.GameType(
        short_name=sn,
        long_name=f"cardsim {inner.name}",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if inner.traits.simultaneous
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if lo >= 2 else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=not inner.traits.simultaneous,
        provides_information_state_tensor=not inner.traits.simultaneous,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_param_spec(inner),
    )


#: short name -> ``**options -> game object``, for every game registered here.
_FACTORIES: dict[str, Callable[..., Any]] = {}


def register(game: str | Callable[..., Any], name: str | None = None) -> str:
    """Registers one game with OpenSpiel and returns its short name.

    ``game`` is a registered cardsim name, or a factory ``**options -> game``
    (any object following the state contract, e.g. a reference game class).
    Registering the same name again does nothing.
    """
    factory: Callable[..., Any] = functools.partial(make, game) if isinstance(game, str) else game
    inner = factory()
    sn = short_name(name or inner.name)
    if sn in _FACTORIES:
        return sn
    game_type = _game_type(sn, inner)
    _FACTORIES[sn] = factory
    # A class per game, like OpenSpiel's own Python games (a closure as the
    # factory makes the interpreter abort at exit).
    cls = type(
        f"Cardsim{camel_case(inner.name)}Game",
        (CardsimGame,),
        {"GAME_TYPE": game_type, "__module__": __name__},
    )
    globals()[cls.__name__] = cls
    pyspiel.register_game(game_type, cls)
    return sn


def register_all() -> list[str]:
    """Registers ``cardsim_<name>`` for every registered cardsim game; returns the names."""
    return [register(info.name) for info in games()]


def load(game_name: str, **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of a cardsim game with options, e.g. ``load("clock")``."""
    return pyspiel.load_game(short_name(game_name), options)


register_all()


class RolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's random-rollout evaluator, rolled out on the cardsim state.

    Plays uniformly random legal actions on a clone of the contract state (at a
    simultaneous point, any seat's action) to the end, without the OpenSpiel
    wrapper per move: several times faster than ``mcts.RandomRolloutEvaluator``
    and the same policy for turn-based games. For ``mcts.MCTSBot`` and
    ``ismcts.ISMCTSBot``.
    """

    def __init__(self, n_rollouts: int = 1, random_state: np.random.RandomState | None = None):
        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state: CardsimState) -> np.ndarray:
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            if state.inner is None:  # still dealing: let OpenSpiel's chance nodes finish it
                work = state.clone()
                while work.inner is None:
                    outcomes, probs = zip(*work.chance_outcomes(), strict=True)
                    work.apply_action(int(self._random_state.choice(outcomes, p=probs)))
                inner = work.inner.clone()
            else:
                inner = state.inner.clone()
            while not inner.is_terminal():
                legal = inner.legal_actions()
                inner.apply_action(legal[self._random_state.randint(len(legal))])
            total += outcome_returns(inner)
        return total / self.n_rollouts

    def prior(self, state: CardsimState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]
