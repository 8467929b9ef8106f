"""A factory of hypothesis ``RuleBasedStateMachine``s that step a candidate and the core.

For users who want stateful tests in their own suite::

    TestMyClock = lockstep_machine(MyClock, "clock").TestCase

Each run deals a deck, then hypothesis chooses rules (play a legal action, try an
illegal one) and checks every field the candidate offers after each, as
``check_lockstep`` does; a difference raises ``DivergenceError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from .requires import NEEDS_HYPOTHESIS

try:
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
except ImportError as e:  # pragma: no cover - exercised in a subprocess
    raise ImportError(NEEDS_HYPOTHESIS) from e

from ..games import make
from .lockstep import (
    DivergenceError,
    Pair,
    candidate_game,
    check_candidate,
    diverged_error,
    text_mode,
)
from .strategies import decks

__all__ = ["lockstep_machine"]


def lockstep_machine(
    candidate: Any,
    game: str,
    *,
    options: Mapping[str, Any] | None = None,
    actions: Literal["auto", "ids", "text"] = "auto",
    illegal_error: type[BaseException] = ValueError,
) -> type[RuleBasedStateMachine]:
    """A RuleBasedStateMachine class checking ``candidate`` against cardsim on ``game``
    with ``options`` (a dict; None for the defaults). ``candidate``, ``actions`` and
    ``illegal_error`` mean what they mean for ``check_lockstep``. Use its ``TestCase``
    as a unittest/pytest test, or run it with ``hypothesis.stateful.run_state_machine_as_test``.
    """
    opts = dict(options or {})
    make(game, **opts)  # an unknown game or option: ValueError at once
    check_candidate(candidate, game, opts)
    text_actions = text_mode(candidate, game, opts, actions)
    core_game = make(game, **opts)
    num_actions = core_game.num_actions

    class LockstepMachine(RuleBasedStateMachine):
        """Deals one deck to the candidate and the core, then plays rule by rule."""

        pair: Pair | None = None
        texts: list[str]
        ids: list[int]

        def _guard(self, fn: Any, *args: Any, probe: bool = False) -> None:
            assert self.pair is not None
            try:
                fn(*args)
            except Exception as e:
                err = diverged_error(
                    e, game, opts, list(self.pair.core.deck), self.texts, self.ids, text_actions
                )
                if err is None:
                    raise
                raise err from None

        @initialize(deck=decks(game, in_order=False, **opts))
        def deal(self, deck: list[str]) -> None:
            self.texts, self.ids = [], []
            core = core_game.new_game(deck=deck)
            self.pair = None
            try:
                cand = candidate_game(candidate, opts).new_game(deck=list(deck))
            except Exception as e:
                raise DivergenceError(
                    game=game,
                    options=opts,
                    deck=deck,
                    seed=None,
                    actions=[],
                    ids=[],
                    step=0,
                    field="new_game",
                    candidate=f"raised {type(e).__name__}: {e}",
                    expected="a new game",
                ) from None
            self.pair = Pair(cand, core, text_actions=text_actions, illegal_error=illegal_error)

        @precondition(lambda self: self.pair is not None and not self.pair.core.is_terminal())
        @rule(choice=st.integers(0, 2**16))
        def play(self, choice: int) -> None:
            """Plays a legal action on both."""
            assert self.pair is not None
            legal = self.pair.legal_core()
            action = legal[choice % len(legal)]
            text = self.pair.core.action_to_string(action)
            self._guard(self.pair.play, action)
            self.texts.append(text)
            self.ids.append(action)

        @precondition(lambda self: self.pair is not None)
        @rule(action=st.integers(-1, num_actions))
        def try_illegal(self, action: int) -> None:
            """Tries an action that is not legal now: both must refuse it."""
            assert self.pair is not None
            if action not in self.pair.legal_core():
                self._guard(self.pair.probe, action)

        @invariant()
        def agree(self) -> None:
            """Everything the candidate offers matches the core."""
            if self.pair is not None:
                self._guard(self.pair.compare)

    LockstepMachine.__name__ = LockstepMachine.__qualname__ = f"Lockstep_{game}"
    return LockstepMachine
