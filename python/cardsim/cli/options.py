"""What the command line reads: game counts and ``--option NAME=VALUE`` values."""

from __future__ import annotations

import argparse
import re
from decimal import Decimal, InvalidOperation
from typing import Any, TypeAlias

from .. import _core
from .._typing import OptionValue
from ..guards.text import did_you_mean, shown

__all__ = [
    "COUNT_LIMIT",
    "count_arg",
    "game_options",
    "option_value",
    "parse_count",
    "typed_option",
]

# --- game counts ------------------------------------------------------------------
_POWER = re.compile(r"^\s*(\d[\d_]*)\s*\*\*\s*(\d+)\s*$")
#: Counts are 64-bit in the core: a count must be below this.
COUNT_LIMIT = 2**64
#: A game option as --option gives it: a declared option's value (a list of the texts
#: between commas included).
CliOption: TypeAlias = OptionValue


def _too_large(text: str) -> ValueError:
    return ValueError(f"a game count must be below 2**64, got {shown(text)}")


def _whole_number(t: str) -> Decimal | None:
    """The number ``t`` writes, if it is a finite whole number (else None); a count
    of 2**64 or more raises at once, from its exponent alone."""
    m = _POWER.match(t)
    if m:
        base_digits = m.group(1).replace("_", "").lstrip("0") or "0"
        exp_digits = m.group(2).lstrip("0") or "0"
        if exp_digits == "0":
            return Decimal(1)
        # Past 20 digits either number alone makes the count at least 2**64 (or 0, 1).
        base = int(base_digits) if len(base_digits) <= 20 else COUNT_LIMIT
        exp = int(exp_digits) if len(exp_digits) <= 20 else COUNT_LIMIT
        # bit_length - 1 bounds log2(base) from below: refuse before computing base**exp.
        if base > 1 and (base.bit_length() - 1) * exp >= 64:
            raise _too_large(t)
        return Decimal(base**exp)
    try:
        d = Decimal(t.replace("_", "") if re.fullmatch(r"\d+(_\d+)*", t) else t)
    except InvalidOperation:
        return None
    if not d.is_finite():
        return None
    # adjusted() is the exponent of the leading digit; 2**64 has 20 digits.
    if d > 0 and d.adjusted() >= 20:
        raise _too_large(t)
    return d if d == d.to_integral_value() else None


def parse_count(text: str) -> int:
    """A game count as an exact int: ``1000000``, ``1_000_000``, ``1e6``, ``2.5e6``,
    ``10**6``. Refuses anything that is not a whole number in [1, 2**64) (ValueError);
    a count past 2**64 is refused from its exponent, before any large number is built."""
    d = _whole_number(text.strip())
    if d is None:
        raise ValueError(
            f"a game count must be a whole number such as 1000000, 1_000_000, 1e6 or 10**6,"
            f" got {shown(text)}"
        )
    if d < 1:
        raise ValueError(f"a game count must be at least 1, got {shown(text)}")
    if d >= COUNT_LIMIT:
        raise _too_large(text)
    return int(d)


def count_arg(text: str) -> int:
    """``parse_count`` for argparse (its error as an ArgumentTypeError)."""
    try:
        return parse_count(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def option_value(text: str) -> CliOption:
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


def typed_option(game: str, name: str, text: str) -> CliOption:
    """The value of ``--option name=text``, read as the option's declared type
    when the game declares it (a str option keeps its commas), else guessed.
    A value that is not of the declared type is refused with the forms it takes:
    true or false for a yes/no option, a whole number for a number."""
    try:
        specs = {o["name"]: o for o in _core.option_specs(game)}
    except ValueError:  # an unknown game: simulate reports it
        specs = {}
    default = specs[name]["default"] if name in specs else None
    if isinstance(default, str):
        return text
    if isinstance(default, bool):
        if text.strip().lower() not in ("true", "false"):
            raise ValueError(f"--option {name} is true or false, got {shown(text)}")
        return text.strip().lower() == "true"
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            lo, hi = specs[name].get("range", ("", ""))
            where = f" in [{lo}, {hi}]" if lo != "" else ""
            raise ValueError(
                f"--option {name} takes a whole number{where} such as {default}, got {shown(text)}"
            ) from None
    return option_value(text)


def game_options(args: argparse.Namespace) -> dict[str, Any]:  # spread as **options
    """The game options given by --option NAME=VALUE and --players."""
    try:
        known: list[str] | None = [o["name"] for o in _core.option_specs(args.game)]
    except ValueError:  # an unknown game: the command reports it
        known = None
    options: dict[str, CliOption] = {}
    for item in args.option or []:
        if "=" not in item:
            raise ValueError(f"--option wants NAME=VALUE, got {shown(item)}")
        k, v = item.split("=", 1)
        if known is not None and k not in known:
            listing = f"known: {', '.join(known)}" if known else "it takes no options"
            hint = did_you_mean(k, known)
            raise ValueError(f"unknown option {shown(k)} for {args.game} ({listing}){hint}")
        value = typed_option(args.game, k, v)
        if k in options and options[k] != value:
            raise ValueError(f"--option {k} is given twice, as {options[k]!r} and {value!r}")
        options[k] = value
    players = getattr(args, "players", None)  # `solve` has no --players
    if players is not None:
        if "players" in options and options["players"] != players:
            raise ValueError(
                f"--players {players} and --option players={options['players']} conflict:"
                " give one of them"
            )
        options["players"] = players
    return options
