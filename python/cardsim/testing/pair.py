"""One step of a lockstep check: a candidate's state and cardsim's, dealt alike and
stepped together (``Pair``), every answer compared by ``cardsim.testing.compare``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import NoReturn, Protocol, TypeAlias

import numpy as np

from .compare import first_difference, plain, shown
from .report import Diverged, raised
from .strategies import CoreState, OptionValue

__all__ = [
    "ILLEGAL_FIELD",
    "OPTIONAL_STATE_METHODS",
    "REQUIRED_STATE_METHODS",
    "IllegalError",
    "Pair",
    "candidate_game",
    "check_illegal_error",
    "missing_methods",
]

#: The field of a difference where the candidate did not refuse an illegal action as
#: cardsim does (it accepted it, or raised another exception).
ILLEGAL_FIELD = "apply_action(illegal)"
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

#: What a candidate raises refusing an illegal action: an exception class or a flat
#: tuple of them (as ``except`` takes).
IllegalError: TypeAlias = type[BaseException] | tuple[type[BaseException], ...]


class _Candidate(Protocol):
    """A candidate's game: it deals states. (Its states are read by duck typing, each
    method called in a guard, as a candidate may offer any subset of the optional ones.)"""

    def new_game(self, *, deck: list[str] | None = None, seed: int | None = None) -> object: ...


def check_illegal_error(illegal_error: object) -> IllegalError:
    """``illegal_error`` if it is an exception class or a flat tuple of them, else
    TypeError saying what it is (nothing nested, so that ``except`` never walks it)."""
    if isinstance(illegal_error, type) and issubclass(illegal_error, BaseException):
        return illegal_error
    if (
        type(illegal_error) is tuple
        and illegal_error
        and all(isinstance(t, type) and issubclass(t, BaseException) for t in illegal_error)
    ):
        return illegal_error
    raise TypeError(
        "illegal_error must be an exception class or a flat tuple of them,"
        f" got a {type(illegal_error).__name__}"
    )


def _error_name(illegal_error: IllegalError) -> str:
    if isinstance(illegal_error, tuple):
        return " or ".join(t.__name__ for t in illegal_error)
    return illegal_error.__name__


def missing_methods(state: object) -> list[str]:
    """The required state methods ``state`` lacks (see ``REQUIRED_STATE_METHODS``)."""
    return [m for m in REQUIRED_STATE_METHODS if not callable(getattr(state, m, None))]


def candidate_game(candidate: object, opts: Mapping[str, OptionValue]) -> _Candidate:
    """The candidate's game for ``opts``: the candidate itself when it is a game object
    (it has ``new_game`` and is no class), else ``candidate(**opts)``."""
    if not isinstance(candidate, type) and callable(getattr(candidate, "new_game", None)):
        return candidate  # type: ignore[return-value]  # duck-typed: it has new_game
    if not callable(candidate):
        raise TypeError(f"the candidate is not callable ({type(candidate).__name__})")
    game: _Candidate = candidate(**opts)
    return game


class Pair:
    """A candidate state and the core's, dealt alike and stepped together.

    ``compare()`` checks everything the candidate offers; ``play(action)`` plays a core
    action id on both; ``probe(action)`` checks that an illegal action is refused by the
    candidate and changes nothing. Each raises ``DivergenceError``-ready details on a
    difference (an internal exception that ``check_lockstep`` and ``lockstep_machine``
    turn into one, see ``diverged_error``).
    """

    def __init__(
        self,
        cand: object,
        core: CoreState,
        *,
        text_actions: bool,
        illegal_error: IllegalError = ValueError,
        lenient_numbers: bool = False,
    ) -> None:
        self.cand, self.core = cand, core
        self.text_actions = text_actions
        self.illegal_error = check_illegal_error(illegal_error)
        self.lenient_numbers = lenient_numbers
        self.offers = {m for m in OPTIONAL_STATE_METHODS if callable(getattr(cand, m, None))}
        self.has_tensor = "observation_tensor" in self.offers and hasattr(
            core.game, "observation_tensor_shape"
        )
        self.num_players: int = core.num_players
        self.num_actions: int = core.game.num_actions
        #: The fields a value was compared of (a method's name, "illegal actions").
        self.compared: set[str] = set()

    # --- calling the candidate: any exception is a divergence -------------------------
    def _call(self, name: str, expected: object, *args: object) -> object:
        try:
            return getattr(self.cand, name)(*args)
        except Exception as e:
            shown_args = ", ".join(shown(a) for a in args)
            raise Diverged(f"{name}({shown_args})", raised(e), expected) from None

    def attribute(self, name: str) -> object:
        """The candidate's attribute ``name`` (as its ``deck``); raising is a divergence."""
        try:
            return getattr(self.cand, name)
        except Exception as e:
            raise Diverged(name, raised(e), "a value") from None

    def check(self, field: str, cand: object, core: object, key: str | None = None) -> None:
        """Compares the candidate's ``cand`` with cardsim's ``core`` and raises on the
        first difference, named from ``field``; records ``field`` (under ``key``, its
        method's name, when given) as compared."""
        d = first_difference(cand, core, field, lenient_numbers=self.lenient_numbers)
        self.compared.add(key or field.split("(")[0])
        if d:
            raise Diverged(*d)

    def _ids(self, field: str, value: object) -> list[int]:
        """The candidate's ``value`` as a list of action ids (exact ints), else a
        divergence saying what it was."""
        try:
            items = plain(value)
            if type(items) is list:
                ids = [plain(a) for a in items]
                if all(isinstance(a, int) and not isinstance(a, bool) for a in ids):
                    return [int.__index__(a) for a in ids]  # type: ignore[arg-type]
        except Exception as e:
            raise Diverged(field, raised(e), "a list of int ids") from None
        raise Diverged(field, value, "a list of int ids")

    def _action_text(self, action: int) -> str:
        if 0 <= action < self.num_actions:
            return f"{action} ({self.core.action_to_string(action)})"
        return f"{action} (no such id)"

    def _check_legal(self, field: str, got: list[int], legal: list[int]) -> None:
        """The candidate's legal ids against the core's (sorted), each differing id shown
        with its text."""
        self.compared.add("legal_actions")
        if sorted(got) == legal:
            return
        extra = sorted(set(got) - set(legal))
        missing = sorted(set(legal) - set(got))
        if not (extra or missing):  # the same ids, some listed twice
            twice = sorted({a for a in got if got.count(a) > 1})
            raise Diverged(field, f"lists twice: {', '.join(map(self._action_text, twice))}", legal)
        raise Diverged(
            field,
            "also legal: " + (", ".join(map(self._action_text, extra)) or "nothing"),
            "also legal: " + (", ".join(map(self._action_text, missing)) or "nothing"),
        )

    def legal_core(self) -> list[int]:
        """The core's legal actions now."""
        return list(self.core.legal_actions())

    def compare(self) -> list[int]:
        """Compares every field the candidate offers with the core's; returns the core's
        legal actions (read for the comparison, and what the next step picks from). The
        dict form comes first, so that a deal dealt differently is named by the field of
        the deal that differs."""
        core, offers, check, call = self.core, self.offers, self.check, self._call
        if "to_dict" in offers:
            want_dict = core.to_dict()
            del want_dict["seed"]  # how the game was dealt, not where it stands
            got_dict = call("to_dict", want_dict)
            if type(got_dict) is dict and "seed" in got_dict:  # so that the JSON text
                got_dict = {k: v for k, v in got_dict.items() if k != "seed"}  # may match
            check("to_dict()", got_dict, want_dict)
        player = core.current_player()
        check("current_player()", call("current_player", player), player)
        legal = self.legal_core()
        got = self._ids("legal_actions()", call("legal_actions", legal))
        if self.text_actions:
            got_texts = sorted(self._text_of(a) for a in got)
            want_texts = sorted(core.action_to_string(a) for a in legal)
            check("legal_actions() as text", got_texts, want_texts, "legal_actions")
        else:
            self._check_legal("legal_actions()", got, legal)
            self._check_ids_and_texts(legal)
        want = core.is_terminal()
        check("is_terminal()", call("is_terminal", want), want)
        for name in ("is_truncated", "is_draw", "scores", "winners"):
            if name in offers or name == "scores":
                answer = getattr(core, name)()
                check(f"{name}()", call(name, answer), answer)
        if "observation" in offers:
            for p in range(self.num_players):
                seen = core.observation(p)
                check(f"observation({p})", call("observation", seen, p), seen)
        if self.has_tensor:
            for p in range(self.num_players):
                self._check_array(
                    f"observation_tensor({p})",
                    call("observation_tensor", "a tensor", p),
                    core.observation_tensor(p),
                )
        return legal

    def _check_ids_and_texts(self, legal: list[int]) -> None:
        """In id mode: the mask, and each legal action's text and the id of that text."""
        if "legal_action_mask" in self.offers:
            mask = self.core.legal_action_mask()
            self._check_array("legal_action_mask()", self._call("legal_action_mask", mask), mask)
        if "action_to_string" not in self.offers or not legal:
            return
        texts = [self.core.action_to_string(a) for a in legal]
        got_texts = [
            self._call("action_to_string", t, a) for a, t in zip(legal, texts, strict=True)
        ]
        self.compared.add("action_to_string")
        # Exactly str and equal, the common case, settles the whole list at once; else
        # each is compared, and the first that differs named.
        if not (all(type(t) is str for t in got_texts) and got_texts == texts):
            for a, got, t in zip(legal, got_texts, texts, strict=True):
                self.check(f"action_to_string({a})", got, t)
        if "string_to_action" in self.offers:
            got_ids = [
                self._call("string_to_action", a, t) for a, t in zip(legal, texts, strict=True)
            ]
            self.compared.add("string_to_action")
            if not (all(type(g) is int for g in got_ids) and got_ids == legal):
                for a, got, t in zip(legal, got_ids, texts, strict=True):
                    self.check(f"string_to_action({t!r})", got, a)

    def _check_array(self, field: str, got: object, want: np.ndarray) -> None:
        """A mask or tensor: the candidate's read as lists (plain data), so that an array
        of another dtype is compared by the same policy as any answer (a mask of 0/1
        ints is not a mask of bools; floats compare as numbers, so 0.0 == -0.0)."""
        self.compared.add(field.split("(")[0])
        if (
            isinstance(got, np.ndarray)
            and (got.dtype, got.shape) == (want.dtype, want.shape)
            and got.tobytes() == want.tobytes()
        ):
            return  # the common case, at C speed
        d = first_difference(got, want.tolist(), field, lenient_numbers=self.lenient_numbers)
        if d:
            raise Diverged(*d)

    def _text_of(self, action: int) -> str:
        text = self._call("action_to_string", "a text", action)
        if type(text) is not str:
            raise Diverged(f"action_to_string({action})", text, "a str")
        return text

    def _to_cand(self, action: int) -> object:
        if not self.text_actions:
            return action
        text = self.core.action_to_string(action)
        return self._call("string_to_action", f"the id of {text!r}", text)

    def play(self, action: int) -> None:
        """Plays the core's legal ``action`` on both (by its text in text mode)."""
        a = self._to_cand(action)
        try:
            self.cand.apply_action(a)  # type: ignore[attr-defined]  # checked at the start
        except Exception as e:
            text = self.core.action_to_string(action)
            raise Diverged(f"apply_action({text!r})", raised(e), "accepted") from None
        self.core.apply_action(action)

    def advance(self, action: int, played: list[int]) -> list[int]:
        """``play(action)``, then ``compare()``: the next position's legal actions. The
        action goes on ``played`` once both have played it."""
        self.play(action)
        played.append(action)
        return self.compare()

    def probe(self, action: int) -> None:
        """Checks that the illegal ``action`` (an id the core refuses here) is refused by
        the candidate, with ``illegal_error``, and that its answers are still the core's."""
        in_range = 0 <= action < self.num_actions
        if self.text_actions and not in_range:
            return  # an id with no text cannot be spoken to a text candidate
        text = self.core.action_to_string(action) if in_range else f"action id {action}"
        before = self._own_dict()
        a: object = action
        if self.text_actions:
            try:
                a = self.cand.string_to_action(text)  # type: ignore[attr-defined]
            except ValueError:
                return  # a text the candidate does not know is a refusal
            except Exception as e:
                raise Diverged(
                    f"string_to_action({text!r})", raised(e), "ValueError or an id", text
                ) from None
        try:
            self.cand.apply_action(a)  # type: ignore[attr-defined]  # checked at the start
        except self.illegal_error:
            pass
        except Exception as e:
            self._refusal_failed(text, action, e)
        else:
            self._refusal_failed(text, action, None)
        self.compared.add("illegal actions")
        try:
            self.compare()  # the core did not move: the candidate must still answer as it
            # and its own dict, fields cardsim lacks included, is as it was
            d = first_difference(self._own_dict(), before, "to_dict()")
            if d:
                raise Diverged(*d)
        except Diverged as d:
            raise Diverged(
                f"{d.field} after refusing an illegal action",
                d.candidate,
                d.expected,
                text,
                action,
            ) from None

    def _own_dict(self) -> object:
        """The candidate's dict now, as a copy in plain data (its dict may be its live
        state, which a refusal would change in place), or None if it offers none."""
        if "to_dict" not in self.offers:
            return None
        got = self._call("to_dict", "a dict")
        try:
            copy: object = json.loads(json.dumps(got, default=repr))
        except Exception:  # too deep to copy: compared as its text
            copy = shown(got)
        return copy

    def _refusal_failed(self, text: str, action: int, error: BaseException | None) -> NoReturn:
        """The divergence of a candidate that accepted the illegal action (``error``
        None) or raised something other than ``illegal_error``."""
        raise Diverged(
            ILLEGAL_FIELD,
            "accepted" if error is None else raised(error),
            f"raises {_error_name(self.illegal_error)}",
            text,
            action,
        )
