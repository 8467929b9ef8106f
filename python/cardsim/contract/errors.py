"""Exceptions shared by the C++ core and the pure-Python reference."""

from __future__ import annotations

__all__ = ["IllegalActionError"]


class IllegalActionError(ValueError):
    """An action that is out of range or not legal in the current state.

    Raised by ``apply_action`` on both backends; the state is left unchanged.
    """
