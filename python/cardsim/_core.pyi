"""
cardsim's C++ core: game states, move generation, scoring and the batch runner.
"""

from __future__ import annotations
import numpy
import numpy.typing
import typing

__all__: list[str] = [
    "ClockGame",
    "ClockState",
    "Code9Game",
    "Code9State",
    "HoleInTheWallGame",
    "HoleInTheWallState",
    "MAX_PLAYERS",
    "RacingDemonGame",
    "RacingDemonState",
    "RummyGame",
    "RummyState",
    "SIMULTANEOUS",
    "StackGapGame",
    "StackGapState",
    "Summary",
    "TERMINAL",
    "TheWallGame",
    "TheWallState",
    "card_to_string",
    "games",
    "make",
    "option_specs",
    "parse_card",
]

class Summary:
    """
    Exact streaming totals of a batch run; merge() adds another run's.
    """
    @staticmethod
    def from_state(arg0: typing.Any) -> Summary: ...
    def __getstate__(self) -> dict: ...
    def __init__(self, num_players: typing.SupportsInt | typing.SupportsIndex) -> None: ...
    def __setstate__(self, arg0: dict) -> None: ...
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
    def truncated(self) -> int:
        """
        Games stopped by the move cap.
        """
    @property
    def wins(self) -> list[int]:
        """
        Games won by each seat (alone or with its side).
        """

class ClockGame:
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple[str, dict]: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policy: str,
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released (use cardsim.simulate).
        """
    def new_game(self, *, seed: typing.Any = None, deck: typing.Any = None) -> ClockState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a random seed.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """

class ClockState:
    """
    A game in progress (see docs/architecture.md for the contract).
    """
    def __copy__(self) -> ClockState: ...
    def __deepcopy__(self, arg0: typing.Any) -> ClockState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
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
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def resample_hidden(self, player: int, rng: typing.Any = None) -> typing.Any:
        """
        A state ``player`` cannot tell from this one: the same actions from a deal in which the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a seed). See cardsim.envs.resample.resample_hidden.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
        """
        The action id of a text from action_to_string; ValueError if unknown.
        """
    def to_dict(self) -> dict:
        """
        The full state as a JSON-safe dict (format in docs/rules/<game>.md).
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

class StackGapGame:
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple[str, dict]: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policy: str,
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released (use cardsim.simulate).
        """
    def new_game(self, *, seed: typing.Any = None, deck: typing.Any = None) -> StackGapState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a random seed.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """

