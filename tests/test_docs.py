"""Every public name has documentation, and every game a rules page."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

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


# --- every python snippet of docs/*.md runs as written -----------------------------------
#: A snippet that cannot run in a test (a cluster, hours of play, a trained model) is
#: preceded by this marker, with its reason in parentheses, on the line before its fence.
SKIP = re.compile(r"<!-- docs-test: skip \((?P<reason>[^)]+)\) -->\n$")
BLOCK = re.compile(r"```python\n(.*?)```", flags=re.S)
#: docs/embedding.md's snippets run in tests/test_embedding_docs.py, docs/testing.md's in
#: test_testing_doc_examples_run below (from the repository's root, for examples/).
ELSEWHERE = {"embedding.md", "testing.md"}


def _snippets(doc: Path) -> list[tuple[str, str | None]]:
    """The python blocks of a page, each with its skip reason (or None)."""
    text = doc.read_text()
    out = []
    for m in BLOCK.finditer(text):
        skip = SKIP.search(text[: m.start()][-200:])
        out.append((m.group(1), skip.group("reason") if skip else None))
    return out


PAGES = sorted(p for p in DOCS.glob("*.md") if p.name not in ELSEWHERE and _snippets(p))


def test_every_page_with_snippets_is_run():
    pages = {p.name for p in DOCS.glob("*.md") if _snippets(p)}
    assert pages == {p.name for p in PAGES} | ELSEWHERE
    skipped = [reason for p in PAGES for _, reason in _snippets(p) if reason]
    assert skipped and all(len(reason) > 10 for reason in skipped)
    assert "docs-test: skip" not in "".join(code for p in PAGES for code, _ in _snippets(p))


#: The most games or deals a snippet plays here: the pages' counts are chosen for their
#: figures (which bench/ measures), this test checks that the code runs as written.
CAP = 2000
COUNT = re.compile(r"\b(games|deals)=(10\*\*\d+|[\d_]+)")


def _capped(code: str) -> str:
    """The snippet with each literal ``games=`` / ``deals=`` count at most CAP."""

    def cap(m: re.Match[str]) -> str:
        text = m.group(2)
        value = 10 ** int(text[4:]) if text.startswith("10**") else int(text)
        return f"{m.group(1)}={min(value, CAP)}"

    return COUNT.sub(cap, code)


def test_counts_are_capped_and_nothing_else_changes():
    code = 'simulate("clock", games=10**10, seed=1, shard_size=50_000_000)\nsolve(deals=1000)'
    assert _capped(code) == 'simulate("clock", games=2000, seed=1, shard_size=50_000_000)\n' + (
        "solve(deals=1000)"
    )


@pytest.mark.parametrize("doc", PAGES, ids=[p.stem for p in PAGES])
def test_doc_snippets_run(doc, tmp_path, monkeypatch):
    """A page's snippets run in order in one namespace (later ones use earlier names),
    in a scratch directory (they write files), with their game counts capped."""
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"__docs_{doc.stem}__"}
    ran = 0
    for i, (code, skip) in enumerate(_snippets(doc)):
        if skip:
            continue
        try:
            exec(compile(_capped(code), f"{doc.name} block {i}", "exec"), namespace)
        except Exception as e:
            raise AssertionError(f"{doc.name}, python block {i} fails: {e!r}") from e
        ran += 1
    assert ran


def test_testing_doc_examples_run(monkeypatch):
    """docs/testing.md's Python blocks run as written, in order, in one namespace (a
    later block uses what an earlier one defined), from the repository's root."""
    blocks = re.findall(r"```python\n(.*?)```", (DOCS / "testing.md").read_text(), flags=re.S)
    assert len(blocks) >= 3
    monkeypatch.chdir(DOCS.parent)
    namespace = {"__name__": "__testing_doc__"}
    for code in blocks:
        exec(compile(code, str(DOCS / "testing.md"), "exec"), namespace)
