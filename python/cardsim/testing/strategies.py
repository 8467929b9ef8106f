"""Hypothesis strategies for cardsim's games: options, decks, deals, lines of play, states.

Each is a plain function returning a strategy, in the shape of hypothesis's own extras:
keyword arguments fix or bound what is drawn, and a bad argument is refused at once
(hypothesis's ``InvalidArgument`` for a bound, ``ValueError`` for an unknown game or option).
Everything shrinks towards the simplest case: default options, a deck in pack order, the
first legal action at every step, no illegal probes.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeAlias, cast

import numpy as np

from .requires import NEEDS_HYPOTHESIS

try:
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ImportError as e:  # pragma: no cover - exercised in a subprocess
    raise ImportError(NEEDS_HYPOTHESIS) from e

from .. import reference
from ..contract.protocols import Game, State
from ..games import games, make
from ..reference.cards import canonical_index

__all__ = ["Deal", "Line", "OptionValue", "deals", "decks", "lines", "options", "states"]

#: A game option's value, as the games declare them.
OptionValue: TypeAlias = bool | int | str
#: A game's option as ``cardsim.games()`` declares it (name, default, range or choices:
#: JSON values of several types).
OptionSpec: TypeAlias = dict[str, Any]
Options: TypeAlias = dict[str, OptionValue]


class CoreState(State, Protocol):
    """cardsim's state, as the checker reads it (the contract's, with its game)."""

    @property
    def game(self) -> Game: ...
    def observation_tensor(self, player: int) -> np.ndarray: ...


def as_core(state: State) -> CoreState:
    """A state cardsim made, read with its game (every cardsim state, of either
    backend, has ``game`` and ``observation_tensor``; the contract's State has not)."""
    return cast(CoreState, state)


def make_core(game: str, opts: Mapping[str, OptionValue], backend: str = "cpp") -> Game:
    """``cardsim.make(game, backend, **opts)``, typed with the options' values."""
    return make(game, backend, **opts)


#: Bytes of a line's choices each step reads: two pick the action (modulo the number of
#: legal ones), one says whether an illegal action is tried first, one more picks it.
_STEP_BYTES = 4
#: How a line's choices are drawn. One hypothesis draw per step costs far more than the
#: step's own work, so steps past the first ``_SINGLE_STEPS`` are drawn ``_BLOCK_STEPS``
#: at a time, as one block of bytes: lowering the number of steps drops the last blocks,
#: and a block's bytes shrink towards zero. The first steps keep a draw each, because
#: hypothesis shrinks by deleting draws, and deleting a step's draw is what turns a line
#: into a shorter one picking the same move sooner (a short counterexample).
_SINGLE_STEPS = 8
_BLOCK_STEPS = 32


@functools.cache
def _all_specs() -> dict[str, list[OptionSpec]]:
    # The registry is fixed once the core is loaded; listing it makes every game.
    return {info.name: info.options for info in games()}


def _specs(game: object) -> list[OptionSpec]:
    if not isinstance(game, str):
        raise TypeError(f"game must be a game name (str), got {type(game).__name__}")
    specs = _all_specs()
    if game not in specs:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(specs)})")
    return specs[game]


def _option_values(spec: OptionSpec) -> st.SearchStrategy[OptionValue]:
    default = spec["default"]
    if isinstance(default, bool):
        values: st.SearchStrategy[OptionValue] = st.booleans()
    elif "choices" in spec:
        values = st.sampled_from(list(spec["choices"]))
    elif "range" in spec:
        lo, hi = spec["range"]
        values = st.integers(lo, hi)
    else:  # a free-form text or list: only its default is known to be valid
        values = st.nothing()
    # The default first, so that a shrunk example names as few options as it can.
    return st.just(default) | values


def _valid(game: str, opts: Mapping[str, OptionValue]) -> bool:
    try:
        make_core(game, opts)
    except (ValueError, TypeError):
        return False
    return True


def options(
    game: str, **fixed: OptionValue | st.SearchStrategy[OptionValue]
) -> st.SearchStrategy[Options]:
    """Option dicts for ``game``: every option drawn within its declared range or choices.

    A keyword fixes an option (``players=3``) or gives its own strategy for it
    (``move_cap=st.integers(1, 50)``). Options without a declared range (free text such as
    Racing Demon's ``speeds``) keep their default unless fixed. Only combinations the game
    accepts are drawn; options equal to their default are left out of the dict, which
    shrinks towards ``{}``. An unknown game or option raises ValueError at once.
    """
    specs = _specs(game)
    names = {s["name"] for s in specs}
    for name in fixed:
        if name not in names:
            raise ValueError(f"unknown option {name!r} for {game} (known: {', '.join(names)})")
    parts: dict[str, st.SearchStrategy[OptionValue]] = {}
    for spec in specs:
        name = spec["name"]
        if name in fixed:
            value = fixed[name]
            parts[name] = value if isinstance(value, st.SearchStrategy) else st.just(value)
        else:
            parts[name] = _option_values(spec)
    defaults = {s["name"]: s["default"] for s in specs}

    def trim(opts: Options) -> Options:
        return {k: v for k, v in opts.items() if k in fixed or v != defaults[k]}

    plain = {k: v for k, v in fixed.items() if not isinstance(v, st.SearchStrategy)}
    if not _valid(game, plain):
        make_core(game, plain)  # raises the game's own error
    return st.fixed_dictionaries(parts).map(trim).filter(lambda o: _valid(game, o))


