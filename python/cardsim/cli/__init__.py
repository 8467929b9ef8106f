"""The ``cardsim`` command: ``main`` (cli.main), its option readers (cli.options)
and the subcommands for looking at games (cli.view)."""

from __future__ import annotations

from .main import main
from .options import parse_count

__all__ = ["main", "parse_count"]
