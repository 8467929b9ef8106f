"""
cardsim's C++ core: game states, move generation, scoring and the batch runner.
"""

from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing

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
    "games",
    "make",
    "option_specs",
    "parse_card",
    "parse_policy_spec",
    "solvable_games",
]

class Game:
    """
    The base of every C++ game class.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """

class State:
    """
    The base of every C++ state class (the state contract).
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def _repr_svg_(self) -> str:
        """
        Jupyter's rich display: the full drawing (``cardsim.render.svg``).
        """
    def record(self) -> dict[str, typing.Any]:
        """
        This game as a JSON-safe record (``cardsim.load_record`` reads it back).
        """
    def resample_hidden(self, player: typing.Any, rng: typing.Any = None) -> typing.Any:
        """
        A state ``player`` cannot tell from this one: the same actions from a deal in which
            the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a
            seed). See cardsim.envs.resample.resample_hidden.
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
    def from_state(arg0: typing.Any) -> Summary: ...
    def __init__(self, num_players: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[dict]]:
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
    def stalemates(self) -> typing.Any:
        """
        Rounds ended by a stalemate (Racing Demon); None for games without a stalemate rule.
        """
    @property
    def truncated(self) -> int:
        """
        Games stopped by the move cap.
        """
    @property
    def voids(self) -> typing.Any:
        """
        Games that ended void (Rummy's void deal: terminal, no winner, not a truncation); None for games without such an end.
        """
    @property
    def wins(self) -> list[int]:
        """
        Games won by each seat (alone or with its side).
        """

class ClockGame(Game):
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[str, dict]]:
        """
        Pickles as cardsim._core.make(name, options).
        """
    def __repr__(self) -> str: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _policy_batch(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        caller: collections.abc.Sequence[bool],
        threads: typing.SupportsInt | typing.SupportsIndex,
        capacity: typing.SupportsInt | typing.SupportsIndex,
        seat_rotation: bool = False,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        by_policy: bool = False,
    ) -> ClockPolicyBatch:
        """
        Internal: a batch of games [first, first+count) whose seats with caller[j] set are played by the caller (policies[j] is then a placeholder); driven by cardsim.simulate.
        """
    def _replay_game(
        self, seed: typing.Any, index: typing.Any, policies: collections.abc.Sequence[str]
    ) -> ClockState:
        """
        Internal: game `index` of a batch run with `seed` and `policy`, with its history (use cardsim.replay_game).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        seat_rotation: bool = False,
        by_policy: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released, one policy spec per seat (or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).
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
    def _vector_env(
        self,
        num_envs: typing.Any,
        seat: typing.Any,
        opponents: typing.Any,
        seed: typing.Any,
        threads: typing.Any,
        reward: typing.Any,
    ) -> ClockVectorEnv:
        """
        Internal: the C++ vector env behind cardsim.VectorEnv.
        """
    def _vector_env_bytes(self, self_play: bool) -> int:
        """
        Internal: the bytes one env of cardsim.VectorEnv takes.
        """
    def new_game(self, *args, seed: typing.Any = None, deck: typing.Any = None) -> ClockState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.
        """
    def search_budget(self, spec: str) -> int:
        """
        The budget a search spec plays with in this game: its N when it names one, else this game's default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).
        """
    @property
    def _solver(self) -> typing.Any:
        """
        Internal: this configuration's solver (kind, default_node_limit, score_unit), or None.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
        """

