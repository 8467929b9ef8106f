"""A game's history as (observation, action, reward) steps, for learning from records."""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

import numpy as np

from ..contract.protocols import State
from ..envs.tensor import encoder_for
from .format import RecordedState

__all__ = ["Step", "actor", "trajectory"]

#: What a seat saw: ``observation(p)`` (a dict), or its float32 observation tensor.
View: TypeAlias = "dict[str, object] | np.ndarray"


class Step(NamedTuple):
    """One decision of a game: who chose, what they saw, what they did, what it earned."""

    player: int
    observation: View  # observation(player): a dict, or a float32 tensor
    action: int
    reward: float  # the seat's score change from this decision to its next one (or the end)


def actor(state: State, action: int) -> int:
    """The seat that played ``action`` in ``state`` (the one to move, or in
    simultaneous play the seat for which it is legal)."""
    cp = state.current_player()
    if cp >= 0:
        return int(cp)
    for p in range(state.num_players):
        if action in state.legal_actions_for(p):
            return p
    raise ValueError(f"action {action} is legal for no seat")  # a corrupted history


def trajectory(
    state: RecordedState, player: int | None = None, observation: str = "dict"
) -> list[Step]:
    """The (observation, action, reward) sequence of ``state``'s game so far.

    Replays ``state.deck`` and ``state.history`` from the deal. Each decision
    gives a ``Step``: the acting seat, its view before acting
    (``observation="dict"``: ``observation(p)``; ``"tensor"``: the float32
    observation tensor, ``state.observation_tensor(p)`` where the state has it,
    else ``cardsim.envs.tensor``), the action id, and the reward: the change of
    that seat's score from this decision to its next one (or to the end), so a
    seat's rewards add up to its final score minus its score at its first
    decision. ``player=p`` keeps p's decisions only (imitation of one seat).
    """
    if not callable(getattr(state, "observation", None)) or not hasattr(state, "history"):
        raise TypeError(f"trajectory needs a game state, got {type(state).__name__}")
    if observation not in ("dict", "tensor"):
        raise ValueError(f"observation must be 'dict' or 'tensor', got {observation!r}")
    n = state.num_players
    if player is not None:
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)):
            raise TypeError(f"player must be an int or None, got {type(player).__name__}")
        if not 0 <= int(player) < n:
            raise ValueError(f"player must be in [0, {n}), got {int(player)}")
    replay = state.game.new_game(deck=list(state.deck))

    def view(p: int) -> View:
        seen: View
        if observation == "dict":
            seen = replay.observation(p)
        elif hasattr(replay, "observation_tensor"):
            seen = replay.observation_tensor(p)
        else:
            seen = encoder_for(replay.game).encode(replay.observation(p), player=p)
        return seen

    steps: list[tuple[int, View, int, int]] = []  # seat, view, action, score before
    for a in state.history:
        p = actor(replay, a)
        if player is None or p == int(player):
            steps.append((p, view(p), int(a), int(replay.scores()[p])))
        replay.apply_action(a)
    final = replay.scores()
    out: list[Step] = []
    for k, (p, obs, a, before) in enumerate(steps):
        after = next((b for q, _, _, b in steps[k + 1 :] if q == p), int(final[p]))
        out.append(Step(p, obs, a, float(after - before)))
    return out
