"""Type aliases the package's signatures share (no runtime behaviour).

``JSONValue`` is a value as ``json.loads`` gives it back and ``json.dumps`` takes it:
the honest type of saved records, checkpoint lines and ``to_dict()`` results.
``OptionValue`` is a game option's value, as the declarations type them.
"""

from __future__ import annotations

import os
from typing import Any, TypeAlias

__all__ = ["JSONObject", "JSONValue", "KnownJSON", "OptionValue", "PathArg"]

#: Any value JSON can hold.
JSONValue: TypeAlias = bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
#: A JSON object, as a record or a ``to_dict()`` result is.
JSONObject: TypeAlias = dict[str, JSONValue]
#: A game's own JSON (its ``observation`` or ``to_dict`` form) as code that knows the
#: game reads it back (its encoder, its drawing): a JSONObject whose shape the game
#: defines (docs/rules/<game>.md), so each value is used as what the shape says it is,
#: without a check per read.
KnownJSON: TypeAlias = dict[str, Any]
#: The value of a game option: a flag, a count, a word, or a list of words (the kinds
#: a declaration's options have).
OptionValue: TypeAlias = bool | int | str | list[str]
#: A file path as the package's functions accept it.
PathArg: TypeAlias = str | os.PathLike[str]
