"""Game records: the JSON record format (``record``, ``load_record``) and a game's
history as learning steps (``trajectory``). Pulling one game out of a batch run
is ``cardsim.replay_game`` (cardsim.run.replay)."""

from __future__ import annotations

from .format import RECORD_FORMAT, RECORD_VERSION, load_record, read_file, record
from .trajectory import Step, actor, trajectory

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Step",
    "actor",
    "load_record",
    "read_file",
    "record",
    "trajectory",
]
