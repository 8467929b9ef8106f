"""Code 9 Attack and its solitaire: the rulings of docs/rules/code9.md, on both backends.

Grids are written as six rows of six cards, top row first: deck[r*6 + c] is
row r, column c. In action strings the card is named by its rank in the
mover's suit ("8 up" moves the mover's 8 one place up).
"""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardsim
from cardsim.reference.code9 import PASS, grid_cards
from cardsim.reference.rng import GameRng
from cardsim.testing.lockstep import Pair
from scenarios import legal_texts, play, refused

# All nine spades on the border: the rules' "minimum possible score is 9".
BORDER = """
AS 2S 3S 4S 5S 6S
7S AC 2C 3C 4C 8S
9S 5C 6C 7C 8C 9C
AD 2D 3D 4D 5D 6D
7D 8D 9D AH 2H 3H
4H 5H 6H 7H 8H 9H
"""

# The ace of spades inside the grid, the 2 on the edge.
ACE_INSIDE = """
2S 3S 4S 5S 6S 7S
8S AS AC 2C 3C 9S
4C 5C 6C 7C 8C 9C
AD 2D 3D 4D 5D 6D
7D 8D 9D AH 2H 3H
4H 5H 6H 7H 8H 9H
"""

# 5S at c3 between 7S (above, same suit), 5H (below, equal), 8D (left, higher)
# and 4C (right, lower).
FIVE = """
AS 2S 3S 4S 6S 8S
9S AC 7S 2C 3C 5C
6C 8D 5S 4C 7C 8C
9C AD 5H 2D 3D 4D
5D 6D 7D 9D AH 2H
3H 4H 6H 7H 8H 9H
"""

# The spades in a 3x3 block (rows 2-4, columns b-d) whose every foreign
# neighbour is of equal or higher rank, and the ace not on an edge: no normal
# move exists, so the special rule applies. Lowest foreign neighbours:
# AS: 8D up, 8H left (tie); 2S: 7C up, 7D right (tie); 3S: 6C down (7H left is
# higher); 4S: 6D down, 6H right (tie); 5S: 8C down; 6S: 9H right; 7S: 9D left;
# 8S: 9C up; 9S: none (only spades around it).
BLOCK = """
AC 8D 9C 7C 2C 3C
8H AS 8S 2S 7D 4C
9D 7S 9S 6S 9H 5C
7H 3S 5S 4S 6H AD
2D 6C 8C 6D 3D 4D
5D AH 2H 3H 4H 5H
"""
BLOCK_SPECIAL = {
    "A up", "A left", "2 up", "2 right", "3 down", "4 down", "4 right",
    "5 down", "6 right", "7 left", "8 up",
}  # fmt: skip

# As BLOCK with 9C and 9H swapped: the 8 of spades must take the 9 of hearts.
BLOCK_9H = BLOCK.replace("9C", "XX").replace("9H", "9C").replace("XX", "9H")

# The ace of spades inside, next to the 2 of hearts; the 2 of spades on a corner.
ACE_TAKEN = """
3S 4S 5S 6S 7S 2S
8S AS 2H AC 2C 3C
9S 4C 5C 6C 7C 8C
9C AD 2D 3D 4D 5D
6D 7D 8D 9D AH 3H
4H 5H 6H 7H 8H 9H
"""


def assert_same(cpp, ref, where: str) -> None:
    """Every field of the two backends' states agrees (the toolkit's lockstep compare)."""
    try:
        Pair(ref, cpp, text_actions=False).compare()
    except Exception as e:
        pytest.fail(f"{where}: {e!r}")


def cards(grid: str) -> list[str]:
    out = grid.split()
    assert len(out) == 36
    return out


def solitaire(backend: str, grid: str):
    return cardsim.make("code9_solitaire", backend=backend).new_game(deck=cards(grid))


def duel(backend: str, grid: str, suits: tuple[str, str] = ("S", "H")):
    return cardsim.make("code9", backend=backend, suits=list(suits)).new_game(deck=cards(grid))


def at(state, place: str):
    """The card at a place named like "c3" (column c, row 3), or None."""
    return state.to_dict()["grid"][int(place[1]) - 1]["abcdef".index(place[0])]


# --- leaving the grid -----------------------------------------------------------------


