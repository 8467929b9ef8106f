"""Every cardsim game as an OpenSpiel Python game (extra ``openspiel``).

Importing this module registers ``cardsim_<name>`` (``cardsim_clock``,
``cardsim_clock_duel``, ...) for every registered game with
``pyspiel.register_game``; the game's options are its OpenSpiel parameters
(int, bool and str ones; a list of letters as its string, ``suits="SH"``; a list
inside a str parameter written with ``;``, since pyspiel's game string cannot
hold a comma in a value: ``speeds="0.5;1"``):

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
  built generically from the deal and the history (``cardsim.envs.infostate``).
  Its *string*: every leaf of the player's observation after the deal, then the
  history's lines (``a<id>`` where the player acted, and the observation's
  changed leaves), packed 64 lines a chunk (deflated, base 64); equal exactly
  when the player's history of observations and own actions is. Its *tensor*
  (``info_state_layout``): the present observation tensor, then a bounded
  summary (progress, own action counts, own last 4 actions, the two previous
  observation tensors, each card's last mover and whether it is out of sight),
  the same size at any ``move_cap``. No information state
  for a simultaneous game.
- **Serialisation:** ``state.serialize()`` (Python) is the parameters (JSON) and the
  history, one action per line; ``game.deserialize_state`` replays it with every
  check and runs nothing from it. pyspiel's C++ form (``random_sim_test``,
  ``serialize_game_and_state``) pickles the state's ``__dict__``: the adapter keeps
  it to one ``_Node`` that pickles as parameters + history, but
  ``pyspiel.deserialize_game_and_state`` unpickles whatever it is given (fixed in
  pyspiel): never hand it an untrusted string.
- **Chance outcomes** not in ``chance_outcomes()`` raise ValueError, state unchanged.
  During the deal the observation is only how many cards are dealt.
- **Utility:** terminal rewards from ``outcome_returns``: one player, 1 for a
  win else 0 (in [0, 1]); n >= 2 players, the winners share +1 and the others
  -1, so returns sum to zero (in [-1, 1]); a draw, a truncation or no winner is
  all zeros. Each configuration declares its own type: zero-sum with 2+ players,
  else general-sum.
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

import copy
import functools
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..guards.extras import missing_extra

try:
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as e:
    raise missing_extra(e.name or "pyspiel", "cardsim.envs.openspiel") from None

from .._typing import OptionValue
from ..contract.constants import SIMULTANEOUS, TERMINAL
from ..contract.protocols import Game, State
from ..games import games, make
from ._common import camel_case, max_decisions, outcome_returns, return_bounds
from .infostate import InfoTensorLayout, InfoTrail
from .resample import resample_hidden
from .tensor import Encoder, card_index, encoder_for

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
#: The largest information state tensor any game may declare, in floats.
MAX_INFO_TENSOR = 1 << 16
_CARD_TEXT = [r + s for s in "CDHS" for r in "A23456789TJQK"] + ["JK"]


def short_name(game_name: str) -> str:
    """OpenSpiel's name of a cardsim game: ``cardsim_<name>``."""
    return f"cardsim_{game_name}"


def _option_list(game: object) -> list[dict[str, Any]]:  # a declaration's JSON-like specs
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


def _param_spec(game: Game) -> dict[str, OptionValue]:
    """The options OpenSpiel can carry as parameters (int, bool, str), with the
    game's values as defaults."""
    values = game.options
    out: dict[str, OptionValue] = {}
    for o in _option_list(game):
        value = values.get(o["name"], o["default"])
        if isinstance(o["default"], (bool, int, str)):
            out[o["name"]] = value
        elif isinstance(o["default"], list) and all(
            isinstance(v, str) and len(v) == 1 for v in value
        ):
            # A list of letters (Code 9's suits): OpenSpiel carries it as their string,
            # which the game accepts too ("SH" for ["S", "H"]).
            out[o["name"]] = "".join(value)
    return out


