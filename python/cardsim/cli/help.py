"""How the ``cardsim`` command's parsers read: plain text with every default shown,
and "did you mean" for a misspelt subcommand or flag.

Help strings are written once, in the parsers; the formatter here makes them
read the same everywhere: inline markup (``cardsim``, `players`) is shown as
plain text, and an option whose help does not already state its default gets
``(default: X)`` added. Options whose default is None or False (a switch, or
"not given") state their meaning in their own words.
"""

from __future__ import annotations

import argparse
import difflib
import re
from typing import Any, NoReturn

from ..guards.text import did_you_mean

__all__ = ["CardsimParser", "HelpFormatter", "plain"]

_MARKUP = re.compile(r"``([^`]+)``|`([^`]+)`")


def plain(text: str) -> str:
    """``text`` with inline markup (double or single backquotes) removed."""
    return _MARKUP.sub(lambda m: m.group(1) or m.group(2), text)


class HelpFormatter(argparse.HelpFormatter):
    """Plain text, each default shown once."""

    def _format_text(self, text: str) -> str:
        return super()._format_text(plain(text))

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help
        if text is None:
            return None
        text = plain(text)
        default = action.default
        # By identity: a default of 0 is shown, only None and False (unset, off) are not.
        unset = default is None or default is False or default == argparse.SUPPRESS
        shown = not unset and action.option_strings
        if shown and "default" not in text:
            text += " (default: %(default)s)"
        return text


class CardsimParser(argparse.ArgumentParser):
    """An argument parser with HelpFormatter whose errors suggest the name meant."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def _flags(self) -> list[str]:
        """Every flag of this parser and of its subcommands."""
        flags = [s for a in self._actions for s in a.option_strings]
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    flags += [s for a in sub._actions for s in a.option_strings]
        return sorted(set(flags))

    def error(self, message: str) -> NoReturn:
        """argparse's error, with "did you mean" for a misspelt subcommand or flag."""
        choice = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if choice:
            message += did_you_mean(choice.group(1), re.findall(r"'([^']*)'", choice.group(2)))
        elif message.startswith("unrecognized arguments: "):
            flags = self._flags()
            meant = [
                f"{close[0]} for {word}"
                for word in message.split(": ", 1)[1].split()
                if word.startswith("--")
                and (close := difflib.get_close_matches(word.split("=", 1)[0], flags, n=1))
            ]
            if meant:
                message += f" (did you mean {', '.join(meant)}?)"
        super().error(message)