def test_border_deal_is_won_in_nine_moves_one_card_at_a_time(backend):
    state = solitaire(backend, BORDER)
    for k, r in enumerate("A23456789"):
        offs = {n for n in legal_texts(state) if n.endswith("off")}
        assert offs == {f"{r} off"}, "only the lowest card on the grid may leave"
        if r != "9":
            refused(state, f"{'23456789'[k]} off")
        play(state, f"{r} off")
    assert state.is_terminal() and not state.is_truncated()
    assert state.winners() == [0]
    assert state.scores() == [9]
    assert state.to_dict()["set_aside"] == [r + "S" for r in "A23456789"]


def test_only_the_ace_may_leave_at_the_start_and_only_from_an_edge(backend):
    state = solitaire(backend, ACE_INSIDE)
    assert not any(n.endswith("off") for n in legal_texts(state))
    refused(state, "A off", "edge")
    refused(state, "2 off", "lowest")
    assert "4 down" in legal_texts(state)  # 4S takes AC: normal moves exist


def test_after_the_ace_is_captured_the_two_may_leave(backend):
    state = duel(backend, ACE_TAKEN)
    refused(state, "2 off", "lowest")
    play(state, "9 right")  # player 0 (spades) takes 4C elsewhere
    play(state, "2 left")  # player 1 (hearts): 2H takes AS
    assert at(state, "b2") == "2H"
    assert state.to_dict()["set_aside"] == ["4C", "AS"]
    assert "2 off" in legal_texts(state)
    play(state, "2 off")
    assert state.to_dict()["set_aside"][-1] == "2S"
    assert state.current_player() == 1


# --- moving and capturing -------------------------------------------------------------


def test_same_suit_equal_and_higher_targets_are_illegal(backend):
    state = solitaire(backend, FIVE)
    assert at(state, "c3") == "5S"
    legal = legal_texts(state)
    assert "5 right" in legal
    assert not {"5 up", "5 down", "5 left"} & legal
    refused(state, "5 up", "own")  # 7S: same suit
    refused(state, "5 down", "lower")  # 5H: equal rank
    refused(state, "5 left", "lower")  # 8D: higher rank
    play(state, "5 right")
    assert at(state, "d3") == "5S" and at(state, "c3") is None
    assert state.to_dict()["set_aside"] == ["4C"]
    assert state.to_dict()["captured"] == [1]


def test_moving_into_an_empty_place_removes_nothing(backend):
    state = solitaire(backend, FIVE)
    play(state, "5 right")
    play(state, "7 down")  # 7S from c2 into the place the 5 left
    d = state.to_dict()
    assert at(state, "c3") == "7S" and at(state, "c2") is None
    assert d["set_aside"] == ["4C"] and d["captured"] == [1]
    assert sum(c is not None for row in d["grid"] for c in row) == 35
    assert state.scores() == [2]


# --- the special rule -----------------------------------------------------------------


def test_special_rule_targets_the_lowest_foreign_neighbour_ties_are_choices(backend):
    state = solitaire(backend, BLOCK)
    assert legal_texts(state) == BLOCK_SPECIAL
    # "8 up" takes 9C although it is higher than the 8; "A up"/"A left" are a tie.
    refused(state, "3 left", "special rule")  # 7H is not 3S's lowest neighbour
    refused(state, "5 up", "own")
    refused(state, "A off", "edge")
    play(state, "3 down")
    assert at(state, "b5") == "3S" and state.to_dict()["set_aside"] == ["6C"]


def test_special_rule_applies_only_when_no_normal_move_exists(backend):
    state = solitaire(backend, BLOCK)
    play(state, "8 up")  # a neutral 9 taken: nothing happens, the game goes on
    assert not state.is_terminal() and state.winners() == []
    assert state.to_dict()["set_aside"] == ["9C"]
    # c2 is now empty, so normal moves exist and the special rule is off.
    legal = legal_texts(state)
    assert {"A right", "2 left", "9 up"} <= legal
    assert not {"3 down", "7 left", "6 right"} & legal
    refused(state, "3 down", "lower")


def test_capturing_an_opponents_nine_makes_its_owner_win(backend):
    state = duel(backend, BLOCK_9H)
    assert "8 up" in legal_texts(state) and at(state, "c1") == "9H"
    play(state, "8 up")  # player 0 (spades) is forced onto the 9 of hearts
    assert state.is_terminal() and not state.is_truncated()
    assert state.winners() == [1]
    assert state.scores() == [1, 0]
    assert state.current_player() == cardsim.TERMINAL


