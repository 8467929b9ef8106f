"""Golden playthroughs (tests/golden/*.json) replayed on both backends.

A change in any game's behaviour shows here as a hash mismatch at the first
action it affects. Regenerate on purpose only: python tests/golden/regenerate.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardsim
from game_configs import CONFIGS
from golden.regenerate import state_hash

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def test_every_game_has_a_golden_file():
    assert {f.stem for f in FILES} == set(CONFIGS)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_replay(path, backend):
    data = json.loads(path.read_text())
    for case in data["cases"]:
        state = cardsim.make(data["game"], backend=backend, **case["options"]).new_game(
            deck=case["deck"]
        )
        for step, (action, expected) in enumerate(
            zip(case["actions"], case["hashes"], strict=True)
        ):
            state.apply_action(action)
            assert state_hash(state) == expected, f"{data['game']} diverges at action {step}"
        assert state.is_terminal() == case["terminal"]
        assert state.scores() == case["scores"]
        assert state.winners() == case["winners"]