def decks(game: str, *, in_order: bool = True, **opts: OptionValue) -> st.SearchStrategy[list[str]]:
    """Explicit decks (card strings, top first) that ``game`` with options ``opts`` deals
    from with ``new_game(deck=...)``.

    With ``in_order`` (the default) they are permutations that shrink towards the cards
    in pack order, the most readable counterexample, but shrinking a deck card by card
    costs many replays; ``in_order=False`` draws the deck of a seeded deal instead, which
    shrinks in a few steps (to the deck of seed 0). An unknown game or option, or a bad
    option value, raises at once (as ``cardsim.make``).
    """
    _specs(game)
    _check_bool(in_order, "in_order")
    core = make_core(game, opts)
    if not in_order:
        return st.integers(0, 2**64 - 1).map(lambda s: list(core.new_game(seed=s).deck))
    template = list(core.new_game(seed=0).deck)
    blocks: list[st.SearchStrategy[list[str]]] = []
    # The layout is the game's own data (its reference declares it), so this names no game.
    for cards, take in reference.make(game, **opts).deck_layout(template):
        ordered = sorted(cards, key=canonical_index)
        blocks.append(st.permutations(ordered).map(_cut(take)))
    return st.tuples(*blocks).map(lambda parts: [c for part in parts for c in part])


def _cut(take: int) -> Callable[[list[str]], list[str]]:
    def cut(cards: list[str]) -> list[str]:
        return list(cards[:take])

    return cut


@dataclass(frozen=True)
class Deal:
    """A deal of ``game``: its options and either an explicit ``deck`` or a ``seed``."""

    game: str
    options: Options
    deck: list[str] | None = None
    seed: int | None = None

    def new_game(self, backend: str = "cpp") -> CoreState:
        """This deal on ``backend`` (``"cpp"`` or ``"reference"``)."""
        g = make_core(self.game, self.options, backend)
        if self.deck is not None:
            return as_core(g.new_game(deck=list(self.deck)))
        return as_core(g.new_game(seed=self.seed))


def _check_bool(value: object, what: str) -> None:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{what} must be a bool, got {value!r}")


def deals(
    game: str,
    *,
    by_deck: bool = True,
    by_seed: bool = True,
    in_order: bool = True,
    option_dicts: st.SearchStrategy[Options] | None = None,
    **opts: OptionValue,
) -> st.SearchStrategy[Deal]:
    """Deals of ``game``: options drawn by ``options(game, **opts)`` (or by the strategy
    ``option_dicts``), then a deck from ``decks(game, in_order=in_order)`` (``by_deck``)
    or a seed in [0, 2**64) (``by_seed``)."""
    _check_bool(by_deck, "by_deck")
    _check_bool(by_seed, "by_seed")
    if not (by_deck or by_seed):
        raise InvalidArgument("deals needs by_deck=True or by_seed=True")
    if option_dicts is None:
        option_dicts = options(game, **opts)
    elif opts:
        raise InvalidArgument("deals takes option_dicts or option keywords, not both")
    elif not isinstance(option_dicts, st.SearchStrategy):
        raise InvalidArgument(f"option_dicts must be a strategy, got {option_dicts!r}")

    # Strategies are made once, not at every draw: hypothesis validates each new one,
    # which cost more than drawing from it. Decks are kept per option set drawn.
    kinds = [k for k, on in (("deck", by_deck), ("seed", by_seed)) if on]
    kind = st.sampled_from(kinds)
    seed = st.integers(0, 2**64 - 1)
    deck_strategies: dict[str, st.SearchStrategy[list[str]]] = {}

    def deck_strategy(o: Options) -> st.SearchStrategy[list[str]]:
        key = repr(sorted(o.items()))
        if key not in deck_strategies:
            deck_strategies[key] = decks(game, in_order=in_order, **o)
        return deck_strategies[key]

    @st.composite
    def draw_deal(draw: st.DrawFn) -> Deal:
        o = draw(option_dicts)
        # One kind allowed: nothing to draw (hypothesis's cost is per value drawn).
        if (kinds[0] if len(kinds) == 1 else draw(kind)) == "deck":
            return Deal(game, o, deck=draw(deck_strategy(o)))
        return Deal(game, o, seed=draw(seed))

    return draw_deal()


