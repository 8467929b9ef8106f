"""``check_port``: the lockstep check of a port in any language, in one call.

Apart from port.py because it needs hypothesis (through the lockstep checker), which
``ProcessCandidate`` alone does not.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Literal, TypeAlias

from hypothesis.strategies import SearchStrategy

from .._typing import JSONValue
from .lockstep import LockstepReport, check_lockstep
from .port import ProcessCandidate, ProcessGame

__all__ = ["check_port"]

#: A game option's value, as ``check_lockstep`` takes it.
OptionValue: TypeAlias = bool | int | str


def check_port(
    cmd: Sequence[str] | str,
    game: str,
    *,
    options: Mapping[str, OptionValue] | SearchStrategy[dict[str, OptionValue]] | None = None,
    examples: int = 100,
    seed: int | None = 0,
    max_len: int = 200,
    illegal_rate: float = 0.1,
    actions: Literal["auto", "ids", "text"] = "auto",
    deal: Literal["deck", "seed"] = "deck",
    timeout: float = 10.0,
    start_timeout: float = 30.0,
    cwd: str | os.PathLike[str] | None = None,
    transcript: str | os.PathLike[str] | None = None,
    on_line: Callable[[dict[str, JSONValue]], object] | None = None,
) -> LockstepReport:
    """``check_lockstep`` on the port that ``cmd`` starts, as ``game``; the port is
    stopped afterwards. ``options`` to ``deal`` mean what they mean to
    ``check_lockstep``; ``timeout``, ``start_timeout``, ``cwd`` and ``transcript`` to
    ``ProcessCandidate``. ``on_line`` is called with the options as each line of play
    starts (a progress hook).

    Returns the ``LockstepReport``; raises ``DivergenceError`` on a difference (a port
    that breaks the protocol is one, at the method asked), ValueError for a port that
    cannot start or does not play ``game``.
    """
    with ProcessCandidate(
        cmd, game, timeout=timeout, start_timeout=start_timeout, cwd=cwd, transcript=transcript
    ) as candidate:
        factory: Callable[..., ProcessGame] = candidate
        if on_line is not None:
            tick = on_line

            def counted(**opts: JSONValue) -> ProcessGame:
                tick(opts)
                return candidate(**opts)

            factory = counted
        return check_lockstep(
            factory,
            game,
            options=options,
            examples=examples,
            seed=seed,
            max_len=max_len,
            illegal_rate=illegal_rate,
            actions=actions,
            deal=deal,
        )
