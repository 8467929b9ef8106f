"""
cardsim's C++ core: game states, move generation, scoring and the batch runner.
"""

from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing

import typing_extensions

from cardsim._typing import JSONObject
from cardsim.contract.declaration import OptionSpec, OptionValue
from cardsim.contract.traits import GameTraits

__all__: list[str] = [
    "ClockGame",
    "ClockPolicyBatch",
    "ClockState",
    "ClockVectorEnv",
    "Code9Game",
    "Code9PolicyBatch",
    "Code9State",
    "Code9VectorEnv",
    "Game",
    "HoleInTheWallGame",
    "HoleInTheWallPolicyBatch",
    "HoleInTheWallState",
    "HoleInTheWallVectorEnv",
    "MAX_PLAYERS",
    "POLICY_KINDS",
    "PolicySpec",
    "RacingDemonGame",
    "RacingDemonPolicyBatch",
    "RacingDemonState",
    "RacingDemonVectorEnv",
    "RummyGame",
    "RummyPolicyBatch",
    "RummyState",
    "RummyVectorEnv",
    "SEARCH_POLICY_KINDS",
    "SIMULTANEOUS",
    "StackGapGame",
    "StackGapPolicyBatch",
    "StackGapState",
    "StackGapVectorEnv",
    "State",
    "Summary",
    "TERMINAL",
    "TheWallGame",
    "TheWallPolicyBatch",
    "TheWallState",
    "TheWallVectorEnv",
    "card_to_string",
    "declarations",
    "games",
    "make",
    "option_specs",
    "parse_card",
    "parse_policy_spec",
    "solvable_games",
]

_S = typing.TypeVar("_S", bound="_SomeState")
_G = typing.TypeVar("_G", bound="_SomeGame")
# A state's pickled fields: game name, options, deck, history, seed.
_StateFields = tuple[str, dict[str, OptionValue], list[str], list[int], int | None]
# A PolicySpec's pickled fields.
_SpecFields = tuple[int, int, bool, float, int, float, bool]

# The stub types the contract once, on the two bases (generic over the state a game
# deals and the game a state belongs to); each game's classes add only what differs.
# At run time the per-game classes hold these methods themselves (pybind11 binds each
# game's class whole), and _VectorEnv, _PolicyBatch, _Solvable and _SolvableState exist
# only here, for the type checker. tests/test_stub.py checks the stub against the module.