@pytest.mark.parametrize(("name", "options"), [("code9", {"players": 4}), ("code9_solitaire", {})])
def test_nobody_ever_has_to_pass(backend, name, options):
    """A set of at most nine cards on the connected 6x6 grid always has a
    neighbour outside itself: an empty place (a step), or a card of another
    suit (a capture, or the special rule). So `pass`, the all-pass draw and
    the solitaire's "no move left" can never happen."""
    game = cardsim.make(name, backend=backend, **options)
    rng = np.random.default_rng(1)
    for seed in range(6 if backend == "reference" else 60):
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal and PASS not in legal
            state.apply_action(legal[rng.integers(len(legal))])
        assert state.winners() or state.is_truncated()
        assert not state.is_draw()


def test_pass_and_draw_mechanics_on_an_unreachable_position():
    """White-box, reference only: the rules' pass, forced when a player has no
    move at all, shown on a position that real play cannot reach (every card
    of both suits removed by hand)."""
    game = cardsim.make("code9", backend="reference", suits=["S", "H"])
    state = game.new_game(deck=cards(BORDER))
    for row in state.grid:
        for c, card in enumerate(row):
            if card is not None and card[1] in "SH":
                row[c] = None
    assert state.legal_actions() == [PASS]
    assert "pass" in state.why_illegal(0)
    play(state, "pass")
    assert not state.is_terminal() and state.current_player() == 1
    play(state, "pass")  # a full round of passes
    assert state.is_terminal() and state.is_draw() and state.winners() == []


# --- seats, suits and neutral cards ---------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_neutral_suits_never_move(backend, players):
    game = cardsim.make("code9", backend=backend, players=players)
    rng = np.random.default_rng(players)
    for seed in range(3 if backend == "reference" else 40):
        state = game.new_game(seed=seed)
        d = state.to_dict()
        neutral = {
            card: (r, c)
            for r, row in enumerate(d["grid"])
            for c, card in enumerate(row)
            if card[1] not in d["suits"]
        }
        assert len(neutral) == 9 * (4 - players)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            d = state.to_dict()
            for card, (r, c) in neutral.items():
                assert d["grid"][r][c] == card or card in d["set_aside"]


def test_seeded_deal_shuffles_the_grid_then_the_tens(backend):
    for players in (2, 3, 4):
        state = cardsim.make("code9", backend=backend, players=players).new_game(seed=99)
        rng = GameRng.for_game(99, 0)
        grid = grid_cards()
        rng.shuffle(grid)
        tens = ["TC", "TD", "TH", "TS"]
        rng.shuffle(tens)
        assert state.deck == grid + tens[:players]
        assert state.to_dict()["suits"] == [t[1] for t in tens[:players]]
        assert state.to_dict()["grid"] == [grid[6 * r : 6 * r + 6] for r in range(6)]
    named = cardsim.make("code9", backend=backend, suits=["H", "C"]).new_game(seed=99)
    assert named.deck[:36] == state.deck[:36] and named.deck[36:] == ["TH", "TC"]
    sol = cardsim.make("code9_solitaire", backend=backend).new_game(seed=99)
    assert sol.deck == state.deck[:36] and sol.to_dict()["suits"] == ["S"]


