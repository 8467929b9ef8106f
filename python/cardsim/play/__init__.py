"""Play a game yourself against any policy: ``cardsim play GAME --web`` serves a page
on 127.0.0.1 (``server``) that drives a ``Session`` (``session``); the terminal play
of ``cardsim play`` drives the same sessions. docs/viewing.md, "Play it yourself"."""

from __future__ import annotations

from .session import Session, StaleError
from .text import seat_view

__all__ = ["Session", "StaleError", "seat_view"]
