"""SVG drawings of any state, in full or as one seat sees it.

    >>> import cardsim
    >>> state = cardsim.make("code9").new_game(seed=1)
    >>> svg = cardsim.render.svg(state)             # everything
    >>> mine = cardsim.render.svg(state, player=0)  # what seat 0 may see

``svg(state, player=None)`` draws ``state.to_dict()``; with ``player=p`` it
draws ``state.observation(p)`` only, so cards p cannot see are face down and
piles p only knows the size of show a count. Each game has its own module
here with its own layout; the header (scores, whose turn, the result) is
common. Each card's element carries ``data-card`` (its name) and
``data-place`` (its key path in the drawn view, ``/players/1/line/2/0``), so
two cards of one name stay apart. Both backends' states get ``_repr_svg_``
(Jupyter shows the drawing).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import TYPE_CHECKING, cast

from .._typing import KnownJSON
from ._svg import Canvas, placed
from .status import check_player, status
from .text import text

if TYPE_CHECKING:
    from ..records.format import RecordedState

__all__ = ["GAMES", "HEADER_HEIGHT", "public_scores", "svg", "text"]

#: Where each game's own layout starts below the common header.
HEADER_HEIGHT = 58

# The shared modules here; every other module draws the games its GAMES names.
_SHARED = frozenset({"html", "status", "text"})


def _discover() -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name in _SHARED:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for name in module.GAMES:
            found[name] = module
    return dict(sorted(found.items()))


#: The drawing module of each game, by registered name (found, not listed).
_MODULES: dict[str, ModuleType] = _discover()
#: The games with a drawing, by registered name.
GAMES: tuple[str, ...] = tuple(_MODULES)


def _header(c: Canvas, state: RecordedState, player: int | None, public_scores: bool) -> None:
    name = state.game.name
    view = "full view" if player is None else f"seat {player}'s view"
    moves = len(state.history)
    c.text(8, 18, f"{name} \u2014 {view} \u2014 after {moves} actions", size=14, bold=True)
    c.text(8, 36, status(state), size=12, cls="status")
    if player is None or public_scores or state.is_terminal():
        scores = state.scores()
        text = "scores: " + "  ".join(f"seat {p}: {s}" for p, s in enumerate(scores))
    else:
        text = "scores: shown at the end (hands are hidden)"
    c.text(8, 52, text, size=12, cls="scores")


def public_scores(game: str) -> bool:
    """Whether game ``game``'s drawings show every seat's score in a seat's view."""
    return bool(_MODULES[game].PUBLIC_SCORES)


def svg(state: object, player: object = None) -> str:
    """The state as an SVG document (a str). ``player=None`` draws everything;
    ``player=p`` draws only what seat p may see (``state.observation(p)``).

    Raises TypeError for a non-int player or a non-state, ValueError for a seat
    out of range or a game with no drawing.
    """
    if not callable(getattr(state, "to_dict", None)) or not hasattr(state, "game"):
        raise TypeError(f"svg needs a game state, got {type(state).__name__}")
    return _drawing(cast("RecordedState", state), player)


def _drawing(state: RecordedState, player: object) -> str:
    p = check_player(state, player)
    name = state.game.name
    module = _MODULES.get(name)
    if module is None:
        raise ValueError(f"no drawing for game {name!r} (known: {', '.join(sorted(_MODULES))})")
    # Each text knows its key path in the view, so each card's element names its place.
    view = cast(KnownJSON, placed(state.to_dict() if p is None else state.observation(p)))
    c = Canvas(f"{name}: {status(state)}")
    _header(c, state, p, module.PUBLIC_SCORES)
    module.draw(c, view, HEADER_HEIGHT + 8, p)
    return str(c)