def _players_range(game: Game) -> tuple[int, int]:
    for opt in _option_list(game):
        if opt["name"] == "players" and "range" in opt:
            lo, hi = opt["range"]
            return int(lo), int(hi)
    return game.num_players, game.num_players


@dataclass(frozen=True)
class _Config:
    """What a state needs of its game. Shared, never copied: pyspiel clones a Python
    state with deepcopy, and a copied pyspiel.Game loses its Python attributes."""

    inner: Game
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
    encoder: Encoder
    #: Information state tensor: steps bounded (L), observation size (O), actions (A).
    info_steps: int
    obs_size: int

    short_name: str
    params: dict[str, OptionValue]

    def __deepcopy__(self, memo: dict[int, object]) -> _Config:
        return self

    def __reduce__(
        self,
    ) -> tuple[
        Callable[[str, dict[str, OptionValue]], _Config], tuple[str, dict[str, OptionValue]]
    ]:
        return _config_by_name, (self.short_name, self.params)


def info_state_layout(cfg: _Config) -> InfoTensorLayout:
    """The information state tensor's layout (``cardsim.envs.infostate``): offsets of
    its parts and ``size``; the same at any move cap."""
    return InfoTensorLayout(obs=cfg.obs_size, actions=cfg.wait, players=cfg.num_players)


def _config_by_name(name: str, params: dict[str, OptionValue]) -> _Config:
    return _config_of(pyspiel.load_game(name, params))


def _game_options(params: dict[str, OptionValue]) -> dict[str, OptionValue]:
    """The game's options from OpenSpiel parameters. pyspiel's game string
    (``cardsim_racing_demon(speeds=...)``, which ``random_sim_test`` and
    serialisation reload) cannot quote a comma inside a value, so a string
    parameter writes a list with ``;`` (``speeds=0.5;1;1.5;2``): read as commas."""
    return {k: v.replace(";", ",") if isinstance(v, str) else v for k, v in params.items()}


def _build_config(game_type: pyspiel.GameType, params: dict[str, OptionValue]) -> _Config:
    inner = _FACTORIES[game_type.short_name](**_game_options(params))
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

    def __init__(self, params: dict[str, OptionValue] | None = None) -> None:
        game_type = self.GAME_TYPE
        params = dict(params or {})
        cfg = _build_config(game_type, params)
        inner = cfg.inner
        n = inner.num_players
        lo, hi = return_bounds(n)
        # This configuration's own type: zero-sum exactly when it seats 2+ players
        # (outcome_returns then sums to zero), whatever other configurations seat.
        game_type = _game_type(game_type.short_name, inner, zero_sum=n >= 2)
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

    def deserialize_state(self, text: str) -> CardsimState:
        """The state ``CardsimState.serialize`` wrote, replayed with every check: a
        malformed string, another game's, or an illegal action is a ValueError, and
        nothing in it is run. pyspiel's own form (``history=...``, as
        ``pyspiel.serialize_game_and_state`` writes) is accepted too: its history line
        is replayed and its pickled ``__dict__`` line is ignored, never unpickled."""
        if isinstance(text, str) and text.startswith("history="):
            line = text.split("\n", 1)[0][len("history=") :]
            actions = []
            for item in line.split(",") if line else []:
                _, _, action = item.partition(":")
                actions.append(action)
            head = json.dumps(_config_of(self).params, sort_keys=True, separators=(",", ":"))
            text = "\n".join([head, *actions])
        return _replay(self, text)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, object] | None = None,
    ) -> CardsimObserver:
        return CardsimObserver(_config_of(self), iig_obs_type, params)


