"""Numeric observation tensors: one fixed-shape float32 vector per observation.

The shape depends on the game's configuration, never on the play; a tensor
shows nothing the player cannot see.

- A game with an exact tensor (every built-in game that implements
  ``game.observation_tensor_shape`` and ``state.observation_tensor(p)``, written
  by the C++ core straight into numpy memory and laid out in its
  docs/rules/<game>.md) uses it: ``encoder_for(game)`` hands it over, with the
  contract's bounds [-1, 1].
- Any other game (one registered from outside) gets the generic encoder
  (docs/embedding.md), which reads ``observation(p)`` only: every leaf of the
  observation dict is filed under its key path with list indices collapsed
  (``players[].line[][]``), hashed into one of ``BUCKETS`` buckets; each bucket
  holds a 53-wide count of the cards under it (52 cards then the joker) and four
  numbers (sum of numeric leaves, leaves, nulls, list items). Lists of one entry
  per seat (the game's ``traits.per_seat_keys``, when their length is the
  number of players) keep the seat: each bucket has one lane for shared
  values and, in a game of n >= 2 players, n lanes per seat, rotated so that
  lane 1 is the observer. Hashing fixes the shape whatever keys appear. Every
  value v is output as ``sign(v) log1p(|v|)``, inside [-89, 89]. It is lossy: it
  does not keep which pile or grid cell a card is in.

    >>> import cardsim
    >>> from cardsim.envs.tensor import encoder_for
    >>> game = cardsim.make("clock")
    >>> enc = encoder_for(game)
    >>> enc.exact, enc.encode_state(game.new_game(seed=1), player=0).shape == enc.shape
    (True, True)
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast

import numpy as np

from .. import _core

if TYPE_CHECKING:
    from ..contract.protocols import Game, State

__all__ = [
    "BUCKETS",
    "Encoder",
    "card_index",
    "encode",
    "encoder_for",
    "exact_encoder",
    "generic_encoder",
]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
NUM_CARD_KINDS = 53  # 52 cards in canonical order (clubs A..K, D, H, S), then the joker

#: Buckets of the generic encoder.
BUCKETS = 32
#: Bound of the generic encoder's values: sign(x) log1p(|x|) of any float32.
SQUASH_BOUND = 89.0
_NUMERIC = 4  # sum of numeric leaves, leaves, nulls, list items
_WIDTH = NUM_CARD_KINDS + _NUMERIC
#: Keys whose int value is a seat (or a negative marker such as TERMINAL).
_SEAT_VALUE_KEYS = frozenset({"current_player", "player", "winner", "out_player", "ended_by"})


_CARD_INDEX = {r + s: i * 13 + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)}
_CARD_INDEX["JK"] = 52


class _ExactGame(Protocol):
    """A game with an exact observation tensor (both backends' games have one)."""

    @property
    def name(self) -> str: ...
    @property
    def observation_tensor_shape(self) -> tuple[int, ...]: ...


class _ExactState(Protocol):
    """A state of such a game: it writes its own tensor."""

    def observation_tensor(self, player: int, out: np.ndarray | None = None) -> np.ndarray: ...


def card_index(text: str) -> int:
    """0..51 for a card in canonical order, 52 for the joker."""
    return _CARD_INDEX[text]


@dataclass(frozen=True)
class Encoder:
    """Turns one player's view of a game configuration into a fixed-shape float32 vector.

    ``encode_state(state, p)`` works for every encoder. An exact encoder (``exact``)
    asks the state for its own tensor; the generic one encodes ``observation(p)``,
    which ``encode(observation, p)`` also takes directly.
    """

    shape: tuple[int, ...]
    low: float
    high: float
    fn: Callable[[Mapping[str, object], int], np.ndarray] | None
    description: str
    exact: bool = False

    def encode(self, observation: Mapping[str, object], player: int) -> np.ndarray:
        """The tensor of an observation dict (the generic encoder only)."""
        if self.fn is None:
            raise TypeError(
                "an exact tensor is computed from the state: use encode_state(state, player)"
            )
        out = self.fn(observation, player)
        assert out.shape == self.shape and out.dtype == np.float32
        return out

    def encode_state(self, state: State, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """Seat ``player``'s tensor of ``state``, written into ``out`` when given."""
        if self.exact:
            # Only a game with an exact tensor gets an exact encoder: its states write it.
            return cast("_ExactState", state).observation_tensor(player, out=out)
        v = self.encode(state.observation(player), player)
        if out is None:
            return v
        out[...] = v
        return out


def exact_encoder(game: _ExactGame) -> Encoder:
    """The encoder of a game with an exact tensor (``observation_tensor_shape``)."""
    return Encoder(
        tuple(game.observation_tensor_shape),
        -1.0,
        1.0,
        None,
        f"{game.name}: exact (docs/rules/{game.name}.md, Observation tensor)",
        exact=True,
    )


# --- The generic encoder ----------------------------------------------------------------
@functools.lru_cache(maxsize=65536)
def _bucket(path: str) -> int:
    return zlib.crc32(path.encode()) % BUCKETS


def generic_encoder(
    game_name: str, num_players: int, per_seat_keys: tuple[str, ...] | None = None
) -> Encoder:
    """The generic encoder of a game configuration. ``per_seat_keys`` (default:
    the game's ``traits.per_seat_keys``) name the lists with one entry per seat."""
    n = num_players
    lanes = 1 if n == 1 else 1 + n
    if per_seat_keys is None:
        per_seat_keys = _core.make(game_name, {}).traits.per_seat_keys
    seat_keys = frozenset(per_seat_keys)

    size = BUCKETS * lanes * _WIDTH
    # The four numbers after the card counts.
    total, leaves, nulls, items = (NUM_CARD_KINDS + k for k in range(_NUMERIC))

    def fn(obs: Mapping[str, object], player: int) -> np.ndarray:
        # Sums gathered in a dict (flat index -> value): far cheaper per leaf than
        # numpy scalar indexing.
        acc: dict[int, float] = {}

        def add(path: str, lane: int, feature: int, v: float = 1.0) -> None:
            i = (_bucket(path) * lanes + lane) * _WIDTH + feature
            acc[i] = acc.get(i, 0.0) + v

        def walk(value: object, path: str, lane: int, key: str) -> None:
            if isinstance(value, str):
                card = _CARD_INDEX.get(value)
                if card is not None:
                    add(path, lane, card)
                    add(path, lane, leaves)
                else:  # a category: its own bucket, counted
                    add(f"{path}={value}", lane, leaves)
            elif isinstance(value, dict):
                for k, v in value.items():
                    walk(v, f"{path}.{k}", lane, k)
            elif isinstance(value, (list, tuple)):
                add(path, lane, items, len(value))
                per_seat = lanes > 1 and lane == 0 and key in seat_keys and len(value) == n
                sub_path = path + "[]"
                for i, v in enumerate(value):
                    walk(v, sub_path, 1 + (i - player) % n if per_seat else lane, key)
            elif value is None:
                add(path, lane, nulls)
            elif isinstance(value, (bool, int, float, np.integer, np.floating)):
                v = float(value)
                if (
                    key in _SEAT_VALUE_KEYS
                    and lanes > 1
                    and not isinstance(value, bool)
                    and 0 <= v < n
                    and v == int(v)
                ):
                    add(path, 1 + (int(v) - player) % n, leaves)  # a seat, seen from the observer
                else:
                    add(path, lane, total, v)
                    add(path, lane, leaves)
            else:
                raise TypeError(f"observation leaf {path} is not JSON-safe: {type(value).__name__}")

        walk(obs, "", 0, "")
        flat = np.zeros(size, dtype=np.float32)
        if acc:
            flat[np.fromiter(acc.keys(), np.intp, len(acc))] = np.fromiter(
                acc.values(), np.float32, len(acc)
            )
        # Squashed so the Box is finite whatever the counts and sums reach.
        return np.sign(flat) * np.log1p(np.abs(flat))

    return Encoder(
        (BUCKETS * lanes * _WIDTH,),
        -SQUASH_BOUND,
        SQUASH_BOUND,
        fn,
        f"generic: {BUCKETS} hashed key paths x {lanes} lanes x ({NUM_CARD_KINDS} cards"
        f" + {_NUMERIC} numbers)",
    )


def encoder_for(game: Game) -> Encoder:
    """The encoder of a game object: its exact tensor if it has one, else the
    generic encoder (its name, number of players and per-seat keys fix the shape)."""
    if hasattr(game, "observation_tensor_shape"):
        return exact_encoder(cast("_ExactGame", game))
    return _generic(game.name, game.num_players, tuple(game.traits.per_seat_keys))


_CACHE: dict[tuple[str, int, tuple[str, ...] | None], Encoder] = {}


def _generic(name: str, num_players: int, per_seat_keys: tuple[str, ...] | None = None) -> Encoder:
    key = (name, num_players, per_seat_keys)
    if key not in _CACHE:
        _CACHE[key] = generic_encoder(name, num_players, per_seat_keys)
    return _CACHE[key]


def encode(
    game_name: str,
    observation: Mapping[str, object],
    num_players: int = 1,
    player: int | None = None,
) -> np.ndarray:
    """The generic encoder's float32 tensor of ``observation`` (from ``observation(player)``).

    ``player`` defaults to the observation's ``"player"`` entry, else 0. (An exact
    tensor comes from the state: ``state.observation_tensor(player)``.)
    """
    if player is None:
        p = observation.get("player", 0)
        player = p if isinstance(p, int) and 0 <= p < num_players else 0
    return _generic(game_name, num_players).encode(observation, player)
