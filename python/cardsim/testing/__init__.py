"""Checking an implementation of the rules against cardsim's: perft counts and the
public playthroughs (docs/testing.md)."""

from __future__ import annotations

from .perft import PerftCounts, perft, perft_from
from .playthroughs import (
    Playthrough,
    PlaythroughMismatch,
    Step,
    check_playthroughs,
    load_playthroughs,
    playthrough_games,
    playthroughs,
    state_digest,
)

__all__ = [
    "PerftCounts",
    "Playthrough",
    "PlaythroughMismatch",
    "Step",
    "check_playthroughs",
    "load_playthroughs",
    "perft",
    "perft_from",
    "playthrough_games",
    "playthroughs",
    "state_digest",
]
