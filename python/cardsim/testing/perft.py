"""perft: how many action lines of a given length a deal has, split by how they end.

As in chess, the counts check one implementation of the rules against another:
two move generators that agree give equal counts at every depth, and a count
that differs points at the depth (and the kind of ending) where they part.

The tree: a state's children are the states after each of its legal actions,
one child per action id. At a simultaneous node (Racing Demon) the legal
actions are every seat's, so the tree is the one the core plays: one action at
a time, whoever it belongs to.

The leaves: a line stops at ``depth`` actions, or earlier where the game ends.

- a state at ``depth`` that is not over is a *playing* leaf;
- a state at any depth up to ``depth`` that is over is a *truncated* leaf when
  the move cap ended it (``is_truncated()``), else a *terminal* leaf, and has
  no children.

So depth 0 counts the deal itself (one leaf), and every depth from the
longest game on gives the same counts: every complete game, once.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..games import make

__all__ = ["PerftCounts", "check_depth", "perft", "perft_from"]

_MAX_COUNT = 2**64 - 1


@dataclass(frozen=True)
class PerftCounts:
    """The leaves of a perft tree, by how their line ends."""

    playing: int
    terminal: int
    truncated: int

    @property
    def total(self) -> int:
        """Every leaf: the number of lines counted."""
        return self.playing + self.terminal + self.truncated


def check_depth(depth: Any) -> int:
    """``depth`` as an int >= 0: TypeError for a bool, a float or any non-int, ValueError
    for a negative one."""
    if isinstance(depth, (bool, np.bool_)) or not isinstance(depth, (int, np.integer)):
        raise TypeError(f"perft depth must be an int, got {type(depth).__name__}")
    d = int(depth)
    if d < 0:
        raise ValueError(f"perft depth must be >= 0, got {d}")
    return d


def _copy(state: Any) -> Any:
    clone = getattr(state, "clone", None)
    return clone() if callable(clone) else copy.deepcopy(state)


def _leaf(state: Any, out: list[int]) -> None:
    if not state.is_terminal():
        out[0] += 1
    elif getattr(state, "is_truncated", None) is not None and state.is_truncated():
        out[2] += 1
    else:
        out[1] += 1
    if sum(out) > _MAX_COUNT:
        raise ValueError("the perft count overflows 64 bits: choose a smaller depth")


def _count(state: Any, depth: int, out: list[int]) -> None:
    if depth == 0 or state.is_terminal():
        _leaf(state, out)
        return
    legal = state.legal_actions()
    if not legal:
        raise AssertionError("a state that is not over has no legal action")
    for action in legal:
        child = _copy(state)
        child.apply_action(action)
        _count(child, depth - 1, out)


def perft_from(state: Any, depth: Any) -> PerftCounts:
    """The perft leaves below ``state`` at ``depth``, counted in Python.

    ``state`` is any object with ``legal_actions``, ``apply_action`` and
    ``is_terminal`` (``is_truncated`` optional; copied by ``clone()`` if it has
    one, else by ``copy.deepcopy``), so a game written elsewhere can check
    itself against the published tables. ``state`` itself is not changed.
    """
    d = check_depth(depth)
    out = [0, 0, 0]
    _count(state, d, out)
    return PerftCounts(*out)


def perft(
    game: str,
    depth: Any,
    *,
    deck: list[str] | None = None,
    seed: int | None = None,
    backend: str = "cpp",
    **options: Any,
) -> PerftCounts:
    """The perft counts of game ``game`` (with ``options``) dealt from ``deck`` or
    ``seed``, at ``depth``.

    The C++ backend counts in C++ (depth-first, nothing allocated per node,
    without the GIL); ``backend="reference"`` counts the pure-Python reference
    the same way, for small depths. The module's docstring defines the tree and
    its leaves.

    Raises TypeError for a depth that is not an int (a bool or a float);
    ValueError for a depth below 0, a count past 2**64 - 1, neither or both of
    ``deck`` and ``seed``, and (as ``cardsim.make`` does) an unknown game,
    backend or option.
    """
    d = check_depth(depth)
    if (deck is None) == (seed is None):
        raise ValueError("perft counts from a fixed deal: give seed= or deck=, exactly one")
    g = make(game, backend=backend, **options)
    state = g.new_game(deck=deck) if deck is not None else g.new_game(seed=seed)
    if backend == "reference":
        return perft_from(state, d)
    # Every game ends within max_decisions actions, so no deeper depth counts more
    # (and the core takes a 64-bit depth).
    d = min(d, g.traits.max_decisions)
    playing, terminal, truncated = state._perft(d)
    return PerftCounts(playing, terminal, truncated)