class _Node:
    """Everything a CardsimState holds, as its one Python attribute ``_s``.

    pyspiel clones a Python state by deep-copying its ``__dict__`` and serialises it
    by pickling that dict; with one attribute, a clone copies what it must (the
    contract state, the information state replay) and a pickle is the options and
    the action history only (``__reduce__``), restored by replaying them with every
    check (``_node_from_history``).
    """

    __slots__ = ("cfg", "dealt", "dropped", "inner", "joint_steps", "moves", "trail")

    def __init__(self, cfg: _Config) -> None:
        self.cfg = cfg
        # Bytes (every outcome is < 256): an atom to copy.
        self.dealt = b""
        self.inner: State | None = None
        self.joint_steps = 0
        #: OpenSpiel's history (chance outcomes, then each player's action; a joint
        #: action is one entry per seat), which serialisation replays.
        self.moves: list[int] = []
        #: Indices into ``moves`` of the joint-action entries that were dropped (not
        #: WAIT, yet illegal when their seat's turn in the joint step came), so that a
        #: resampled world replays the same applied actions (``_rebuild``). A replay
        #: of ``moves`` drops them again: serialisation need not carry them.
        self.dropped: list[int] = []
        #: The information state replay (``InfoTrail``), built when first asked.
        self.trail: InfoTrail | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Node:
        out = _Node.__new__(_Node)
        out.cfg = self.cfg
        out.dealt = self.dealt
        out.inner = None if self.inner is None else self.inner.clone()
        out.joint_steps = self.joint_steps
        out.moves = list(self.moves)
        out.dropped = list(self.dropped)
        out.trail = None if self.trail is None else copy.deepcopy(self.trail)
        return out

    def __reduce__(self) -> tuple[Callable[[str, str], _Node], tuple[str, str]]:
        return _node_from_history, (self.cfg.short_name, _history_text(self.cfg, self.moves))


def _history_text(cfg: _Config, moves: list[int]) -> str:
    """The serialised form: the game's parameters as JSON on the first line, then one
    action per line (chance outcomes included)."""
    head = json.dumps(cfg.params, sort_keys=True, separators=(",", ":"))
    return "\n".join([head, *map(str, moves)])


def _replay(game: pyspiel.Game, text: str) -> CardsimState:
    """A new state of ``game`` from ``_history_text``: every action checked as it is
    applied (ValueError naming the line for anything malformed or illegal)."""
    if not isinstance(text, str):
        raise TypeError(f"a serialised state is a str, got {type(text).__name__}")
    lines = text.split("\n")
    cfg = _config_of(game)
    try:
        params = json.loads(lines[0])
    except ValueError:
        raise ValueError(
            f"serialised {cfg.short_name} state: the first line is not the game's "
            f"parameters as JSON: {lines[0][:80]!r}"
        ) from None
    if params != cfg.params:
        raise ValueError(
            f"serialised state is of {cfg.short_name} with parameters {params!r}, "
            f"not this game's {cfg.params!r}"
        )
    state = CardsimState(game)
    pending: list[int] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.isascii() or not line.isdigit() or len(line) > 9:
            raise ValueError(f"serialised state, line {number}: {line[:40]!r} is not an action id")
        action = int(line)
        if state.is_terminal():
            raise ValueError(f"serialised state, line {number}: an action after the end")
        if state.is_simultaneous_node():
            pending.append(action)
            if len(pending) == cfg.num_players:
                state.apply_actions(pending)  # checks each seat's action
                pending = []
            continue
        if not state.is_chance_node() and action not in state.legal_actions():
            raise ValueError(f"serialised state, line {number}: {action} is not a legal action")
        state.apply_action(action)  # a chance outcome is checked by the state itself
    if pending:
        raise ValueError("serialised state ends inside a joint action")
    return state


def _node_from_history(short_name: str, text: str) -> _Node:
    """What ``_Node`` pickles to: the state's node, rebuilt by ``_replay``."""
    if short_name not in _FACTORIES:
        raise ValueError(f"serialised state of an unregistered game {short_name!r}")
    try:
        params = json.loads(text.split("\n", 1)[0])
    except ValueError:
        raise ValueError(f"serialised {short_name} state: malformed parameters") from None
    if not isinstance(params, dict):
        raise ValueError(f"serialised {short_name} state: malformed parameters")
    node: _Node = _replay(pyspiel.load_game(short_name, params), text)._s
    return node


