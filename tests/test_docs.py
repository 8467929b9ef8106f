"""Every public name has documentation, and every game a rules page."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import cardsim
from cardsim import reference
from cardsim.run import shards

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
        stem = info.name.removesuffix("_duel").removesuffix("_solitaire").removesuffix("_match")
        assert (DOCS / "rules" / f"{stem}.md").exists(), info.name


def test_the_repository_cites_nothing_outside_itself():
    """No file points a reader at a text they cannot open: a rulings file, the source
    texts' file names, a path outside the repository, or an issue number."""
    root = DOCS.parent
    forbidden = re.compile(
        r"RULES\.md|\.\./shared|/work/|\b\d{3}_[0-9a-f]{16}\b|\bseed \d{3}\b|\bissue #?\d+",
        re.IGNORECASE,
    )
    offenders = []
    for top in ("cpp", "python", "tests", "bench", "docs", ".ci"):
        for path in (root / top).rglob("*"):
            if path.suffix not in {".py", ".pyi", ".hpp", ".cpp", ".md", ".txt", ""}:
                continue
            if not path.is_file() or "golden" in path.parts or "__pycache__" in path.parts:
                continue
            if path == Path(__file__).resolve():
                continue
            found = forbidden.finditer(path.read_text(errors="replace"))
            offenders += [f"{path.relative_to(root)}: {m.group(0)}" for m in found]
    for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md", "CMakeLists.txt"):
        if (root / name).exists():
            text = (root / name).read_text()
            offenders += [f"{name}: {m.group(0)}" for m in forbidden.finditer(text)]
    assert not offenders, offenders
