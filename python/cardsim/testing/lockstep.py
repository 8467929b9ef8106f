"""Lockstep checking: a candidate implementation of a game against cardsim's core.

The candidate is anything that makes game objects following a small contract (see
``check_lockstep``). Lines of play drawn by hypothesis are played on both; at every step
everything the candidate offers is compared with the core, and the first difference,
shrunk to the shortest line hypothesis can find, is raised as a ``DivergenceError``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NoReturn

import numpy as np

from .requires import NEEDS_HYPOTHESIS

try:
    from hypothesis import HealthCheck, Verbosity, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ImportError as e:  # pragma: no cover - exercised in a subprocess
    raise ImportError(NEEDS_HYPOTHESIS) from e

from ..games import make
from .strategies import (
    Deal,
    Plan,
    check_rate,
    deals,
    plans,
    probe_threshold,
    read_step,
)
from .strategies import options as option_strategy

__all__ = [
    "OPTIONAL_STATE_METHODS",
    "REQUIRED_STATE_METHODS",
    "DivergenceError",
    "LockstepReport",
    "Pair",
    "candidate_game",
    "check_candidate",
    "check_lockstep",
    "diverged_error",
    "missing_methods",
    "text_mode",
]

#: What a candidate's state must have.
REQUIRED_STATE_METHODS = (
    "current_player",
    "legal_actions",
    "apply_action",
    "is_terminal",
    "scores",
)
#: What a candidate's state may have; each one offered is compared with the core.
OPTIONAL_STATE_METHODS = (
    "is_truncated",
    "winners",
    "is_draw",
    "to_dict",
    "observation",
    "observation_tensor",
    "legal_action_mask",
    "action_to_string",
    "string_to_action",
)

ActionMode = Literal["auto", "ids", "text"]

# The bits of the core's ``State._answers(what, answers, arrays)``: which of a candidate's
# answers it compares, beyond whose turn, the legal ids, the terminal flag and the scores.
_TRUNCATED, _DRAW, _WINNERS, _TEXTS, _DICT, _OBSERVATIONS, _MASK, _TENSORS, _IDS = (
    1 << i for i in range(9)
)


class DivergenceError(AssertionError):
    """The candidate and cardsim disagree. Holds the shortest line found that shows it.

    Attributes: ``game``, ``options``, ``deck`` (the deal, top first), ``seed`` (the deal's
    seed when the candidate was dealt by seed, else None), ``actions`` (the texts of the
    actions played before the difference), ``step`` (how many were played), ``field``
    (what differs, e.g. ``"to_dict.players[0].turned"``), ``candidate`` and ``expected``
    (the candidate's value and cardsim's), ``probe`` (the text of the illegal action
    tried, when the difference is in refusing it) and ``replay`` (Python that replays
    the line on cardsim and on the candidate).
    """

    def __init__(
        self,
        *,
        game: str,
        options: dict[str, Any],
        deck: list[str],
        seed: int | None,
        actions: list[str],
        ids: list[int],
        step: int,
        field: str,
        candidate: Any,
        expected: Any,
        probe: str | None = None,
        text_actions: bool = False,
    ) -> None:
        self.game, self.options, self.deck, self.seed = game, dict(options), list(deck), seed
        self.actions, self.ids, self.step, self.field = list(actions), list(ids), step, field
        self.candidate, self.expected, self.probe = candidate, expected, probe
        self.replay = _replay_snippet(self, text_actions)
        super().__init__(str(self))

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items()) or "defaults"
        lines = [
            f"{self.game} ({opts}): the candidate differs from cardsim in {self.field}"
            f" after {self.step} action{'s' if self.step != 1 else ''}",
            f"  candidate: {_short(self.candidate)}",
            f"  cardsim:   {_short(self.expected)}",
            f"  deck: {' '.join(self.deck)}"
            + (f" (seed {self.seed})" if self.seed is not None else ""),
            f"  line ({len(self.actions)}): {' | '.join(self.actions) or '(no actions)'}",
        ]
        if self.probe is not None:
            lines.append(f"  then the illegal action tried: {self.probe}")
        lines += ["  replay:", *("    " + r for r in self.replay.splitlines())]
        return "\n".join(lines)


def _short(value: Any, limit: int = 400) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
    out.append(f"# now compare {e.field}")
    return "\n".join(out)


class _Diverged(Exception):
    def __init__(self, field: str, candidate: Any, expected: Any, probe: str | None = None):
        super().__init__(field)
        self.field, self.candidate, self.expected, self.probe = field, candidate, expected, probe


def _raised(e: BaseException) -> str:
    return f"raised {type(e).__name__}: {e}"


def _diff(cand: Any, core: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place where ``cand`` differs from ``core``; dict keys cardsim lacks
    are skipped, so a candidate may give a subset of the fields."""
    # Equal values of one type are the common case: one comparison at C speed, and the
    # walk below only where something differs (or the candidate gives a subset).
    if type(cand) is type(core) and not isinstance(cand, np.ndarray) and cand == core:
        return None
    if isinstance(cand, Mapping) and isinstance(core, Mapping):
        for k in cand:
            if k in core:
                d = _diff(cand[k], core[k], f"{path}.{k}")
                if d:
                    return d
        return None
    if isinstance(cand, np.ndarray):
        cand = cand.tolist()
    if isinstance(cand, (list, tuple)) and isinstance(core, (list, tuple)):
        if len(cand) != len(core):
            return (path, list(cand), list(core))
        for i, (a, b) in enumerate(zip(cand, core, strict=True)):
            d = _diff(a, b, f"{path}[{i}]")
            if d:
                return d
        return None
    if cand != core or isinstance(cand, bool) != isinstance(core, bool):
        return (path, cand, core)
    return None