@dataclass(frozen=True)
class Line:
    """A line of play on a deal: the legal ``actions`` played in turn, and the illegal
    ``probes`` tried on the way, as (step, action) pairs: before ``actions[step]`` is
    played (or, at ``step == len(actions)``, after the last), ``action`` is tried and must
    be refused. ``texts`` are the actions' texts as cardsim writes them."""

    deal: Deal
    actions: tuple[int, ...]
    probes: tuple[tuple[int, int], ...] = ()
    texts: tuple[str, ...] = field(default=())

    def play(self, backend: str = "cpp") -> CoreState:
        """The state at the end of the line on ``backend`` (the probes are not tried)."""
        state = self.deal.new_game(backend)
        for a in self.actions:
            state.apply_action(a)
        return state


def check_rate(rate: object) -> float:
    """``illegal_rate`` as a float in [0, 1], or InvalidArgument saying what it got."""
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1:
        raise InvalidArgument(f"illegal_rate must be a number in [0, 1], got {rate!r}")
    return float(rate)


def _check_len(max_len: object) -> int:
    if isinstance(max_len, bool) or not isinstance(max_len, int) or max_len < 0:
        raise InvalidArgument(f"max_len must be an int >= 0, got {max_len!r}")
    return max_len


@dataclass(frozen=True)
class Plan:
    """A line before it is played: its deal, how many steps it may take, and the choice
    bytes each step reads (``_STEP_BYTES`` a step, see ``read_step``). Played against a
    state it gives a ``Line``; ``check_lockstep`` plays it on the candidate and the core
    at once, so that the line is not played a second time on the core to draw it."""

    deal: Deal
    steps: int
    choices: bytes


def probe_threshold(illegal_rate: float) -> int:
    """The value of a step's probe byte from which an illegal action is tried."""
    return 256 - round(illegal_rate * 256) if illegal_rate > 0 else 257


def action_kind(text: str) -> str:
    """The kind of an action, from its text: the text with its cards and numbers taken
    out and its spaces evened (``discard 0:4S`` and ``discard 2:JH`` are both
    ``discard :``; ``U0>L3`` is ``U>L``), so that every game's kinds are found without
    naming one."""
    return " ".join(_NUMBERS.sub("", _CARDS.sub("", text)).split())


_CARDS = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\bJK\b")
_NUMBERS = re.compile(r"\d+")


@dataclass(frozen=True)
class ProbePools:
    """Where a line's illegal probes are drawn from: every action id of the game, by
    kind (see ``action_kind``), and the number of ids."""

    kinds: tuple[tuple[int, ...], ...]
    num_actions: int


_pools: dict[tuple[str, str], ProbePools] = {}


def probe_pools(state: CoreState) -> ProbePools:
    """The probe pools of ``state``'s game (with its options), made once per game."""
    game = state.game
    key = (game.name, repr(sorted(game.options.items())))
    if key not in _pools:
        by_kind: dict[str, list[int]] = {}
        for a in range(game.num_actions):
            by_kind.setdefault(action_kind(state.action_to_string(a)), []).append(a)
        _pools[key] = ProbePools(tuple(tuple(ids) for ids in by_kind.values()), game.num_actions)
    return _pools[key]


def read_step(
    choices: bytes, k: int, legal: list[int], pools: ProbePools, threshold: int
) -> tuple[int | None, int]:
    """Step ``k`` of a line read from ``choices`` against the legal actions ``legal``: the
    illegal action to try first (None for none: the probe byte is below ``threshold``, or
    no action it picks is illegal) and the index into ``legal`` of the action to play.

    A probe picks a kind of action uniformly (one slot more: any id from -1 to the
    number of ids, an id of no action at the ends), then an action of that kind that is
    not legal now: a discard while a placement is possible, a placement on a slot that
    takes nothing, the same card to another place. Drawn uniformly over the ids
    instead, probes would rarely land on a rare kind (3 discards among 138 ids). All
    zero bytes read as the first legal action and no probe, where a line shrinks to."""
    i = k * _STEP_BYTES
    flag = choices[i + 2]
    probe = None
    if flag >= threshold:
        r = choices[i + 3] * 256 + flag
        slots = len(pools.kinds) + 1
        slot, pick = r % slots, r // slots
        if slot == len(pools.kinds):
            p = pick % (pools.num_actions + 2) - 1
            probe = None if p in legal else p
        else:
            pool = pools.kinds[slot]
            for j in range(len(pool)):  # the pick, or the next illegal one of its kind
                a = pool[(pick + j) % len(pool)]
                if a not in legal:
                    probe = a
                    break
    return probe, (choices[i] * 256 + choices[i + 1]) % len(legal) if legal else 0


