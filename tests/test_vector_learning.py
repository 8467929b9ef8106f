"""The learning proof, CI-sized: REINFORCE with numpy alone on cardsim.VectorEnv
(examples/reinforce_numpy.py) must clearly beat the random policy at Rummy
against a random opponent, at a fixed seed, in well under a minute.

It runs the example as a script so that BLAS is single-threaded (set before
numpy loads), as docs/embedding.md runs it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import cardsim

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "reinforce_numpy.py"


@pytest.mark.skipif(
    not hasattr(cardsim.make("rummy"), "_vector_env"), reason="rummy has no tensor yet"
)
def test_reinforce_beats_random_at_rummy() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--iterations", "16", "--episodes", "2000", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    random, trained = result["random"], result["trained"]
    assert random["episodes"] == trained["episodes"] == 2000
    # A clear improvement: the intervals are far apart, and by 15 points.
    assert trained["win_ci"][0] > random["win_ci"][1]
    assert trained["win_rate"] > random["win_rate"] + 0.15
    assert trained["mean_score"] > random["mean_score"]