def _shares(a: Any, b: Any) -> bool:
    """Whether two of the candidate's dicts are one object or share a container at the
    top (a change to the state would then show in both)."""
    if a is b:
        return True
    if not (isinstance(a, Mapping) and isinstance(b, Mapping)):
        return False
    return any(a.get(k) is v for k, v in b.items() if isinstance(v, (list, dict, set)))


def _same(a: Any, b: Any) -> bool:
    """Whether two of the candidate's dicts are equal: == at C speed, or as JSON text
    when == cannot say (a numpy array inside has no single truth value)."""
    try:
        return bool(a == b)
    except Exception:
        return _dump(a) == _dump(b)


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def missing_methods(state: Any) -> list[str]:
    """The required state methods ``state`` lacks (see ``REQUIRED_STATE_METHODS``)."""
    return [m for m in REQUIRED_STATE_METHODS if not callable(getattr(state, m, None))]


def candidate_game(candidate: Any, opts: dict[str, Any]) -> Any:
    """The candidate's game for ``opts``: the candidate itself when it is a game object
    (it has ``new_game`` and is no class), else ``candidate(**opts)``."""
    if not isinstance(candidate, type) and callable(getattr(candidate, "new_game", None)):
        return candidate
    return candidate(**opts)


class Pair:
    """A candidate state and the core's, dealt alike and stepped together.

    ``compare()`` checks everything the candidate offers; ``play(action)`` plays a core
    action id on both; ``probe(action)`` checks that an illegal action is refused by both
    and changes nothing. Each raises ``DivergenceError``-ready details on a difference
    (an internal exception that ``check_lockstep`` and ``lockstep_machine`` turn into one).
    """

    def __init__(
        self,
        cand: Any,
        core: Any,
        *,
        text_actions: bool,
        illegal_error: type[BaseException] = ValueError,
    ) -> None:
        self.cand, self.core = cand, core
        self.text_actions = text_actions
        self.illegal_error = illegal_error
        self.offers = {m for m in OPTIONAL_STATE_METHODS if callable(getattr(cand, m, None))}
        self.has_tensor = "observation_tensor" in self.offers and hasattr(
            core.game, "observation_tensor_shape"
        )
        self.num_players = core.num_players
        # The optional yes/no answers the candidate offers, compared as bools.
        self._flags = [m for m in ("is_truncated", "is_draw") if m in self.offers]
        self.compared: set[str] = set()
        # The candidate's to_dict and the core's as compare() last read them (None for
        # the core's when the core only matched the candidate's in place), until the next
        # action: what a probe checks the candidate against after refusing.
        self._dicts: tuple[Any, Any] | None = None
        # Set once the candidate's to_dict is seen to hand out its own live containers:
        # then a probe snapshots it as text, as a later call would change it in place.
        self._aliased = False
        self._alias_unknown = True
        # What a passing compare() marks as compared, with legal actions and without.
        marks = {"current_player", "legal_actions", "is_terminal", "scores"}
        marks |= self.offers & {"is_truncated", "is_draw", "winners", "to_dict", "observation"}
        if self.has_tensor:
            marks.add("observation_tensor")
        if not text_actions and "legal_action_mask" in self.offers:
            marks.add("legal_action_mask")
        self._marks_no_legal = frozenset(marks)
        if not text_actions and "action_to_string" in self.offers:
            marks.add("action_to_string")
            if "string_to_action" in self.offers:
                marks.add("string_to_action")
        self._marks = frozenset(marks)
        # The larger of the marks compare() has added to ``compared``.
        self._marked: frozenset[str] | None = None
        # The core's read of a whole step; none in text mode (which goes field by field).
        self._core_answers = None if text_actions else core._answers
        self._what = self._answer_plan()

    def _answer_plan(self) -> int:
        """What the quick comparison asks of the core's ``_answers``: its bits."""
        offers = self.offers
        what = 0
        for bit, name in ((_TRUNCATED, "is_truncated"), (_DRAW, "is_draw"), (_WINNERS, "winners")):
            if name in offers:
                what |= bit
        if "action_to_string" in offers:
            what |= _TEXTS
            if "string_to_action" in offers:
                what |= _IDS
        if "to_dict" in offers:
            what |= _DICT
        if "observation" in offers:
            what |= _OBSERVATIONS
        if "legal_action_mask" in offers:
            what |= _MASK
        if self.has_tensor:
            what |= _TENSORS
        return what

    # --- calling the candidate: any exception is a divergence -------------------------
    def _call(self, name: str, expected: Any, *args: Any) -> Any:
        try:
            return getattr(self.cand, name)(*args)
        except Exception as e:
            shown = f"{name}({', '.join(map(repr, args))})"
            raise _Diverged(shown, _raised(e), expected) from None

    def check(self, field: str, cand: Any, core: Any, key: str | None = None) -> None:
        """Records ``field`` (under ``key``, its method's name, when given) as compared
        and raises on the first difference."""
        self.compared.add(key or field.split("(")[0].split("[")[0].split(".")[0])
        if type(cand) is type(core) and type(cand) is not np.ndarray and cand == core:
            return  # the common case, settled without a call into _diff
        d = _diff(cand, core, field)
        if d:
            raise _Diverged(*d)

    def _call_each(self, name: str, expected: list[Any], args: list[Any]) -> list[Any]:
        """``name(arg)`` on the candidate for each of ``args``, in one pass; an exception
        is a divergence naming the argument that raised it (as ``_call``)."""
        method = getattr(self.cand, name)
        try:
            return [method(a) for a in args]
        except Exception:
            for a, want in zip(args, expected, strict=True):
                self._call(name, want, a)
            raise  # pragma: no cover - a candidate raising only once is reported above

    def _texts(self, state: Any, ids: list[int], cand: bool) -> list[str]:
        if not cand:
            return sorted(state.action_to_string(a) for a in ids)
        return sorted(self._call("action_to_string", "a text", a) for a in ids)

    def legal_core(self) -> list[int]:
        """The core's legal actions now."""
        return list(self.core.legal_actions())

    def compare(self) -> list[int]:
        """Compares every field the candidate offers with the core's; returns the core's
        legal actions (read for the comparison, and what the next step picks from).

        A step that matches, the common case, costs one call into the core, which calls
        the candidate's methods itself and walks each answer against its own state as
        it comes (``_answers``), with no Python between the calls. The candidate's texts
        are asked of its own legal ids, and its ids of its own texts: equal to the
        core's when the step matches, and if they are not, the step does not match.
        Anything unlike the core's answers, of exactly its types, or a candidate that
        raises, goes field by field (``_compare_each``), which finds the difference or
        passes."""
        if self._core_answers is None:
            return self._compare_each()  # text mode goes field by field
        legal, got_dict, _ = self._core_answers(self._what, self.cand)
        return self._settle(legal, got_dict)

    def advance(self, action: int, played: list[int]) -> list[int]:
        """``play(action)``, then ``compare()``: the next position's legal actions. The
        action goes on ``played`` once both have played it. Where the quick comparison
        applies, the step is one call into the core, which plays the action on the
        candidate and on itself and reads the candidate's answers at once."""
        if self._core_answers is None or self._alias_unknown:
            self.play(action)
            played.append(action)
            return self.compare()
        legal, got_dict, raised = self._core_answers(self._what, self.cand, action)
        if raised is not None:
            self._apply_failed(action, raised)
        played.append(action)
        return self._settle(legal, got_dict)

    def _keep_dict(self, got: Any, want: Any) -> None:
        """Keeps the candidate's dict ``got`` at this position (and the core's, ``want``,
        if made) for the probes. Once a line: a second call handing out the same
        containers means the candidate's dict is its live state, so probes snapshot it."""
        if self._alias_unknown:
            self._aliased = _shares(self._call("to_dict", "a dict"), got)
        self._dicts = (got, want)

    def _settle(self, legal: list[int] | None, got_dict: Any) -> list[int]:
        """After the core's read of a step: on a match its ``legal`` actions (the marks of
        what was compared taken, and the candidate's dict, ``got_dict``, kept for the
        probes), else the field-by-field comparison's."""
        if legal is None:
            self._dicts = None
            return self._compare_each()
        if got_dict is not None:  # a dict is read exactly when the candidate offers one
            # The core's own dict is made only if a probe needs it (see probe).
            self._keep_dict(got_dict, None)
        else:
            self._dicts = None
        self._alias_unknown = False
        if self._marked is not self._marks:  # else every mark is in already
            marks = self._marks if legal else self._marks_no_legal
            if marks is not self._marked:
                self.compared |= marks
                self._marked = marks
        return legal

    def _compare_each(self) -> list[int]:
        core, offers, check = self.core, self.offers, self.check
        player = core.current_player()
        check("current_player()", self._call("current_player", player), player, "current_player")
        legal: list[int] = core.legal_actions()
        got = self._call("legal_actions", legal)
        if self.text_actions:
            check(
                "legal_actions() as text",
                self._texts(self.cand, list(got), True),
                self._texts(core, legal, False),
                "legal_actions",
            )
        else:
            check("legal_actions()", sorted(got), legal, "legal_actions")
            if "legal_action_mask" in offers:
                mask = core.legal_action_mask()
                cand_mask = np.asarray(self._call("legal_action_mask", mask))
                self.compared.add("legal_action_mask")
                # Equal bytes of one dtype and shape are equal masks; anything else is
                # compared value by value.
                if not (
                    cand_mask.dtype == mask.dtype
                    and cand_mask.shape == mask.shape
                    and cand_mask.tobytes() == mask.tobytes()
                ):
                    check("legal_action_mask()", cand_mask.tolist(), mask.tolist())
            if "action_to_string" in offers:
                # Every legal action's text both ways, compared as whole lists first: one
                # comparison per step, and the action that differs found only if one does.
                texts = [core.action_to_string(a) for a in legal]
                got_texts = self._call_each("action_to_string", texts, legal)
                if legal:
                    self.compared.add("action_to_string")
                if got_texts != texts:
                    for a, g, t in zip(legal, got_texts, texts, strict=True):
                        check(f"action_to_string({a})", g, t)
                if "string_to_action" in offers:
                    got_ids = self._call_each("string_to_action", legal, texts)
                    if legal:
                        self.compared.add("string_to_action")
                    # True == 1, but a bool is no action id: that is a difference too.
                    if got_ids != legal or any(type(g) is bool for g in got_ids):
                        for a, g, t in zip(legal, got_ids, texts, strict=True):
                            check(f"string_to_action({t!r})", g, a)
        want = core.is_terminal()
        check("is_terminal()", bool(self._call("is_terminal", want)), want, "is_terminal")
        for name in self._flags:
            want = getattr(core, name)()
            check(f"{name}()", bool(self._call(name, want)), want, name)
        want = core.scores()
        check("scores()", list(self._call("scores", want)), want, "scores")
        if "winners" in offers:
            want = core.winners()
            check("winners()", list(self._call("winners", want)), want, "winners")
        if "to_dict" in offers:
            want = core.to_dict()
            got_dict = self._call("to_dict", want)
            check("to_dict()", got_dict, want, "to_dict")
            self._keep_dict(got_dict, want)
        self._alias_unknown = False
        if "observation" in offers:
            for p in range(self.num_players):
                want = core.observation(p)
                check(f"observation({p})", self._call("observation", want, p), want, "observation")
        if self.has_tensor:
            self.compared.add("observation_tensor")
            for p in range(self.num_players):
                want = core.observation_tensor(p)
                got_t = np.asarray(self._call("observation_tensor", "a tensor", p))
                # Equal bytes of one dtype and shape are equal tensors (the common case,
                # cheap); otherwise value by value, so that 0.0 == -0.0 as before.
                if (
                    got_t.dtype == want.dtype
                    and got_t.shape == want.shape
                    and got_t.tobytes() == want.tobytes()
                ):
                    continue
                if got_t.shape != want.shape or not np.array_equal(got_t, want):
                    bad = (
                        np.flatnonzero(got_t != want)[:8].tolist()
                        if got_t.shape == want.shape
                        else f"shape {got_t.shape}"
                    )
                    raise _Diverged(
                        f"observation_tensor({p}) at entries {bad}",
                        got_t.tolist()[:16],
                        want.tolist()[:16],
                    )
        return legal

    def _to_cand(self, action: int) -> Any:
        if not self.text_actions:
            return action
        text = self.core.action_to_string(action)
        return self._call("string_to_action", f"the id of {text!r}", text)

    def play(self, action: int) -> None:
        """Plays the core's legal ``action`` on both (by its text in text mode)."""
        self._dicts = None
        a = self._to_cand(action) if self.text_actions else action
        try:
            self.cand.apply_action(a)
        except Exception as e:
            self._apply_failed(action, e)
        self.core.apply_action(action)

    def _apply_failed(self, action: int, raised: BaseException) -> NoReturn:
        """The divergence of a candidate that raised playing the core's legal ``action``."""
        self._dicts = None
        text = self.core.action_to_string(action)
        raise _Diverged(f"apply_action({text!r})", _raised(raised), "accepted") from None

    def _snapshot(self) -> Any:
        if "to_dict" in self.offers:
            return json.dumps(self._call("to_dict", "a dict"), sort_keys=True, default=repr)
        return repr(
            [self._call(m, "a value") for m in ("current_player", "legal_actions", "scores")]
        )

    def probe(self, action: int) -> None:
        """Checks that the illegal ``action`` is refused by both and changes neither."""
        core = self.core
        in_range = 0 <= action < core.game.num_actions
        if self.text_actions and not in_range:
            return  # an id with no text cannot be spoken to a text candidate
        # The candidate's dict that compare() read at this position is its state before;
        # without one (or if it may change in place), a text snapshot is taken now.
        seen = self._dicts if not self._aliased else None
        if not self.text_actions and seen is not None and seen[1] is None:
            # The dict before matched the core's exactly (in the core: ``compare``): the whole
            # probe is one call into the core, ending with the candidate's dict matched
            # against the core's (which also catches a live dict the refusal changed).
            went = core._probe(self.cand, action, self.illegal_error, True)
            if went is None:
                self.compared.add("illegal actions")
                return
            stage, what = went
            text = self._probe_text(action, in_range)
            if stage == "core":
                raise AssertionError(f"cardsim {what} the illegal action {text}")
            if stage == "apply":
                self._refusal_failed(text, what)
            self.compared.add("illegal actions")
            now = what if what is not None else self._call("to_dict", "a dict")
            self._check_dict_after_refusal(now, seen[0], core.to_dict(), text)
            return
        # Text mode, or no dict of the candidate's matched at this position: the core's
        # refusal on a copy of its rules' state, then the candidate's, step by step.
        text = self._probe_text(action, in_range)
        wrong = core._refuses(action)
        if wrong is not None:
            raise AssertionError(f"cardsim {wrong} the illegal action {text}")
        before = self._snapshot() if seen is None else None
        try:
            a = self.cand.string_to_action(text) if self.text_actions else action
        except ValueError:
            return  # a text the candidate does not know is a refusal
        except Exception as e:
            raise _Diverged(
                f"string_to_action({text!r})", _raised(e), "ValueError or an id", probe=text
            ) from None
        try:
            self.cand.apply_action(a)
        except self.illegal_error:
            pass
        except Exception as e:
            self._refusal_failed(text, e)
        else:
            self._refusal_failed(text, None)
        self.compared.add("illegal actions")
        if seen is None:
            after = self._snapshot()
            if after != before:
                raise _Diverged("state after refusing an illegal action", after, before, probe=text)
            return
        got, want = seen  # the core's dict too: this position was compared field by field
        self._check_dict_after_refusal(self._call("to_dict", "a dict"), got, want, text)

    def _probe_text(self, action: int, in_range: bool) -> str:
        return self.core.action_to_string(action) if in_range else f"action id {action}"

    def _refusal_failed(self, text: str, raised: BaseException | None) -> NoReturn:
        """The divergence of a candidate that accepted the illegal action (``raised``
        None) or raised something other than ``illegal_error``."""
        raise _Diverged(
            "apply_action(illegal)",
            "accepted" if raised is None else _raised(raised),
            f"raises {self.illegal_error.__name__}",
            probe=text,
        )

    def _check_dict_after_refusal(self, now: Any, got: Any, want: Any, text: str) -> None:
        """The candidate's dict ``now``, after refusing, against ``got`` (its dict before)
        and ``want`` (the core's, unchanged by its refusal)."""
        if _shares(now, got):
            # The same containers as before (seen only now): whatever changed changed in
            # both. The core refused and is unchanged, so the candidate must still match
            # the core's dict; later probes take text snapshots.
            self._aliased = True
            d = _diff(now, want, "to_dict()")
            if d:
                raise _Diverged("state after refusing an illegal action", d[1], d[2], probe=text)
        elif not _same(now, got):
            raise _Diverged("state after refusing an illegal action", now, got, probe=text)


