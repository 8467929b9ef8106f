"""A factory of hypothesis ``RuleBasedStateMachine`` classes that step a candidate and the core.

For users who want stateful tests in their own suite::

    TestMyClock = lockstep_machine(MyClock, "clock").TestCase

Each run deals a deck, then hypothesis chooses rules (play a legal action, try an
illegal one) and checks every field the candidate offers after each, as
``check_lockstep`` does; a difference raises ``DivergenceError``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal

from .requires import NEEDS_HYPOTHESIS

try:
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
except ImportError as e:  # pragma: no cover - exercised in a subprocess
    raise ImportError(NEEDS_HYPOTHESIS) from e

from .lockstep import (
    DivergenceError,
    IllegalError,
    Pair,
    candidate_game,
    check_candidate,
    check_illegal_error,
    diverged_error,
    text_mode,
)
from .strategies import OptionValue, as_core, decks, make_core, probe_pools

__all__ = ["lockstep_machine"]


def lockstep_machine(
    candidate: object,
    game: str,
    *,
    options: Mapping[str, OptionValue] | None = None,
    actions: Literal["auto", "ids", "text"] = "auto",
    illegal_error: IllegalError = ValueError,
    lenient_numbers: bool = False,
) -> type[RuleBasedStateMachine]:
    """A RuleBasedStateMachine class checking ``candidate`` against cardsim on ``game``
    with ``options`` (a dict; None for the defaults). ``candidate``, ``actions``,
    ``illegal_error`` and ``lenient_numbers`` mean what they mean for ``check_lockstep``
    (a bad ``illegal_error`` is a TypeError at once). Use its ``TestCase`` as a
    unittest/pytest test, or run it with ``hypothesis.stateful.run_state_machine_as_test``.
    """
    illegal = check_illegal_error(illegal_error)
    opts = dict(options or {})
    make_core(game, opts)  # an unknown game or option: ValueError at once
    check_candidate(candidate, game, opts)
    text_actions = text_mode(candidate, game, opts, actions)
    core_game = make_core(game, opts)
    kinds = len(probe_pools(as_core(core_game.new_game(seed=0))).kinds)

    class LockstepMachine(RuleBasedStateMachine):
        """Deals one deck to the candidate and the core, then plays rule by rule."""

        pair: Pair | None = None
        texts: list[str]
        ids: list[int]
        seats: list[int]

        def _guard(self, fn: Callable[..., object], *args: int) -> None:
            assert self.pair is not None
            try:
                fn(*args)
            except Exception as e:
                err = diverged_error(
                    e,
                    game,
                    opts,
                    list(self.pair.core.deck),
                    self.texts,
                    self.ids,
                    text_actions,
                    self.seats,
                )
                if err is None:
                    raise
                raise err from None

        @initialize(deck=decks(game, in_order=False, **opts))
        def deal(self, deck: list[str]) -> None:
            self.texts, self.ids, self.seats = [], [], []
            core = as_core(core_game.new_game(deck=deck))
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
            self.pair = Pair(
                cand,
                core,
                text_actions=text_actions,
                illegal_error=illegal,
                lenient_numbers=lenient_numbers,
            )

        @precondition(lambda self: self.pair is not None and not self.pair.core.is_terminal())
        @rule(choice=st.integers(0, 2**16))
        def play(self, choice: int) -> None:
            """Plays a legal action on both."""
            assert self.pair is not None
            legal = self.pair.legal_core()
            action = legal[choice % len(legal)]
            text = self.pair.core.action_to_string(action)
            seat = self.pair.core.current_player()
            self._guard(self.pair.play, action)
            self.texts.append(text)
            self.ids.append(action)
            self.seats.append(seat)

        @precondition(lambda self: self.pair is not None)
        @rule(slot=st.integers(0, kinds), pick=st.integers(0, 2**16))
        def try_illegal(self, slot: int, pick: int) -> None:
            """Tries an action that is not legal now (drawn as ``check_lockstep`` draws
            its probes: a kind, then an action of it): the candidate must refuse it."""
            assert self.pair is not None
            legal = self.pair.legal_core()
            pools = probe_pools(self.pair.core)
            if slot < len(pools.kinds):
                pool = [a for a in pools.kinds[slot] if a not in legal]
                action = pool[pick % len(pool)] if pool else None
            else:
                action = pick % (pools.num_actions + 2) - 1
            if action is not None and action not in legal:
                self._guard(self.pair.probe, action)

        @invariant()
        def agree(self) -> None:
            """Everything the candidate offers matches the core."""
            if self.pair is not None:
                self._guard(self.pair.compare)

    LockstepMachine.__name__ = LockstepMachine.__qualname__ = f"Lockstep_{game}"
    return LockstepMachine
