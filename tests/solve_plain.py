"""Plain exhaustive searches for cross-checking the solvers.

Written separately from the C++ solvers, through the ordinary state API only
(legal_actions, apply_action, clone, scores, winners): no dominance, no
symmetry, no transposition table. Each gives up (returns None) past a node
budget, so a test can skip positions too big for it.
"""

from __future__ import annotations

import re
from typing import Any

_MOVES = re.compile(r", \d+ moves")


class _OutOfNodes(Exception):
    pass


def _wall_position(state: Any) -> str:
    # Every field but the move counter (the text shows the face-down piles by
    # their sizes, which fix their cards for a given deal): the plain search
    # must recognise a position on its own path to end at all.
    return _MOVES.sub("", str(state))


def the_wall_winnable(state: Any, budget: int = 200_000) -> bool | None:
    """Can the position be won? Depth-first over every legal move, cutting only
    repeats of a position already on the current path. None: budget exceeded
    or a move cap cut (the plain search cannot decide then)."""
    if state.is_terminal():
        return None if state.is_truncated() else state.winners() == [0]
    nodes = 0
    root_key = _wall_position(state)
    path = {root_key}
    stack = [(state, iter(state.legal_actions()), root_key)]
    while stack:
        s, moves, key = stack[-1]
        a = next(moves, None)
        if a is None:
            path.discard(key)
            stack.pop()
            continue
        c = s.clone()
        c.apply_action(a)
        nodes += 1
        if nodes > budget:
            return None
        if c.is_terminal():
            if c.is_truncated():
                return None
            if c.winners() == [0]:
                return True
            continue
        k = _wall_position(c)
        if k in path:
            continue
        path.add(k)
        stack.append((c, iter(c.legal_actions()), k))
    return False


def stack_gap_values(state: Any, budget: int = 300_000) -> tuple[bool, int | None, int] | None:
    """(can win, best final score on a winning line or None, best final score of
    any line) by full enumeration of every line. None: budget exceeded."""
    nodes = 0

    def walk(s: Any) -> tuple[bool, int | None, int]:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfNodes
        if s.is_terminal():
            score = s.scores()[0]
            win = s.winners() == [0]
            return win, (score if win else None), score
        any_best = -1
        win_best: int | None = None
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)
            w, ws, anys = walk(c)
            any_best = max(any_best, anys)
            if w and ws is not None and (win_best is None or ws > win_best):
                win_best = ws
        return win_best is not None, win_best, any_best

    try:
        return walk(state)
    except _OutOfNodes:
        return None


def code9_fewest_moves(state: Any, budget: int = 200_000) -> int | None:
    """The final score (moves taken) of the shortest winning line, by breadth-first
    search over every legal move; -1 if no line wins. None: budget exceeded."""
    frontier = [state]
    seen = {repr(state.to_dict()["grid"])}
    nodes = 0
    while frontier:
        nxt = []
        for s in frontier:
            for a in s.legal_actions():
                c = s.clone()
                c.apply_action(a)
                nodes += 1
                if nodes > budget:
                    return None
                if c.winners() == [0]:
                    return c.scores()[0]
                if c.is_terminal():
                    continue
                key = repr(c.to_dict()["grid"])
                if key not in seen:
                    seen.add(key)
                    nxt.append(c)
        frontier = nxt
    return -1
