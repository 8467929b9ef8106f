"""Every public name has documentation, and every game a rules page."""

from __future__ import annotations

import inspect
from pathlib import Path

import cardsim
from cardsim import reference, shards

DOCS = Path(__file__).resolve().parent.parent / "docs"


def public_members(obj):
    for name, member in inspect.getmembers(obj):
        if not name.startswith("_") and (callable(member) or isinstance(member, property)):
            yield name, member


def test_public_api_is_documented():
    missing = []
    for name in cardsim.__all__:
        obj = getattr(cardsim, name)
        if isinstance(obj, (int, tuple)):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj):
            for m, member in public_members(obj):
                if not (getattr(member, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{m}")
    for mod in (shards, reference):
        for name in mod.__all__:
            if not (getattr(mod, name).__doc__ or "").strip():
                missing.append(f"{mod.__name__}.{name}")
    assert not missing, f"undocumented: {missing}"


def test_core_game_and_state_methods_are_documented():
    for info in cardsim.games():
        game = cardsim.make(info.name)
        state = game.new_game(seed=0)
        for obj in (game, state):
            for name, member in public_members(type(obj)):
                assert (member.__doc__ or "").strip(), f"{type(obj).__name__}.{name}"


def test_every_game_has_a_rules_page():
    for info in cardsim.games():
        stem = info.name.removesuffix("_duel").removesuffix("_solitaire")
        assert (DOCS / "rules" / f"{stem}.md").exists(), info.name