class ClockState(State):
    """
    A game in progress (see docs/architecture.md for the contract). Every call holds the GIL, so threads may share a state: their calls take effect one at a time.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __copy__(self) -> ClockState: ...
    def __deepcopy__(self, arg0: typing.Any) -> ClockState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple:
        """
        The pickled fields: game name, options, deck, history, seed.
        """
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[tuple]]:
        """
        Pickles as cardsim._core._restore_state(fields).
        """
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> tuple[int, int, int]:
        """
        Internal: the perft leaves (playing, terminal, truncated) below this state at depth, counted in C++ with the GIL released (use cardsim.testing.perft).
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
    def action_to_string(self, arg0: typing.Any) -> str:
        """
        Readable text of an action id (round-trips through string_to_action).
        """
    def apply_action(self, arg0: typing.Any) -> None:
        """
        Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if not an int; the state is then unchanged.
        """
    def clone(self) -> ClockState:
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
    def legal_actions_for(self, arg0: typing.Any) -> list:
        """
        The legal action ids of one seat (for simultaneous games; else all or none).
        """
    def _observations(self) -> list:
        """
        observation(p) for every seat p, in one call (the dicts may share their parts: for reading, as cardsim.testing does).
        """
    def _answers(self, what: int, candidate: typing.Any, action: typing.Any = None) -> tuple:
        """
        Internal, for cardsim.testing: (legal, dict, None) if `candidate` (a state of another implementation) answers exactly as this state does, else (None, None, None). legal: legal_actions(); dict: the candidate's to_dict() if read. With `action` (an int id, legal here), candidate.apply_action(action) and then this state's are played first; (None, None, exception) if the candidate's raised an Exception (this state then unmoved). Read, as the bits of `what` ask: current_player(), legal_actions() (sorted), is_terminal(), scores(), is_truncated() (1), is_draw() (2), winners() (4), action_to_string of each legal action (8) and string_to_action of each text (256), to_dict() (16), each seat's observation (32), legal_action_mask() (64) and each seat's observation_tensor (128). Exactly: the core's types (list, dict, int but not bool, str, None; bool() of the flags), and arrays as C-contiguous 1-D buffers of the same dtype and bytes. A call that raises an Exception is no match.
        """
    def _matches_dict(self, theirs: typing.Any) -> bool:
        """
        Internal, for cardsim.testing: whether `theirs` is exactly to_dict(), of exactly its types (dict, list, int but not bool, bool, str, None), compared without making to_dict().
        """
    def _probe(
        self, candidate: typing.Any, action: typing.Any, illegal_error: typing.Any, read_dict: bool
    ) -> typing.Any:
        """
        Internal, for cardsim.testing: None if this state refuses the int action id `action` and is left as it was, and `candidate` (a state of another implementation) raises `illegal_error` on apply_action(action) and, with `read_dict`, its to_dict() then is exactly this state's. Else where it went otherwise: ("core", what this state did), ("apply", None if the candidate accepted, else the exception it raised instead), or ("dict", the candidate's dict, None if to_dict raised). Anything not an Exception goes on up. This state never changes.
        """
    def _refuses(self, action: typing.Any) -> typing.Any:
        """
        Internal, for cardsim.testing: None if the state refuses the int action id `action` (as apply_action would, with IllegalActionError) and is left as it was; else what it did instead ("accepted", or "changed its state refusing"). The state itself never changes. TypeError if `action` is not an int.
        """
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def observation_tensor(
        self, player: typing.Any, out: typing.Any = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, shape or layout is a TypeError / ValueError and leaves it untouched.
        """
    def resample_hidden(self, player: typing.Any, rng: typing.Any = None) -> ClockState:
        """
        A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on like any state, but has no deal (`deck` and pickling refuse); the generic cardsim.envs.resample.resample_hidden gives a redealt deck instead.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
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
    def game(self) -> ClockGame:
        """
        The game (rules and options) this state belongs to.
        """
    @property
    def history(self) -> typing.Any:
        """
        The actions applied since the deal.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def seed(self) -> typing.Any:
        """
        The seed this game was dealt from (a fresh one when new_game had none); None for an explicit deck.
        """

class ClockVectorEnv:
    """
    Internal: N games stepped together in C++ (use cardsim.VectorEnv).
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
    def reset(self, seed: typing.Any = None) -> None:
        """
        Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if another thread is resetting or stepping this env.
        """
    def reset_envs(self, mask: typing.Any = None, seeds: typing.Any = None) -> None:
        """
        Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or with seeds None from each one's next episode.
        """
    def step(self, actions: typing.Any, forfeit: typing.Any = None) -> None:
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

class ClockPolicyBatch:
    """
    Internal: a batch run with Python policies at some seats (use cardsim.simulate).
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
    def act(self, actions: typing.Any) -> None:
        """
        Checks every action of the pending group (an int numpy array of shape (k,)), then applies them and plays on (GIL released). Raises before changing anything.
        """
    def merge_into(self, summary: Summary, by_policy: typing.Any = None) -> None:
        """
        Adds the run's totals (by seat, and by policy) once every play has ended.
        """
    def next_group(self) -> typing.Any:
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

class Code9Game(Game):
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[str, dict]]:
        """
        Pickles as cardsim._core.make(name, options).
        """
    def __repr__(self) -> str: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _policy_batch(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        caller: collections.abc.Sequence[bool],
        threads: typing.SupportsInt | typing.SupportsIndex,
        capacity: typing.SupportsInt | typing.SupportsIndex,
        seat_rotation: bool = False,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        by_policy: bool = False,
    ) -> Code9PolicyBatch:
        """
        Internal: a batch of games [first, first+count) whose seats with caller[j] set are played by the caller (policies[j] is then a placeholder); driven by cardsim.simulate.
        """
    def _replay_game(
        self, seed: typing.Any, index: typing.Any, policies: collections.abc.Sequence[str]
    ) -> Code9State:
        """
        Internal: game `index` of a batch run with `seed` and `policy`, with its history (use cardsim.replay_game).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        seat_rotation: bool = False,
        by_policy: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released, one policy spec per seat (or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).
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
    def _vector_env(
        self,
        num_envs: typing.Any,
        seat: typing.Any,
        opponents: typing.Any,
        seed: typing.Any,
        threads: typing.Any,
        reward: typing.Any,
    ) -> Code9VectorEnv:
        """
        Internal: the C++ vector env behind cardsim.VectorEnv.
        """
    def _vector_env_bytes(self, self_play: bool) -> int:
        """
        Internal: the bytes one env of cardsim.VectorEnv takes.
        """
    def new_game(self, *args, seed: typing.Any = None, deck: typing.Any = None) -> Code9State:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.
        """
    def search_budget(self, spec: str) -> int:
        """
        The budget a search spec plays with in this game: its N when it names one, else this game's default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).
        """
    @property
    def _solver(self) -> typing.Any:
        """
        Internal: this configuration's solver (kind, default_node_limit, score_unit), or None.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
        """

class Code9State(State):
    """
    A game in progress (see docs/architecture.md for the contract). Every call holds the GIL, so threads may share a state: their calls take effect one at a time.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __copy__(self) -> Code9State: ...
    def __deepcopy__(self, arg0: typing.Any) -> Code9State: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple:
        """
        The pickled fields: game name, options, deck, history, seed.
        """
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[tuple]]:
        """
        Pickles as cardsim._core._restore_state(fields).
        """
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> tuple[int, int, int]:
        """
        Internal: the perft leaves (playing, terminal, truncated) below this state at depth, counted in C++ with the GIL released (use cardsim.testing.perft).
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
    def action_to_string(self, arg0: typing.Any) -> str:
        """
        Readable text of an action id (round-trips through string_to_action).
        """
    def apply_action(self, arg0: typing.Any) -> None:
        """
        Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if not an int; the state is then unchanged.
        """
    def clone(self) -> Code9State:
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
    def legal_actions_for(self, arg0: typing.Any) -> list:
        """
        The legal action ids of one seat (for simultaneous games; else all or none).
        """
    def _observations(self) -> list:
        """
        observation(p) for every seat p, in one call (the dicts may share their parts: for reading, as cardsim.testing does).
        """
    def _answers(self, what: int, candidate: typing.Any, action: typing.Any = None) -> tuple:
        """
        Internal, for cardsim.testing: (legal, dict, None) if `candidate` (a state of another implementation) answers exactly as this state does, else (None, None, None). legal: legal_actions(); dict: the candidate's to_dict() if read. With `action` (an int id, legal here), candidate.apply_action(action) and then this state's are played first; (None, None, exception) if the candidate's raised an Exception (this state then unmoved). Read, as the bits of `what` ask: current_player(), legal_actions() (sorted), is_terminal(), scores(), is_truncated() (1), is_draw() (2), winners() (4), action_to_string of each legal action (8) and string_to_action of each text (256), to_dict() (16), each seat's observation (32), legal_action_mask() (64) and each seat's observation_tensor (128). Exactly: the core's types (list, dict, int but not bool, str, None; bool() of the flags), and arrays as C-contiguous 1-D buffers of the same dtype and bytes. A call that raises an Exception is no match.
        """
    def _matches_dict(self, theirs: typing.Any) -> bool:
        """
        Internal, for cardsim.testing: whether `theirs` is exactly to_dict(), of exactly its types (dict, list, int but not bool, bool, str, None), compared without making to_dict().
        """
    def _probe(
        self, candidate: typing.Any, action: typing.Any, illegal_error: typing.Any, read_dict: bool
    ) -> typing.Any:
        """
        Internal, for cardsim.testing: None if this state refuses the int action id `action` and is left as it was, and `candidate` (a state of another implementation) raises `illegal_error` on apply_action(action) and, with `read_dict`, its to_dict() then is exactly this state's. Else where it went otherwise: ("core", what this state did), ("apply", None if the candidate accepted, else the exception it raised instead), or ("dict", the candidate's dict, None if to_dict raised). Anything not an Exception goes on up. This state never changes.
        """
    def _refuses(self, action: typing.Any) -> typing.Any:
        """
        Internal, for cardsim.testing: None if the state refuses the int action id `action` (as apply_action would, with IllegalActionError) and is left as it was; else what it did instead ("accepted", or "changed its state refusing"). The state itself never changes. TypeError if `action` is not an int.
        """
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def observation_tensor(
        self, player: typing.Any, out: typing.Any = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, shape or layout is a TypeError / ValueError and leaves it untouched.
        """
    def resample_hidden(self, player: typing.Any, rng: typing.Any = None) -> Code9State:
        """
        A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on like any state, but has no deal (`deck` and pickling refuse); the generic cardsim.envs.resample.resample_hidden gives a redealt deck instead.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
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
    def game(self) -> Code9Game:
        """
        The game (rules and options) this state belongs to.
        """
    @property
    def history(self) -> typing.Any:
        """
        The actions applied since the deal.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def seed(self) -> typing.Any:
        """
        The seed this game was dealt from (a fresh one when new_game had none); None for an explicit deck.
        """

