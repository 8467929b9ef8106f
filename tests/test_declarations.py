"""Each game is declared once, by one literal in C++ beside its rules: what
``cardsim.games()`` says is that literal, it is what both backends accept and are,
no other module states one of its facts again, and generic code takes the game it
serves from its caller rather than naming one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cardsim
from cardsim import _core, reference
from cardsim.contract.declaration import declaration, declarations
from cardsim.contract.policies import POLICIES
from cardsim.envs.vector import VectorEnv
from game_configs import all_configs, config_id


def test_vector_env_needs_a_game():
    # No game is the default: a missing one is a TypeError naming the argument.
    with pytest.raises(TypeError, match="game"):
        VectorEnv()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="game"):
        VectorEnv(num_envs=2)  # type: ignore[call-arg]
    assert VectorEnv("rummy", num_envs=2).num_envs == 2


GAMES = cardsim.games()


def _outcome(name: str, backend: str, **options):
    """What making the game does: its player count, or the exception's type."""
    try:
        return cardsim.make(name, backend=backend, **options).num_players
    except (ValueError, TypeError) as e:
        return type(e)


def _values_in_range(spec: dict) -> list:
    default = spec["default"]
    if isinstance(default, bool):
        return [False, True]
    if "range" in spec:
        lo, hi = spec["range"]
        return sorted({lo, hi, default, (lo + hi) // 2})
    if "choices" in spec:
        return list(spec["choices"])
    return [default]


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_each_reference_takes_the_declared_options(info):
    # The reference's options are the registry's, so the two backends agree on each name.
    ref = cardsim.make(info.name, backend="reference")
    assert [o.name for o in ref.option_specs] == [s["name"] for s in info.options]
    for backend in cardsim.BACKENDS:
        assert cardsim.make(info.name, backend=backend).num_actions == info.num_actions


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_both_backends_keep_to_the_declared_ranges(info):
    for spec in info.options:
        key = spec["name"]
        for value in _values_in_range(spec):
            # A value in range alone makes a game on both backends (or, where another
            # option's default rules it out, is refused by both alike).
            core, ref = (_outcome(info.name, b, **{key: value}) for b in cardsim.BACKENDS)
            assert core == ref, (info.name, key, value)
            if value == spec["default"]:
                assert core == info.num_players, (info.name, key)
        bad: list = []
        if "range" in spec and not isinstance(spec["default"], bool):
            lo, hi = spec["range"]
            bad = [lo - 1, hi + 1]
        elif "choices" in spec:
            bad = ["no such choice"]
        for value in bad:
            for backend in cardsim.BACKENDS:
                with pytest.raises(ValueError, match=key):
                    cardsim.make(info.name, backend=backend, **{key: value})
        wrong = 3 if isinstance(spec["default"], (str, list)) else "text"
        for backend in cardsim.BACKENDS:
            with pytest.raises(TypeError, match=key):
                cardsim.make(info.name, backend=backend, **{key: wrong})


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_declared_player_range_is_what_both_backends_seat(info):
    takes_players = any(s["name"] == "players" for s in info.options)
    for n in (info.min_players, info.max_players):
        options = {"players": n} if takes_players else {}
        for backend in cardsim.BACKENDS:
            game = cardsim.make(info.name, backend=backend, **options)
            assert game.num_players == n
            assert game.num_actions == DECLARED[info.name].num_actions[n]


# --- The declaration is the one source ----------------------------------------------

DECLARED = declarations()


def test_games_returns_the_declarations():
    # cardsim.games() is the declarations read back, with the default configuration's
    # seats and action count; the core's own listings say the same.
    assert [g.name for g in GAMES] == list(DECLARED) == sorted(_core.games())
    for info in GAMES:
        d = DECLARED[info.name]
        assert info.description == d.title == _core.games()[info.name]
        assert (info.min_players, info.max_players, info.num_players) == (
            d.min_players,
            d.max_players,
            d.default_players,
        )
        assert info.options == list(d.options) == _core.option_specs(info.name)
        assert (info.dynamics, info.timed, info.policies) == (d.dynamics, d.timed, d.policies)
        assert sorted(d.num_actions) == list(range(d.min_players, d.max_players + 1))
        assert info.num_actions == d.num_actions[d.default_players]
        assert all(isinstance(s["doc"], str) and s["doc"] for s in info.options), info.name


def test_games_hands_out_copies():
    # A caller changing its GameInfo's options changes no declaration.
    first = cardsim.games()[0]
    first.options.append({"name": "x", "default": 1, "doc": "x"})
    for spec in first.options:
        spec["doc"] = "changed"
    assert all(s["doc"] != "changed" for s in DECLARED[first.name].options)
    assert len(cardsim.games()[0].options) == len(first.options) - 1


@pytest.mark.parametrize(
    ("name", "options"), all_configs(), ids=[config_id(n, o) for n, o in all_configs()]
)
def test_each_configuration_is_what_its_declaration_says(name, options, backend):
    d = DECLARED[name]
    game = cardsim.make(name, backend=backend, **options)
    assert d.min_players <= game.num_players <= d.max_players
    assert game.traits.dynamics == d.dynamics
    assert game.traits.timed == d.timed
    assert set(game.options) == {s["name"] for s in d.options}
    if "players" not in game.options:
        assert d.min_players == d.max_players == d.default_players == game.num_players
    # The action count is declared by seats; each backend counts its own ids (the
    # reference from its own encoding), and both must say what is declared.
    assert game.num_actions == d.num_actions[game.num_players]


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_declared_policies_are_the_ones_a_batch_run_plays(info):
    # A declared kind plays a (small) batch; any other kind is refused, with the reason.
    specs = {"pimc": "pimc:1", "ismcts": "ismcts:2"}
    assert set(info.policies) >= set(POLICIES)
    for kind in _core.POLICY_KINDS:
        spec = specs.get(kind, kind)
        if kind in info.policies:
            result = cardsim.simulate(info.name, games=1, seed=3, policy=spec, threads=1)
            assert result.games == 1
        else:
            with pytest.raises(ValueError, match=info.name):
                cardsim.simulate(info.name, games=1, seed=3, policy=spec, threads=1)


def test_an_unknown_declaration_is_refused():
    with pytest.raises(ValueError, match="unknown game 'nope'"):
        declaration("nope")
    with pytest.raises(TypeError, match="str"):
        declaration(3)


PACKAGE = Path(cardsim.__file__).resolve().parent
# The source tree's C++ (the package may be installed elsewhere, as in CI).
CPP = Path(__file__).resolve().parents[1] / "cpp"


def _python_sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_python_module_states_a_declared_fact():
    # The facts a declaration holds (options, seats, traits) are read from it, never
    # written again: no GameTraits literal outside the contract, no reference game
    # stating its options, seats or traits, no option table naming a game.
    found = []
    for path in _python_sources():
        rel = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                fname = (
                    f.id
                    if isinstance(f, ast.Name)
                    else f.attr
                    if isinstance(f, ast.Attribute)
                    else ""
                )
                if fname == "GameTraits" and not rel.startswith("contract/"):
                    found.append(f"{rel}:{node.lineno} GameTraits(...)")
                if fname == "declared_options" and any(
                    isinstance(a, ast.Constant) for a in node.args
                ):
                    found.append(f"{rel}:{node.lineno} declared_options of a named game")
            reference = rel.startswith("reference/") and rel != "reference/base.py"
            if reference and isinstance(node, ast.ClassDef):
                for item in node.body:
                    names = (
                        [item.name]
                        if isinstance(item, ast.FunctionDef)
                        else [t.id for t in item.targets if isinstance(t, ast.Name)]
                        if isinstance(item, ast.Assign)
                        else []
                    )
                    for n in names:
                        if n in ("traits", "num_players", "option_specs", "players"):
                            found.append(f"{rel}:{item.lineno} {node.name}.{n}")
    assert not found, found


def test_each_cpp_fact_is_written_in_the_declaration_alone():
    # The game reads each option by its name alone (the default, range, choices and
    # meaning are the literal's), and registers the literal, not a name and a title.
    found = []
    for path in sorted(CPP.rglob("*.[ch]pp")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(CPP).as_posix()
        for m in re.finditer(r"reader\.get_\w+\(\s*\"[^\"]*\"\s*,", text):
            found.append(f"{rel}: {m.group(0)}")
        for m in re.finditer(r"register_game<\w+>\(\s*\"", text):
            found.append(f"{rel}: {m.group(0)}")
    assert not found, found
    # Every registered game has its literal in its own header.
    for name in DECLARED:
        game_headers = sorted((CPP / "games").rglob("*.hpp"))
        assert game_headers, f"no game headers under {CPP}"
        headers = "".join(p.read_text(encoding="utf-8") for p in game_headers)
        assert f'.name = "{name}"' in headers, name


DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"


def _family(name: str) -> str:
    """The stem of a game's rules page (clock_duel's is clock's)."""
    return reference.GAMES[name].__module__.rsplit(".", 1)[1]


def _default_forms(default: object) -> set[str]:
    """How a rules page may write a default (lowercased)."""
    if isinstance(default, bool) or (isinstance(default, str) and default):
        return {str(default).lower()}
    if isinstance(default, int):
        return {str(default), f"{default:,}"}
    return {"[]", '""', "''", "empty"}


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_rules_page_lists_the_declared_options(info):
    # A rules page's Options table is written for readers, so it restates the
    # declaration: each declared option has a row giving its default, and each row
    # names an option the game (or a game sharing the page) declares.
    text = (DOCS / f"{_family(info.name)}.md").read_text(encoding="utf-8")
    if not info.options:
        return
    start = text.index("\n## Options")
    end = text.find("\n## ", start + 1)
    rows = [r for r in text[start:end].splitlines() if r.startswith("|")][2:]
    for spec in info.options:
        mine = [r.lower() for r in rows if f"`{spec['name']}`" in r]
        assert mine, (info.name, spec["name"])
        assert any(f in r for r in mine for f in _default_forms(spec["default"])), (
            info.name,
            spec["name"],
            spec["default"],
        )
    family = {s["name"] for g in GAMES if _family(g.name) == _family(info.name) for s in g.options}
    for row in rows:
        assert set(re.findall(r"`(\w+)`", row)) & family, (info.name, row)