class CardsimState(pyspiel.State):
    """The deal as chance nodes, then the contract state (see the module doc)."""

    def __init__(self, game: CardsimGame) -> None:
        super().__init__(game)
        self._s = _Node(_config_of(game))

    @property
    def _cfg(self) -> _Config:
        return self._s.cfg

    @property
    def dealt(self) -> bytes:
        """The chance outcomes drawn so far (card indices, or seed bytes)."""
        return self._s.dealt

    @property
    def inner(self) -> State | None:
        """The cardsim state once dealt, else None."""
        return self._s.inner

    @inner.setter
    def inner(self, value: State | None) -> None:
        self._s.inner = value
        self._s.trail = None  # another deal: its information states are replayed afresh

    def serialize(self) -> str:
        """The game's parameters (JSON, first line), then OpenSpiel's action history,
        one action per line, chance outcomes included; ``CardsimGame.deserialize_state``
        replays it. (OpenSpiel's C++ callers use pyspiel's own form instead: see the
        module doc.)"""
        return _history_text(self._cfg, self._s.moves)

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
        node = self._s
        if node.inner is None:
            self._deal(action)
            return
        node.inner.apply_action(int(action))  # IllegalActionError (a ValueError), unchanged
        node.moves.append(int(action))

    def _deal(self, action: int) -> None:
        """One chance outcome: refused (ValueError, nothing changed) unless it is one
        of ``chance_outcomes()``."""
        node = self._s
        g = node.cfg
        a = int(action)
        ok = 0 <= a < 256 if g.mode == "seed" else 0 <= a < 53 and self._remaining()[a] > 0
        if not ok:
            what = "seed byte" if g.mode == "seed" else "card index"
            raise ValueError(
                f"{g.short_name}: chance outcome {a} is not one of this node's "
                f"chance_outcomes() (a {what} still to be dealt)"
            )
        dealt = node.dealt + bytes((a,))
        if len(dealt) == g.chance_nodes:
            if g.mode == "seed":
                node.inner = g.inner.new_game(seed=int.from_bytes(dealt, "little"))
            else:
                node.inner = g.inner.new_game(deck=[_CARD_TEXT[c] for c in dealt])
        node.dealt = dealt
        node.moves.append(a)

    def _apply_actions(self, actions: list[int]) -> None:
        node = self._s
        inner = node.inner
        if inner is None:
            raise ValueError(f"{node.cfg.short_name}: a joint action while the deal is on")
        n = len(actions)
        wait = node.cfg.wait
        for a in actions:
            # An action illegal for its seat is dropped, as one an earlier seat's
            # action made illegal is (clients such as TorchRL sample joint actions
            # from the whole action space); only an id outside it is refused.
            if not 0 <= int(a) <= wait:
                raise ValueError(f"{node.cfg.short_name}: {a} is no action id (0..{wait})")
        start = node.joint_steps % n
        node.joint_steps += 1
        base = len(node.moves)
        for k in range(n):
            seat = (start + k) % n
            a = int(actions[seat])
            if a == wait:
                continue
            if not inner.is_terminal() and a in inner.legal_actions_for(seat):
                inner.apply_action(a)
            else:
                node.dropped.append(base + seat)
        node.moves.extend(int(a) for a in actions)

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

    def _trail(self) -> InfoTrail:
        """The information state replay, brought up to date with the history."""
        node = self._s
        g = node.cfg
        inner = node.inner
        assert inner is not None, "information states are asked of dealt states only"
        if node.trail is None:
            node.trail = InfoTrail(g.inner, list(inner.deck), g.encoder, g.wait)
        node.trail.advance(inner.history, g.encoder)
        return node.trail

    def information_state_text(self, player: int) -> str:
        """``player``'s history, with perfect recall (turn-based games), compactly:
        every leaf of their observation after the deal, then per history entry a
        line of ``a<id>`` (if they took it) and their observation's changed leaves
        (``cardsim.envs.infostate``). It replays the deal (``inner.deck``, so a
        resampled state's own deal) and ``inner.history``, incrementally: each action
        is replayed once per line of play."""
        if self.inner is None:
            return f"dealing {len(self.dealt)}/{self._cfg.chance_nodes}"
        return self._trail().text(player)

    def information_state_into(self, player: int, out: np.ndarray) -> None:
        """Writes ``player``'s information state tensor (``info_state_layout``) into
        ``out``, a float32 array of the layout's size."""
        g = self._cfg
        layout = info_state_layout(g)
        if self.inner is None:
            out.fill(0.0)
            out[layout.progress] = len(self.dealt) / g.chance_nodes
            return
        self._trail().write(player, layout, g.info_steps, out)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CardsimState:
        """A state ``player_id`` cannot tell from this one, what they have not seen dealt afresh.

        ``resample_hidden`` redeals the cards the player never saw. For a
        "cards" deal the new state's history is that deal and the same moves, except
        that at a simultaneous node an action this state dropped (illegal when its
        seat's turn came) is WAIT: so the same actions are applied and the player's
        observation is this state's, whatever the redeal makes legal. A
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
        out.inner = inner  # (the setter drops the information state replay)
        return out


def _rebuild(original: CardsimState, chance: list[int]) -> CardsimState:
    """A state dealt by ``chance`` that replays ``original``'s decisions (one
    joint action per simultaneous node)."""
    out = CardsimState(original.get_game())
    for c in chance:
        out.apply_action(c)
    offset = len(original.dealt)
    moves = original._s.moves[offset:]
    dropped = set(original._s.dropped)
    n = original._cfg.num_players
    i = 0
    while i < len(moves):
        if out.is_simultaneous_node():
            # An action the true world dropped becomes WAIT: in the redealt world it
            # may be legal, and applying it would change what everyone sees. The
            # applied ones replay the contract history, which the redeal keeps legal.
            joint = [
                out._cfg.wait if offset + i + seat in dropped else a
                for seat, a in enumerate(moves[i : i + n])
            ]
            out.apply_actions(joint)
            i += n
        else:
            out.apply_action(moves[i])
            i += 1
    return out


class CardsimObserver:
    """OpenSpiel's PyObserver: ``observation(p)`` as a tensor and as JSON text."""

    def __init__(
        self,
        game: _Config,
        iig_obs_type: pyspiel.IIGObservationType | None,
        params: dict[str, object] | None,
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
        shape: tuple[int, ...] = (
            (info_state_layout(game).size,) if self.perfect_recall else game.encoder.shape
        )
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardsimState, player: int) -> None:
        if self.perfect_recall:
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