def test_explicit_suits_by_option_by_tens_or_by_default(backend):
    deck = cards(BORDER)
    by_option = cardsim.make("code9", backend=backend, players=3, suits=["s", "H", "C"])
    assert by_option.new_game(deck=deck).to_dict()["suits"] == ["S", "H", "C"]
    game = cardsim.make("code9", backend=backend, players=3)
    assert game.new_game(deck=deck).to_dict()["suits"] == ["C", "D", "H"]
    tens = game.new_game(deck=[*deck, "TS", "10h", "TC"])
    assert tens.to_dict()["suits"] == ["S", "H", "C"]
    assert tens.deck[36:] == ["TS", "TH", "TC"]
    assert pickle.loads(pickle.dumps(tens)) == tens


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "error", "text"),
    [
        ("code9", {"players": 1}, ValueError, "between 2 and 4"),
        ("code9", {"players": 5}, ValueError, "between 2 and 4"),
        ("code9", {"players": "3"}, TypeError, "int"),
        ("code9", {"players": True}, TypeError, "int"),
        ("code9", {"move_cap": 0}, ValueError, "between"),
        ("code9", {"suits": 7}, TypeError, "list of str"),
        ("code9", {"suits": "SX"}, ValueError, "unknown suit"),
        ("code9", {"suits": ["S"]}, ValueError, "one suit per player"),
        ("code9", {"suits": ["S", "X"]}, ValueError, "unknown suit"),
        ("code9", {"suits": ["S", "10"]}, ValueError, "unknown suit"),
        ("code9", {"suits": ["S", "s"]}, ValueError, "twice"),
        ("code9", {"colour": "red"}, ValueError, "unknown option"),
        ("code9_solitaire", {"players": 2}, ValueError, "unknown option"),
        ("code9_solitaire", {"suits": ["S"]}, ValueError, "unknown option"),
        ("code9_solitaire", {"move_cap": -1}, ValueError, "between"),
        ("code9_solitaire", {"move_cap": 2.5}, TypeError, "int"),
    ],
)
def test_bad_options(backend, name, options, error, text):
    with pytest.raises(error, match=text):
        cardsim.make(name, backend=backend, **options)


@pytest.mark.parametrize(
    ("name", "deck", "error", "text"),
    [
        ("code9", cards(BORDER)[:35], ValueError, "36 cards"),
        ("code9", [*cards(BORDER), "TS"], ValueError, "36 cards"),
        ("code9", [*cards(BORDER), "TS", "TH", "TC"], ValueError, "36 cards"),
        ("code9", [*cards(BORDER)[:35], "AS"], ValueError, "AS 2 times"),
        ("code9", [*cards(BORDER)[:35], "TS"], ValueError, "does not use TS"),
        ("code9", [*cards(BORDER)[:35], "KH"], ValueError, "does not use KH"),
        ("code9", [*cards(BORDER)[:35], "ZZ"], ValueError, "unknown card"),
        ("code9", [*cards(BORDER)[:35], 9], TypeError, "must be a str"),
        ("code9", [*cards(BORDER), "TS", "9H"], ValueError, "position 37"),
        ("code9", [*cards(BORDER), "TS", "TS"], ValueError, "two players"),
        ("code9", [*cards(BORDER), "TS", "JK"], ValueError, "position 37"),
        ("code9", "AS 2S", TypeError, "list of card strings"),
        ("code9_solitaire", [*cards(BORDER), "TS"], ValueError, "36 cards"),
        ("code9_solitaire", [*cards(BORDER)[:35], "9S"], ValueError, "9S 2 times"),
    ],
)
def test_bad_decks(backend, name, deck, error, text):
    with pytest.raises(error, match=text):
        cardsim.make(name, backend=backend).new_game(deck=deck)


def test_tens_must_agree_with_the_suits_option(backend):
    game = cardsim.make("code9", backend=backend, suits=["S", "H"])
    assert game.new_game(deck=[*cards(BORDER), "TS", "TH"]).to_dict()["suits"] == ["S", "H"]
    with pytest.raises(ValueError, match="disagree"):
        game.new_game(deck=[*cards(BORDER), "TH", "TS"])


def test_bad_actions(backend):
    state = solitaire(backend, FIVE)
    before = json.dumps(state.to_dict())
    for bad in (-1, 46, 10**6):
        with pytest.raises(cardsim.IllegalActionError):
            state.apply_action(bad)
    for bad in ("5 right", 5.0, None, True):
        with pytest.raises(TypeError):
            state.apply_action(bad)
    refused(state, "pass", "pass")
    assert json.dumps(state.to_dict()) == before
    for text in ("T up", "5 sideways", "5up", "PASS", ""):
        with pytest.raises(ValueError):
            state.string_to_action(text)
    assert state.action_to_string(45) == "pass" and state.action_to_string(0) == "A up"
    assert [state.action_to_string(a) for a in range(5, 10)] == [
        "2 up", "2 down", "2 left", "2 right", "2 off",
    ]  # fmt: skip


def test_move_cap_truncates(backend):
    state = cardsim.make("code9", backend=backend, move_cap=3).new_game(seed=5)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.is_truncated()
    assert state.winners() == [] and not state.is_draw()
    with pytest.raises(cardsim.IllegalActionError, match="over"):
        state.apply_action(0)


