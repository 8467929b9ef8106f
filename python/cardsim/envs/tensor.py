"""Numeric observation tensors: one fixed-shape float32 vector per observation.

Every encoder reads ``observation(p)`` only, never the full state, so a tensor
cannot show a card the player does not see. The shape depends on the game's
configuration (its name and number of players), never on the play.

- A game in ``ENCODERS`` gets a hand-written encoder (Clock: docs/rules/clock.md).
- Any other game gets the generic encoder (docs/embedding.md): every leaf of
  the observation dict is filed under its key path with list indices collapsed
  (``players[].line[][]``), hashed into one of ``BUCKETS`` buckets; each bucket
  holds a 53-wide count of the cards under it (52 cards then the joker) and four
  numbers (sum of numeric leaves, leaves, nulls, list items). Lists of one entry
  per seat (the game's ``traits.per_seat_keys``, when their length is the
  number of players) keep the seat: each bucket has one lane for shared
  values and, in a game of n >= 2 players, n lanes per seat, rotated so that
  lane 1 is the observer. Hashing fixes the shape whatever keys appear. Every
  value v is output as sign(v) log1p(|v|), inside [-89, 89].

    >>> import cardsim
    >>> from cardsim.envs.tensor import encoder_for
    >>> game = cardsim.make("clock")
    >>> enc = encoder_for(game)
    >>> enc.encode(game.new_game(seed=1).observation(0), player=0).shape == enc.shape
    True
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _core

__all__ = [
    "BUCKETS",
    "ENCODERS",
    "Encoder",
    "card_index",
    "encode",
    "encoder_for",
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


def card_index(text: str) -> int:
    """0..51 for a card in canonical order, 52 for the joker."""
    return _CARD_INDEX[text]


@dataclass(frozen=True)
class Encoder:
    """Turns one player's observation dict of a game configuration into a vector."""

    shape: tuple[int, ...]
    low: float
    high: float
    fn: Callable[[dict[str, Any], int], np.ndarray]
    description: str

    def encode(self, observation: dict[str, Any], player: int) -> np.ndarray:
        out = self.fn(observation, player)
        assert out.shape == self.shape and out.dtype == np.float32
        return out


# --- Clock (and the duel) -----------------------------------------------------------
_CLOCK_SEAT = 52 + 13 + 13 + 1 + 1


def _clock_encoder(num_players: int) -> Encoder:
    """[my turn, game over] + per seat, the observer first: face-up cards
    (52 multi-hot), face-down count per pile / 4 (13), the pile to turn from
    (13 one-hot), cards turned / 52, clock stopped."""
    n = num_players
    size = 2 + n * _CLOCK_SEAT

    def fn(obs: dict[str, Any], player: int) -> np.ndarray:
        out = np.zeros(size, dtype=np.float32)
        cp = obs["current_player"]
        out[0] = cp == player
        out[1] = cp == -4
        for k in range(n):
            seat = obs["players"][(player + k) % n]
            base = 2 + k * _CLOCK_SEAT
            for pile in seat["face_up"]:
                for card in pile:
                    out[base + card_index(card)] = 1.0
            out[base + 52 : base + 65] = np.asarray(seat["face_down_count"], dtype=np.float32) / 4
            out[base + 65 + seat["next_pile"] - 1] = 1.0
            out[base + 78] = seat["turned"] / 52
            out[base + 79] = float(seat["stopped"])
        return out

    return Encoder((size,), 0.0, 1.0, fn, "clock: hand-written (docs/rules/clock.md)")


#: Hand-written encoders: game name -> (num_players -> Encoder).
ENCODERS: dict[str, Callable[[int], Encoder]] = {
    "clock": _clock_encoder,
    "clock_duel": _clock_encoder,
}


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

    def fn(obs: dict[str, Any], player: int) -> np.ndarray:
        # Sums gathered in a dict (flat index -> value): far cheaper per leaf than
        # numpy scalar indexing.
        acc: dict[int, float] = {}

        def add(path: str, lane: int, feature: int, v: float = 1.0) -> None:
            i = (_bucket(path) * lanes + lane) * _WIDTH + feature
            acc[i] = acc.get(i, 0.0) + v

        def walk(value: Any, path: str, lane: int, key: str) -> None:
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


def encoder_for(game: Any) -> Encoder:
    """The encoder of a game object (its name and number of players fix the shape)."""
    return _encoder(game.name, game.num_players, tuple(game.traits.per_seat_keys))


_CACHE: dict[tuple[str, int, tuple[str, ...] | None], Encoder] = {}


def _encoder(name: str, num_players: int, per_seat_keys: tuple[str, ...] | None = None) -> Encoder:
    key = (name, num_players, per_seat_keys)
    if key not in _CACHE:
        factory = ENCODERS.get(name)
        _CACHE[key] = (
            factory(num_players) if factory else generic_encoder(name, num_players, per_seat_keys)
        )
    return _CACHE[key]


def encode(
    game_name: str, observation: dict[str, Any], num_players: int = 1, player: int | None = None
) -> np.ndarray:
    """The float32 tensor of ``observation`` (from ``observation(player)``).

    ``player`` defaults to the observation's ``"player"`` entry, else 0.
    """
    if player is None:
        p = observation.get("player", 0)
        player = p if isinstance(p, int) and 0 <= p < num_players else 0
    return _encoder(game_name, num_players).encode(observation, player)
