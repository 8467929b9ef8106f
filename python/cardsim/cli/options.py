"""What the command line reads: game counts and ``--option NAME=VALUE`` values."""

from __future__ import annotations

import argparse
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from .. import _core

__all__ = ["count_arg", "game_options", "option_value", "parse_count", "typed_option"]

# --- game counts ------------------------------------------------------------------
_POWER = re.compile(r"^\s*(\d[\d_]*)\s*\*\*\s*(\d+)\s*$")


def parse_count(text: str) -> int:
    """A game count as an exact int: ``1000000``, ``1_000_000``, ``1e6``, ``2.5e6``,
    ``10**6``. Refuses anything that is not a whole number >= 1 (ValueError)."""
    t = text.strip()
    m = _POWER.match(t)
    try:
        if m:
            base, exp = int(m.group(1)), int(m.group(2))
            if exp > 64:
                raise ValueError
            value = base**exp
        else:
            d = Decimal(t.replace("_", "") if re.fullmatch(r"\d+(_\d+)*", t) else t)
            if not d.is_finite() or d != d.to_integral_value():
                raise ValueError
            value = int(d)
    except (ValueError, InvalidOperation):
        raise ValueError(
            f"a game count must be a whole number such as 1000000, 1_000_000, 1e6 or 10**6,"
            f" got {text!r}"
        ) from None
    if value < 1:
        raise ValueError(f"a game count must be at least 1, got {text!r}")
    return int(value)


def count_arg(text: str) -> int:
    """``parse_count`` for argparse (its error as an ArgumentTypeError)."""
    try:
        return parse_count(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def option_value(text: str) -> Any:
    """An untyped option value: a bool, an int, a list (commas) or the text itself."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        pass
    if "," in text:
        return text.split(",")
    return text


def typed_option(game: str, name: str, text: str) -> Any:
    """The value of ``--option name=text``, read as the option's declared type
    when the game declares it (a str option keeps its commas), else guessed."""
    try:
        specs = {o["name"]: o for o in _core.option_specs(game)}
    except ValueError:  # an unknown game: simulate reports it
        specs = {}
    if name in specs and isinstance(specs[name]["default"], str):
        return text
    return option_value(text)


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given by --option NAME=VALUE and --players."""
    options: dict[str, Any] = {}
    for item in args.option or []:
        if "=" not in item:
            raise ValueError(f"--option wants NAME=VALUE, got {item!r}")
        k, v = item.split("=", 1)
        options[k] = typed_option(args.game, k, v)
    if getattr(args, "players", None) is not None:  # `solve` has no --players
        options["players"] = args.players
    return options
