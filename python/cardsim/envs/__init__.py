"""Adapters that embed cardsim games in reinforcement-learning and search tools.

Each adapter is generic over the state contract (docs/architecture.md), so every
registered game gets it with no game-specific code. Import the one you need; each
imports its tool, which the core install does not have:

- ``cardsim.envs.tensor``: a numeric observation tensor per game (numpy only);
- ``cardsim.envs.resample``: ``resample_hidden``, a redeal of what a player has
  not seen (numpy only);
- ``cardsim.envs.gymnasium``: ``CardsimEnv`` and ids ``cardsim/<Game>-v0``
  (extra ``gym``);
- ``cardsim.envs.pettingzoo``: AEC and parallel envs (extra ``pettingzoo``);
- ``cardsim.envs.openspiel``: every game registered as ``cardsim_<game>`` in
  OpenSpiel (extra ``openspiel``).

See docs/embedding.md for examples and each tool's pitfalls.
"""

from __future__ import annotations

__all__: list[str] = []
