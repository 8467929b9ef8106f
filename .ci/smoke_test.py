"""Smoke test of an installed cardsim (a wheel, in a fresh environment).

Run from outside the source tree, so that the installed package is what is
tested: the C++ core loads, a seeded game deals and plays, a batch runs on two
threads, every game simulates a few games, the playthroughs ship and replay,
perft counts, and the command answers. cibuildwheel runs it on every wheel, and
.ci/run on the manylinux wheel it builds and on an install from the sdist.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cardsim
from cardsim.testing import check_playthroughs, perft, playthrough_games

here = Path(cardsim.__file__).resolve()
assert "site-packages" in str(here) or "dist-packages" in str(here), f"not installed: {here}"

state = cardsim.make("clock_duel").new_game(seed=7)
while not state.is_terminal():
    state.apply_action(state.legal_actions()[0])
assert sum(state.scores()) > 0

r = cardsim.simulate("clock", games=20_000, seed=1, threads=2)
assert r.games == 20_000 and 0.05 < r.win_rate().value < 0.11, r.win_rate()
again = cardsim.simulate("clock", games=20_000, seed=1, threads=1)
assert (again.scores == r.scores).all()

# Every registered game plays a small seeded batch: each game's code is in the build.
names = [g.name for g in cardsim.games()]
assert len(names) == 9, names
for name in names:
    batch = cardsim.simulate(name, games=50, seed=3, threads=2)
    assert batch.games == 50 and batch.scores.shape[0] == 50, (name, batch.scores.shape)

# The public playthroughs are package data: every game's file is in the wheel.
assert len(playthrough_games()) == 9, playthrough_games()
assert check_playthroughs(lambda **o: cardsim.make("clock", **o), "clock") == 3
assert perft("rummy", 3, seed=0).total == 79

out = subprocess.run(
    [sys.executable, "-m", "cardsim.cli", "--version"], capture_output=True, text=True, check=True
).stdout
assert out.strip() == f"cardsim {cardsim.__version__}", out
print(f"smoke test passed: cardsim {cardsim.__version__} from {here.parent}")