class Code9VectorEnv:
    """
    Internal: N games stepped together in C++ (use cardsim.VectorEnv).
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
    def reset(self, seed: typing.Any = None) -> None:
        """
        Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if another thread is resetting or stepping this env.
        """
    def reset_envs(self, mask: typing.Any = None, seeds: typing.Any = None) -> None:
        """
        Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or with seeds None from each one's next episode.
        """
    def step(self, actions: typing.Any, forfeit: typing.Any = None) -> None:
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

class Code9PolicyBatch:
    """
    Internal: a batch run with Python policies at some seats (use cardsim.simulate).
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
    def act(self, actions: typing.Any) -> None:
        """
        Checks every action of the pending group (an int numpy array of shape (k,)), then applies them and plays on (GIL released). Raises before changing anything.
        """
    def merge_into(self, summary: Summary, by_policy: typing.Any = None) -> None:
        """
        Adds the run's totals (by seat, and by policy) once every play has ended.
        """
    def next_group(self) -> typing.Any:
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

class HoleInTheWallGame(Game):
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[str, dict]]:
        """
        Pickles as cardsim._core.make(name, options).
        """
    def __repr__(self) -> str: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _policy_batch(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        caller: collections.abc.Sequence[bool],
        threads: typing.SupportsInt | typing.SupportsIndex,
        capacity: typing.SupportsInt | typing.SupportsIndex,
        seat_rotation: bool = False,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        by_policy: bool = False,
    ) -> HoleInTheWallPolicyBatch:
        """
        Internal: a batch of games [first, first+count) whose seats with caller[j] set are played by the caller (policies[j] is then a placeholder); driven by cardsim.simulate.
        """
    def _replay_game(
        self, seed: typing.Any, index: typing.Any, policies: collections.abc.Sequence[str]
    ) -> HoleInTheWallState:
        """
        Internal: game `index` of a batch run with `seed` and `policy`, with its history (use cardsim.replay_game).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        seat_rotation: bool = False,
        by_policy: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released, one policy spec per seat (or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).
        """
    def _vector_env(
        self,
        num_envs: typing.Any,
        seat: typing.Any,
        opponents: typing.Any,
        seed: typing.Any,
        threads: typing.Any,
        reward: typing.Any,
    ) -> HoleInTheWallVectorEnv:
        """
        Internal: the C++ vector env behind cardsim.VectorEnv.
        """
    def _vector_env_bytes(self, self_play: bool) -> int:
        """
        Internal: the bytes one env of cardsim.VectorEnv takes.
        """
    def new_game(
        self, *args, seed: typing.Any = None, deck: typing.Any = None
    ) -> HoleInTheWallState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.
        """
    def search_budget(self, spec: str) -> int:
        """
        The budget a search spec plays with in this game: its N when it names one, else this game's default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
        """

class HoleInTheWallState(State):
    """
    A game in progress (see docs/architecture.md for the contract). Every call holds the GIL, so threads may share a state: their calls take effect one at a time.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __copy__(self) -> HoleInTheWallState: ...
    def __deepcopy__(self, arg0: typing.Any) -> HoleInTheWallState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple:
        """
        The pickled fields: game name, options, deck, history, seed.
        """
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[tuple]]:
        """
        Pickles as cardsim._core._restore_state(fields).
        """
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> tuple[int, int, int]:
        """
        Internal: the perft leaves (playing, terminal, truncated) below this state at depth, counted in C++ with the GIL released (use cardsim.testing.perft).
        """
    def action_to_string(self, arg0: typing.Any) -> str:
        """
        Readable text of an action id (round-trips through string_to_action).
        """
    def apply_action(self, arg0: typing.Any) -> None:
        """
        Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if not an int; the state is then unchanged.
        """
    def clone(self) -> HoleInTheWallState:
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
    def legal_actions_for(self, arg0: typing.Any) -> list:
        """
        The legal action ids of one seat (for simultaneous games; else all or none).
        """
    def _observations(self) -> list:
        """
        observation(p) for every seat p, in one call (the dicts may share their parts: for reading, as cardsim.testing does).
        """
    def _answers(self, what: int, candidate: typing.Any, action: typing.Any = None) -> tuple:
        """
        Internal, for cardsim.testing: (legal, dict, None) if `candidate` (a state of another implementation) answers exactly as this state does, else (None, None, None). legal: legal_actions(); dict: the candidate's to_dict() if read. With `action` (an int id, legal here), candidate.apply_action(action) and then this state's are played first; (None, None, exception) if the candidate's raised an Exception (this state then unmoved). Read, as the bits of `what` ask: current_player(), legal_actions() (sorted), is_terminal(), scores(), is_truncated() (1), is_draw() (2), winners() (4), action_to_string of each legal action (8) and string_to_action of each text (256), to_dict() (16), each seat's observation (32), legal_action_mask() (64) and each seat's observation_tensor (128). Exactly: the core's types (list, dict, int but not bool, str, None; bool() of the flags), and arrays as C-contiguous 1-D buffers of the same dtype and bytes. A call that raises an Exception is no match.
        """
    def _matches_dict(self, theirs: typing.Any) -> bool:
        """
        Internal, for cardsim.testing: whether `theirs` is exactly to_dict(), of exactly its types (dict, list, int but not bool, bool, str, None), compared without making to_dict().
        """
    def _probe(
        self, candidate: typing.Any, action: typing.Any, illegal_error: typing.Any, read_dict: bool
    ) -> typing.Any:
        """
        Internal, for cardsim.testing: None if this state refuses the int action id `action` and is left as it was, and `candidate` (a state of another implementation) raises `illegal_error` on apply_action(action) and, with `read_dict`, its to_dict() then is exactly this state's. Else where it went otherwise: ("core", what this state did), ("apply", None if the candidate accepted, else the exception it raised instead), or ("dict", the candidate's dict, None if to_dict raised). Anything not an Exception goes on up. This state never changes.
        """
    def _refuses(self, action: typing.Any) -> typing.Any:
        """
        Internal, for cardsim.testing: None if the state refuses the int action id `action` (as apply_action would, with IllegalActionError) and is left as it was; else what it did instead ("accepted", or "changed its state refusing"). The state itself never changes. TypeError if `action` is not an int.
        """
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def observation_tensor(
        self, player: typing.Any, out: typing.Any = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, shape or layout is a TypeError / ValueError and leaves it untouched.
        """
    def resample_hidden(self, player: typing.Any, rng: typing.Any = None) -> HoleInTheWallState:
        """
        A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on like any state, but has no deal (`deck` and pickling refuse); the generic cardsim.envs.resample.resample_hidden gives a redealt deck instead.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
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
    def game(self) -> HoleInTheWallGame:
        """
        The game (rules and options) this state belongs to.
        """
    @property
    def history(self) -> typing.Any:
        """
        The actions applied since the deal.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def seed(self) -> typing.Any:
        """
        The seed this game was dealt from (a fresh one when new_game had none); None for an explicit deck.
        """

class HoleInTheWallVectorEnv:
    """
    Internal: N games stepped together in C++ (use cardsim.VectorEnv).
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
    def reset(self, seed: typing.Any = None) -> None:
        """
        Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if another thread is resetting or stepping this env.
        """
    def reset_envs(self, mask: typing.Any = None, seeds: typing.Any = None) -> None:
        """
        Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or with seeds None from each one's next episode.
        """
    def step(self, actions: typing.Any, forfeit: typing.Any = None) -> None:
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

class HoleInTheWallPolicyBatch:
    """
    Internal: a batch run with Python policies at some seats (use cardsim.simulate).
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
    def act(self, actions: typing.Any) -> None:
        """
        Checks every action of the pending group (an int numpy array of shape (k,)), then applies them and plays on (GIL released). Raises before changing anything.
        """
    def merge_into(self, summary: Summary, by_policy: typing.Any = None) -> None:
        """
        Adds the run's totals (by seat, and by policy) once every play has ended.
        """
    def next_group(self) -> typing.Any:
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

class RacingDemonGame(Game):
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[str, dict]]:
        """
        Pickles as cardsim._core.make(name, options).
        """
    def __repr__(self) -> str: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _policy_batch(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        caller: collections.abc.Sequence[bool],
        threads: typing.SupportsInt | typing.SupportsIndex,
        capacity: typing.SupportsInt | typing.SupportsIndex,
        seat_rotation: bool = False,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        by_policy: bool = False,
    ) -> RacingDemonPolicyBatch:
        """
        Internal: a batch of games [first, first+count) whose seats with caller[j] set are played by the caller (policies[j] is then a placeholder); driven by cardsim.simulate.
        """
    def _replay_game(
        self, seed: typing.Any, index: typing.Any, policies: collections.abc.Sequence[str]
    ) -> RacingDemonState:
        """
        Internal: game `index` of a batch run with `seed` and `policy`, with its history (use cardsim.replay_game).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        seat_rotation: bool = False,
        by_policy: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released, one policy spec per seat (or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).
        """
    def _vector_env(
        self,
        num_envs: typing.Any,
        seat: typing.Any,
        opponents: typing.Any,
        seed: typing.Any,
        threads: typing.Any,
        reward: typing.Any,
    ) -> RacingDemonVectorEnv:
        """
        Internal: the C++ vector env behind cardsim.VectorEnv.
        """
    def _vector_env_bytes(self, self_play: bool) -> int:
        """
        Internal: the bytes one env of cardsim.VectorEnv takes.
        """
    def new_game(self, *args, seed: typing.Any = None, deck: typing.Any = None) -> RacingDemonState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.
        """
    def search_budget(self, spec: str) -> int:
        """
        The budget a search spec plays with in this game: its N when it names one, else this game's default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
        """

class RacingDemonState(State):
    """
    A game in progress (see docs/architecture.md for the contract). Every call holds the GIL, so threads may share a state: their calls take effect one at a time.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __copy__(self) -> RacingDemonState: ...
    def __deepcopy__(self, arg0: typing.Any) -> RacingDemonState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple:
        """
        The pickled fields: game name, options, deck, history, seed.
        """
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[tuple]]:
        """
        Pickles as cardsim._core._restore_state(fields).
        """
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> tuple[int, int, int]:
        """
        Internal: the perft leaves (playing, terminal, truncated) below this state at depth, counted in C++ with the GIL released (use cardsim.testing.perft).
        """
    def action_to_string(self, arg0: typing.Any) -> str:
        """
        Readable text of an action id (round-trips through string_to_action).
        """
    def apply_action(self, arg0: typing.Any) -> None:
        """
        Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if not an int; the state is then unchanged.
        """
    def clone(self) -> RacingDemonState:
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
    def legal_actions_for(self, arg0: typing.Any) -> list:
        """
        The legal action ids of one seat (for simultaneous games; else all or none).
        """
    def _observations(self) -> list:
        """
        observation(p) for every seat p, in one call (the dicts may share their parts: for reading, as cardsim.testing does).
        """
    def _answers(self, what: int, candidate: typing.Any, action: typing.Any = None) -> tuple:
        """
        Internal, for cardsim.testing: (legal, dict, None) if `candidate` (a state of another implementation) answers exactly as this state does, else (None, None, None). legal: legal_actions(); dict: the candidate's to_dict() if read. With `action` (an int id, legal here), candidate.apply_action(action) and then this state's are played first; (None, None, exception) if the candidate's raised an Exception (this state then unmoved). Read, as the bits of `what` ask: current_player(), legal_actions() (sorted), is_terminal(), scores(), is_truncated() (1), is_draw() (2), winners() (4), action_to_string of each legal action (8) and string_to_action of each text (256), to_dict() (16), each seat's observation (32), legal_action_mask() (64) and each seat's observation_tensor (128). Exactly: the core's types (list, dict, int but not bool, str, None; bool() of the flags), and arrays as C-contiguous 1-D buffers of the same dtype and bytes. A call that raises an Exception is no match.
        """
    def _matches_dict(self, theirs: typing.Any) -> bool:
        """
        Internal, for cardsim.testing: whether `theirs` is exactly to_dict(), of exactly its types (dict, list, int but not bool, bool, str, None), compared without making to_dict().
        """
    def _probe(
        self, candidate: typing.Any, action: typing.Any, illegal_error: typing.Any, read_dict: bool
    ) -> typing.Any:
        """
        Internal, for cardsim.testing: None if this state refuses the int action id `action` and is left as it was, and `candidate` (a state of another implementation) raises `illegal_error` on apply_action(action) and, with `read_dict`, its to_dict() then is exactly this state's. Else where it went otherwise: ("core", what this state did), ("apply", None if the candidate accepted, else the exception it raised instead), or ("dict", the candidate's dict, None if to_dict raised). Anything not an Exception goes on up. This state never changes.
        """
    def _refuses(self, action: typing.Any) -> typing.Any:
        """
        Internal, for cardsim.testing: None if the state refuses the int action id `action` (as apply_action would, with IllegalActionError) and is left as it was; else what it did instead ("accepted", or "changed its state refusing"). The state itself never changes. TypeError if `action` is not an int.
        """
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def observation_tensor(
        self, player: typing.Any, out: typing.Any = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, shape or layout is a TypeError / ValueError and leaves it untouched.
        """
    def resample_hidden(self, player: typing.Any, rng: typing.Any = None) -> RacingDemonState:
        """
        A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on like any state, but has no deal (`deck` and pickling refuse); the generic cardsim.envs.resample.resample_hidden gives a redealt deck instead.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
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
    def game(self) -> RacingDemonGame:
        """
        The game (rules and options) this state belongs to.
        """
    @property
    def history(self) -> typing.Any:
        """
        The actions applied since the deal.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def seed(self) -> typing.Any:
        """
        The seed this game was dealt from (a fresh one when new_game had none); None for an explicit deck.
        """