@dataclass(frozen=True)
class LockstepReport:
    """What a passing ``check_lockstep`` did: the examples (lines) played, the steps
    compared in all, the fields compared, and whether actions went by id or by text."""

    examples: int
    steps: int
    compared: frozenset[str]
    text_actions: bool


def _deal_both(candidate: Any, deal: Deal, by_seed: bool) -> tuple[Any, Any]:
    core = deal.new_game()
    game = candidate_game(candidate, deal.options)
    if by_seed and deal.seed is not None:
        return game.new_game(seed=deal.seed), core
    return game.new_game(deck=list(core.deck)), core


def _option_source(game: str, options: Any) -> st.SearchStrategy[dict[str, Any]]:
    if options is None:
        return st.just({})
    if isinstance(options, st.SearchStrategy):
        return options
    if isinstance(options, Mapping):
        make(game, **options)  # an unknown option or bad value: the game's own error
        return st.just(dict(options))
    raise TypeError(f"options must be a dict or a strategy of dicts, got {type(options).__name__}")


def _line_plans(
    game: str,
    max_len: int,
    *,
    by_seed: bool,
    in_order: bool,
    options: st.SearchStrategy[dict[str, Any]],
) -> st.SearchStrategy[Plan]:
    """What ``check_lockstep`` draws: plans of lines (read as ``lines`` reads them)."""
    return plans(
        game,
        max_len,
        deal=deals(game, by_seed=by_seed, in_order=in_order, option_dicts=options),
    )


