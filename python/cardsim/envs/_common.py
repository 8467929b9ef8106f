"""What every adapter shares: resolving a game, returns, built-in policies, bounds."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from ..contract.constants import SIMULTANEOUS, TERMINAL
from ..games import make

if TYPE_CHECKING:
    from ..contract.protocols import Game, State

__all__ = [
    "OPPONENTS",
    "RENDER_MODES",
    "as_action",
    "camel_case",
    "check_render_mode",
    "max_decisions",
    "opponents_option",
    "outcome_returns",
    "pick_action",
    "resolve_game",
    "return_bounds",
    "seat_actions",
]

#: Built-in policies for seats the learner does not play.
OPPONENTS = ("random", "first", "greedy")

#: A built-in policy name, or ``(state, seat, rng) -> action``.
Policy = str | Callable[["State", int, np.random.Generator], int]

_T = TypeVar("_T")


def as_action(value: object, what: str = "action") -> int:
    """``value`` as a Python int, refusing what numpy's integer casting refuses.

    An int or numpy integer (a 0-d integer array too) passes; a bool, float or str raises
    TypeError, as the core does, so 0.9 never quietly plays action 0.
    """
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{what} must be an integer, got bool {value!r}")
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "iu":
        return int(value)
    raise TypeError(f"{what} must be an integer, got {type(value).__name__} {value!r}")


#: The render modes every adapter offers: the seat's view as text or as an SVG drawing.
RENDER_MODES = ("ansi", "svg")


def check_render_mode(render_mode: object, offered: Sequence[str] = RENDER_MODES) -> None:
    """Refuses a render mode the env cannot draw with a TypeError, Gymnasium's convention:
    a library that asks for one speculatively (stable-baselines3's ``make_vec_env`` passes
    ``render_mode="rgb_array"``) catches the TypeError and builds the env without it.

    "rgb_array" would need the SVG drawing rasterised; no rasteriser is a dependency of
    cardsim, so it is refused like any mode not in ``offered``."""
    if render_mode is None or render_mode in offered:
        return
    raise TypeError(
        f"render_mode {render_mode!r} is not offered (offered: None, "
        + ", ".join(repr(m) for m in offered)
        + "); 'rgb_array' would need an SVG rasteriser, which cardsim does not depend on"
    )


def resolve_game(game: str | Game, backend: str = "cpp", **options: object) -> Game:
    """A game object from a registered name (with options) or a game object as is."""
    if isinstance(game, str):
        return make(game, backend=backend, **options)
    if options:
        raise ValueError("pass options to cardsim.make(), not here, when giving a game object")
    if not hasattr(game, "new_game") or not hasattr(game, "num_actions"):
        raise TypeError(f"expected a game name or a cardsim game, got {type(game).__name__}")
    return game


def camel_case(name: str) -> str:
    """``clock_duel`` -> ``ClockDuel`` (the Gymnasium id style)."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def outcome_returns(state: State) -> list[float]:
    """Each seat's return at the end of a game (zeros before it).

    One player: 1 for a win, 0 otherwise. Several: the w winners share +1
    (each +1/w) and the others share -1 (each -1/(n-w)), so returns always sum
    to zero; a draw, a truncation or nobody winning gives everyone 0.
    """
    n = state.num_players
    if not state.is_terminal():
        return [0.0] * n
    won = set(state.winners())
    if n == 1:
        return [1.0 if 0 in won else 0.0]
    if state.is_draw() or state.is_truncated() or not won or len(won) == n:
        return [0.0] * n
    w = len(won)
    return [1.0 / w if p in won else -1.0 / (n - w) for p in range(n)]


def return_bounds(num_players: int) -> tuple[float, float]:
    """The least and greatest value ``outcome_returns`` can give a seat."""
    return (0.0, 1.0) if num_players == 1 else (-1.0, 1.0)


def max_decisions(game: Game) -> int:
    """An upper bound on the actions (contract moves) one game can take: the
    game's own declaration (``game.traits.max_decisions``)."""
    return int(game.traits.max_decisions)


def seat_actions(state: State, seat: int) -> list[int]:
    """The actions ``seat`` may take now (at a simultaneous point, its own only)."""
    cp = state.current_player()
    if cp == TERMINAL:
        return []
    if cp == SIMULTANEOUS:
        return list(state.legal_actions_for(seat))
    return list(state.legal_actions()) if cp == seat else []


def pick_action(state: State, policy: Policy, rng: np.random.Generator, seat: int) -> int:
    """The action a built-in ``policy`` (or a callable) plays for ``seat``."""
    legal = seat_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if callable(policy):
        a = as_action(policy(state, seat, rng), "opponent policy's action")
        if a not in legal:
            raise ValueError(f"opponent policy returned illegal action {a}")
        return a
    if policy == "first":
        return legal[0]
    if policy == "random":
        return legal[int(rng.integers(len(legal)))] if len(legal) > 1 else legal[0]
    if policy == "greedy":
        if not hasattr(state, "_greedy_action"):
            raise ValueError("opponent='greedy' needs the cpp backend")
        # At a simultaneous point the game's heuristic chooses for one seat.
        who = seat if state.current_player() == SIMULTANEOUS else None
        return int(state._greedy_action(int(rng.integers(2**63)), who))
    raise ValueError(f"unknown opponent policy {policy!r} (known: {', '.join(OPPONENTS)})")


def opponents_option(
    opponents: _T | None, opponent: _T | None, default: _T | str = "random"
) -> _T | str:
    """The ``opponents`` option, taking the old singular ``opponent`` as an alias with a
    DeprecationWarning (giving both is a TypeError)."""
    if opponent is None:
        return default if opponents is None else opponents
    if opponents is not None:
        raise TypeError("give opponents= only (opponent= is its deprecated alias)")
    warnings.warn(
        "opponent= is deprecated: use opponents= (the same name in every adapter)",
        DeprecationWarning,
        stacklevel=3,
    )
    return opponent


def check_policy(policy: object) -> Policy:
    if callable(policy) or (isinstance(policy, str) and policy in OPPONENTS):
        return policy  # type: ignore[no-any-return]
    raise ValueError(f"unknown opponent policy {policy!r} (known: {', '.join(OPPONENTS)})")
