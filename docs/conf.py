"""Sphinx configuration of the documentation site (docs/site.md says why Sphinx).

Build: ``python -m sphinx -W --keep-going -b html docs docs/_build/html``
(``pip install ".[docs]"`` first: the API reference is read off the installed package).
"""

from __future__ import annotations

import sys
from pathlib import Path

import cardsim

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "cardsim"
author = "the cardsim developers"
copyright = "the cardsim developers"
release = cardsim.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "cardsim_docs",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "img/regenerate.py", "**/.ipynb_checkpoints"]

# MyST: heading anchors so that [text](page.md#a-heading) links are checked.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence", "deflist"]

# The API reference: one page per public module, written by _ext/cardsim_docs.py.
autodoc_member_order = "bysource"
# pybind11 writes the signature as the docstring's first line (one per overload).
autodoc_docstring_signature = True
# A method without a docstring of its own shows none, rather than a third-party base's
# (Gymnasium's, written for their site's markup).
autodoc_inherit_docstrings = False
autodoc_typehints = "signature"
# Stable-Baselines3 pulls torch; the reference documents the adapter without them.
autodoc_mock_imports = ["stable_baselines3", "sb3_contrib", "torch"]

html_theme = "alabaster"
html_title = f"cardsim {release}"
html_static_path: list[str] = []
