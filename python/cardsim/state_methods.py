"""The methods every state shares, whatever its backend, defined once.

``StateMethods`` is a base of both backends' states: of ``_core.State``, the base of every
C++ state class, and of ``ReferenceState``, the base of every reference state. What the
methods call (records, drawings, the generic redeal) sits above both backends in the
package's layers, so neither backend can name this class: ``cardsim/__init__.py`` adds it
to both roots' ``__bases__`` once, as the package loads (``join`` for the reference's;
``_core._join_state_base`` for the core's, which also keeps its refusing ``__new__``).
CPython allows it: the mixin has no slots and no instance dict, so neither layout changes.
The methods are then inherited, not copied: ``isinstance(state, StateMethods)`` holds on
both backends, and a C++ game with a native ``resample_hidden`` binds its own, which its
class finds first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from . import render
from .envs.resample import resample_hidden as _resample_hidden
from .records import record as _record

if TYPE_CHECKING:
    import numpy as np

    from ._typing import JSONObject
    from .contract.protocols import State

__all__ = ["StateMethods", "join"]


class StateMethods:
    """Shared methods of the states of both backends (``record``, ``_repr_svg_`` and the
    generic ``resample_hidden``)."""

    __slots__ = ()

    def record(self) -> JSONObject:
        """This game as a JSON-safe record (``cardsim.load_record`` reads it back)."""
        return _record(self)

    def _repr_svg_(self) -> str:
        """Jupyter's rich display: the full drawing (``cardsim.render.svg``)."""
        return render.svg(self)

    def resample_hidden(self, player: int, rng: np.random.Generator | int | None = None) -> State:
        """A state ``player`` cannot tell from this one: the same actions from a deal in
        which the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator
        or a seed). See cardsim.envs.resample.resample_hidden."""
        # Only the backends' state roots have this base: self is a state.
        return _resample_hidden(cast("State", self), player, rng)


def join(root: type) -> None:
    """Makes StateMethods a base of ``root`` (a backend's state root), once."""
    if StateMethods not in root.__mro__:
        root.__bases__ = (StateMethods, *root.__bases__)
