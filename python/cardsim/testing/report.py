"""The lockstep checker's report of a difference: ``DivergenceError``, with the line that
shows it as text (whose move each action is), the field's path and both values there,
and Python that replays it, the illegal action tried included."""

from __future__ import annotations

from collections.abc import Mapping

from .compare import shown
from .strategies import OptionValue

__all__ = ["Diverged", "DivergenceError", "diverged_error", "raised"]


class DivergenceError(AssertionError):
    """The candidate and cardsim disagree. Holds the shortest line found that shows it.

    Attributes: ``game``, ``options``, ``deck`` (the deal, top first), ``seed`` (the deal's
    seed when the candidate was dealt by seed, else None), ``actions`` (the texts of the
    actions played before the difference), ``seats`` (who played each), ``ids`` (their
    ids), ``step`` (how many were played), ``field`` (where the answers differ, e.g.
    ``"to_dict().players[0].turned"``), ``candidate`` and ``expected`` (the two values
    found there), ``probe`` and ``probe_id`` (the text and id of the illegal action
    tried, when the difference is in refusing it) and ``replay`` (Python that replays
    the line on cardsim and on the candidate, the illegal action included).
    """

    def __init__(
        self,
        *,
        game: str,
        options: Mapping[str, OptionValue],
        deck: list[str],
        seed: int | None,
        actions: list[str],
        ids: list[int],
        step: int,
        field: str,
        candidate: object,
        expected: object,
        probe: str | None = None,
        probe_id: int | None = None,
        seats: list[int] | None = None,
        text_actions: bool = False,
    ) -> None:
        self.game, self.options, self.deck, self.seed = game, dict(options), list(deck), seed
        self.actions, self.ids, self.step, self.field = list(actions), list(ids), step, field
        self.seats = list(seats) if seats is not None else []
        self.candidate, self.expected = candidate, expected
        self.probe, self.probe_id = probe, probe_id
        self.replay = _replay_snippet(self, text_actions)
        super().__init__(str(self))

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items()) or "defaults"
        moves = self.actions
        if self.seats and len(set(self.seats)) > 1:  # whose move, where seats take turns
            moves = [f"p{p} {text}" for p, text in zip(self.seats, self.actions, strict=True)]
        lines = [
            f"{self.game} ({opts}): the candidate differs from cardsim in {self.field}"
            f" after {self.step} action{'s' if self.step != 1 else ''}",
            f"  candidate: {_text(self.candidate)}",
            f"  cardsim:   {_text(self.expected)}",
            f"  deck: {' '.join(self.deck)}"
            + (f" (seed {self.seed})" if self.seed is not None else ""),
            f"  line ({len(self.actions)}): {' | '.join(moves) or '(no actions)'}",
        ]
        if self.probe is not None:
            lines.append(f"  then the illegal action tried: {self.probe}")
        lines += ["  replay:", *("    " + r for r in self.replay.splitlines())]
        return "\n".join(lines)


def _text(value: object) -> str:
    return value if isinstance(value, str) and value.startswith("raised ") else shown(value)


def _replay_snippet(e: DivergenceError, text_actions: bool) -> str:
    deal = f"seed={e.seed}" if e.seed is not None else f"deck={e.deck!r}"
    opts = "".join(f", {k}={v!r}" for k, v in e.options.items())
    out = [
        "import cardsim",
        f"expected = cardsim.make({e.game!r}{opts}).new_game({deal})",
        f"actual = candidate({opts[2:]}).new_game({deal})  # candidate: the factory checked",
    ]
    if text_actions:
        out += [
            f"for text in {e.actions!r}:",
            "    expected.apply_action(expected.string_to_action(text))",
            "    actual.apply_action(actual.string_to_action(text))",
        ]
    else:
        out += [
            f"for action in {e.ids!r}:",
            "    expected.apply_action(action)",
            "    actual.apply_action(action)",
        ]
    if e.probe_id is not None:
        speak = f"actual.string_to_action({e.probe!r})" if text_actions else repr(e.probe_id)
        out.append(f"actual.apply_action({speak})  # illegal: {e.probe}; cardsim refuses it")
    out.append(f"# now compare {e.field}")
    return "\n".join(out)


class Diverged(Exception):
    """A difference found by a ``Pair``, before the line is known (``diverged_error``
    makes the DivergenceError of it)."""

    def __init__(
        self,
        field: str,
        candidate: object,
        expected: object,
        probe: str | None = None,
        probe_id: int | None = None,
    ) -> None:
        super().__init__(field)
        self.field, self.candidate, self.expected = field, candidate, expected
        self.probe, self.probe_id = probe, probe_id


def raised(e: BaseException) -> str:
    """How an exception of the candidate's is shown: its type and message."""
    try:
        text = str(e)
        if len(text) > 2000:  # the start and the end (where a port's exit status is)
            text = f"{text[:1000]} ... {text[-900:]}"
        return f"raised {type(e).__name__}: {text}"
    except Exception:  # a __str__ that raises
        return f"raised {type(e).__name__}"


def diverged_error(
    e: BaseException,
    game: str,
    options: Mapping[str, OptionValue],
    deck: list[str],
    texts: list[str],
    ids: list[int],
    text_actions: bool,
    seats: list[int] | None = None,
    seed: int | None = None,
) -> DivergenceError | None:
    """The DivergenceError for a difference ``e`` raised by a ``Pair`` after the actions
    ``ids`` (texts ``texts``, played by ``seats``) on ``deck`` (dealt from ``seed``, if
    the candidate was); None if ``e`` is no such difference."""
    if not isinstance(e, Diverged):
        return None
    return DivergenceError(
        game=game,
        options=options,
        deck=deck,
        seed=seed,
        actions=texts,
        ids=ids,
        step=len(ids),
        field=e.field,
        candidate=e.candidate,
        expected=e.expected,
        probe=e.probe,
        probe_id=e.probe_id,
        seats=seats,
        text_actions=text_actions,
    )
