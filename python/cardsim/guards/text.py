"""Text from outside shown safely: control characters escaped, values bounded.

Records, options, saved results and checkpoints come from files anyone may write.
Their text reaches terminals through error messages and summaries, where an escape
sequence would retitle or clear the screen or fake a prompt, and their values
reach ``repr``, where a list nested thousands deep overflows the stack. Every
message that quotes such a value goes through ``shown`` (a bounded repr) or
``printable`` (the text itself, controls escaped).
"""

from __future__ import annotations

import difflib
import re
import reprlib
from collections.abc import Iterable

__all__ = ["did_you_mean", "printable", "shown"]

# C0 and C1 controls and DEL, except newline and tab (our own messages use them),
# and the bidirectional overrides that reorder what a terminal shows.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group(0))
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def printable(text: str) -> str:
    """``text`` with every control character (but newline and tab) written as an escape,
    e.g. ESC as ``\\x1b``: safe to print to a terminal."""
    return _CONTROLS.sub(_escape, text)


class _Bounded(reprlib.Repr):
    """reprlib's bounded repr, with ints too long for ``repr`` described by size."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<int of {x.bit_length()} bits>"
        return repr(x)


_REPR = _Bounded()
_REPR.maxlevel = 3
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = 8


def shown(value: object, limit: int = 120) -> str:
    """A repr of ``value`` for an error message: at most three levels of nesting and
    ``limit`` characters, control characters escaped. Never raises for depth or size."""
    try:
        text = _REPR.repr(value)
    except Exception:  # a user object whose own __repr__ fails
        text = f"<{type(value).__name__} object>"
    text = printable(text).replace("\n", "\\n")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """A hint for a misspelt name: ``" (did you mean 'the_wall'?)"``, naming the
    closest of ``choices`` (difflib), or "" when none is close or ``word`` is not text."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
