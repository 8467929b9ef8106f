"""The policy grammar: what ``policy=`` may say, parsed once into one entry per seat.

A seat plays a built-in spec (``random``, ``greedy``, ``first``, ``pimc[:N]``,
``ismcts[:N][:key=value...]``; docs/strategy.md) or a Python callable
``policy(obs, mask) -> actions`` (cardsim.run.python_policy). The spec syntax
itself is checked by the core (``_core.parse_policy_spec``), which owns the list
of kinds.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import _core

__all__ = [
    "POLICIES",
    "SEARCH_POLICIES",
    "PolicyFn",
    "has_python_policy",
    "is_python_policy",
    "is_searching",
    "load_policy",
    "policy_list",
    "policy_name",
    "resolve_policies",
    "seat_entries",
]

#: The simple policies of the C++ batch runner: uniform random, the game's
#: documented heuristic, and always the lowest legal action id.
POLICIES: tuple[str, ...] = tuple(
    k for k in _core.POLICY_KINDS if k not in _core.SEARCH_POLICY_KINDS
)
#: Search players, named by specs with parameters: ``pimc[:N][:key=value...]``
#: and ``ismcts[:N][:key=value...]`` (grammar in docs/strategy.md).
SEARCH_POLICIES: tuple[str, ...] = tuple(_core.SEARCH_POLICY_KINDS)

#: A Python policy: ``policy(obs, mask) -> actions`` for a batch of games.
PolicyFn = Callable[[np.ndarray, np.ndarray], Any]


def is_python_policy(item: Any) -> bool:
    """Whether ``item`` is a Python policy (a callable, not a spec string)."""
    return callable(item) and not isinstance(item, (str, bytes))


def has_python_policy(policy: Any) -> bool:
    """Whether ``policy`` (one policy or a list of one per seat) holds a Python callable."""
    if is_python_policy(policy):
        return True
    if isinstance(policy, (str, bytes)) or not isinstance(policy, Sequence):
        return False
    return any(is_python_policy(item) for item in policy)


def policy_name(item: str | PolicyFn) -> str:
    """A policy's name in results: the spec itself, or a callable's qualified name."""
    if isinstance(item, str):
        return item
    name = getattr(item, "__qualname__", None) or getattr(item, "__name__", None)
    return str(name) if name else type(item).__name__


def seat_entries(policy: Any, num_players: int) -> list[str | PolicyFn]:
    """One checked policy per seat from ``policy``: a spec or a callable for
    every seat, or a sequence with one per seat (specs and callables mixed).

    Raises TypeError for an entry that is neither a string nor callable and
    ValueError for a wrong count or a bad spec, naming the seat.
    """
    if isinstance(policy, str) or is_python_policy(policy):
        items: list[Any] = policy.split(",") if isinstance(policy, str) else [policy]
    elif isinstance(policy, Sequence) and not isinstance(policy, bytes):
        items = list(policy)
    else:
        raise TypeError(
            f"policy must be a spec, a callable or a list of them, got {type(policy).__name__}"
        )
    if len(items) not in (1, num_players):
        raise ValueError(
            f"expected one policy, or one per seat ({num_players}), got {len(items)}: {items!r}"
        )
    out: list[str | PolicyFn] = []
    for i, item in enumerate(items):
        where = f"seat {i}: " if len(items) > 1 else ""
        if isinstance(item, str):
            _core.parse_policy_spec(item.strip(), where)
            out.append(item.strip())
        elif is_python_policy(item):
            out.append(item)
        else:
            raise TypeError(
                f"{where}a policy must be a spec string or a callable policy(obs, mask),"
                f" got {type(item).__name__}"
            )
    return out * num_players if len(out) == 1 else out


def load_policy(text: str) -> PolicyFn:
    """The callable named by ``"module:attr"`` (``attr`` may be dotted), imported.

    Raises ValueError when the module cannot be imported, lacks the attribute,
    or the attribute is not callable.
    """
    module_name, _, attr = text.partition(":")
    if not module_name or not attr:
        raise ValueError(f"a Python policy is named 'module:attr', got {text!r}")
    try:
        obj: Any = importlib.import_module(module_name)
    except Exception as e:
        raise ValueError(
            f"cannot import module {module_name!r} for policy {text!r}: {type(e).__name__}: {e}"
        ) from e
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"module {module_name!r} has no attribute {attr!r} (policy {text!r})")
        obj = getattr(obj, part)
    if not callable(obj):
        raise ValueError(f"policy {text!r} is a {type(obj).__name__}, not a callable")
    return obj  # type: ignore[no-any-return]


#: Names that start a built-in spec (the C++ grammar's one list of kinds):
#: anything else of the form "module:attr" names a Python policy to import.
_SPEC_NAMES: tuple[str, ...] = tuple(_core.POLICY_KINDS)


def resolve_policies(text: str) -> str | list[str | PolicyFn]:
    """Policies from the command line: specs joined by commas, where an item
    ``module:attr`` (a module that is not a spec name) is imported as a Python
    policy. Returns ``text`` unchanged when it names no Python policy.

    Raises ValueError when an import fails (see load_policy).
    """
    items = [item.strip() for item in text.split(",")]
    python = [":" in item and item.split(":", 1)[0] not in _SPEC_NAMES for item in items]
    if not any(python):
        return text
    return [load_policy(item) if is_py else item for item, is_py in zip(items, python, strict=True)]


def policy_list(policy: str | Sequence[str], num_players: int) -> list[str]:
    """One checked policy spec per seat from ``policy``: a spec, a comma-separated
    list of specs, or a sequence of specs. A single spec means every seat.

    Raises TypeError for a non-string and ValueError for a wrong count or a bad
    spec, naming the seat.
    """
    if isinstance(policy, str):
        items: list[Any] = policy.split(",") if "," in policy else [policy]
    elif isinstance(policy, Sequence):
        items = list(policy)
    else:
        raise TypeError(f"policy must be a spec or a list of specs, got {type(policy).__name__}")
    if len(items) not in (1, num_players):
        raise ValueError(
            f"expected one policy, or one per seat ({num_players}), got {len(items)}: {items!r}"
        )
    for i, item in enumerate(items):
        where = f"seat {i}: " if len(items) > 1 else ""
        if not isinstance(item, str):
            raise TypeError(f"{where}a policy must be a spec string, got {type(item).__name__}")
        _core.parse_policy_spec(item.strip(), where)
    specs = [item.strip() for item in items]
    return specs * num_players if len(specs) == 1 else specs


def is_searching(specs: Sequence[str]) -> bool:
    """Whether any of ``specs`` (checked specs) names a search player."""
    return any(_core.parse_policy_spec(p)["kind"] in SEARCH_POLICIES for p in specs)
