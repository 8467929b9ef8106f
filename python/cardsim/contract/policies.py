"""The policy grammar: what ``policy=`` may say, parsed once into one entry per seat.

A seat plays a built-in spec (``random``, ``greedy``, ``first``, ``pimc[:N]``,
``ismcts[:N][:key=value...]``; docs/strategy.md) or a Python callable
``policy(obs, mask) -> actions`` (cardsim.run.python_policy). ``parse_seats``
is the one parser: every caller (simulate and its runners, shards, replay, the
tournament, the CLI) takes its ``Seats``. The spec syntax itself is parsed by
the core (``_core.PolicySpec``), which owns the list of kinds: each seat keeps
that parsed object, and the C++ runners receive it as such (a Python seat
gets ``None``, the seat kind the caller plays).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import cast

import numpy as np
import numpy.typing as npt

from .. import _core
from ..guards.text import did_you_mean

__all__ = [
    "POLICIES",
    "SEARCH_POLICIES",
    "PolicyFn",
    "Seats",
    "check_entry",
    "is_python_policy",
    "load_policy",
    "parse_seats",
    "policy_name",
    "resolve_policies",
]

#: The simple policies of the C++ batch runner: uniform random, the game's
#: documented heuristic, and always the lowest legal action id.
POLICIES: tuple[str, ...] = tuple(
    k for k in _core.POLICY_KINDS if k not in _core.SEARCH_POLICY_KINDS
)
#: Search players, named by specs with parameters: ``pimc[:N][:key=value...]``
#: and ``ismcts[:N][:key=value...]`` (grammar in docs/strategy.md).
SEARCH_POLICIES: tuple[str, ...] = tuple(_core.SEARCH_POLICY_KINDS)

#: A Python policy: ``policy(obs, mask) -> actions`` for a batch of games (one
#: action id per row, as anything numpy reads as an int array).
PolicyFn = Callable[[np.ndarray, np.ndarray], npt.ArrayLike]


def is_python_policy(item: object) -> bool:
    """Whether ``item`` is a Python policy (a callable, not a spec string)."""
    return callable(item) and not isinstance(item, (str, bytes))


def policy_name(item: str | PolicyFn) -> str:
    """A policy's name in results: the spec itself, or a callable's qualified name."""
    if isinstance(item, str):
        return item
    name = getattr(item, "__qualname__", None) or getattr(item, "__name__", None)
    return str(name) if name else type(item).__name__


def check_entry(item: object, where: str, python_ok: bool = True) -> tuple[str | PolicyFn, str]:
    """One policy checked: (the entry, its kind). A spec comes back stripped with
    the kind the core parsed; a callable (where ``python_ok``) with kind "python".
    ``where`` prefixes every error ("seat 1: ")."""
    entry, parsed = _parse_entry(item, where, python_ok)
    return entry, "python" if parsed is None else parsed.kind


def _parse_entry(
    item: object, where: str, python_ok: bool
) -> tuple[str | PolicyFn, _core.PolicySpec | None]:
    """One policy parsed once: (the entry, its PolicySpec, or None for a callable)."""
    if isinstance(item, str):
        spec = item.strip()
        try:
            return spec, _core.PolicySpec.parse(spec, where)
        except ValueError as e:
            kind = spec.split(":", 1)[0]
            hint = "" if kind in _core.POLICY_KINDS else did_you_mean(kind, _core.POLICY_KINDS)
            if not hint:
                raise
            raise ValueError(f"{e}{hint}") from None
    if python_ok and is_python_policy(item):
        return item, None  # type: ignore[return-value]
    if python_ok:
        raise TypeError(
            f"{where}a policy must be a spec string or a callable policy(obs, mask),"
            f" got {type(item).__name__}"
        )
    raise TypeError(f"{where}a policy must be a spec string, got {type(item).__name__}")


@dataclass(frozen=True)
class Seats:
    """One checked policy per seat, as ``parse_seats`` reads ``policy=``."""

    entries: tuple[str | PolicyFn, ...]
    kinds: tuple[str, ...]  # "random", ..., "pimc", "ismcts", or "python"
    #: Each seat's spec as the core parsed it (None for a Python seat): what the
    #: C++ runners receive. Parsed from ``entries`` when not given.
    parsed: tuple[_core.PolicySpec | None, ...] = ()

    def __post_init__(self) -> None:
        if not self.parsed:
            parsed = tuple(_parse_entry(e, "", True)[1] for e in self.entries)
            object.__setattr__(self, "parsed", parsed)

    @property
    def names(self) -> list[str]:
        """Each seat's policy name in results."""
        return [policy_name(e) for e in self.entries]

    @property
    def specs(self) -> list[str]:
        """The specs, for the C++ runner (a Python seat has none: ValueError)."""
        if self.python:
            raise ValueError("a Python policy has no spec for the C++ runner")
        return [str(e) for e in self.entries]

    @property
    def bound(self) -> list[_core.PolicySpec]:
        """The parsed specs, for the C++ batch runner (a Python seat has none: ValueError)."""
        if self.python:
            raise ValueError("a Python policy has no spec for the C++ runner")
        return [p for p in self.parsed if p is not None]

    @property
    def callables(self) -> dict[int, PolicyFn]:
        """The Python seats' policies, by their index in the run's policy list."""
        return {j: e for j, e in enumerate(self.entries) if not isinstance(e, str)}

    @property
    def python(self) -> bool:
        """Whether any seat plays a Python callable."""
        return "python" in self.kinds

    @property
    def searching(self) -> bool:
        """Whether any seat is a search player."""
        return any(k in SEARCH_POLICIES for k in self.kinds)

    @property
    def label(self) -> str:
        """The run's policy in results: the one name, or every seat's joined by commas."""
        names = self.names
        return names[0] if len(set(names)) == 1 else ",".join(names)


