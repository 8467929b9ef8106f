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
from typing import Any, NamedTuple

import numpy as np

from ..games import make
from ..run.progress import Progress

__all__ = ["PerftCounts", "check_depth", "perft", "perft_divide", "perft_from"]

_MAX_COUNT = 2**64 - 1


class PerftCounts(NamedTuple):
    """The leaves of a perft tree, by how their line ends."""

    playing: int
    terminal: int
    truncated: int

    @property
    def total(self) -> int:
        """Every leaf: the number of lines counted."""
        return self.playing + self.terminal + self.truncated


def check_depth(depth: object) -> int:
    """``depth`` as an int >= 0: TypeError for a bool, a float or any non-int, ValueError
    for a negative one."""
    if isinstance(depth, (bool, np.bool_)) or not isinstance(depth, (int, np.integer)):
        raise TypeError(f"perft depth must be an int, got {type(depth).__name__}")
    d = int(depth)
    if d < 0:
        raise ValueError(f"perft depth must be >= 0, got {d}")
    return d


# The walk takes perft_from's duck type (legal_actions, apply_action, is_terminal;
# is_truncated and clone if it has them) and its actions as they come: Any.
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


def _legal(state: Any) -> list[Any]:
    legal = list(state.legal_actions())
    if not legal:
        raise AssertionError("a state that is not over has no legal action")
    return legal


def _count(root: Any, depth: int, out: list[int], progress: Progress | None) -> None:
    # An explicit stack of (state, its legal actions, next index): a line thousands
    # of actions long needs no Python recursion.
    if depth == 0 or root.is_terminal():
        _leaf(root, out)
        return
    stack: list[tuple[Any, list[Any], list[int]]] = [(root, _legal(root), [0])]
    while stack:
        state, legal, nxt = stack[-1]
        if nxt[0] == len(legal):
            stack.pop()
            if progress is not None and len(stack) == 1:
                progress.update(1)  # one more first move counted
            continue
        action = legal[nxt[0]]
        nxt[0] += 1
        child = _copy(state)
        child.apply_action(action)
        if len(stack) == depth or child.is_terminal():
            _leaf(child, out)
            if progress is not None and len(stack) == 1:
                progress.update(1)
        else:
            stack.append((child, _legal(child), [0]))


def perft_from(state: Any, depth: object) -> PerftCounts:
    """The perft leaves below ``state`` at ``depth``, counted in Python.

    ``state`` is any object with ``legal_actions``, ``apply_action`` and
    ``is_terminal`` (``is_truncated`` optional; copied by ``clone()`` if it has
    one, else by ``copy.deepcopy``), so a game written elsewhere can check
    itself against the published tables. ``state`` itself is not changed.
    The walk keeps its own stack, so any depth works (deep ones are slow).
    """
    d = check_depth(depth)
    out = [0, 0, 0]
    _count(state, d, out, None)
    return PerftCounts(*out)


def _deal(
    game: str, deck: list[str] | None, seed: int | None, backend: str, options: dict[str, object]
) -> Any:
    if (deck is None) == (seed is None):
        raise ValueError("perft counts from a fixed deal: give seed= or deck=, exactly one")
    g = make(game, backend=backend, **options)
    return g, (g.new_game(deck=deck) if deck is not None else g.new_game(seed=seed))


def _counts(g: Any, state: Any, d: int, backend: str, label: str) -> PerftCounts:
    """One count, with progress by first move done (a line every few seconds off a
    terminal, a bar on one; nothing for a short run)."""
    bar = Progress(1, label, unit="first move")
    try:
        if backend == "reference":
            out = [0, 0, 0]
            if d > 0 and not state.is_terminal():
                bar.total = max(len(state.legal_actions()), 1)
            _count(state, d, out, bar)
            return PerftCounts(*out)

        def report(_leaves: int, done: int, of: int) -> None:
            bar.total = max(of, 1)
            bar.update(done - bar.done)

        # Every game ends within max_decisions actions, so no deeper depth counts
        # more (and the core takes a 64-bit depth).
        d = min(d, g.traits.max_decisions)
        return PerftCounts(*state._perft(d, report))
    finally:
        bar.close()


def perft(
    game: str,
    depth: object,
    *,
    deck: list[str] | None = None,
    seed: int | None = None,
    backend: str = "cpp",
    **options: object,
) -> PerftCounts:
    """The perft counts of game ``game`` (with ``options``) dealt from ``deck`` or
    ``seed``, at ``depth``.

    The C++ backend counts in C++ (depth-first on an explicit stack, nothing
    allocated per node, without the GIL, stopped by Ctrl-C within a fraction of
    a second); ``backend="reference"`` counts the pure-Python reference the
    same way, for small depths. A run longer than a few seconds shows progress
    on stderr (first moves done). The module's docstring defines the tree and
    its leaves.

    Raises TypeError for a depth that is not an int (a bool or a float);
    ValueError for a depth below 0, a count past 2**64 - 1, neither or both of
    ``deck`` and ``seed``, and (as ``cardsim.make`` does) an unknown game,
    backend or option.
    """
    d = check_depth(depth)
    g, state = _deal(game, deck, seed, backend, options)
    return _counts(g, state, d, backend, f"perft {game} depth {d}")


def perft_divide(
    game: str,
    depth: object,
    *,
    deck: list[str] | None = None,
    seed: int | None = None,
    backend: str = "cpp",
    **options: object,
) -> dict[str, dict[str, PerftCounts]]:
    """perft split by first move, as chess engines' ``divide``: to find where two
    implementations part, compare the counts below each first move.

    Returns ``{kind: {move text: counts at depth - 1 below that move}}``, where a
    move's kind is the first word of its text (``place``, ``discard``,
    ``draw``...; one kind for a game whose moves have one), and its text is
    ``state.action_to_string(move)``. The counts of every move add up to
    ``perft(game, depth, ...)``. ``depth`` must be >= 1; the arguments and
    errors are perft's.
    """
    d = check_depth(depth)
    if d < 1:
        raise ValueError("perft_divide needs depth >= 1: depth 0 has no first move")
    g, state = _deal(game, deck, seed, backend, options)
    out: dict[str, dict[str, PerftCounts]] = {}
    if state.is_terminal():
        return out
    for action in state.legal_actions():
        text = state.action_to_string(action)
        child = _copy(state)
        child.apply_action(action)
        counts = _counts(g, child, d - 1, backend, f"perft {game} divide {text}")
        out.setdefault(text.split(" ", 1)[0], {})[text] = counts
    return out
