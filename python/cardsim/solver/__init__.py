"""The solvers' Python face: ``solve`` one position, ``solve_batch`` seeded deals
(docs/solvers.md). The searches themselves run in C++ (cpp/solver/)."""

from __future__ import annotations

from .solve import (
    DEFAULT_NODE_LIMIT,
    DEFAULT_NODE_LIMITS,
    DEFAULT_TABLE_ENTRIES,
    Solution,
    SolveBatchResult,
    run_solve_shard,
    solve,
    solve_batch,
    verify_solution,
)

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_NODE_LIMITS",
    "DEFAULT_TABLE_ENTRIES",
    "Solution",
    "SolveBatchResult",
    "run_solve_shard",
    "solve",
    "solve_batch",
    "verify_solution",
]