def test_observation_is_the_whole_state_and_the_seat(backend):
    state = cardsim.make("code9", backend=backend, players=3).new_game(seed=8)
    for p in range(3):
        # Everything but the seed, which would tell the deal.
        whole = {k: v for k, v in state.to_dict().items() if k != "seed"}
        assert state.observation(p) == {**whole, "player": p}


# --- batch runs -----------------------------------------------------------------------


def test_greedy_beats_random_at_the_solitaire():
    random = cardsim.simulate("code9_solitaire", games=4000, seed=3, policy="random", threads=1)
    greedy = cardsim.simulate("code9_solitaire", games=4000, seed=3, policy="greedy", threads=1)
    # Score = moves to get the 9 of spades off: lower is better.
    assert greedy.mean_score().high * 5 < random.mean_score().low
    assert greedy.win_rate().value > 0.99


@pytest.mark.parametrize("players", [2, 3, 4])
def test_batch_matches_the_rules(players):
    r = cardsim.simulate("code9", games=3000, seed=4, policy="random", threads=1, players=players)
    # Nobody ever passes, so there are no draws; every game is won (cap 2000 is far).
    assert r.summary.draws == 0
    assert int(np.sum(r.winner >= 0)) + int(np.sum(r.truncated)) == 3000
    assert sum(r.summary.wins[p] for p in range(players)) + r.summary.truncated == 3000


# --- the special rule, in lockstep ----------------------------------------------------
# Random play from seeded deals almost never meets the special rule (it needs a
# nearly full grid), so the generic cross-check would not exercise it. These
# starts do: BLOCK with its low filler cards shuffled and the suits renamed,
# the block's suit moving first.

FILLER = [i for i, c in enumerate(cards(BLOCK)) if c[1] != "S" and c[0] in "A2345"]


@given(
    filler=st.permutations(range(len(FILLER))),
    names_=st.permutations("CDHS"),
    players=st.integers(1, 4),
    choices=st.lists(st.integers(0, 2**16), min_size=1, max_size=60),
)
def test_special_rule_positions_in_lockstep(filler, names_, players, choices):
    deck = cards(BLOCK)
    low = [deck[i] for i in FILLER]
    for i, j in zip(FILLER, filler, strict=True):
        deck[i] = low[j]
    rename = dict(zip("CDHS", names_, strict=True))
    if players == 1:  # the solitaire's suit is spades: keep it
        rename = {s: s for s in "CDHS"}
    deck = [c[0] + rename[c[1]] for c in deck]
    block = rename["S"]
    if players == 1:
        games = [cardsim.make("code9_solitaire", backend=b) for b in cardsim.BACKENDS]
    else:
        suits = [block, *[s for s in names_ if s != block][: players - 1]]
        games = [
            cardsim.make("code9", backend=b, players=players, suits=suits) for b in cardsim.BACKENDS
        ]
    cpp, ref = (g.new_game(deck=deck) for g in games)
    assert {cpp.action_to_string(a) for a in cpp.legal_actions()} == BLOCK_SPECIAL
    for step in range(len(choices)):
        assert_same(cpp, ref, f"{deck} step {step}")
        if cpp.is_terminal():
            break
        legal = cpp.legal_actions()
        a = legal[choices[step] % len(legal)]
        cpp.apply_action(a)
        ref.apply_action(a)
    assert_same(cpp, ref, f"{deck} at the end")


def test_greedy_scores_nine_exactly_when_the_spades_start_on_the_border():
    """The floor of 9 needs all nine spades on the border; the greedy policy always
    leaves when it can, so it scores 9 on exactly those deals (C(20,9)/C(36,9) of them)."""
    n = 10_000
    r = cardsim.simulate("code9_solitaire", games=n, seed=9, policy="greedy", threads=1)
    game = cardsim.make("code9_solitaire", backend="reference")
    border = [r_ in (0, 5) or c in (0, 5) for r_ in range(6) for c in range(6)]
    on_border = np.array(
        [
            all(
                border[i]
                for i, card in enumerate(game.random_deck(GameRng.for_game(9, k)))
                if card[1] == "S"
            )
            for k in range(n)
        ]
    )
    assert 0 < on_border.sum() < 60  # expected 17.8
    assert np.array_equal(r.scores[:, 0] == 9, on_border)
    assert (r.scores[:, 0] >= 9).all()