def _game_type(sn: str, inner: Game, zero_sum: bool | None = None) -> pyspiel.GameType:
    """The OpenSpiel type of a game; zero-sum when ``zero_sum`` says so, else (the
    registered type, covering every configuration) when every ``players`` value
    seats 2+."""
    lo, hi = _players_range(inner)
    if zero_sum is None:
        zero_sum = lo >= 2
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
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
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
_FACTORIES: dict[str, Callable[..., Game]] = {}


def register(game: str | Callable[..., Game], name: str | None = None) -> str:
    """Registers one game with OpenSpiel and returns its short name.

    ``game`` is a registered cardsim name, or a factory ``**options -> game``
    (any object following the state contract, e.g. a reference game class).
    Registering the same name again does nothing.
    """
    factory: Callable[..., Game] = functools.partial(make, game) if isinstance(game, str) else game
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


def load(game_name: str, **options: OptionValue) -> pyspiel.Game:
    """``pyspiel.load_game`` of a cardsim game with options, e.g. ``load("clock")``.
    An int option past OpenSpiel's 32-bit game parameters is a ValueError naming it."""
    for name, value in options.items():
        # pybind11 cannot cast such an int to the parameter's C++ int: it raised
        # RuntimeError "Unable to cast ... to C++ type '?'".
        if isinstance(value, int) and not isinstance(value, bool) and not -(2**31) <= value < 2**31:
            raise ValueError(
                f"{game_name} option {name!r} must fit OpenSpiel's 32-bit int game"
                f" parameters, [-2**31, 2**31), got {value}"
            )
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
