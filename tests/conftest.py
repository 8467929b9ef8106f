"""Shared test setup: the `backend` fixture and the hypothesis profiles.

``backend``: any test (or fixture it uses) that takes an argument named ``backend`` runs
once per backend in ``cardsim.BACKENDS`` (``"cpp"``, ``"reference"``), ids ``[cpp]`` and
``[reference]`` (pytest_generate_tests below).
Write ``def test_x(backend): cardsim.make("clock", backend=backend)`` and nothing else; a
test that needs other backends, or a single one, parametrizes ``backend`` itself, which
overrides the fixture. Scenario helpers (a deck with chosen cards on top, play a list of
action texts, check that a refused action changes nothing) live in tests/scenarios.py.

Hypothesis profiles: `ci` is bounded for the CI time budget; `deep` is for long local runs.
Pick one with HYPOTHESIS_PROFILE=deep; CI (CI=true) gets `ci`, a local run `dev`.

The `deep` mark: the per-configuration runs of the slowest generic tests (the lockstep
cross-check, the exact tensor round trip, hidden cards in observations) are marked
`deep` for every option combination but each game's first (its defaults, or its
default-like capped run), and the default run (pyproject's addopts, `-m "not deep"`)
skips them; `pytest -m deep` runs them (.ci/run does, after the README's command).
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


#: The generic tests whose non-first configurations are `deep` (module, function).
DEEP_PER_CONFIG = {
    ("test_crosscheck", "test_lockstep"),
    ("test_observation_tensor", "test_tensor_is_exact_in_both_directions"),
    ("test_observation", "test_hidden_cards_do_not_show"),
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks `deep` the runs of DEEP_PER_CONFIG tests under a game's later configs."""
    from game_configs import CONFIGS

    for item in items:
        fn = getattr(item, "function", None)
        module = getattr(item, "module", None)
        if fn is None or module is None:
            continue
        if (module.__name__, fn.__name__) not in DEEP_PER_CONFIG:
            continue
        params = item.callspec.params  # type: ignore[attr-defined]
        name, opts = params["name"], params["options"]
        if opts != CONFIGS[name][0]:
            item.add_marker(pytest.mark.deep)


def _names(argnames: str | tuple[str, ...] | list[str]) -> list[str]:
    if isinstance(argnames, str):
        return [n.strip() for n in argnames.split(",")]
    return list(argnames)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Runs every test (or fixture) that takes ``backend`` once per backend, unless the
    test parametrizes ``backend`` itself. A plain parametrization rather than a fixture,
    so hypothesis tests can take it too (a fixture would be function-scoped)."""
    if "backend" not in metafunc.fixturenames:
        return
    for mark in metafunc.definition.iter_markers("parametrize"):
        if "backend" in _names(mark.args[0]):
            return
    metafunc.parametrize("backend", cardsim.BACKENDS)