class Game(typing.Generic[_S]):
    """
    The base of every C++ game class.
    """

    __hash__: typing.ClassVar[None] = None
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __eq__(self, arg0: object) -> bool: ...
    def __reduce__(
        self,
    ) -> tuple[
        collections.abc.Callable[[str, dict[str, OptionValue]], _SomeGame],
        tuple[str, dict[str, OptionValue]],
    ]:
        """
        Pickles as cardsim._core.make(name, options).
        """
    def __repr__(self) -> str: ...
    def _option_specs(self) -> list[OptionSpec]:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _policy_batch(
        self,
        seed: typing.SupportsIndex,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[PolicySpec | str | None],
        threads: typing.SupportsInt | typing.SupportsIndex,
        capacity: typing.SupportsInt | typing.SupportsIndex,
        seat_rotation: bool = False,
        scores: numpy.typing.NDArray[numpy.int32] | None = None,
        winner: numpy.typing.NDArray[numpy.int8] | None = None,
        winners_mask: numpy.typing.NDArray[numpy.uint16] | None = None,
        moves: numpy.typing.NDArray[numpy.int32] | None = None,
        truncated: numpy.typing.NDArray[numpy.bool] | None = None,
        times: numpy.typing.NDArray[numpy.float64] | None = None,
        by_policy: bool = False,
    ) -> _PolicyBatch:
        """
        Internal: a batch of games [first, first+count) whose seats with policies[j] None are played by the caller; driven by cardsim.simulate.
        """
    def _replay_game(
        self,
        seed: typing.SupportsIndex,
        index: typing.SupportsIndex,
        policies: collections.abc.Sequence[PolicySpec | str],
    ) -> _S:
        """
        Internal: game `index` of a batch run with `seed` and `policy`, with its history (use cardsim.replay_game).
        """
    def _simulate(
        self,
        seed: typing.SupportsIndex,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[PolicySpec | str],
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: numpy.typing.NDArray[numpy.int32] | None = None,
        winner: numpy.typing.NDArray[numpy.int8] | None = None,
        winners_mask: numpy.typing.NDArray[numpy.uint16] | None = None,
        moves: numpy.typing.NDArray[numpy.int32] | None = None,
        truncated: numpy.typing.NDArray[numpy.bool] | None = None,
        times: numpy.typing.NDArray[numpy.float64] | None = None,
        seat_rotation: bool = False,
        by_policy: Summary | None = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released, one PolicySpec per seat (or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).
        """
    def _vector_env(
        self,
        num_envs: typing.SupportsIndex,
        seat: typing.SupportsIndex | None,
        opponents: str | list[str] | tuple[str, ...],
        seed: typing.SupportsIndex,
        threads: typing.SupportsIndex,
        reward: str,
    ) -> _VectorEnv:
        """
        Internal: the C++ vector env behind cardsim.VectorEnv.
        """
    def _vector_env_bytes(self, self_play: bool) -> int:
        """
        Internal: the bytes one env of cardsim.VectorEnv takes.
        """
    def new_game(
        self,
        *,
        seed: typing.SupportsIndex | None = None,
        deck: collections.abc.Sequence[str] | None = None,
    ) -> _S:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.
        """
    def search_budget(self, spec: str) -> int:
        """
        The budget a search spec plays with in this game: its N when it names one, else this game's default (docs/strategy.md: pimc 10, ismcts 200, or more in the games that say so).
        """
    @property
    def name(self) -> str:
        """
        The registered name.
        """
    @property
    def num_actions(self) -> int:
        """
        Size of the fixed action id space.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in this configuration.
        """
    @property
    def observation_tensor_shape(self) -> tuple[int]:
        """
        The shape of observation_tensor, fixed for this configuration (docs/rules/<game>.md).
        """
    @property
    def options(self) -> dict[str, OptionValue]:
        """
        Every option, defaults filled in.
        """
    @property
    def traits(self) -> GameTraits:
        """
        What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
        """

class State(typing.Generic[_G]):
    """
    The base of every C++ state class (the state contract).
    """
    def _repr_svg_(self) -> str:
        """
        Jupyter's rich display: the full drawing (``cardsim.render.svg``).
        """
    def record(self) -> JSONObject:
        """
        This game as a JSON-safe record (``cardsim.load_record`` reads it back).
        """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __copy__(self) -> typing_extensions.Self: ...
    def __deepcopy__(self, arg0: object) -> typing_extensions.Self: ...
    def __eq__(self, arg0: object) -> bool: ...
    def __getstate__(self) -> _StateFields:
        """
        The pickled fields: game name, options, deck, history, seed.
        """
    def __hash__(self) -> int: ...
    def __reduce__(
        self,
    ) -> tuple[
        collections.abc.Callable[[_StateFields], typing_extensions.Self], tuple[_StateFields]
    ]:
        """
        Pickles as cardsim._core._restore_state(fields).
        """
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    def _greedy_action(
        self, seed: typing.SupportsIndex, player: typing.SupportsIndex | None = None
    ) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _perft(
        self,
        depth: typing.SupportsInt | typing.SupportsIndex,
        progress: typing.Callable[[int, int, int], None] | None = None,
    ) -> tuple[int, int, int]:
        """
        Internal: the perft leaves (playing, terminal, truncated) below this state at depth, counted in C++ with the GIL released (use cardsim.testing.perft).
        """
    def action_to_string(self, arg0: typing.SupportsIndex) -> str:
        """
        Readable text of an action id (round-trips through string_to_action).
        """
    def apply_action(self, arg0: typing.SupportsIndex) -> None:
        """
        Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if not an int; the state is then unchanged.
        """
    def clone(self) -> typing_extensions.Self:
        """
        An independent copy.
        """
    def current_player(self) -> int:
        """
        The seat to act, TERMINAL (-4) at the end, or SIMULTANEOUS (-2).
        """
    def is_draw(self) -> bool:
        """
        True if the finished game is a draw.
        """
    def is_terminal(self) -> bool:
        """
        True once the game is over (won, lost, drawn or truncated).
        """
    def is_truncated(self) -> bool:
        """
        True if the game was stopped by its move cap: no winner, scores as they stand.
        """
    def legal_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        A numpy bool array of length num_actions, True where legal.
        """
    def legal_actions(self) -> list:
        """
        The legal action ids, sorted ascending (empty at the end).
        """
    def legal_actions_for(self, arg0: typing.SupportsIndex) -> list:
        """
        The legal action ids of one seat (for simultaneous games; else all or none).
        """
    def _observations(self) -> list:
        """
        observation(p) for every seat p, in one call (the dicts may share their parts: for reading, as cardsim.testing does).
        """
    def observation(self, arg0: typing.SupportsIndex) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def observation_tensor(
        self,
        player: typing.SupportsIndex,
        out: numpy.typing.NDArray[numpy.float32] | None = None,
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, shape or layout is a TypeError / ValueError and leaves it untouched.
        """
    def resample_hidden(
        self,
        player: typing.SupportsIndex,
        rng: typing.SupportsIndex | numpy.random.Generator | None = None,
    ) -> typing_extensions.Self:
        """
        A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on like any state, but has no deal (`deck` and pickling refuse); the generic cardsim.envs.resample.resample_hidden gives a redealt deck instead.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: str) -> int:
        """
        The action id of a text from action_to_string (cards in any spelling a deck accepts, e.g. 10h for TH); ValueError if unknown.
        """
    def to_dict(self) -> dict:
        """
        The full state as a JSON-safe dict (format in docs/rules/<game>.md), with the seed it was dealt from (None for an explicit deck).
        """
    def winners(self) -> list:
        """
        The winning seats (a side may win together); empty for a draw or a loss.
        """
    @property
    def deck(self) -> list:
        """
        The deal, as card strings, top first.
        """
    @property
    def game(self) -> _G:
        """
        The game (rules and options) this state belongs to.
        """
    @property
    def history(self) -> list[int]:
        """
        The actions applied since the deal.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def seed(self) -> int | None:
        """
        The seed this game was dealt from (a fresh one when new_game had none); None for an explicit deck.
        """

# A game or state of the core whose game is not known statically: each game's two
# classes name each other, so the parameter is left open here, once.
_SomeGame = Game[typing.Any]
_SomeState = State[typing.Any]

@typing.type_check_only
class _Solvable:
    """
    A game with a solver (cpp/solver/<g>.hpp): its internal entry points.
    """
    def _solve_deals(
        self,
        arg0: typing.SupportsInt | typing.SupportsIndex,
        arg1: typing.SupportsInt | typing.SupportsIndex,
        arg2: typing.SupportsInt | typing.SupportsIndex,
        arg3: typing.SupportsInt | typing.SupportsIndex,
        arg4: typing.SupportsInt | typing.SupportsIndex,
        arg5: typing.SupportsFloat | typing.SupportsIndex,
        arg6: typing.SupportsInt | typing.SupportsIndex,
        arg7: typing.Annotated[numpy.typing.ArrayLike, numpy.int8],
        arg8: typing.Annotated[numpy.typing.ArrayLike, numpy.int32],
        arg9: typing.Annotated[numpy.typing.ArrayLike, numpy.int32],
        arg10: typing.Annotated[numpy.typing.ArrayLike, numpy.int64],
        arg11: typing.Annotated[numpy.typing.ArrayLike, numpy.float64],
        arg12: typing.Annotated[numpy.typing.ArrayLike, numpy.int32],
        arg13: typing.Annotated[numpy.typing.ArrayLike, numpy.int32],
    ) -> None:
        """
        Internal: solves deals [first, first + count) of the run with seed (use cardsim.solve_batch).
        """
    @property
    def _solver(self) -> dict[str, str | int | None] | None:
        """
        Internal: this configuration's solver (kind, default_node_limit, score_unit), or None.
        """

@typing.type_check_only
class _SolvableState:
    """
    A state of a game with a solver.
    """
    def _solve_position(
        self,
        node_limit: typing.SupportsInt | typing.SupportsIndex,
        time_limit: typing.SupportsFloat | typing.SupportsIndex,
        table_entries: typing.SupportsInt | typing.SupportsIndex,
    ) -> dict:
        """
        Internal: solves this position (use cardsim.solve).
        """

@typing.type_check_only
class _VectorEnv:
    """
    A game's vector env core (cardsim.VectorEnv wraps it).
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def _buffers(self) -> dict:
        """
        Read-only numpy views of the env's buffers, which reset and step overwrite in place.
        """
    def reset(self, seed: typing.SupportsIndex | None = None) -> None:
        """
        Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if another thread is resetting or stepping this env.
        """
    def reset_envs(
        self,
        mask: numpy.typing.NDArray[numpy.bool] | None = None,
        seeds: list[int] | tuple[int, ...] | None = None,
    ) -> None:
        """
        Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or with seeds None from each one's next episode.
        """
    def step(
        self,
        actions: numpy.typing.ArrayLike,
        forfeit: numpy.typing.NDArray[numpy.bool] | None = None,
    ) -> None:
        """
        Checks every env's action, then plays them all (GIL released). Raises before changing anything; RuntimeError if another thread is resetting or stepping this env.
        """
    @property
    def num_envs(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def reward_width(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def threads(self) -> int: ...

@typing.type_check_only
class _PolicyBatch:
    """
    A game's Python-policy batch core (cardsim.run.python_policy drives it).
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def _buffers(self) -> dict:
        """
        Read-only numpy views of the group buffers (rows [0, k) of the pending group).
        """
    def act(self, actions: numpy.typing.ArrayLike) -> None:
        """
        Checks every action of the pending group (an int numpy array of shape (k,)), then applies them and plays on (GIL released). Raises before changing anything.
        """
    def merge_into(self, summary: Summary, by_policy: Summary | None = None) -> None:
        """
        Adds the run's totals (by seat, and by policy) once every play has ended.
        """
    def next_group(self) -> tuple[int, int, int] | None:
        """
        Plays built-in seats until every game waits on a Python seat, then gathers the next group: (policy index, seat, k), or None when every play has ended.
        """
    @property
    def capacity(self) -> int:
        """
        Plays in flight at most.
        """
    @property
    def finished(self) -> int:
        """
        Plays ended so far.
        """
    @property
    def plays(self) -> int:
        """
        Plays in the run (deals times rotations).
        """

class PolicySpec:
    """
    A parsed policy spec (docs/strategy.md): what the C++ runners receive.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __init__(self, spec: str) -> None:
        """
        Parses `spec`; ValueError if malformed.
        """
    @staticmethod
    def parse(spec: str, where: str = "") -> PolicySpec:
        """
        Parses `spec`; ValueError, prefixed by `where`, if malformed.
        """
    @property
    def kind(self) -> str:
        """
        The kind: random, greedy, ...
        """
    @property
    def searching(self) -> bool:
        """
        Whether it is a search player.
        """
    @property
    def text(self) -> str:
        """
        The spec in canonical form (parsing it gives an equal PolicySpec).
        """
    def to_dict(self) -> dict[str, str | int | float]:
        """
        The parsed fields, as parse_policy_spec returns them.
        """
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...
    def __reduce__(
        self,
    ) -> tuple[collections.abc.Callable[[_SpecFields], PolicySpec], tuple[_SpecFields]]:
        """
        Pickles as cardsim._core._restore_policy_spec(fields): no text is parsed again.
        """

class Summary:
    """
    Exact streaming totals of a batch run; merge() adds another run's.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    @staticmethod
    def from_state(arg0: object) -> Summary: ...
    def __init__(self, num_players: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __reduce__(
        self,
    ) -> tuple[collections.abc.Callable[[object], Summary], tuple[dict[str, object]]]:
        """
        Pickles as cardsim._core._restore_summary(state).
        """
    def merge(self, arg0: Summary) -> None:
        """
        Adds another run's totals (exact, associative and commutative).
        """
    def score_histogram(
        self, player: typing.SupportsInt | typing.SupportsIndex = 0
    ) -> tuple[numpy.typing.NDArray[numpy.int64], numpy.typing.NDArray[numpy.uint64]]:
        """
        (values, counts) of the player's final scores.
        """
    def to_state(self) -> dict:
        """
        A plain, exact, JSON-safe dict of the totals.
        """
    @property
    def draws(self) -> int:
        """
        Games drawn.
        """
    @property
    def games(self) -> int:
        """
        Games counted.
        """
    @property
    def moves(self) -> dict:
        """
        Exact n, sum, sum_sq, min and max of the actions per game.
        """
    @property
    def no_winner(self) -> int:
        """
        Games nobody won that were not draws (lost patiences, truncations).
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def score(self) -> list:
        """
        Per seat: exact n, sum, sum_sq, min and max of the final scores.
        """
    @property
    def stalemates(self) -> int | None:
        """
        Rounds ended by a stalemate (Racing Demon); None for games without a stalemate rule.
        """
    @property
    def truncated(self) -> int:
        """
        Games stopped by the move cap.
        """
    @property
    def voids(self) -> int | None:
        """
        Games that ended void (Rummy's void deal: terminal, no winner, not a truncation); None for games without such an end.
        """
    @property
    def wins(self) -> list[int]:
        """
        Games won by each seat (alone or with its side).
        """

class ClockGame(Game[ClockState], _Solvable):
    """A game with validated options."""

class ClockState(State[ClockGame], _SolvableState):
    """A Clock game in progress."""

class ClockVectorEnv(_VectorEnv):
    """Its vector env core."""

class ClockPolicyBatch(_PolicyBatch):
    """Its Python-policy batch core."""

class Code9Game(Game[Code9State], _Solvable):
    """A game with validated options."""

class Code9State(State[Code9Game], _SolvableState):
    """A Code9 game in progress."""

class Code9VectorEnv(_VectorEnv):
    """Its vector env core."""

class Code9PolicyBatch(_PolicyBatch):
    """Its Python-policy batch core."""

class HoleInTheWallGame(Game[HoleInTheWallState]):
    """A game with validated options."""

class HoleInTheWallState(State[HoleInTheWallGame]):
    """A HoleInTheWall game in progress."""

class HoleInTheWallVectorEnv(_VectorEnv):
    """Its vector env core."""

class HoleInTheWallPolicyBatch(_PolicyBatch):
    """Its Python-policy batch core."""

class RacingDemonGame(Game[RacingDemonState]):
    """A game with validated options."""

class RacingDemonState(State[RacingDemonGame]):
    """A RacingDemon game in progress."""

class RacingDemonVectorEnv(_VectorEnv):
    """Its vector env core."""

class RacingDemonPolicyBatch(_PolicyBatch):
    """Its Python-policy batch core."""

class RummyGame(Game[RummyState]):
    """A game with validated options."""

class RummyState(State[RummyGame]):
    """A Rummy game in progress."""

class RummyVectorEnv(_VectorEnv):
    """Its vector env core."""

class RummyPolicyBatch(_PolicyBatch):
    """Its Python-policy batch core."""

class StackGapGame(Game[StackGapState], _Solvable):
    """A game with validated options."""

class StackGapState(State[StackGapGame], _SolvableState):
    """A StackGap game in progress."""

    def _set_position(self, arg0: dict[str, object]) -> None: ...

class StackGapVectorEnv(_VectorEnv):
    """Its vector env core."""

class StackGapPolicyBatch(_PolicyBatch):
    """Its Python-policy batch core."""

class TheWallGame(Game[TheWallState], _Solvable):
    """A game with validated options."""

class TheWallState(State[TheWallGame], _SolvableState):
    """A TheWall game in progress."""

class TheWallVectorEnv(_VectorEnv):
    """Its vector env core."""

class TheWallPolicyBatch(_PolicyBatch):
    """Its Python-policy batch core."""

def _join_state_base(mixin: type) -> None:
    """
    Adds a slot-less Python class to State's bases, once.
    """

def _restore_state(fields: tuple[object, ...]) -> _SomeState:
    """
    Internal: a state from its pickled fields (state.__getstate__()), every action re-checked; the constructor that states pickle through.
    """

def _restore_policy_spec(state: tuple[object, ...]) -> PolicySpec:
    """
    Internal: a PolicySpec from its pickled fields.
    """

def _restore_summary(state: object) -> Summary:
    """
    Internal: a Summary from its pickled state; the constructor Summary pickles through.
    """

def _search_action(
    state: object,
    player: typing.SupportsInt | typing.SupportsIndex,
    spec: str,
    seed: typing.SupportsIndex,
    race: tuple[list[int], list[int], list[int]] | None = None,
) -> int:
    """
    Internal: the move the C++ search player `spec` (pimc[:N], ismcts[:N]) makes for `player` at `state`, its stream keyed by `seed`; in a timed race, `race` = (at, pending, mean) per seat in microseconds (cardsim.play).
    """

def _solve(
    state: object,
    node_limit: typing.SupportsInt | typing.SupportsIndex,
    time_limit: typing.SupportsFloat | typing.SupportsIndex,
    table_entries: typing.SupportsInt | typing.SupportsIndex,
) -> dict[str, object]:
    """
    Solves one position; the GIL is released while it searches.
    """

def _solve_batch(
    game: object,
    seed: typing.SupportsInt | typing.SupportsIndex,
    first: typing.SupportsInt | typing.SupportsIndex,
    count: typing.SupportsInt | typing.SupportsIndex,
    threads: typing.SupportsInt | typing.SupportsIndex,
    node_limit: typing.SupportsInt | typing.SupportsIndex,
    time_limit: typing.SupportsFloat | typing.SupportsIndex,
    table_entries: typing.SupportsInt | typing.SupportsIndex,
    outcome: typing.Annotated[numpy.typing.ArrayLike, numpy.int8],
    score: typing.Annotated[numpy.typing.ArrayLike, numpy.int32],
    best_score_any: typing.Annotated[numpy.typing.ArrayLike, numpy.int32],
    nodes: typing.Annotated[numpy.typing.ArrayLike, numpy.int64],
    seconds: typing.Annotated[numpy.typing.ArrayLike, numpy.float64],
    length: typing.Annotated[numpy.typing.ArrayLike, numpy.int32],
    bound: typing.Annotated[numpy.typing.ArrayLike, numpy.int32],
) -> None:
    """
    Solves deals [first, first + count) of the run with seed; the GIL is released.
    """

def card_to_string(arg0: typing.SupportsInt | typing.SupportsIndex) -> str: ...
def declarations() -> list[dict[str, object]]:
    """
    Every registered game's declaration, in name order.
    """

def games() -> dict:
    """
    Registered game names and one-line descriptions.
    """

# options: a dict (the core refuses any other mapping with a TypeError), checked item by item.
def make(name: str, options: collections.abc.Mapping[str, object]) -> _SomeGame:
    """
    Creates a game of the core by name, validating its options.
    """

def option_specs(arg0: str) -> list[OptionSpec]: ...
def parse_card(arg0: str) -> int: ...
def parse_policy_spec(spec: str, where: str = "") -> dict:
    """
    The parsed form of a policy spec (kind, and budget, rollout, sees, c, prior for search players); ValueError, prefixed by `where`, if malformed.
    """

def solvable_games() -> list:
    """
    The games with a solver, as their solver headers declare them (SolverTraits): game, kind ('outcome' or 'scored'), default_node_limit and score_unit.
    """

MAX_PLAYERS: int = 8
POLICY_KINDS: tuple = ("random", "greedy", "first", "pimc", "ismcts")
SEARCH_POLICY_KINDS: tuple = ("pimc", "ismcts")
SIMULTANEOUS: int = -2
TERMINAL: int = -4
