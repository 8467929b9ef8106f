"""The state contract, in plain Python, shared by every reference game.

A reference game implements the few methods marked abstract; everything the
contract adds around them (type checks, illegal-action handling, masks,
copies, pickling) lives here once.
"""

from __future__ import annotations

import copy
import functools
import os
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import numpy as np

from .. import _core
from .._typing import JSONObject, KnownJSON, OptionValue
from ..contract.declaration import declaration, declarations
from ..contract.errors import IllegalActionError
from ..contract.traits import GameTraits
from .cards import canonical_card_words
from .rng import GameRng
from .tensor import TensorWriter

T = TypeVar("T")


__all__ = [
    "Option",
    "ReferenceGame",
    "ReferenceState",
    "check_int",
    "check_tensor_buffer",
    "resolve_options",
]


@dataclass(frozen=True)
class Option:
    """One option a game takes: its name, default, meaning and allowed values."""

    name: str
    default: OptionValue
    doc: str
    range: tuple[int, int] | None = None
    choices: tuple[str, ...] | None = None


def declared_options(game: str) -> list[Option]:
    """The options ``game`` declares (cardsim.contract.declaration), as Options.

    A reference game implements its rules on its own (the independence the cross-check
    needs), but what it accepts (each option's name, type, default, range and meaning)
    is the game's one declaration, so the two backends cannot disagree on it.
    """
    return [
        Option(
            s["name"],
            s["default"],
            s["doc"],
            range=(s["range"][0], s["range"][1]) if "range" in s else None,
            choices=tuple(s["choices"]) if "choices" in s else None,
        )
        for s in declaration(game).options
    ]


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, np.integer)):
        return "int"
    if isinstance(value, str):
        return "str"
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return "list of str"
    return type(value).__name__


