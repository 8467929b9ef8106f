"""Every fenced Python and shell block of README.md and docs/ runs, as written.

A block runs unless an HTML comment right before its fence says otherwise, and then it
says why (the comments do not show on GitHub or on the site):

- ``<!-- snippet: skip (reason) -->``: not run (needs torch, a cluster, hours...).
- ``<!-- snippet: sub OLD => NEW -->``: run with OLD replaced by NEW (a smaller run than
  the one shown, to keep this test within CI's minute); repeatable.
- ``<!-- snippet: check EXPR -->``: after the block, ``assert EXPR`` (Python) or the
  shell command ``EXPR`` must succeed: where a block shows output, this compares it.

A page's Python blocks run in order in one namespace (later blocks use earlier names),
in a fresh working directory; shell blocks run with ``bash -e`` there, the ``cardsim``
command being the one installed beside this Python.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLAYTHROUGHS = ROOT / "python" / "cardsim" / "testing" / "playthrough_files"
PYTHON = {"python", "py"}
SHELL = {"sh", "bash", "console", "shell"}
_FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w+-]*)")
_MARK = re.compile(r"^<!--\s*snippet:\s*(skip|sub|check)\s*(.*?)\s*-->\s*$")


@dataclass
class Snippet:
    page: str
    line: int
    lang: str
    code: str
    skip: str | None = None
    subs: list[tuple[str, str]] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def pages() -> list[Path]:
    docs = [
        p
        for p in sorted((ROOT / "docs").rglob("*.md"))
        if not {"_build", "_generated"} & set(p.relative_to(ROOT / "docs").parts)
    ]
    return [ROOT / "README.md", *docs]


def snippets(path: Path) -> list[Snippet]:
    lines = path.read_text().splitlines()
    found: list[Snippet] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang = m.group(1), m.group(2).lower()
        end = i + 1
        while end < len(lines) and not lines[end].startswith(fence[0] * len(fence)):
            end += 1
        if lang in PYTHON | SHELL:
            s = Snippet(
                str(path.relative_to(ROOT)), i + 1, lang, "\n".join(lines[i + 1 : end]) + "\n"
            )
            k = i - 1
            while k >= 0 and (mark := _MARK.match(lines[k].strip())):
                kind, arg = mark.groups()
                if kind == "skip":
                    s.skip = arg.strip("()") or "marked skip"
                elif kind == "sub":
                    old, _, new = arg.partition("=>")
                    s.subs.insert(0, (old.strip(), new.strip()))
                else:
                    s.checks.insert(0, arg)
                k -= 1
            found.append(s)
        i = end + 1
    return found


ALL = {p: snippets(p) for p in pages()}


def test_the_pages_have_snippets() -> None:
    """The collector finds the blocks (a fence it missed would be silently untested)."""
    readme = ALL[ROOT / "README.md"]
    assert sum(s.lang in PYTHON for s in readme) >= 4
    assert sum(s.lang in SHELL for s in readme) >= 2
    for snippets_ in ALL.values():
        for s in snippets_:
            assert s.skip or s.code.strip(), f"{s.id}: an empty block"


def _prepared(s: Snippet) -> str:
    code = s.code
    for old, new in s.subs:
        assert old in code, f"{s.id}: the marker's text {old!r} is not in the block"
        code = code.replace(old, new)
    return code


def _run_page(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Pages name the repository's examples and benches by relative path, from its root.
    for name in ("examples", "bench"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    namespace: dict[str, object] = {"__name__": "__snippet__"}
    for s in ALL[path]:
        if s.skip:
            continue
        code = _prepared(s)
        if s.lang in PYTHON:
            try:
                exec(compile(code, s.id, "exec"), namespace)
                for check in s.checks:
                    assert eval(check, namespace), f"{s.id}: {check}"
            except Exception as e:
                raise AssertionError(f"{s.id} failed: {type(e).__name__}: {e}") from e
        else:
            script = "set -e\n" + code + "".join(f"{c}\n" for c in s.checks)
            out = subprocess.run(
                ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True
            )
            assert out.returncode == 0, (
                f"{s.id} failed ({out.returncode}):\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}"
            )


#: The pages with a snippet to run. A page whose every snippet is marked skip has nothing to
#: run here; test_every_skip_says_why holds each of those marks to a reason.
RUNNABLE = [p for p, ss in ALL.items() if any(not s.skip for s in ss)]


@pytest.mark.parametrize("path", RUNNABLE, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_snippets(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _run_page(path, tmp_path, monkeypatch)


def test_every_skip_says_why() -> None:
    for snippets_ in ALL.values():
        for s in snippets_:
            if s.skip is not None:
                assert s.skip != "marked skip" and len(s.skip) > 8, f"{s.id}: skip without reason"


def test_the_playthrough_excerpt_is_the_file() -> None:
    """docs/testing.md shows the start of clock.json: its first step is the file's."""
    text = (ROOT / "docs" / "testing.md").read_text()
    shown = re.search(r'^\s*(\{"action": "[^"]+", "id": 0,.*\}),\s*$', text, re.M)
    assert shown, "docs/testing.md no longer shows a playthrough's first step"
    recorded = json.loads((PLAYTHROUGHS / "clock.json").read_text())["cases"][0]
    assert json.loads(shown.group(1)) == recorded["steps"][0]


def test_the_checkpoint_header_is_the_one_written(tmp_path: Path) -> None:
    """docs/scaling.md shows a checkpoint's first line with the fields the code writes."""
    import cardsim

    text = (ROOT / "docs" / "scaling.md").read_text()
    shown = re.search(r'^<crc32> (\{"kind":"run","run":\{([^}]*)\}.*)$', text, re.M)
    assert shown, "docs/scaling.md no longer shows the checkpoint's header"
    path = tmp_path / "run.ckpt"
    cardsim.simulate("clock", games=200, seed=1, shard_size=100, checkpoint=str(path))
    crc, _, header = path.read_text().splitlines()[0].partition(" ")
    written = json.loads(header)
    assert crc.isalnum() and written["kind"] == "run"
    outer = re.sub(r"\{[^{}]*\}", "{}", shown.group(1))  # the run's own fields set aside
    assert set(re.findall(r'"(\w+)":', outer)) == set(written)
    assert [f.strip() for f in shown.group(2).split(",")] == list(written["run"])


def test_the_trained_policy_figures_are_the_results_file() -> None:
    """docs/embedding.md's table of the numpy REINFORCE run is the run recorded in
    bench/results/reinforce_numpy.json (written by the command the page gives)."""
    results = json.loads((ROOT / "bench" / "results" / "reinforce_numpy.json").read_text())
    text = (ROOT / "docs" / "embedding.md").read_text()
    for name in ("random", "trained"):
        e = results[name]
        row = (
            f"| {name} | {e['episodes']:,} | {100 * e['win_rate']:.2f}% "
            f"[{100 * e['win_ci'][0]:.2f}, {100 * e['win_ci'][1]:.2f}] | "
            f"{e['mean_score']:.2f} [{e['score_ci'][0]:.2f}, {e['score_ci'][1]:.2f}] |"
        )
        assert row in text, f"docs/embedding.md should show: {row}"


def summary() -> str:
    """Counts for the report: ``python tests/test_snippets.py``."""
    every = [s for ss in ALL.values() for s in ss]
    skipped = [s for s in every if s.skip]
    lines = [f"{len(every)} snippets: {len(every) - len(skipped)} run, {len(skipped)} skipped"]
    lines += [f"  {s.id}: {s.skip}" for s in skipped]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary())