def parse_seats(
    policy: object, num_players: int, python_ok: bool = True, where: str | None = None
) -> Seats:
    """``policy`` as one checked policy per seat: a spec or (where ``python_ok``) a
    callable for every seat, specs joined by commas, or a sequence with one per
    seat (``Seats`` already parsed come back as they are). Raises TypeError for an
    entry of the wrong type and ValueError for a wrong count or a bad spec, naming
    the seat (or prefixed by ``where``, when given).
    """
    if isinstance(policy, Seats) and len(policy.entries) == num_players:
        return policy
    if isinstance(policy, str):
        items: list[object] = list(policy.split(","))
    elif python_ok and is_python_policy(policy):
        items = [policy]
    elif isinstance(policy, Sequence) and not isinstance(policy, bytes):
        items = list(policy)
    elif python_ok:
        raise TypeError(
            f"policy must be a spec, a callable or a list of them, got {type(policy).__name__}"
        )
    else:
        raise TypeError(f"policy must be a spec or a list of specs, got {type(policy).__name__}")
    if len(items) not in (1, num_players):
        raise ValueError(
            f"expected one policy, or one per seat ({num_players}), got {len(items)}: {items!r}"
        )
    many = len(items) > 1
    checked = [
        _parse_entry(item, where if where is not None else f"seat {i}: " if many else "", python_ok)
        for i, item in enumerate(items)
    ]
    if len(checked) == 1:
        checked *= num_players
    return Seats(
        tuple(e for e, _ in checked),
        tuple("python" if p is None else p.kind for _, p in checked),
        tuple(p for _, p in checked),
    )


def load_policy(text: str) -> PolicyFn:
    """The callable named by ``"module:attr"`` (``attr`` may be dotted), imported.

    The module is looked for in the current directory first, as ``python -m``
    would (a console script's import path starts at its own directory instead).
    Raises ValueError when the module cannot be imported, lacks the attribute,
    or the attribute is not callable.
    """
    module_name, _, attr = text.partition(":")
    if not module_name or not attr:
        raise ValueError(f"a Python policy is named 'module:attr', got {text!r}")
    try:
        obj: object = _import_from_cwd(module_name)
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
    return cast(PolicyFn, obj)


def _import_from_cwd(module_name: str) -> ModuleType:
    """``import module_name`` with the current directory first on the import path
    for the import, and only for it: the caller's sys.path is left as it was."""
    cwd = os.getcwd()
    if "" in sys.path or cwd in sys.path:
        return importlib.import_module(module_name)
    sys.path.insert(0, cwd)
    try:
        return importlib.import_module(module_name)
    finally:
        sys.path.remove(cwd)


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
