"""Optional packages, named with the extra that installs them when they are missing."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRAS", "missing_extra", "require"]

#: The ``cardsim[...]`` extra that installs each optional top-level package.
EXTRAS = {
    "gymnasium": "gym",
    "pettingzoo": "pettingzoo",
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "pandas": "pandas",
    "pyarrow": "parquet",
    "matplotlib": "plot",
    "distributed": "dask",
    "ray": "ray",
}


def missing_extra(module: str, needed_by: str) -> ModuleNotFoundError:
    """The error for a missing optional package: what needs it and how to install it."""
    top = module.split(".")[0]
    extra = EXTRAS.get(top)
    how = f"pip install 'cardsim[{extra}]'" if extra else f"pip install {top}"
    return ModuleNotFoundError(f"{needed_by} needs {top}: {how}", name=top)


def require(module: str, needed_by: str) -> ModuleType:
    """Imports ``module``, or raises ModuleNotFoundError naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise missing_extra(module, needed_by) from None