class RacingDemonVectorEnv:
    """
    Internal: N games stepped together in C++ (use cardsim.VectorEnv).
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
    def reset(self, seed: typing.Any = None) -> None:
        """
        Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if another thread is resetting or stepping this env.
        """
    def reset_envs(self, mask: typing.Any = None, seeds: typing.Any = None) -> None:
        """
        Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or with seeds None from each one's next episode.
        """
    def step(self, actions: typing.Any, forfeit: typing.Any = None) -> None:
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

class RacingDemonPolicyBatch:
    """
    Internal: a batch run with Python policies at some seats (use cardsim.simulate).
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
    def act(self, actions: typing.Any) -> None:
        """
        Checks every action of the pending group (an int numpy array of shape (k,)), then applies them and plays on (GIL released). Raises before changing anything.
        """
    def merge_into(self, summary: Summary, by_policy: typing.Any = None) -> None:
        """
        Adds the run's totals (by seat, and by policy) once every play has ended.
        """
    def next_group(self) -> typing.Any:
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

class RummyGame(Game):
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[str, dict]]:
        """
        Pickles as cardsim._core.make(name, options).
        """
    def __repr__(self) -> str: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _policy_batch(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        caller: collections.abc.Sequence[bool],
        threads: typing.SupportsInt | typing.SupportsIndex,
        capacity: typing.SupportsInt | typing.SupportsIndex,
        seat_rotation: bool = False,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        by_policy: bool = False,
    ) -> RummyPolicyBatch:
        """
        Internal: a batch of games [first, first+count) whose seats with caller[j] set are played by the caller (policies[j] is then a placeholder); driven by cardsim.simulate.
        """
    def _replay_game(
        self, seed: typing.Any, index: typing.Any, policies: collections.abc.Sequence[str]
    ) -> RummyState:
        """
        Internal: game `index` of a batch run with `seed` and `policy`, with its history (use cardsim.replay_game).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        seat_rotation: bool = False,
        by_policy: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released, one policy spec per seat (or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).
        """
    def _vector_env(
        self,
        num_envs: typing.Any,
        seat: typing.Any,
        opponents: typing.Any,
        seed: typing.Any,
        threads: typing.Any,
        reward: typing.Any,
    ) -> RummyVectorEnv:
        """
        Internal: the C++ vector env behind cardsim.VectorEnv.
        """
    def _vector_env_bytes(self, self_play: bool) -> int:
        """
        Internal: the bytes one env of cardsim.VectorEnv takes.
        """
    def new_game(self, *args, seed: typing.Any = None, deck: typing.Any = None) -> RummyState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.
        """
    def search_budget(self, spec: str) -> int:
        """
        The budget a search spec plays with in this game: its N when it names one, else this game's default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
        """

class RummyState(State):
    """
    A game in progress (see docs/architecture.md for the contract). Every call holds the GIL, so threads may share a state: their calls take effect one at a time.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __copy__(self) -> RummyState: ...
    def __deepcopy__(self, arg0: typing.Any) -> RummyState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple:
        """
        The pickled fields: game name, options, deck, history, seed.
        """
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[tuple]]:
        """
        Pickles as cardsim._core._restore_state(fields).
        """
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> tuple[int, int, int]:
        """
        Internal: the perft leaves (playing, terminal, truncated) below this state at depth, counted in C++ with the GIL released (use cardsim.testing.perft).
        """
    def action_to_string(self, arg0: typing.Any) -> str:
        """
        Readable text of an action id (round-trips through string_to_action).
        """
    def apply_action(self, arg0: typing.Any) -> None:
        """
        Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if not an int; the state is then unchanged.
        """
    def clone(self) -> RummyState:
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
    def legal_actions_for(self, arg0: typing.Any) -> list:
        """
        The legal action ids of one seat (for simultaneous games; else all or none).
        """
    def _observations(self) -> list:
        """
        observation(p) for every seat p, in one call (the dicts may share their parts: for reading, as cardsim.testing does).
        """
    def _answers(self, what: int, candidate: typing.Any, action: typing.Any = None) -> tuple:
        """
        Internal, for cardsim.testing: (legal, dict, None) if `candidate` (a state of another implementation) answers exactly as this state does, else (None, None, None). legal: legal_actions(); dict: the candidate's to_dict() if read. With `action` (an int id, legal here), candidate.apply_action(action) and then this state's are played first; (None, None, exception) if the candidate's raised an Exception (this state then unmoved). Read, as the bits of `what` ask: current_player(), legal_actions() (sorted), is_terminal(), scores(), is_truncated() (1), is_draw() (2), winners() (4), action_to_string of each legal action (8) and string_to_action of each text (256), to_dict() (16), each seat's observation (32), legal_action_mask() (64) and each seat's observation_tensor (128). Exactly: the core's types (list, dict, int but not bool, str, None; bool() of the flags), and arrays as C-contiguous 1-D buffers of the same dtype and bytes. A call that raises an Exception is no match.
        """
    def _matches_dict(self, theirs: typing.Any) -> bool:
        """
        Internal, for cardsim.testing: whether `theirs` is exactly to_dict(), of exactly its types (dict, list, int but not bool, bool, str, None), compared without making to_dict().
        """
    def _probe(
        self, candidate: typing.Any, action: typing.Any, illegal_error: typing.Any, read_dict: bool
    ) -> typing.Any:
        """
        Internal, for cardsim.testing: None if this state refuses the int action id `action` and is left as it was, and `candidate` (a state of another implementation) raises `illegal_error` on apply_action(action) and, with `read_dict`, its to_dict() then is exactly this state's. Else where it went otherwise: ("core", what this state did), ("apply", None if the candidate accepted, else the exception it raised instead), or ("dict", the candidate's dict, None if to_dict raised). Anything not an Exception goes on up. This state never changes.
        """
    def _refuses(self, action: typing.Any) -> typing.Any:
        """
        Internal, for cardsim.testing: None if the state refuses the int action id `action` (as apply_action would, with IllegalActionError) and is left as it was; else what it did instead ("accepted", or "changed its state refusing"). The state itself never changes. TypeError if `action` is not an int.
        """
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def observation_tensor(
        self, player: typing.Any, out: typing.Any = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, shape or layout is a TypeError / ValueError and leaves it untouched.
        """
    def resample_hidden(self, player: typing.Any, rng: typing.Any = None) -> RummyState:
        """
        A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on like any state, but has no deal (`deck` and pickling refuse); the generic cardsim.envs.resample.resample_hidden gives a redealt deck instead.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
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
    def game(self) -> RummyGame:
        """
        The game (rules and options) this state belongs to.
        """
    @property
    def history(self) -> typing.Any:
        """
        The actions applied since the deal.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def seed(self) -> typing.Any:
        """
        The seed this game was dealt from (a fresh one when new_game had none); None for an explicit deck.
        """

class RummyVectorEnv:
    """
    Internal: N games stepped together in C++ (use cardsim.VectorEnv).
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
    def reset(self, seed: typing.Any = None) -> None:
        """
        Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if another thread is resetting or stepping this env.
        """
    def reset_envs(self, mask: typing.Any = None, seeds: typing.Any = None) -> None:
        """
        Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or with seeds None from each one's next episode.
        """
    def step(self, actions: typing.Any, forfeit: typing.Any = None) -> None:
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

class RummyPolicyBatch:
    """
    Internal: a batch run with Python policies at some seats (use cardsim.simulate).
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
    def act(self, actions: typing.Any) -> None:
        """
        Checks every action of the pending group (an int numpy array of shape (k,)), then applies them and plays on (GIL released). Raises before changing anything.
        """
    def merge_into(self, summary: Summary, by_policy: typing.Any = None) -> None:
        """
        Adds the run's totals (by seat, and by policy) once every play has ended.
        """
    def next_group(self) -> typing.Any:
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

class StackGapGame(Game):
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[str, dict]]:
        """
        Pickles as cardsim._core.make(name, options).
        """
    def __repr__(self) -> str: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _policy_batch(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        caller: collections.abc.Sequence[bool],
        threads: typing.SupportsInt | typing.SupportsIndex,
        capacity: typing.SupportsInt | typing.SupportsIndex,
        seat_rotation: bool = False,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        by_policy: bool = False,
    ) -> StackGapPolicyBatch:
        """
        Internal: a batch of games [first, first+count) whose seats with caller[j] set are played by the caller (policies[j] is then a placeholder); driven by cardsim.simulate.
        """
    def _replay_game(
        self, seed: typing.Any, index: typing.Any, policies: collections.abc.Sequence[str]
    ) -> StackGapState:
        """
        Internal: game `index` of a batch run with `seed` and `policy`, with its history (use cardsim.replay_game).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        seat_rotation: bool = False,
        by_policy: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released, one policy spec per seat (or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).
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
    def _vector_env(
        self,
        num_envs: typing.Any,
        seat: typing.Any,
        opponents: typing.Any,
        seed: typing.Any,
        threads: typing.Any,
        reward: typing.Any,
    ) -> StackGapVectorEnv:
        """
        Internal: the C++ vector env behind cardsim.VectorEnv.
        """
    def _vector_env_bytes(self, self_play: bool) -> int:
        """
        Internal: the bytes one env of cardsim.VectorEnv takes.
        """
    def new_game(self, *args, seed: typing.Any = None, deck: typing.Any = None) -> StackGapState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.
        """
    def search_budget(self, spec: str) -> int:
        """
        The budget a search spec plays with in this game: its N when it names one, else this game's default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).
        """
    @property
    def _solver(self) -> typing.Any:
        """
        Internal: this configuration's solver (kind, default_node_limit, score_unit), or None.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
        """

class StackGapState(State):
    """
    A game in progress (see docs/architecture.md for the contract). Every call holds the GIL, so threads may share a state: their calls take effect one at a time.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __copy__(self) -> StackGapState: ...
    def __deepcopy__(self, arg0: typing.Any) -> StackGapState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple:
        """
        The pickled fields: game name, options, deck, history, seed.
        """
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[tuple]]:
        """
        Pickles as cardsim._core._restore_state(fields).
        """
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> tuple[int, int, int]:
        """
        Internal: the perft leaves (playing, terminal, truncated) below this state at depth, counted in C++ with the GIL released (use cardsim.testing.perft).
        """
    def _set_position(self, arg0: typing.Any) -> None: ...
    def _solve_position(
        self,
        node_limit: typing.SupportsInt | typing.SupportsIndex,
        time_limit: typing.SupportsFloat | typing.SupportsIndex,
        table_entries: typing.SupportsInt | typing.SupportsIndex,
    ) -> dict:
        """
        Internal: solves this position (use cardsim.solve).
        """
    def action_to_string(self, arg0: typing.Any) -> str:
        """
        Readable text of an action id (round-trips through string_to_action).
        """
    def apply_action(self, arg0: typing.Any) -> None:
        """
        Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if not an int; the state is then unchanged.
        """
    def clone(self) -> StackGapState:
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
    def legal_actions_for(self, arg0: typing.Any) -> list:
        """
        The legal action ids of one seat (for simultaneous games; else all or none).
        """
    def _observations(self) -> list:
        """
        observation(p) for every seat p, in one call (the dicts may share their parts: for reading, as cardsim.testing does).
        """
    def _answers(self, what: int, candidate: typing.Any, action: typing.Any = None) -> tuple:
        """
        Internal, for cardsim.testing: (legal, dict, None) if `candidate` (a state of another implementation) answers exactly as this state does, else (None, None, None). legal: legal_actions(); dict: the candidate's to_dict() if read. With `action` (an int id, legal here), candidate.apply_action(action) and then this state's are played first; (None, None, exception) if the candidate's raised an Exception (this state then unmoved). Read, as the bits of `what` ask: current_player(), legal_actions() (sorted), is_terminal(), scores(), is_truncated() (1), is_draw() (2), winners() (4), action_to_string of each legal action (8) and string_to_action of each text (256), to_dict() (16), each seat's observation (32), legal_action_mask() (64) and each seat's observation_tensor (128). Exactly: the core's types (list, dict, int but not bool, str, None; bool() of the flags), and arrays as C-contiguous 1-D buffers of the same dtype and bytes. A call that raises an Exception is no match.
        """
    def _matches_dict(self, theirs: typing.Any) -> bool:
        """
        Internal, for cardsim.testing: whether `theirs` is exactly to_dict(), of exactly its types (dict, list, int but not bool, bool, str, None), compared without making to_dict().
        """
    def _probe(
        self, candidate: typing.Any, action: typing.Any, illegal_error: typing.Any, read_dict: bool
    ) -> typing.Any:
        """
        Internal, for cardsim.testing: None if this state refuses the int action id `action` and is left as it was, and `candidate` (a state of another implementation) raises `illegal_error` on apply_action(action) and, with `read_dict`, its to_dict() then is exactly this state's. Else where it went otherwise: ("core", what this state did), ("apply", None if the candidate accepted, else the exception it raised instead), or ("dict", the candidate's dict, None if to_dict raised). Anything not an Exception goes on up. This state never changes.
        """
    def _refuses(self, action: typing.Any) -> typing.Any:
        """
        Internal, for cardsim.testing: None if the state refuses the int action id `action` (as apply_action would, with IllegalActionError) and is left as it was; else what it did instead ("accepted", or "changed its state refusing"). The state itself never changes. TypeError if `action` is not an int.
        """
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def observation_tensor(
        self, player: typing.Any, out: typing.Any = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, shape or layout is a TypeError / ValueError and leaves it untouched.
        """
    def resample_hidden(self, player: typing.Any, rng: typing.Any = None) -> StackGapState:
        """
        A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on like any state, but has no deal (`deck` and pickling refuse); the generic cardsim.envs.resample.resample_hidden gives a redealt deck instead.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
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
    def game(self) -> StackGapGame:
        """
        The game (rules and options) this state belongs to.
        """
    @property
    def history(self) -> typing.Any:
        """
        The actions applied since the deal.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def seed(self) -> typing.Any:
        """
        The seed this game was dealt from (a fresh one when new_game had none); None for an explicit deck.
        """

class StackGapVectorEnv:
    """
    Internal: N games stepped together in C++ (use cardsim.VectorEnv).
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
    def reset(self, seed: typing.Any = None) -> None:
        """
        Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if another thread is resetting or stepping this env.
        """
    def reset_envs(self, mask: typing.Any = None, seeds: typing.Any = None) -> None:
        """
        Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or with seeds None from each one's next episode.
        """
    def step(self, actions: typing.Any, forfeit: typing.Any = None) -> None:
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

class StackGapPolicyBatch:
    """
    Internal: a batch run with Python policies at some seats (use cardsim.simulate).
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
    def act(self, actions: typing.Any) -> None:
        """
        Checks every action of the pending group (an int numpy array of shape (k,)), then applies them and plays on (GIL released). Raises before changing anything.
        """
    def merge_into(self, summary: Summary, by_policy: typing.Any = None) -> None:
        """
        Adds the run's totals (by seat, and by policy) once every play has ended.
        """
    def next_group(self) -> typing.Any:
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

class TheWallGame(Game):
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[str, dict]]:
        """
        Pickles as cardsim._core.make(name, options).
        """
    def __repr__(self) -> str: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _policy_batch(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        caller: collections.abc.Sequence[bool],
        threads: typing.SupportsInt | typing.SupportsIndex,
        capacity: typing.SupportsInt | typing.SupportsIndex,
        seat_rotation: bool = False,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        by_policy: bool = False,
    ) -> TheWallPolicyBatch:
        """
        Internal: a batch of games [first, first+count) whose seats with caller[j] set are played by the caller (policies[j] is then a placeholder); driven by cardsim.simulate.
        """
    def _replay_game(
        self, seed: typing.Any, index: typing.Any, policies: collections.abc.Sequence[str]
    ) -> TheWallState:
        """
        Internal: game `index` of a batch run with `seed` and `policy`, with its history (use cardsim.replay_game).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policies: collections.abc.Sequence[str],
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
        seat_rotation: bool = False,
        by_policy: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released, one policy spec per seat (or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).
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
    def _vector_env(
        self,
        num_envs: typing.Any,
        seat: typing.Any,
        opponents: typing.Any,
        seed: typing.Any,
        threads: typing.Any,
        reward: typing.Any,
    ) -> TheWallVectorEnv:
        """
        Internal: the C++ vector env behind cardsim.VectorEnv.
        """
    def _vector_env_bytes(self, self_play: bool) -> int:
        """
        Internal: the bytes one env of cardsim.VectorEnv takes.
        """
    def new_game(self, *args, seed: typing.Any = None, deck: typing.Any = None) -> TheWallState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.
        """
    def search_budget(self, spec: str) -> int:
        """
        The budget a search spec plays with in this game: its N when it names one, else this game's default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).
        """
    @property
    def _solver(self) -> typing.Any:
        """
        Internal: this configuration's solver (kind, default_node_limit, score_unit), or None.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
        """

class TheWallState(State):
    """
    A game in progress (see docs/architecture.md for the contract). Every call holds the GIL, so threads may share a state: their calls take effect one at a time.
    """
    @staticmethod
    def __new__(*args, **kwargs):
        """
        Creates the object whole, or refuses.
        """
    def __copy__(self) -> TheWallState: ...
    def __deepcopy__(self, arg0: typing.Any) -> TheWallState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple:
        """
        The pickled fields: game name, options, deck, history, seed.
        """
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[typing.Any, tuple[tuple]]:
        """
        Pickles as cardsim._core._restore_state(fields).
        """
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> tuple[int, int, int]:
        """
        Internal: the perft leaves (playing, terminal, truncated) below this state at depth, counted in C++ with the GIL released (use cardsim.testing.perft).
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
    def action_to_string(self, arg0: typing.Any) -> str:
        """
        Readable text of an action id (round-trips through string_to_action).
        """
    def apply_action(self, arg0: typing.Any) -> None:
        """
        Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if not an int; the state is then unchanged.
        """
    def clone(self) -> TheWallState:
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
    def legal_actions_for(self, arg0: typing.Any) -> list:
        """
        The legal action ids of one seat (for simultaneous games; else all or none).
        """
    def _observations(self) -> list:
        """
        observation(p) for every seat p, in one call (the dicts may share their parts: for reading, as cardsim.testing does).
        """
    def _answers(self, what: int, candidate: typing.Any, action: typing.Any = None) -> tuple:
        """
        Internal, for cardsim.testing: (legal, dict, None) if `candidate` (a state of another implementation) answers exactly as this state does, else (None, None, None). legal: legal_actions(); dict: the candidate's to_dict() if read. With `action` (an int id, legal here), candidate.apply_action(action) and then this state's are played first; (None, None, exception) if the candidate's raised an Exception (this state then unmoved). Read, as the bits of `what` ask: current_player(), legal_actions() (sorted), is_terminal(), scores(), is_truncated() (1), is_draw() (2), winners() (4), action_to_string of each legal action (8) and string_to_action of each text (256), to_dict() (16), each seat's observation (32), legal_action_mask() (64) and each seat's observation_tensor (128). Exactly: the core's types (list, dict, int but not bool, str, None; bool() of the flags), and arrays as C-contiguous 1-D buffers of the same dtype and bytes. A call that raises an Exception is no match.
        """
    def _matches_dict(self, theirs: typing.Any) -> bool:
        """
        Internal, for cardsim.testing: whether `theirs` is exactly to_dict(), of exactly its types (dict, list, int but not bool, bool, str, None), compared without making to_dict().
        """
    def _probe(
        self, candidate: typing.Any, action: typing.Any, illegal_error: typing.Any, read_dict: bool
    ) -> typing.Any:
        """
        Internal, for cardsim.testing: None if this state refuses the int action id `action` and is left as it was, and `candidate` (a state of another implementation) raises `illegal_error` on apply_action(action) and, with `read_dict`, its to_dict() then is exactly this state's. Else where it went otherwise: ("core", what this state did), ("apply", None if the candidate accepted, else the exception it raised instead), or ("dict", the candidate's dict, None if to_dict raised). Anything not an Exception goes on up. This state never changes.
        """
    def _refuses(self, action: typing.Any) -> typing.Any:
        """
        Internal, for cardsim.testing: None if the state refuses the int action id `action` (as apply_action would, with IllegalActionError) and is left as it was; else what it did instead ("accepted", or "changed its state refusing"). The state itself never changes. TypeError if `action` is not an int.
        """
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def observation_tensor(
        self, player: typing.Any, out: typing.Any = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """
        What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, shape or layout is a TypeError / ValueError and leaves it untouched.
        """
    def resample_hidden(self, player: typing.Any, rng: typing.Any = None) -> TheWallState:
        """
        A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on like any state, but has no deal (`deck` and pickling refuse); the generic cardsim.envs.resample.resample_hidden gives a redealt deck instead.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
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
    def game(self) -> TheWallGame:
        """
        The game (rules and options) this state belongs to.
        """
    @property
    def history(self) -> typing.Any:
        """
        The actions applied since the deal.
        """
    @property
    def num_players(self) -> int:
        """
        Seats in the game.
        """
    @property
    def seed(self) -> typing.Any:
        """
        The seed this game was dealt from (a fresh one when new_game had none); None for an explicit deck.
        """

class TheWallVectorEnv:
    """
    Internal: N games stepped together in C++ (use cardsim.VectorEnv).
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
    def reset(self, seed: typing.Any = None) -> None:
        """
        Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if another thread is resetting or stepping this env.
        """
    def reset_envs(self, mask: typing.Any = None, seeds: typing.Any = None) -> None:
        """
        Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or with seeds None from each one's next episode.
        """
    def step(self, actions: typing.Any, forfeit: typing.Any = None) -> None:
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

class TheWallPolicyBatch:
    """
    Internal: a batch run with Python policies at some seats (use cardsim.simulate).
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
    def act(self, actions: typing.Any) -> None:
        """
        Checks every action of the pending group (an int numpy array of shape (k,)), then applies them and plays on (GIL released). Raises before changing anything.
        """
    def merge_into(self, summary: Summary, by_policy: typing.Any = None) -> None:
        """
        Adds the run's totals (by seat, and by policy) once every play has ended.
        """
    def next_group(self) -> typing.Any:
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

def _restore_state(fields: typing.Any) -> typing.Any:
    """
    Internal: a state from its pickled fields (state.__getstate__()), every action re-checked; the constructor that states pickle through.
    """

def _restore_summary(state: typing.Any) -> Summary:
    """
    Internal: a Summary from its pickled state; the constructor Summary pickles through.
    """

def _solve(
    state: typing.Any,
    node_limit: typing.SupportsInt | typing.SupportsIndex,
    time_limit: typing.SupportsFloat | typing.SupportsIndex,
    table_entries: typing.SupportsInt | typing.SupportsIndex,
) -> typing.Any:
    """
    Solves one position; the GIL is released while it searches.
    """

def _solve_batch(
    game: typing.Any,
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
def games() -> dict:
    """
    Registered game names and one-line descriptions.
    """

def make(name: typing.Any, options: typing.Any) -> typing.Any:
    """
    Creates a game of the core by name, validating its options.
    """

def option_specs(arg0: typing.Any) -> typing.Any: ...
def parse_card(arg0: typing.Any) -> int: ...
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