class StackGapState:
    """
    A game in progress (see docs/architecture.md for the contract).
    """
    def __copy__(self) -> StackGapState: ...
    def __deepcopy__(self, arg0: typing.Any) -> StackGapState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
        """
    def _set_position(self, arg0: typing.Any) -> None: ...
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
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def resample_hidden(self, player: int, rng: typing.Any = None) -> typing.Any:
        """
        A state ``player`` cannot tell from this one: the same actions from a deal in which the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a seed). See cardsim.envs.resample.resample_hidden.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
        """
        The action id of a text from action_to_string; ValueError if unknown.
        """
    def to_dict(self) -> dict:
        """
        The full state as a JSON-safe dict (format in docs/rules/<game>.md).
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

class TheWallGame:
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple[str, dict]: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policy: str,
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released (use cardsim.simulate).
        """
    def new_game(self, *, seed: typing.Any = None, deck: typing.Any = None) -> TheWallState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a random seed.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """

class TheWallState:
    """
    A game in progress (see docs/architecture.md for the contract).
    """
    def __copy__(self) -> TheWallState: ...
    def __deepcopy__(self, arg0: typing.Any) -> TheWallState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
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
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def resample_hidden(self, player: int, rng: typing.Any = None) -> typing.Any:
        """
        A state ``player`` cannot tell from this one: the same actions from a deal in which the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a seed). See cardsim.envs.resample.resample_hidden.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
        """
        The action id of a text from action_to_string; ValueError if unknown.
        """
    def to_dict(self) -> dict:
        """
        The full state as a JSON-safe dict (format in docs/rules/<game>.md).
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

class Code9Game:
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple[str, dict]: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policy: str,
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released (use cardsim.simulate).
        """
    def new_game(self, *, seed: typing.Any = None, deck: typing.Any = None) -> Code9State:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a random seed.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """

class Code9State:
    """
    A game in progress (see docs/architecture.md for the contract).
    """
    def __copy__(self) -> Code9State: ...
    def __deepcopy__(self, arg0: typing.Any) -> Code9State: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
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
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def resample_hidden(self, player: int, rng: typing.Any = None) -> typing.Any:
        """
        A state ``player`` cannot tell from this one: the same actions from a deal in which the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a seed). See cardsim.envs.resample.resample_hidden.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
        """
        The action id of a text from action_to_string; ValueError if unknown.
        """
    def to_dict(self) -> dict:
        """
        The full state as a JSON-safe dict (format in docs/rules/<game>.md).
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

class HoleInTheWallGame:
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple[str, dict]: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policy: str,
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released (use cardsim.simulate).
        """
    def new_game(self, *, seed: typing.Any = None, deck: typing.Any = None) -> HoleInTheWallState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a random seed.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """

class HoleInTheWallState:
    """
    A game in progress (see docs/architecture.md for the contract).
    """
    def __copy__(self) -> HoleInTheWallState: ...
    def __deepcopy__(self, arg0: typing.Any) -> HoleInTheWallState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
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
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def resample_hidden(self, player: int, rng: typing.Any = None) -> typing.Any:
        """
        A state ``player`` cannot tell from this one: the same actions from a deal in which the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a seed). See cardsim.envs.resample.resample_hidden.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
        """
        The action id of a text from action_to_string; ValueError if unknown.
        """
    def to_dict(self) -> dict:
        """
        The full state as a JSON-safe dict (format in docs/rules/<game>.md).
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

class RacingDemonGame:
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple[str, dict]: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policy: str,
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released (use cardsim.simulate).
        """
    def new_game(self, *, seed: typing.Any = None, deck: typing.Any = None) -> RacingDemonState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a random seed.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """

class RacingDemonState:
    """
    A game in progress (see docs/architecture.md for the contract).
    """
    def __copy__(self) -> RacingDemonState: ...
    def __deepcopy__(self, arg0: typing.Any) -> RacingDemonState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
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
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def resample_hidden(self, player: int, rng: typing.Any = None) -> typing.Any:
        """
        A state ``player`` cannot tell from this one: the same actions from a deal in which the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a seed). See cardsim.envs.resample.resample_hidden.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
        """
        The action id of a text from action_to_string; ValueError if unknown.
        """
    def to_dict(self) -> dict:
        """
        The full state as a JSON-safe dict (format in docs/rules/<game>.md).
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

class RummyGame:
    """
    A game with validated options.
    """

    __hash__: typing.ClassVar[None] = None
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple[str, dict]: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def _option_specs(self) -> list:
        """
        Internal: the option specs (name, default, doc, range or choices).
        """
    def _simulate(
        self,
        seed: typing.Any,
        first: typing.SupportsInt | typing.SupportsIndex,
        count: typing.SupportsInt | typing.SupportsIndex,
        policy: str,
        threads: typing.SupportsInt | typing.SupportsIndex,
        summary: Summary,
        scores: typing.Any = None,
        winner: typing.Any = None,
        winners_mask: typing.Any = None,
        moves: typing.Any = None,
        truncated: typing.Any = None,
        times: typing.Any = None,
    ) -> None:
        """
        Internal: runs games [first, first+count) in C++ with the GIL released (use cardsim.simulate).
        """
    def new_game(self, *, seed: typing.Any = None, deck: typing.Any = None) -> RummyState:
        """
        Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With neither, a random seed.
        """
    @property
    def traits(self) -> typing.Any:
        """
        What the game is (cardsim.traits.GameTraits): dynamics, deal layout, the most decisions a game can take, per-seat observation keys, timed, match.
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
    def options(self) -> dict:
        """
        Every option, defaults filled in.
        """

class RummyState:
    """
    A game in progress (see docs/architecture.md for the contract).
    """
    def __copy__(self) -> RummyState: ...
    def __deepcopy__(self, arg0: typing.Any) -> RummyState: ...
    def __eq__(self, arg0: typing.Any) -> bool: ...
    def __getstate__(self) -> tuple: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...
    def __setstate__(self, arg0: tuple) -> None: ...
    def __str__(self) -> str: ...
    def _greedy_action(self, seed: typing.Any, player: typing.Any = None) -> int:
        """
        Internal: the action the greedy policy picks here (ties broken from seed).
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
    def observation(self, arg0: typing.Any) -> dict:
        """
        What one seat may see, as a JSON-safe dict (hidden cards are counts).
        """
    def resample_hidden(self, player: int, rng: typing.Any = None) -> typing.Any:
        """
        A state ``player`` cannot tell from this one: the same actions from a deal in which the cards ``player`` never saw are dealt afresh (``rng``: a numpy Generator or a seed). See cardsim.envs.resample.resample_hidden.
        """
    def scores(self) -> list:
        """
        Each seat's score, as the game's rules define it.
        """
    def string_to_action(self, arg0: typing.Any) -> int:
        """
        The action id of a text from action_to_string; ValueError if unknown.
        """
    def to_dict(self) -> dict:
        """
        The full state as a JSON-safe dict (format in docs/rules/<game>.md).
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

def _racing_demon_matches(
    game: RacingDemonGame,
    seed: typing.Any,
    first: typing.SupportsInt | typing.SupportsIndex,
    count: typing.SupportsInt | typing.SupportsIndex,
    policy: str,
) -> dict:
    """
    Internal: matches [first, first+count) of Racing Demon to the game's target (use cardsim.timed.simulate_matches).
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

MAX_PLAYERS: int = 8
SIMULTANEOUS: int = -2
TERMINAL: int = -4
