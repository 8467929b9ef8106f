"""What the hypothesis-based parts of cardsim.testing say when hypothesis is missing."""

from __future__ import annotations

__all__ = ["NEEDS_HYPOTHESIS"]

#: The ImportError's message: it names the extra that brings hypothesis.
NEEDS_HYPOTHESIS = (
    "cardsim.testing's strategies and lockstep checker need hypothesis:"
    ' pip install "cardsim[testing]" (the testing extra)'
)
