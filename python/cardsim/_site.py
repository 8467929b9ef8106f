"""Where the documentation site lives: the one place the package names its URL.

The CLI's help and error messages point at pages of the site (a wheel has no
``docs/`` folder to point at); the site is built from ``docs/`` (docs/site.md).
"""

from __future__ import annotations

__all__ = ["DOCS_URL", "page"]

#: The site's base URL, ending in a slash.
DOCS_URL = "https://cardsim.readthedocs.io/en/latest/"


def page(name: str, anchor: str = "") -> str:
    """The URL of page ``name`` of the site (its source path under ``docs/`` without
    ``.md``, e.g. ``"strategy"`` or ``"rules/clock"``), at ``anchor`` if given."""
    return f"{DOCS_URL}{name}.html" + (f"#{anchor}" if anchor else "")
