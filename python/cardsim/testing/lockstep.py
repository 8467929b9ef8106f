"""Lockstep checking: a candidate implementation of a game against cardsim's core.

The candidate is anything that makes game objects following a small contract (see
``check_lockstep``). Lines of play drawn by hypothesis are played on both (``pair``); at
every step everything the candidate offers is compared with the core (by the one
comparator of ``cardsim.testing.compare``), and the first difference, shrunk to the
shortest line hypothesis can find, is raised as a ``DivergenceError`` (``report``).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

from .requires import NEEDS_HYPOTHESIS

try:
    from hypothesis import HealthCheck, Verbosity, configuration, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ImportError as e:  # pragma: no cover - exercised in a subprocess
    raise ImportError(NEEDS_HYPOTHESIS) from e

from .pair import (
    ILLEGAL_FIELD,
    OPTIONAL_STATE_METHODS,
    REQUIRED_STATE_METHODS,
    IllegalError,
    Pair,
    candidate_game,
    check_illegal_error,
    missing_methods,
)
from .report import Diverged, DivergenceError, diverged_error, raised
from .strategies import (
    OptionValue,
    Plan,
    as_core,
    check_rate,
    deals,
    make_core,
    plans,
    probe_pools,
    probe_threshold,
    read_step,
)
from .strategies import options as option_strategy

__all__ = [
    "OPTIONAL_STATE_METHODS",
    "REQUIRED_STATE_METHODS",
    "DivergenceError",
    "IllegalError",
    "LockstepReport",
    "Pair",
    "candidate_game",
    "check_candidate",
    "check_illegal_error",
    "check_lockstep",
    "diverged_error",
    "missing_methods",
    "text_mode",
]

ActionMode: TypeAlias = Literal["auto", "ids", "text"]
Options: TypeAlias = dict[str, OptionValue]


@dataclass(frozen=True)
class LockstepReport:
    """What a passing ``check_lockstep`` did: the examples (lines) played, the steps
    compared in all, the fields a value was compared of, and whether actions went by
    id or by text."""

    examples: int
    steps: int
    compared: frozenset[str]
    text_actions: bool


def _option_source(
    game: str, options: Mapping[str, OptionValue] | st.SearchStrategy[Options] | None
) -> st.SearchStrategy[Options]:
    if options is None:
        return st.just({})
    if isinstance(options, st.SearchStrategy):
        return options
    if isinstance(options, Mapping):
        make_core(game, options)  # an unknown option or bad value: the game's own error
        return st.just(dict(options))
    raise TypeError(f"options must be a dict or a strategy of dicts, got {type(options).__name__}")


def _line_plans(
    game: str,
    max_len: int,
    *,
    by_seed: bool,
    in_order: bool,
    options: st.SearchStrategy[Options],
) -> st.SearchStrategy[Plan]:
    """What ``check_lockstep`` draws: plans of lines (read as ``lines`` reads them)."""
    return plans(
        game,
        max_len,
        deal=deals(game, by_seed=by_seed, in_order=in_order, option_dicts=options),
    )


def _plain_options(options: object) -> Options:
    return dict(options) if isinstance(options, Mapping) else {}


def check_candidate(candidate: object, game: str, options: object) -> None:
    """TypeError, listing what is missing, unless ``candidate`` makes games whose states
    have every required method (checked on one deal; a candidate that raises instead is
    left to the check, which reports it as a divergence)."""
    if not callable(candidate) and not callable(getattr(candidate, "new_game", None)):
        raise TypeError(
            "candidate must make game objects: a callable taking the options as keywords,"
            f" or an object with new_game(deck=... | seed=...); got {type(candidate).__name__}"
        )
    opts = _plain_options(options)
    try:
        g = candidate_game(candidate, opts)
        state = g.new_game(deck=list(make_core(game, opts).new_game(seed=0).deck))
    except Exception:
        return  # it will be reported as a divergence, with the line, by the check itself
    if not callable(getattr(g, "new_game", None)):
        raise TypeError(f"the candidate's game lacks new_game (got {type(g).__name__})")
    missing = missing_methods(state)
    if missing:
        raise TypeError(
            f"the candidate's state ({type(state).__name__}) lacks {', '.join(missing)};"
            f" a candidate state needs {', '.join(REQUIRED_STATE_METHODS)}"
        )


def text_mode(candidate: object, game: str, options: object, actions: ActionMode) -> bool:
    """Whether actions go to ``candidate`` by text: ``actions="text"``, or ``"auto"`` and
    the candidate's legal ids at the start differ from cardsim's while their texts agree."""
    if actions not in ("auto", "ids", "text"):
        raise ValueError(f"actions must be 'auto', 'ids' or 'text', got {actions!r}")
    if actions != "auto":
        return actions == "text"
    opts = _plain_options(options)
    try:
        core = as_core(make_core(game, opts).new_game(seed=0))
        cand = candidate_game(candidate, opts).new_game(deck=list(core.deck))
        pair = Pair(cand, core, text_actions=True)
        if not {"action_to_string", "string_to_action"} <= pair.offers:
            return False
        ids = sorted(pair._ids("legal_actions()", pair._call("legal_actions", None)))
        if ids == core.legal_actions():
            return False
        texts = sorted(pair._text_of(a) for a in ids)
        return texts == sorted(core.action_to_string(a) for a in core.legal_actions())
    except Exception:
        return False


def check_lockstep(
    candidate: object,
    game: str,
    *,
    options: Mapping[str, OptionValue] | st.SearchStrategy[Options] | None = None,
    examples: int = 100,
    seed: int | None = 0,
    max_len: int = 200,
    illegal_rate: float = 0.1,
    actions: ActionMode = "auto",
    deal: Literal["deck", "seed"] = "deck",
    illegal_error: IllegalError = ValueError,
    in_order: bool = False,
    lenient_numbers: bool = False,
) -> LockstepReport:
    """Plays hypothesis-chosen lines on ``candidate`` and on cardsim's core in lockstep.

    ``candidate`` makes game objects: ``candidate(**options)`` (a class or a function),
    or a game object itself (then checked under ``options`` as given). Its game needs
    ``new_game(deck=...)`` (``deck``: card strings, top first, as cardsim's) and, with
    ``deal="seed"``, ``new_game(seed=...)`` dealing as cardsim does. Its states need
    ``current_player()``, ``legal_actions()``, ``apply_action(a)``, ``is_terminal()`` and
    ``scores()``; each of ``is_truncated``, ``winners``, ``is_draw``, ``to_dict``,
    ``observation``, ``observation_tensor``, ``legal_action_mask``, ``action_to_string``
    and ``string_to_action`` it offers is compared too. Player ids follow cardsim:
    ``cardsim.TERMINAL`` when over. Answers are compared strictly, by the policy of
    ``cardsim.testing.compare``: an int where cardsim has an int (a float equal to it
    only with ``lenient_numbers=True``), a bool where it has a bool, every key of
    cardsim's dicts (keys cardsim lacks are skipped), tuples read as lists, numpy values
    as the Python values they hold.

    ``actions``: ``"ids"`` when the candidate numbers actions as cardsim does, ``"text"``
    when it has its own numbering and speaks cardsim's action texts through
    ``action_to_string``/``string_to_action`` (then legal actions are compared as sets
    of texts), ``"auto"`` to choose by the first position. ``options``: None (the
    defaults), a dict, or a strategy of dicts such as ``cardsim.testing.options(game)``.
    ``examples`` lines of up to ``max_len`` actions are played, with an illegal action
    tried before a step at rate ``illegal_rate`` (mostly an action of a kind the game
    has, such as a discard, that is not legal at that step; see ``lines``); it must
    raise ``illegal_error`` on the candidate (an exception class or a flat tuple of
    them; any ValueError by default) and change nothing. ``seed`` makes the run
    repeatable (None: a random one); nothing is written to disk (no hypothesis database,
    no ``.hypothesis`` folder). ``in_order=True`` shrinks the deck towards pack order too
    (slower; see ``decks``).

    Raises ``DivergenceError`` with the shortest line found on the first difference:
    an exception raised by the candidate, an answer of the wrong type or value, or one
    that cannot be read, each named by the method and the path within its answer.
    TypeError for a candidate lacking a required method or a bad ``illegal_error``;
    ValueError for an unknown game or option. Returns a ``LockstepReport``.
    """
    option_strategy(game)  # an unknown game: ValueError at once
    source = _option_source(game, options)
    if isinstance(examples, bool) or not isinstance(examples, int) or examples < 1:
        raise InvalidArgument(f"examples must be an int >= 1, got {examples!r}")
    if deal not in ("deck", "seed"):
        raise ValueError(f"deal must be 'deck' or 'seed', got {deal!r}")
    illegal = check_illegal_error(illegal_error)
    if not isinstance(lenient_numbers, bool):
        raise TypeError(f"lenient_numbers must be a bool, got {lenient_numbers!r}")
    check_candidate(candidate, game, options)
    text_actions = text_mode(candidate, game, options, actions)
    by_seed = deal == "seed"
    threshold = probe_threshold(check_rate(illegal_rate))
    strategy = _line_plans(game, max_len, by_seed=by_seed, in_order=in_order, options=source)
    tally = {"examples": 0, "steps": 0}
    compared: set[str] = set()
    how = _How(by_seed, text_actions, illegal, lenient_numbers, threshold)

    def run(plan: Plan) -> None:
        tally["examples"] += 1
        try:
            _play_line(candidate, plan, how, tally, compared)
        except _LineDiverged as e:
            if e.error.field != ILLEGAL_FIELD or e.error.candidate != "accepted":
                raise
            # Hypothesis shrinks by lowering and deleting draws, which cannot move a
            # probe to an earlier step of the line, and a long line replayed at every
            # attempt made that slow. The accepted action is tried at every step
            # instead, where cardsim refuses it too: the first step that accepts it ends
            # the line, and the run (an exception hypothesis does not catch, so that no
            # later example is played and none replayed).
            try:
                _play_line(candidate, plan, how, tally, compared, again=e.error.probe_id)
            except _LineDiverged as sooner:
                raise _Found(sooner.error) from None
            raise _Found(e.error) from None  # pragma: no cover - it accepts it again

    test = given(strategy)(run)
    test = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=False,
        report_multiple_bugs=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
            HealthCheck.data_too_large,
        ],
    )(test)
    if seed is not None:
        test = hypothesis_seed(seed)(test)
    try:
        with _no_storage():
            test()
    except (_LineDiverged, _Found) as e:
        raise e.error from None
    return LockstepReport(tally["examples"], tally["steps"], frozenset(compared), text_actions)


class _no_storage:
    """Hypothesis keeps a cache of its own (the constants it scans from the source) in a
    ``.hypothesis`` folder of the working directory; a check writes nothing there. Its
    home is pointed at a temporary folder for the check (one a process, removed at
    exit, so that a second check reads the cache instead of scanning again) and set
    back after, unless the user chose one (``HYPOTHESIS_STORAGE_DIRECTORY``)."""

    folder: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> None:
        self.user = os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY")
        if self.user:
            return
        # The home as hypothesis holds it (None until first used), to be set back.
        self.saved = getattr(configuration, "__hypothesis_home_directory", None)
        if _no_storage.folder is None:
            _no_storage.folder = tempfile.TemporaryDirectory(prefix="cardsim-hypothesis-")
        configuration.set_hypothesis_home_dir(_no_storage.folder.name)

    def __exit__(self, *exc: object) -> None:
        if not self.user:
            configuration.set_hypothesis_home_dir(self.saved)


@dataclass(frozen=True)
class _How:
    """How ``check_lockstep`` plays each line."""

    by_seed: bool
    text_actions: bool
    illegal_error: IllegalError
    lenient_numbers: bool
    threshold: int


class _LineDiverged(Exception):
    def __init__(self, error: DivergenceError) -> None:
        super().__init__(str(error))
        self.error = error


class _Found(BaseException):
    """The line of an accepted illegal action, found: ends the run. Hypothesis passes a
    BaseException through (as it does KeyboardInterrupt) instead of shrinking it."""

    def __init__(self, error: DivergenceError) -> None:
        super().__init__(str(error))
        self.error = error


def _play_line(
    candidate: object,
    plan: Plan,
    how: _How,
    tally: dict[str, int],
    compared: set[str],
    again: int | None = None,
) -> None:
    # The line is read from the plan as it is played, against the core's legal actions
    # that the comparison reads anyway: the same line ``lines`` draws, played once.
    # ``again``: an action tried at every step where the core refuses it, in place of
    # the plan's probe.
    ids: list[int] = []
    core = plan.deal.new_game()
    deck = list(core.deck)  # kept for the report, whatever the candidate does
    try:
        try:
            game = candidate_game(candidate, plan.deal.options)
            if how.by_seed and plan.deal.seed is not None:
                cand = game.new_game(seed=plan.deal.seed)
            else:
                cand = game.new_game(deck=list(deck))
        except Exception as e:
            raise Diverged("new_game", raised(e), "a new game") from None
        pair = Pair(
            cand,
            core,
            text_actions=how.text_actions,
            illegal_error=how.illegal_error,
            lenient_numbers=how.lenient_numbers,
        )
        if how.by_seed and plan.deal.seed is not None and hasattr(cand, "deck"):
            pair.check("deck", pair.attribute("deck"), deck)
        pools = probe_pools(core)
        legal = pair.compare()
        for k in range(plan.steps + 1):
            probe, i = read_step(plan.choices, k, legal, pools, how.threshold)
            if again is not None and again not in legal:
                pair.probe(again)
            elif probe is not None:
                pair.probe(probe)
            if not legal or k == plan.steps:
                break
            legal = pair.advance(legal[i], ids)
        tally["steps"] += len(ids) + 1
        compared |= pair.compared
    except Diverged as d:
        # The texts and seats of the actions played, from a fresh deal: only a failing
        # line pays.
        replay = plan.deal.new_game()
        texts, seats = [], []
        for a in ids:
            seats.append(replay.current_player())
            texts.append(replay.action_to_string(a))
            replay.apply_action(a)
        seed = plan.deal.seed if how.by_seed else None
        error = diverged_error(
            d, plan.deal.game, plan.deal.options, deck, texts, ids, how.text_actions, seats, seed
        )
        assert error is not None
        raise _LineDiverged(error) from None
