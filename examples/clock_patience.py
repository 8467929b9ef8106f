"""Clock Patience written from its rules alone, then checked against cardsim.

Run it: ``python examples/clock_patience.py``. The port itself ships with cardsim, as
``cardsim.testing.examples`` (read it there); docs/testing.md walks through it.
"""

from __future__ import annotations

from cardsim.testing.examples import ClockPatience, ClockState

__all__ = ["ClockPatience", "ClockState"]

if __name__ == "__main__":
    from cardsim.testing import check_lockstep

    print(check_lockstep(ClockPatience, "clock", examples=50))
