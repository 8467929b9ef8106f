"""Regenerates the public playthroughs, on purpose only.

    python tests/golden/regenerate.py            # every game in tests/game_configs.py
    python tests/golden/regenerate.py rummy      # one game

Each file (python/cardsim/testing/playthrough_files/<game>.json, shipped in the
wheel; format in docs/testing.md, "Playthroughs") holds a few games per option
combination, recorded from the pure-Python reference (the rules' reading): the
deal from seed 1000 + k, each action chosen by random.Random(k) among the legal
ones, at most 400 actions. tests/test_golden.py replays them on both backends.
Regenerate only when a rules change is intended, and say so in the commit.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import cardsim.testing  # noqa: E402
from cardsim.testing.playthroughs import dump_playthroughs, record_playthrough  # noqa: E402
from game_configs import CONFIGS  # noqa: E402

GAMES_PER_CONFIG = 3
MAX_ACTIONS = 400
FOLDER = Path(cardsim.testing.__file__).parent / "playthrough_files"


def main(names: list[str]) -> None:
    for name in names or sorted(CONFIGS):
        cases = [
            record_playthrough(name, o, 1000 + k, random.Random(k).choice, max_actions=MAX_ACTIONS)
            for o in CONFIGS[name]
            for k in range(GAMES_PER_CONFIG)
        ]
        path = FOLDER / f"{name}.json"
        path.write_text(dump_playthroughs(name, cases))
        print(f"wrote {path} ({len(cases)} games)")


if __name__ == "__main__":
    main(sys.argv[1:])
