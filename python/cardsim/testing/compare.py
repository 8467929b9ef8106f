"""The lockstep checker's one comparator: a candidate's answer against cardsim's.

The policy, for every answer compared (``to_dict``, observations, scores, legal ids...):

- The candidate's value is first read as plain data, by these conversions and no
  others: a tuple is read as a list; any other ``Mapping`` as a dict (keys that are not
  ``str`` are left out, as cardsim's keys are all ``str``); a numpy scalar as the Python
  number it holds (``.item()``); a numpy array as the nested lists of its items
  (``.tolist()``). An ``int`` or ``str`` subclass is read as the ``int`` or ``str`` it
  holds (``int.__index__``, ``str.__str__``), never through its own ``__eq__``.
- Then, strictly: an ``int`` where cardsim has an ``int`` (a ``bool`` is not one, and a
  float equal to it is not one unless ``lenient_numbers``), a ``bool`` where it has a
  ``bool``, a ``str`` where it has a ``str``, ``None`` where it has ``None``, a list of
  the same length item by item, and a dict holding every key cardsim's has (keys
  cardsim's lacks are skipped, so a candidate may say more than cardsim does).
- The walk follows cardsim's value, which nests a few levels at most: however deep the
  candidate's value nests, the walk goes no deeper than cardsim's, and anything it finds
  that it cannot read (an exception from the candidate's own code included) is a
  difference at that path.

A value equal as JSON text to cardsim's passes at once (one ``json.dumps`` each, at C
speed; JSON writes ``1`` and ``1.0``, ``true`` and ``1`` differently, and tuples as lists,
so equal text is what the walk would accept); the walk runs only to name a difference,
or when the candidate's value is not plain JSON (a Mapping, a numpy value, extra keys).
A scalar, or a list of scalars, equal and of exactly cardsim's type passes before any
text is written.
"""

from __future__ import annotations

import json
import math
import reprlib
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

__all__ = ["Mismatch", "first_difference", "plain", "shown"]


class Mismatch(NamedTuple):
    """Where a candidate's value first differs from cardsim's: the ``path`` (as
    ``to_dict().players[0].turned``) and the two values found there."""

    path: str
    candidate: object
    expected: object


_repr = reprlib.Repr()
_repr.maxlevel, _repr.maxlist, _repr.maxtuple, _repr.maxdict = 3, 12, 12, 8
_repr.maxstring, _repr.maxother, _repr.maxlong = 120, 120, 40


def shown(value: object) -> str:
    """``repr(value)`` as a report shows it: bounded in length and depth, and safe for
    any object (a value nested 200,000 deep, or a ``__repr__`` that raises)."""
    try:
        return _repr.repr(value)
    except Exception as e:  # a __repr__ that raises in a way reprlib does not catch
        return f"<a {type(value).__name__} whose repr raised {type(e).__name__}>"


def plain(value: object) -> object:
    """One level of ``value`` read as plain data (the conversions in the module's text)."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if type(value) is list or type(value) is dict:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, Mapping):
        return {k: v for k, v in value.items() if type(k) is str}
    return value


def first_difference(
    cand: object, core: object, path: str, *, lenient_numbers: bool = False
) -> Mismatch | None:
    """The first place where the candidate's ``cand`` differs from cardsim's ``core``
    (named from ``path``), or None if they agree under the module's policy. Never
    raises for anything the candidate hands in: what cannot be read is a difference."""
    if _same_scalar(cand, core):
        return None
    if (
        isinstance(cand, list)
        and isinstance(core, list)
        and type(cand) is list
        and len(cand) == len(core)
        and all(map(_same_scalar, cand, core))
    ):
        return None
    try:
        if _text(cand) == _text(core):
            return None
    except Exception:  # not plain JSON (a Mapping, numpy, too deep): the walk says
        pass
    try:
        return _walk(cand, core, path, lenient_numbers)
    except Exception as e:
        return Mismatch(path, f"unreadable: raised {type(e).__name__}", shown(core))


# Without the circularity check (a fifth faster on cardsim's dicts): a candidate's value
# that contains itself recurses until RecursionError, which sends it to the walk, whose
# depth is cardsim's value's.
_text = json.JSONEncoder(check_circular=False).encode
_SCALARS = (int, str, bool, float, type(None))


def _same_scalar(cand: object, core: object) -> bool:
    """Equal and of exactly one type of cardsim's scalars: what the JSON text test would
    pass, without writing the text (most answers are one number or a short list of them).
    A NaN or anything else falls through to the text and the walk."""
    return type(cand) is type(core) and type(core) in _SCALARS and bool(cand == core)


def _walk(cand: object, core: object, path: str, lenient: bool) -> Mismatch | None:
    cand = plain(cand)
    if isinstance(core, dict):
        if type(cand) is not dict:
            return Mismatch(path, cand, "a dict")
        for k, want in core.items():
            where = f"{path}.{k}"
            if k not in cand:
                return Mismatch(where, "missing", want)
            d = _walk(cand[k], want, where, lenient)
            if d:
                return d
        return None
    if isinstance(core, list):
        if type(cand) is not list:
            return Mismatch(path, cand, core)
        for i, (got, want) in enumerate(zip(cand, core, strict=False)):
            d = _walk(got, want, f"{path}[{i}]", lenient)
            if d:
                return d
        if len(cand) != len(core):
            return Mismatch(f"len({path})", len(cand), len(core))
        return None
    return None if _same_leaf(cand, core, lenient) else Mismatch(path, cand, core)


def _same_leaf(cand: object, core: object, lenient: bool) -> bool:
    if core is None or isinstance(core, bool):
        return cand is core
    if isinstance(core, int):
        if isinstance(cand, int) and not isinstance(cand, bool):
            return int.__index__(cand) == core
        return lenient and type(cand) is float and cand == core
    if isinstance(core, float):
        if isinstance(cand, bool) or not isinstance(cand, (int, float)):
            return False
        got = float(int.__index__(cand)) if isinstance(cand, int) else float.__float__(cand)
        return got == core or (math.isnan(got) and math.isnan(core))
    if isinstance(core, str):
        return isinstance(cand, str) and str.__str__(cand) == core
    # Nothing else is in cardsim's answers; compared as exactly one type, should it be.
    return type(cand) is type(core) and bool(cand == core)
