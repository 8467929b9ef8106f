"""docs/embedding.md's examples and the adapters' docstring examples run as written."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "embedding.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_the_doc_has_an_example_per_tool():
    text = "\n".join(BLOCKS)
    for tool in ("gymnasium", "pettingzoo", "pyspiel", "resample_hidden", "encoder_for"):
        assert tool in text


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_doc_example_runs(code):
    if "sb3_contrib" in code and importlib.util.find_spec("sb3_contrib") is None:
        pytest.skip("sb3-contrib (and torch) not installed: pip install 'cardsim[sb3]'")
    exec(compile(code, str(DOC), "exec"), {"__name__": "__embedding_doc__"})


@pytest.mark.parametrize(
    "module",
    [
        "cardsim.envs.tensor",
        "cardsim.envs.gymnasium",
        "cardsim.envs.pettingzoo",
        "cardsim.envs.openspiel",
    ],
)
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0
