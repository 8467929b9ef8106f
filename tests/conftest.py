"""Hypothesis profiles: `ci` is bounded for the CI time budget; `deep` is for long local runs.

Pick one with HYPOTHESIS_PROFILE=deep; CI (CI=true) gets `ci`, a local run `dev`.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_common = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=40, derandomize=True, **_common)
settings.register_profile("dev", max_examples=100, **_common)
settings.register_profile("deep", max_examples=3000, **_common)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
