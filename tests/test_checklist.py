"""The add-a-game checklist (CONTRIBUTING.md) names every file a new game needs: its
files exist for every game, docs/architecture.md names the same ones, every registry a
test compares lives in one of them, and no other file holds a hand-written list of every
game (which a new game would have to be added to, silently or not)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cardsim
from cardsim import reference, render

ROOT = Path(__file__).resolve().parents[1]
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
GAMES = [g.name for g in cardsim.games()]


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


def checklist() -> list[str]:
    """The files of the checklist's "In all" list, with ``<g>`` for the game."""
    part = _section(CONTRIBUTING, "## Adding a game: the checklist")
    tail = part[part.index("In all, ") : part.index("Everything else")]
    return re.findall(r"`([\w./<>-]+\.\w+)`", tail)


FILES = checklist()


def _families() -> dict[str, str]:
    """Each game's family: the stem of its reference module (clock_duel's is clock)."""
    return {n: cls.__module__.rsplit(".", 1)[1] for n, cls in reference.GAMES.items()}


def _named(path: Path) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    for pattern in FILES:
        regex = "^" + re.escape(pattern).replace(re.escape("<g>"), r"\w+") + "$"
        if re.match(regex, rel):
            return True
    return False


def test_the_checklist_names_twelve_files_and_the_architecture_the_same():
    assert len(FILES) == len(set(FILES)) == 12, FILES
    section = _section(ARCHITECTURE, "## How to add a game")
    assert "twelve files" in section
    for f in FILES:
        assert f"`{f}`" in section, f


@pytest.mark.parametrize("pattern", FILES)
def test_each_file_of_the_checklist_exists_for_the_games(pattern):
    # Per-game files exist for each game (one game of a family may share its
    # family's files: clock_duel is in clock's); the edits exist once.
    families = _families()
    for name in GAMES:
        candidates = {pattern.replace("<g>", name), pattern.replace("<g>", families[name])}
        if pattern.startswith("tests/test_<g>_rules") and families[name] == "clock":
            candidates.add("tests/test_clock.py")  # Clock's rules have no choices to test apart
        assert any((ROOT / c).exists() for c in candidates), (pattern, name)


def _source(module: str) -> Path:
    return ROOT / "python" / Path(*module.split(".")).with_suffix(".py")


def test_every_registry_a_test_compares_lives_in_a_file_the_checklist_names():
    # tests/test_registries.py compares these registries: a new game is added to each
    # by a file the checklist names, or found with no edit.
    import game_configs
    import mutants

    for name in GAMES:
        assert _named(_source(reference.GAMES[name].__module__)), name
        assert _named(_source(render._MODULES[name].__name__)), name
    assert _named(Path(game_configs.__file__).resolve())
    assert _named(Path(mutants.__file__).resolve())


def _all_games_literals(tree: ast.AST, families: dict[str, str]) -> list[int]:
    """Lines of the list, tuple, set or dict literals whose plain strings (or keys, or
    the first item of each tuple) name a game of every family."""
    every = set(families.values())
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
            continue
        items = node.keys if isinstance(node, ast.Dict) else node.elts
        named = set()
        for item in items:
            if isinstance(item, ast.Tuple) and item.elts:
                item = item.elts[0]
            if isinstance(item, ast.Constant) and item.value in families:
                named.add(families[item.value])
        if named == every:
            lines.append(node.lineno)
    return lines


#: Curated cases, not lists of the games: each row is a hand-picked configuration with
#: its own expectation (golden search games, perft depths, the Python-policy copies, the
#: strategies' cases, the browser test's short deals), which a new game may join but need
#: not.
CURATED = {
    "tests/test_search_golden.py",
    "tests/test_python_policy.py",
    "tests/test_strategy.py",
    "bench/speed/bench_perft.py",
    "tests/test_play_web.py",
}


def test_no_hand_written_list_of_every_game_outside_the_checklist():
    families = _families()
    found = []
    for folder in ("tests", "bench", "docs", "examples", "python/cardsim"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if _named(path) or rel in CURATED:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{rel}:{line}" for line in _all_games_literals(tree, families)]
    assert not found, (
        "a hand-written list of every game (derive it from cardsim.games() or "
        f"tests/game_configs.py, or name the file in CONTRIBUTING.md's checklist): {found}"
    )


def test_generic_code_compares_no_game_name():
    # A game's difference is its own data (its declaration, its reference's deck_layout),
    # never a `game == "<name>"` test in the package's generic code.
    names = set(GAMES)
    found = []
    for path in sorted((ROOT / "python" / "cardsim").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("python/cardsim/reference/", "python/cardsim/render/")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for side in (node.left, *node.comparators):
                    if isinstance(side, ast.Constant) and side.value in names:
                        found.append(f"{rel}:{node.lineno} {side.value!r}")
    assert not found, found
