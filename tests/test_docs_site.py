"""The documentation site's API reference names every public name of the package.

The site is built by .ci/run's docs leg (``python -m sphinx -W ... docs docs/_build/html``)
before the tests run; this reads the objects inventory Sphinx wrote and checks it against
each public module's ``__all__`` (read from the source, so that a module whose optional
dependency is absent is checked too). Without a built site there is nothing to check: the
test says so and skips (build it as above, or set CARDSIM_DOCS_INVENTORY to an objects.inv).
"""

from __future__ import annotations

import ast
import os
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "cardsim"
INVENTORY = Path(
    os.environ.get("CARDSIM_DOCS_INVENTORY", ROOT / "docs" / "_build" / "html" / "objects.inv")
)


def _public_modules() -> dict[str, Path]:
    """Every module of the package none of whose path parts starts with an underscore."""
    found: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if any(p.startswith("_") for p in parts[1:]):
            continue
        found[".".join(parts)] = path
    return found


def _declared_all(path: Path) -> list[str] | None:
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return list(ast.literal_eval(node.value))
    return None


def _inventory_names(path: Path) -> set[str]:
    data = path.read_bytes()
    header_end = 0
    for _ in range(4):  # four header lines, then the zlib-compressed entries
        header_end = data.index(b"\n", header_end) + 1
    body = zlib.decompress(data[header_end:]).decode()
    return {line.split(" ", 1)[0] for line in body.splitlines() if " py:" in line}


def test_public_modules_are_found() -> None:
    modules = _public_modules()
    assert {"cardsim", "cardsim.games", "cardsim.testing", "cardsim.envs.vector"} <= set(modules)
    assert _declared_all(modules["cardsim"]), "cardsim/__init__.py declares no __all__"


@pytest.mark.skipif(not INVENTORY.exists(), reason=f"the site is not built ({INVENTORY})")
def test_every_public_name_is_in_the_api_reference() -> None:
    documented = _inventory_names(INVENTORY)
    missing = []
    for module, path in _public_modules().items():
        if module not in documented:
            missing.append(module)
        for name in _declared_all(path) or []:
            if f"{module}.{name}" not in documented:
                missing.append(f"{module}.{name}")
    assert not missing, f"not in the site's API reference: {missing}"


def test_the_dev_extra_installs_what_tests_lint_and_site_need() -> None:
    """README's Development section installs the dev extra alone: it must hold the test,
    lint and docs extras (gymnasium, pettingzoo, open_spiel, ruff, mypy, sphinx...)."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in Python 3.11 and later")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert "cardsim[test,lint,docs]" in extras["dev"]
    named = " ".join(extras["test"] + extras["lint"] + extras["docs"])
    for needed in (
        "gymnasium",
        "pettingzoo",
        "open_spiel",
        "hypothesis",
        "pytest-xdist",
        "ruff",
        "mypy",
        "clang-format",
        "sphinx",
        "myst-parser",
    ):
        assert needed in named, f"{needed} is in no extra the dev extra installs"