def check_candidate(candidate: Any, game: str, options: Any) -> None:
    """TypeError, listing what is missing, unless ``candidate`` makes games whose states
    have every required method (checked on one deal; a candidate that raises instead is
    left to the check, which reports it as a divergence)."""
    if not callable(candidate) and not callable(getattr(candidate, "new_game", None)):
        raise TypeError(
            "candidate must make game objects: a callable taking the options as keywords,"
            f" or an object with new_game(deck=... | seed=...); got {type(candidate).__name__}"
        )
    opts = dict(options) if isinstance(options, Mapping) else {}
    try:
        g = candidate_game(candidate, opts)
        state = g.new_game(deck=list(make(game, **opts).new_game(seed=0).deck))
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


def text_mode(candidate: Any, game: str, options: Any, actions: ActionMode) -> bool:
    """Whether actions go to ``candidate`` by text: ``actions="text"``, or ``"auto"`` and
    the candidate's legal ids at the start differ from cardsim's while their texts agree."""
    if actions not in ("auto", "ids", "text"):
        raise ValueError(f"actions must be 'auto', 'ids' or 'text', got {actions!r}")
    if actions != "auto":
        return actions == "text"
    opts = dict(options) if isinstance(options, Mapping) else {}
    try:
        core = make(game, **opts).new_game(seed=0)
        cand = candidate_game(candidate, opts).new_game(deck=list(core.deck))
        if not all(
            callable(getattr(cand, m, None)) for m in ("action_to_string", "string_to_action")
        ):
            return False
        ids = sorted(cand.legal_actions())
        if ids == core.legal_actions():
            return False
        texts = sorted(cand.action_to_string(a) for a in ids)
        return texts == sorted(core.action_to_string(a) for a in core.legal_actions())
    except Exception:
        return False