def resolve_options(game: str, specs: list[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Checks ``given`` against ``specs`` and fills in defaults."""
    known = {s.name: s for s in specs}
    for name in given:
        if not isinstance(name, str):
            raise TypeError(f"option names must be str, got {type(name).__name__}")
        if name not in known:
            listing = f"known: {', '.join(known)}" if known else "it takes no options"
            raise ValueError(f"unknown option {name!r} for {game} ({listing})")
    out: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.name, spec.default)
        want, got = _kind(spec.default), _kind(value)
        if want != got:
            raise TypeError(f"{game} option {spec.name!r} must be {want}, got {got}")
        if want == "int":
            value = int(value)
            lo, hi = spec.range if spec.range else (-(2**63), 2**63 - 1)
            if not lo <= value <= hi:
                raise ValueError(
                    f"{game} option {spec.name!r} must be between {lo} and {hi}, got {value}"
                )
        if spec.choices is not None and value not in spec.choices:
            raise ValueError(
                f"{game} option {spec.name!r} must be one of {', '.join(map(repr, spec.choices))},"
                f" got {value!r}"
            )
        if want == "list of str":
            value = list(value)
        out[spec.name] = value
    return out


def check_tensor_buffer(out: object, shape: tuple[int]) -> None:
    """An ``out=`` buffer must be a writeable C-contiguous float32 array of ``shape``."""
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy array, got {type(out).__name__}")
    if out.dtype != np.float32:
        raise TypeError(f"out must have dtype float32, got {out.dtype}")
    if out.shape != shape:
        raise ValueError(f"out must have shape {shape}, got {out.shape}")
    if not out.flags.c_contiguous:
        raise ValueError("out must be C-contiguous")
    if not out.flags.writeable:
        raise ValueError("out must be writeable")


def check_int(value: object, what: str) -> int:
    """An int or numpy integer, never a bool or float; else TypeError."""
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{what} must be an int, got bool")
    if isinstance(value, (int, np.integer)):
        return int(value)
    raise TypeError(f"{what} must be an int, got {type(value).__name__}")


class ReferenceGame(ABC):
    """A game with validated options; ``new_game`` deals a state.

    A registered game (its ``name`` declared in the core) takes what it is from its
    declaration, not from its own code: its options (``option_specs``, set on the class),
    its seats and its traits. Its rules, its action ids (``num_actions``) and all the
    rest it implements on its own. A game of its own (not registered) states
    ``option_specs``, ``num_players`` and ``traits`` itself.
    """

    name: ClassVar[str]
    option_specs: ClassVar[list[Option]] = []

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__dict__.get("name")
        if "option_specs" not in cls.__dict__ and isinstance(name, str) and name in declarations():
            cls.option_specs = declared_options(name)

    def __init__(self, **options: object) -> None:
        self._options = resolve_options(self.name, self.option_specs, options)
        self._declared_traits: GameTraits | None = None

    @property
    def options(self) -> dict[str, Any]:  # each read as its declared type by the rules
        return dict(self._options)

    @property
    def num_players(self) -> int:
        """Seats in this configuration: its ``players`` option, or the one count its
        declaration gives a game without one."""
        if "players" in self._options:
            return int(self._options["players"])
        return declaration(self.name).default_players

    @property
    @abstractmethod
    def num_actions(self) -> int: ...

    @property
    def traits(self) -> GameTraits:
        """What the game is (cardsim.contract.traits.GameTraits), for this configuration:
        declared by the core for the same options (a declaration is metadata, not
        rules; tests/test_traits.py checks each trait against this backend's play)."""
        if self._declared_traits is None:
            self._declared_traits = _core.make(self.name, dict(self._options)).traits
        return self._declared_traits

    @abstractmethod
    def random_deck(self, rng: GameRng) -> list[str]:
        """The deck order a seeded deal uses (drawn exactly as the core draws it)."""

    @abstractmethod
    def parse_deck(self, deck: object) -> list[str]:
        """Checks an explicit deal and returns it as card strings."""

    def deck_layout(self, template: list[str]) -> list[tuple[list[str], int]]:
        """How an explicit deck of this configuration is laid out, given one
        (``template``, e.g. a seeded deal's): (cards, how many of them) blocks in deck
        order, each any permutation of its cards cut to that many (cardsim.testing draws
        decks from it). By default a deck of several whole packs (one per player or per
        deal) is permuted pack by pack, and any other deck as one block; a game whose
        deck has parts of its own says so by overriding this."""
        if len(template) > 52 and len(template) % 52 == 0:
            packs = [template[i : i + 52] for i in range(0, len(template), 52)]
            if all(len(set(p)) == 52 for p in packs):
                return [(p, 52) for p in packs]
        return [(template, len(template))]

    @abstractmethod
    def deal(self, deck: list[str]) -> ReferenceState: ...

    def new_game(self, *args: object, seed: object = None, deck: object = None) -> ReferenceState:
        """Deals from an explicit ``deck`` (card strings, top first) or from ``seed``."""
        if args:
            s = "" if len(args) == 1 else "s"
            raise TypeError(
                "new_game takes keywords only: new_game(seed=...) or new_game(deck=[...]),"
                f" got {len(args)} positional argument{s}"
            )
        if deck is not None:
            if seed is not None:
                raise ValueError("new_game takes seed= or deck=, not both")
            cards = self.parse_deck(deck)
        else:
            if seed is None:
                seed = int.from_bytes(os.urandom(8), "little")
            s = check_int(seed, "seed")
            if not 0 <= s < 2**64:
                raise ValueError(f"seed must be in [0, 2**64), got {s}")
            cards = self.random_deck(GameRng.for_game(s, 0))
        state = self.deal(list(cards))
        state.deck = list(cards)
        # The seed of a seeded deal (a fresh one when none was given) is kept so
        # that the game can be dealt again; an explicit deck has none.
        state.seed = None if deck is not None else s
        return state

    def _observation_tensor_size(self) -> int | None:
        """The tensor's length, for a game with an exact observation tensor (else None)."""
        return None

    @property
    def observation_tensor_shape(self) -> tuple[int]:
        """The shape of ``observation_tensor``, fixed for this configuration.

        A game without an exact tensor lacks the attribute (AttributeError), as
        the core's classes do.
        """
        size = self._observation_tensor_size()
        if size is None:
            raise AttributeError(f"{self.name} has no exact observation tensor")
        return (size,)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ReferenceGame)
            and other.name == self.name
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self) -> tuple[object, ...]:
        # Unpickled through the constructor, so its options are checked again.
        return (_unpickle_game, (type(self), self.options))

    def __repr__(self) -> str:
        return f"<cardsim reference game {self.name}>"


def _unpickle_game(cls: object, options: object) -> ReferenceGame:
    if not (isinstance(cls, type) and issubclass(cls, ReferenceGame)):
        raise ValueError("corrupted game pickle: not a reference game")
    if not isinstance(options, dict):
        raise ValueError("corrupted game pickle: options are not a dict")
    return cls(**options)


def _unpickle_state(game: object, deck: object, history: object, seed: object) -> ReferenceState:
    """A pickled state dealt and replayed through the contract, as the core unpickles:
    a bad deck, an illegal action or a bad seed is refused, never believed."""
    if not isinstance(game, ReferenceGame):
        raise ValueError("corrupted state pickle: bad game")
    if not isinstance(history, list):
        raise ValueError("corrupted state pickle: history is not a list")
    state = game.new_game(deck=deck)
    for a in history:
        state.apply_action(a)
    if seed is not None:
        s = check_int(seed, "seed")
        if not 0 <= s < 2**64:
            raise ValueError(f"corrupted state pickle: seed must be in [0, 2**64), got {s}")
        state.seed = s
    return state


def _without_seed(d: dict[str, T]) -> dict[str, T]:
    # Equal states are equal however they were dealt (as in the core).
    return {k: v for k, v in d.items() if k != "seed"}


#: The states whose apply_action is running, by id: a second thread's call is refused.
_applying: set[int] = set()
_applying_lock = threading.Lock()


class ReferenceState(ABC):
    """A game in progress. Subclasses implement the rules; this class the contract.

    Threads: a reference state is for one thread at a time. Its moves are
    Python code that the interpreter may switch away from halfway, so
    ``apply_action`` refuses to start while another thread's is running on the
    same state (RuntimeError, the state unchanged); reads during a move may see
    it half made. Give each thread its own ``clone()``. (A C++ state holds the
    GIL in every call, so its calls from several threads take effect one at a time.)
    """

    def __init__(self, game: ReferenceGame) -> None:
        self.game = game
        self.deck: list[str] = []
        self.history: list[int] = []
        self.seed: int | None = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        # Every game writes its own to_dict from the rules; the contract adds the
        # deal's seed to it here, once, as the core's binding does.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("to_dict")
        if own is not None and not getattr(own, "_adds_seed", False):

            @functools.wraps(own)
            def to_dict(self: ReferenceState) -> JSONObject:
                return {**own(self), "seed": self.seed}

            to_dict._adds_seed = True  # type: ignore[attr-defined]
            cls.to_dict = to_dict  # type: ignore[method-assign]

    @property
    def num_players(self) -> int:
        return self.game.num_players

    # --- what each game implements -------------------------------------------------
    @abstractmethod
    def current_player(self) -> int: ...

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Sorted ids of the legal actions."""

    @abstractmethod
    def why_illegal(self, action: int) -> str:
        """The reason ``action`` (in range) is not legal now, or "" if it is."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Plays a legal action."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    def is_truncated(self) -> bool:
        return False

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]: ...

    def is_draw(self) -> bool:
        return False

    @abstractmethod
    def to_dict(self) -> JSONObject:
        """The full state as a JSON-safe dict, with ``seed``: the deal's seed, None for a deck."""

    @abstractmethod
    def observation(self, player: object) -> JSONObject: ...

    @abstractmethod
    def action_to_string(self, action: object) -> str: ...

    @abstractmethod
    def _parse_action(self, text: str) -> int:
        """The id of an action text; ValueError if it names none."""

    # --- the contract around them --------------------------------------------------
    def check_action(self, action: object) -> int:
        """Type and range check shared by every method that takes an action id."""
        a = check_int(action, "an action")
        if not 0 <= a < self.game.num_actions:
            raise IllegalActionError(f"action {a} is out of range [0, {self.game.num_actions})")
        return a

    def check_player(self, player: object) -> int:
        p = check_int(player, "a player")
        if not 0 <= p < self.num_players:
            raise ValueError(f"player {p} is out of range [0, {self.num_players})")
        return p

    def string_to_action(self, text: object) -> int:
        """The action id of a text from action_to_string; ValueError if unknown."""
        if not isinstance(text, str):
            raise TypeError(f"action text must be a str, got {type(text).__name__}")
        return self._parse_action(canonical_card_words(text))

    def apply_action(self, action: object) -> None:
        """Plays ``action``; raises IllegalActionError (state unchanged) if it is not legal,
        and RuntimeError if another thread is playing a move on this state."""
        key = id(self)
        with _applying_lock:
            if key in _applying:
                raise RuntimeError(
                    f"this {self.game.name} reference state is in use by another thread: "
                    "play a state from one thread at a time, or give each thread a clone()"
                )
            _applying.add(key)
        try:
            a = self.check_action(action)
            why = self.why_illegal(a)
            if why:
                raise IllegalActionError(f"illegal action {a}: {why}")
            self._apply(a)
            self.history.append(a)
        finally:
            with _applying_lock:
                _applying.discard(key)

    def legal_actions_for(self, player: object) -> list[int]:
        p = self.check_player(player)
        return self.legal_actions() if self.current_player() == p else []

    def _write_observation_tensor(self, player: int, w: TensorWriter) -> None:
        """Writes the game's documented tensor for ``player``: by default the encoding
        of ``observation(player)``, so the tensor reads nothing else."""
        self._encode_observation(self.observation(player), player, w)

    def _encode_observation(self, obs: KnownJSON, player: int, w: TensorWriter) -> None:
        """Writes the tensor of an observation dict of this game (a game with a tensor
        implements this, or ``_write_observation_tensor``)."""
        raise AttributeError(f"{self.game.name} has no exact observation tensor")

    def encode_observation(self, obs: JSONObject, player: object) -> np.ndarray:
        """The tensor of any observation dict of this game seen by ``player`` (the
        state itself is not read), for tests that encode observations play never made."""
        shape = self.game.observation_tensor_shape
        out = np.empty(shape, dtype=np.float32)
        w = TensorWriter(out)
        self._encode_observation(obs, self.check_player(player), w)
        if w.offset != shape[0]:
            raise AssertionError(f"{self.game.name} wrote {w.offset} of {shape[0]} tensor entries")
        return out

    def observation_tensor(self, player: object, out: np.ndarray | None = None) -> np.ndarray:
        """What seat ``player`` may see, as a 1-D float32 array (docs/rules/<game>.md).

        ``out=`` writes into that array instead and returns it. A bad player, or
        an ``out`` of the wrong type, dtype, shape or layout, raises
        ValueError / TypeError and changes nothing.
        """
        shape = self.game.observation_tensor_shape
        p = self.check_player(player)
        if out is None:
            out = np.empty(shape, dtype=np.float32)
        else:
            check_tensor_buffer(out, shape)
        w = TensorWriter(out)
        self._write_observation_tensor(p, w)
        if w.offset != shape[0]:
            raise AssertionError(f"{self.game.name} wrote {w.offset} of {shape[0]} tensor entries")
        return out

    def legal_action_mask(self) -> np.ndarray:
        mask = np.zeros(self.game.num_actions, dtype=bool)
        mask[self.legal_actions()] = True
        return mask

    def clone(self) -> ReferenceState:
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, object]) -> ReferenceState:
        # A copy is made from a state already checked: its fields, not a replay.
        new = object.__new__(type(self))
        memo[id(self)] = new
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return new

    def __reduce__(self) -> tuple[object, ...]:
        # A pickle holds the deal and the actions; loading replays them (_unpickle_state).
        return (_unpickle_state, (self.game, list(self.deck), list(self.history), self.seed))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ReferenceState)
            and self.game == other.game
            and _without_seed(self.to_dict()) == _without_seed(other.to_dict())
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        end = ", terminal" if self.is_terminal() else ""
        return f"<{self.game.name} reference state, {len(self.history)} actions{end}>"
