"""The package's layering: no import circles between its modules, no import of its
own modules hidden inside a function, and no module using another's private names."""

from __future__ import annotations

import ast
from pathlib import Path

import cardsim

ROOT = Path(cardsim.__file__).parent


def _modules() -> dict[str, Path]:
    out = {}
    for p in ROOT.rglob("*.py"):
        parts = list(p.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


def _target(module: str, node: ast.ImportFrom, is_pkg: bool) -> str | None:
    if node.level == 0:
        return node.module
    base = module.split(".") if is_pkg else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _edges() -> dict[str, set[str]]:
    mods = _modules()
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        tree = ast.parse(path.read_text())
        for node in tree.body:  # module level only: the imports run at import time
            if isinstance(node, ast.ImportFrom):
                t = _target(m, node, path.name == "__init__.py")
                if not t or not t.startswith("cardsim"):
                    continue
                for a in node.names:
                    sub = f"{t}.{a.name}"
                    # The compiled core is a leaf; a name that is no module comes from t.
                    edges[m].add(sub if sub in mods or a.name == "_core" else t)
            elif isinstance(node, ast.Import):
                edges[m].update(a.name for a in node.names if a.name.startswith("cardsim"))
    return edges


def test_no_import_circles():
    edges = _edges()
    # A package's __init__ may import its own submodules; a submodule importing a name
    # from its package's __init__ is the circle this test is about.
    state: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in sorted(edges.get(m, ())):
            if n not in edges:
                continue
            if state.get(n) == 1:
                circles.append(stack[stack.index(n) :] + [n])
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)
    assert circles == []


def test_no_own_imports_inside_functions():
    hidden = []
    for m, path in _modules().items():
        for f in ast.walk(ast.parse(path.read_text())):
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for x in ast.walk(f):
                    if isinstance(x, ast.ImportFrom) and (
                        x.level > 0 or (x.module or "").startswith("cardsim")
                    ):
                        hidden.append(f"{m}:{x.lineno}")
    assert hidden == []


def test_no_private_names_across_modules():
    used = []
    for m, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (
                node.level > 0 or (node.module or "").startswith("cardsim")
            ):
                used += [
                    f"{m}: {a.name}"
                    for a in node.names
                    if a.name.startswith("_") and a.name not in ("_core", "__version__")
                ]
    assert used == []