def check_lockstep(
    candidate: Any,
    game: str,
    *,
    options: Mapping[str, Any] | st.SearchStrategy[dict[str, Any]] | None = None,
    examples: int = 100,
    seed: int | None = 0,
    max_len: int = 200,
    illegal_rate: float = 0.1,
    actions: ActionMode = "auto",
    deal: Literal["deck", "seed"] = "deck",
    illegal_error: type[BaseException] = ValueError,
    in_order: bool = False,
) -> LockstepReport:
    """Plays hypothesis-chosen lines on ``candidate`` and on cardsim's core in lockstep.

    ``candidate`` makes game objects: ``candidate(**options)`` (a class or a function),
    or a game object itself (then checked under ``options`` as given). Its game needs
    ``new_game(deck=...)`` (``deck``: card strings, top first, as cardsim's) and, with
    ``deal="seed"``, ``new_game(seed=...)`` dealing as cardsim does. Its states need
    ``current_player()``, ``legal_actions()``, ``apply_action(a)``, ``is_terminal()`` and
    ``scores()``; each of ``is_truncated``, ``winners``, ``is_draw``, ``to_dict``,
    ``observation``, ``observation_tensor``, ``legal_action_mask``, ``action_to_string``
    and ``string_to_action`` it offers is compared too (dict fields cardsim does not
    have are skipped). Player ids follow cardsim: ``cardsim.TERMINAL`` when over.

    ``actions``: ``"ids"`` when the candidate numbers actions as cardsim does, ``"text"``
    when it has its own numbering and speaks cardsim's action texts through
    ``action_to_string``/``string_to_action`` (then legal actions are compared as sets
    of texts), ``"auto"`` to choose by the first position. ``options``: None (the
    defaults), a dict, or a strategy of dicts such as ``cardsim.testing.options(game)``.
    ``examples`` lines of up to ``max_len`` actions are played, with an illegal action
    tried before a step at rate ``illegal_rate``; it must raise ``illegal_error`` on the
    candidate (any ValueError by default) and change nothing. ``seed`` makes the run
    repeatable (None: a random one); nothing is written to hypothesis's database.
    ``in_order=True`` shrinks the deck towards pack order too (slower; see ``decks``).

    Raises ``DivergenceError`` with the shortest line found on the first difference (an
    exception raised by the candidate counts as one); TypeError for a candidate lacking
    a required method; ValueError for an unknown game or option. Returns a
    ``LockstepReport``.
    """
    option_strategy(game)  # an unknown game: ValueError at once
    source = _option_source(game, options)
    if isinstance(examples, bool) or not isinstance(examples, int) or examples < 1:
        raise InvalidArgument(f"examples must be an int >= 1, got {examples!r}")
    if deal not in ("deck", "seed"):
        raise ValueError(f"deal must be 'deck' or 'seed', got {deal!r}")
    if not (isinstance(illegal_error, type) and issubclass(illegal_error, BaseException)):
        raise TypeError(f"illegal_error must be an exception class, got {illegal_error!r}")
    check_candidate(candidate, game, options)
    text_actions = text_mode(candidate, game, options, actions)
    by_seed = deal == "seed"
    threshold = probe_threshold(check_rate(illegal_rate))
    strategy = _line_plans(game, max_len, by_seed=by_seed, in_order=in_order, options=source)
    tally = {"examples": 0, "steps": 0}
    compared: set[str] = set()

    def run(plan: Plan) -> None:
        tally["examples"] += 1
        _play_line(
            candidate, plan, by_seed, text_actions, illegal_error, threshold, tally, compared
        )

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
        test()
    except _LineDiverged as e:
        raise e.error from None
    return LockstepReport(tally["examples"], tally["steps"], frozenset(compared), text_actions)


