"""Regenerates the golden playthroughs, on purpose only.

    python tests/golden/regenerate.py            # every game in tests/game_configs.py
    python tests/golden/regenerate.py rummy      # one game

Each file holds a few recorded games per option combination: the deck, the
actions (chosen by a seeded policy), a hash of to_dict() after each action, and
the final scores. They are recorded from the pure-Python reference (the rules'
reading); tests/test_golden.py replays them on both backends. Regenerate only
when a rules change is intended, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import cardsim  # noqa: E402
from game_configs import CONFIGS  # noqa: E402

GAMES_PER_CONFIG = 3
MAX_ACTIONS = 400


def state_hash(state) -> str:
    # The seed says how a game was dealt, not where it stands: it is left out.
    d = {k: v for k, v in state.to_dict().items() if k != "seed"}
    text = json.dumps(d, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record(name: str, options: dict, k: int) -> dict:
    game = cardsim.make(name, backend="reference", **options)
    state = game.new_game(seed=1000 + k)
    rng = random.Random(k)
    actions, hashes = [], []
    while not state.is_terminal() and len(actions) < MAX_ACTIONS:
        a = rng.choice(state.legal_actions())
        state.apply_action(a)
        actions.append(a)
        hashes.append(state_hash(state))
    return {
        "options": options,
        "deck": list(state.deck),
        "actions": actions,
        "hashes": hashes,
        "terminal": state.is_terminal(),
        "scores": state.scores(),
        "winners": state.winners(),
    }


def main(names: list[str]) -> None:
    for name in names or sorted(CONFIGS):
        cases = [record(name, o, k) for o in CONFIGS[name] for k in range(GAMES_PER_CONFIG)]
        path = HERE / f"{name}.json"
        path.write_text(json.dumps({"game": name, "cases": cases}, indent=1) + "\n")
        print(f"wrote {path} ({len(cases)} games)")


if __name__ == "__main__":
    main(sys.argv[1:])
