"""Shared test setup: the `backend` fixture and the hypothesis profiles.

``backend``: any test that takes an argument named ``backend`` runs once per backend in
``cardsim.BACKENDS`` (``"cpp"``, ``"reference"``), with ids ``[cpp]`` and ``[reference]``.
Write ``def test_x(backend): cardsim.make("clock", backend=backend)`` and nothing else; a
test that needs other backends, or a single one, parametrizes ``backend`` itself, which
overrides the fixture. Scenario helpers (a deck with chosen cards on top, play a list of
action texts, check that a refused action changes nothing) live in tests/scenarios.py.

Hypothesis profiles: `ci` is bounded for the CI time budget; `deep` is for long local runs.
Pick one with HYPOTHESIS_PROFILE=deep; CI (CI=true) gets `ci`, a local run `dev`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import cardsim

_common = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=40, derandomize=True, **_common)
settings.register_profile("dev", max_examples=100, **_common)
settings.register_profile("deep", max_examples=3000, **_common)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(params=cardsim.BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The backend a test runs on: once with ``"cpp"``, once with ``"reference"``."""
    return str(request.param)