def diverged_error(
    e: BaseException,
    game: str,
    options: dict[str, Any],
    deck: list[str],
    texts: list[str],
    ids: list[int],
    text_actions: bool,
) -> DivergenceError | None:
    """The DivergenceError for a difference ``e`` raised by a ``Pair`` after the actions
    ``ids`` (texts ``texts``) on ``deck``; None if ``e`` is no such difference."""
    if not isinstance(e, _Diverged):
        return None
    return DivergenceError(
        game=game,
        options=options,
        deck=deck,
        seed=None,
        actions=texts,
        ids=ids,
        step=len(ids),
        field=e.field,
        candidate=e.candidate,
        expected=e.expected,
        probe=e.probe,
        text_actions=text_actions,
    )


class _LineDiverged(Exception):
    def __init__(self, error: DivergenceError) -> None:
        super().__init__(str(error))
        self.error = error


def _play_line(
    candidate: Any,
    plan: Plan,
    by_seed: bool,
    text_actions: bool,
    illegal_error: type[BaseException],
    threshold: int,
    tally: dict[str, int],
    compared: set[str],
) -> None:
    # The line is read from the plan as it is played, against the core's legal actions
    # that the comparison reads anyway: the same line ``lines`` draws, played once.
    ids: list[int] = []
    pair: Pair | None = None
    try:
        try:
            cand, core = _deal_both(candidate, plan.deal, by_seed)
        except Exception as e:
            raise _Diverged("new_game", _raised(e), "a new game") from None
        pair = Pair(cand, core, text_actions=text_actions, illegal_error=illegal_error)
        if by_seed and plan.deal.seed is not None and hasattr(cand, "deck"):
            pair.check("deck", list(cand.deck), list(core.deck))
        choices, last, n = plan.choices, plan.steps, core.game.num_actions
        legal = pair.compare()
        advance = pair.advance
        for k in range(last + 1):
            probe, i = read_step(choices, k, legal, n, threshold)
            if probe is not None:
                pair.probe(probe)
            if not legal or k == last:
                break
            legal = advance(legal[i], ids)
        tally["steps"] += len(ids) + 1
        compared |= pair.compared
    except _Diverged as d:
        # The texts of the actions played, from a fresh deal: only a failing line pays.
        replay = plan.deal.new_game()
        texts = []
        for a in ids:
            texts.append(replay.action_to_string(a))
            replay.apply_action(a)
        raise _LineDiverged(
            DivergenceError(
                game=plan.deal.game,
                options=plan.deal.options,
                deck=list(pair.core.deck) if pair is not None else [],
                seed=plan.deal.seed if by_seed else None,
                actions=texts,
                ids=ids,
                step=len(ids),
                field=d.field,
                candidate=d.candidate,
                expected=d.expected,
                probe=d.probe,
                text_actions=text_actions,
            )
        ) from None