def plans(
    game: str,
    max_len: int = 200,
    *,
    deal: st.SearchStrategy[Deal] | Literal["deck", "seed"] | None = None,
    **opts: Any,
) -> st.SearchStrategy[Plan]:
    """Plans of lines of ``game`` (see ``Plan``): a deal, up to ``max_len`` steps, and
    their choices. The deal is drawn by ``deals(game, **opts)``; ``deal="deck"`` draws
    only explicit decks (for an implementation without cardsim's shuffle), ``"seed"``
    only seeds, and a strategy of Deal draws those."""
    max_len = _check_len(max_len)
    if deal is None or isinstance(deal, str):
        if deal not in (None, "deck", "seed"):
            raise InvalidArgument(
                f"deal must be 'deck', 'seed' or a strategy of Deal, got {deal!r}"
            )
        if deal is not None:
            opts = {**opts, "by_deck": deal == "deck", "by_seed": deal == "seed"}
        deal_strategy = deals(game, **opts)
    else:
        deal_strategy = deal
    if not isinstance(deal_strategy, st.SearchStrategy):
        raise InvalidArgument(f"deal must be 'deck', 'seed' or a strategy of Deal, got {deal!r}")
    single = st.binary(min_size=_STEP_BYTES, max_size=_STEP_BYTES)
    block = st.binary(min_size=_BLOCK_STEPS * _STEP_BYTES, max_size=_BLOCK_STEPS * _STEP_BYTES)
    # Half the lines run to max_len (or the end of the game): whole games get played.
    # One draw (the upper half of the range reads as max_len), not a choice between two
    # strategies: hypothesis's cost is per value drawn, and lengths shrink to 0 alike.
    length = st.integers(0, 2 * max_len + 1).map(functools.partial(min, max_len))

    @st.composite
    def draw_plan(draw: st.DrawFn) -> Plan:
        d = draw(deal_strategy)
        steps = draw(length)
        # steps + 1 steps' choices: the last one only probes, after the last action.
        n = steps + 1
        parts = [draw(single) for _ in range(min(n, _SINGLE_STEPS))]
        rest = max(0, n - _SINGLE_STEPS)
        parts += [draw(block) for _ in range(-(-rest // _BLOCK_STEPS))]
        return Plan(d, steps, b"".join(parts))

    return draw_plan()


def _play_plan(plan: Plan, illegal_rate: float) -> Line:
    """The line ``plan`` reads on its deal, played on the core."""
    state = plan.deal.new_game()
    pools = probe_pools(state)
    threshold = probe_threshold(illegal_rate)
    actions: list[int] = []
    texts: list[str] = []
    probes: list[tuple[int, int]] = []
    for k in range(plan.steps + 1):
        legal = state.legal_actions()
        probe, i = read_step(plan.choices, k, legal, pools, threshold)
        if probe is not None:
            probes.append((k, probe))
        if not legal or k == plan.steps:
            break
        a = legal[i]
        texts.append(state.action_to_string(a))
        state.apply_action(a)
        actions.append(a)
    return Line(plan.deal, tuple(actions), tuple(probes), tuple(texts))


def lines(
    game: str,
    max_len: int = 200,
    *,
    illegal_rate: float = 0.1,
    deal: st.SearchStrategy[Deal] | Literal["deck", "seed"] | None = None,
    **opts: Any,
) -> st.SearchStrategy[Line]:
    """Lines of play of ``game``: up to ``max_len`` legal actions from a deal (drawn by
    ``deals(game, **opts)``; ``deal="deck"`` for explicit decks only, which a port
    without cardsim's shuffle can deal, ``"seed"`` for seeds only, or a strategy of
    Deal), with an illegal
    probe before a step at rate ``illegal_rate``. Play stops early when the game ends.
    Lines shrink towards fewer steps, the first legal action at each, and no probes."""
    rate = check_rate(illegal_rate)
    return plans(game, max_len, deal=deal, **opts).map(lambda plan: _play_plan(plan, rate))


def states(
    game: str, max_len: int = 200, *, backend: str = "cpp", **opts: Any
) -> st.SearchStrategy[CoreState]:
    """Positions of ``game`` reached by play: the state after a line drawn by
    ``lines(game, max_len, illegal_rate=0, **opts)``, on ``backend``."""
    if backend not in ("cpp", "reference"):
        raise InvalidArgument(f"backend must be 'cpp' or 'reference', got {backend!r}")
    return lines(game, max_len, illegal_rate=0, **opts).map(lambda line: line.play(backend))
