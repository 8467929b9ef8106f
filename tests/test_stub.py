"""python/cardsim/_core.pyi against the module it describes: every public name of
cardsim._core, and every attribute of each of its classes, is in the stub (on the class
or one of its typed bases), and every name the stub gives a real class exists."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import cardsim
from cardsim import _core

STUB = Path(cardsim.__file__).with_name("_core.pyi")
TREE = ast.parse(STUB.read_text(encoding="utf-8"))
CLASSES = {n.name: n for n in TREE.body if isinstance(n, ast.ClassDef)}
#: Attributes every pybind11 class has, which no stub lists.
PLUMBING = {"__module__", "__doc__", "__dict__", "__weakref__", "_pybind11_conduit_v1_", "__init__"}


def _typing_only(node: ast.ClassDef) -> bool:
    return any(ast.unparse(d) == "typing.type_check_only" for d in node.decorator_list)


def _members(name: str) -> set[str]:
    """The names class ``name`` of the stub defines, itself or through its stub bases."""
    node = CLASSES[name]
    out = set()
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            out.add(item.target.id)
    for base in node.bases:
        root = base.value if isinstance(base, ast.Subscript) else base
        if isinstance(root, ast.Name) and root.id in CLASSES:
            out |= _members(root.id)
    return out


def test_every_public_name_of_the_module_is_in_the_stub_and_back():
    stubbed = {n.name for n in TREE.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    stubbed |= {
        n.target.id
        for n in TREE.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    real = {n for n in dir(_core) if not n.startswith("__")}
    assert real - stubbed == set()
    typing_only = {n for n, c in CLASSES.items() if _typing_only(c)}
    assert stubbed - typing_only - real - {"_S", "_G", "__all__"} == set()


def test_every_class_attribute_is_in_the_stub():
    for name, cls in inspect.getmembers(_core, inspect.isclass):
        assert name in CLASSES, name
        own = set(vars(cls)) - PLUMBING
        missing = own - _members(name)
        assert not missing, f"{name}: {sorted(missing)} not in _core.pyi"


def test_no_stub_class_claims_what_its_class_lacks():
    # The typed bases hold the contract once: each game's class must really have all of it.
    # (Game and State themselves are never instantiated: their __new__ refuses, so an
    # object typed as one is always a game's own class.)
    for name, cls in inspect.getmembers(_core, inspect.isclass):
        if name in ("Game", "State"):
            continue
        extra = {m for m in _members(name) if not hasattr(cls, m)}
        assert not extra, f"_core.pyi gives {name} {sorted(extra)}, which it does not have"


def test_both_backends_states_inherit_the_shared_methods():
    from cardsim.reference.base import ReferenceState
    from cardsim.state_methods import StateMethods

    assert StateMethods in _core.State.__mro__ and issubclass(ReferenceState, StateMethods)
    assert "record" not in vars(_core.State) and "record" not in vars(ReferenceState)
    for backend in cardsim.BACKENDS:
        state = cardsim.make("the_wall", backend=backend).new_game(seed=1)
        assert isinstance(state, StateMethods)
        assert type(state).record is StateMethods.record
        assert state.record()["game"] == "the_wall"
    # A native redeal is the game's own, found before the shared one.
    core = cardsim.make("rummy").new_game(seed=1)
    assert type(core).resample_hidden is not StateMethods.resample_hidden
