"""The Wall: scenario tests of docs/rules/the_wall.md, on both backends.

Decks are built by position (deck[0..3] upper piles, deck[4..11]
lower piles, deck[12..24] reserve with deck[24] on top, deck[25] the first
waste card, then the stock from the top down); positions a test does not name
are filled with the remaining cards in canonical order.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

import cardsim
from cardsim.reference.cards import canonical_deck
from cardsim.reference.rng import GameRng
from scenarios import deal, legal_texts, play, refused

GAME = "the_wall"
NUM_ACTIONS = 357
RANKS = "A23456789TJQK"
SUITS = "CDHS"


def make_deck(
    upper: Sequence[str],
    lower: Sequence[str],
    reserve_top_first: Sequence[str] = (),
    stock_top_first: Sequence[str] = (),
) -> list[str]:
    """A full 104-card deal; ``stock_top_first[0]`` is deck[25], the first waste card."""
    assert len(upper) == 4 and len(lower) == 8
    slots: list[str | None] = [None] * 104
    slots[0:4] = upper
    slots[4:12] = lower
    for k, card in enumerate(reserve_top_first):
        slots[24 - k] = card
    for k, card in enumerate(stock_top_first):
        slots[25 + k] = card
    named = Counter(c for c in slots if c is not None)
    assert all(n <= 2 for n in named.values()), "a card is named more than twice"
    spare = []
    for card in canonical_deck(packs=2):
        if named[card]:
            named[card] -= 1
        else:
            spare.append(card)
    fill = iter(spare)
    return [c if c is not None else next(fill) for c in slots]


def fnd(*tops: str) -> list[list[str]]:
    """Foundations as to_dict shows them: each ace..top, then empty ones up to 8."""
    piles = [[r + t[1] for r in RANKS[: RANKS.index(t[0]) + 1]] for t in tops]
    return piles + [[] for _ in range(8 - len(piles))]


# A layout where nothing builds and no ace shows: only the waste card can move.
QUIET_UPPER = ["JC", "JD", "JH", "JS"]
QUIET_LOWER = ["KC", "KD", "KH", "KS", "KC", "KD", "KH", "KS"]


# --- the deal --------------------------------------------------------------------------------


def test_deal_positions_and_counts(backend):
    deck = make_deck(
        ["2C", "3D", "4H", "5S"],
        ["6C", "7D", "8H", "9S", "TC", "JD", "QH", "KS"],
        reserve_top_first=["AS", "AH"],
        stock_top_first=["QC", "9D", "3H"],
    )
    s = deal(GAME, backend, deck)
    d = s.to_dict()
    assert d["upper"] == [["2C"], ["3D"], ["4H"], ["5S"]]
    assert d["lower"] == [["6C"], ["7D"], ["8H"], ["9S"], ["TC"], ["JD"], ["QH"], ["KS"]]
    assert len(d["reserve"]) == 13 and d["reserve"] == deck[12:25]
    assert d["reserve"][-1] == "AS" == deck[24]  # the top, which refills first
    assert d["waste"] == ["QC"]
    assert len(d["stock"]) == 78 and d["stock"][-1] == "9D" and d["stock"][-2] == "3H"
    assert d["stock"] == list(reversed(deck[26:]))
    assert d["discards"] == [[], [], [], []]
    assert d["foundations"] == fnd()
    assert d["on_foundations"] == 0 and d["moves"] == 0
    assert s.current_player() == 0 and not s.is_terminal()
    assert s.game.num_actions == NUM_ACTIONS


def test_observation_hides_reserve_and_stock(backend):
    s = cardsim.make(GAME, backend=backend).new_game(seed=11)
    obs = s.observation(0)
    full = s.to_dict()
    assert "reserve" not in obs and "stock" not in obs
    assert obs["reserve_count"] == 13 and obs["stock_count"] == 78
    for key in ("upper", "lower", "waste", "discards", "foundations", "moves", "on_foundations"):
        assert obs[key] == full[key]
    json.dumps(obs)
    json.dumps(full)


def test_seeded_deal_is_canonical_two_pack_order_shuffled(backend):
    deck = canonical_deck(packs=2)
    GameRng.for_game(42, 0).shuffle(deck)
    s = cardsim.make(GAME, backend=backend).new_game(seed=42)
    assert s.deck == deck
    assert Counter(deck) == Counter(canonical_deck(packs=2))


# --- building --------------------------------------------------------------------------------


def test_lower_pile_builds_down_by_suit_only(backend):
    deck = make_deck(
        ["7H", "7D", "6H", "9H"],
        ["8H", "KC", "KD", "KS", "QD", "QS", "JC", "TS"],
        stock_top_first=["2S"],
    )
    s = deal(GAME, backend, deck)
    legal = legal_texts(s)
    assert "U0>L0" in legal  # 7H on 8H: same suit, one lower
    assert "U1>L0" not in legal  # 7D: wrong suit
    assert "U2>L0" not in legal  # 6H: two lower
    assert "U3>L0" not in legal  # 9H: higher
    assert "L4>L2" in legal  # QD on KD
    assert "L5>L3" in legal  # QS on KS
    assert "L4>L1" not in legal  # QD on KC: wrong suit
    refused(s, s.string_to_action("U2>L0"))
    play(s, "U0>L0")
    d = s.to_dict()
    assert d["lower"][0] == ["8H", "7H"]
    assert d["upper"][0] == [deck[24]]  # refilled from the reserve top
    assert "U2>L0" in legal_texts(s)  # now 6H is one below the top
    play(s, "U2>L0")
    assert s.to_dict()["lower"][0] == ["8H", "7H", "6H"]


def test_lower_to_lower_build_and_king_onto_nothing(backend):
    deck = make_deck(
        ["JC", "JD", "JH", "JS"],
        ["KC", "QC", "KD", "2S", "KH", "KS", "TD", "9C"],
        stock_top_first=["5H"],
    )
    s = deal(GAME, backend, deck)
    legal = legal_texts(s)
    assert "L1>L0" in legal  # QC onto KC
    assert "L0>L1" not in legal  # KC onto QC: building goes down
    assert "L6>L2" not in legal  # TD onto KD: not one lower
    play(s, "L1>L0")
    d = s.to_dict()
    assert d["lower"][0] == ["KC", "QC"]
    # L1 was emptied and took the waste card at once; the waste took the next stock card.
    assert d["lower"][1] == ["5H"]
    assert d["waste"] == [deck[26]] and len(d["stock"]) == 77


def test_upper_piles_take_no_cards(backend):
    s = cardsim.make(GAME, backend=backend).new_game(seed=5)
    texts = [s.action_to_string(a) for a in range(NUM_ACTIONS)]
    assert not any(t.split(">")[1].startswith("U") for t in texts)
    with pytest.raises(ValueError):
        s.string_to_action("L0>U0")
    with pytest.raises(ValueError):
        s.string_to_action("W>U1")
    # Whatever is played, an upper pile never holds more than its one card.
    rng = np.random.default_rng(0)
    for _ in range(300):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])
        assert all(len(p) <= 1 for p in s.to_dict()["upper"])


def test_foundations_ace_first_and_two_of_a_suit_side_by_side(backend):
    deck = make_deck(
        ["AH", "AH", "3H", "JS"],
        ["2H", "2H", "KC", "KD", "KS", "KC", "KD", "KS"],
        reserve_top_first=["QC", "QD", "QH", "QS"],
        stock_top_first=["2C"],
    )
    s = deal(GAME, backend, deck)
    legal = legal_texts(s)
    assert "U0>F" in legal and "U1>F" in legal
    assert "L0>F" not in legal  # 2H before its ace
    assert "U2>F" not in legal  # 3H
    assert "W>F" not in legal  # 2C without the ace of clubs
    play(s, "U0>F")
    assert s.to_dict()["foundations"] == fnd("AH")
    play(s, "U1>F")  # the second ace of hearts starts a second heart foundation
    assert s.to_dict()["foundations"] == fnd("AH", "AH")
    play(s, "L0>F")  # to the first foundation that takes it
    assert s.to_dict()["foundations"] == fnd("2H", "AH")
    play(s, "L1>F")  # the other 2H grows the second heart foundation beside it
    assert s.to_dict()["foundations"] == fnd("2H", "2H")
    play(s, "U2>F")
    assert s.to_dict()["foundations"] == fnd("3H", "2H")
    assert s.scores() == [5] and s.to_dict()["on_foundations"] == 5


def test_foundation_cards_never_move_again(backend):
    deck = make_deck(["AC", "JD", "JH", "JS"], QUIET_LOWER, stock_top_first=["5D"])
    s = deal(GAME, backend, deck)
    play(s, "U0>F")
    # No action has a foundation as its source.
    texts = [s.action_to_string(a) for a in range(NUM_ACTIONS)]
    assert not any(t.startswith("F") for t in texts)


# --- refills ---------------------------------------------------------------------------------


def test_upper_pile_refills_from_reserve_then_stays_empty(backend):
    clubs = [r + "C" for r in RANKS]  # AC..KC
    deck = make_deck(
        ["AC", "JD", "JH", "JS"],
        ["KD", "KH", "KS", "KD", "KH", "KS", "5H", "5S"],
        reserve_top_first=[*clubs[1:], "AC"],  # 2C..KC, then the other AC
        stock_top_first=["5D"],
    )
    s = deal(GAME, backend, deck)
    for k in range(13):
        play(s, "U0>F")
        d = s.to_dict()
        assert len(d["reserve"]) == 12 - k
        assert d["upper"][0] == [[*clubs[1:], "AC"][k]]
    play(s, "U0>F")  # the last reserve card goes; nothing is left to refill
    d = s.to_dict()
    assert d["upper"][0] == [] and d["reserve"] == []
    assert d["foundations"] == fnd("KC", "AC")
    assert not any(t.startswith("U0") for t in legal_texts(s))
    refused(s, s.string_to_action("U0>F"))


def test_emptied_lower_pile_takes_the_waste_card_and_waste_takes_stock(backend):
    deck = make_deck(
        QUIET_UPPER,
        ["5S", "6S", "KC", "KD", "KH", "KS", "KC", "KD"],
        stock_top_first=["9D", "4C", "8H"],
    )
    s = deal(GAME, backend, deck)
    play(s, "L0>L1")
    d = s.to_dict()
    assert d["lower"][0] == ["9D"] and d["lower"][1] == ["6S", "5S"]
    assert d["waste"] == ["4C"] and len(d["stock"]) == 77
    play(s, "W>D2")
    d = s.to_dict()
    assert d["discards"][2] == ["4C"] and d["waste"] == ["8H"] and len(d["stock"]) == 76


def run_out_the_stock(s: Any) -> None:
    """Sends every waste card to discard pile 0 until stock and waste are empty."""
    for _ in range(79):
        play(s, "W>D0")
    d = s.to_dict()
    assert d["waste"] == [] and d["stock"] == [] and len(d["discards"][0]) == 79


def test_empty_lower_pile_takes_any_card_once_stock_and_waste_are_out(backend):
    deck = make_deck(
        ["QD", "JD", "JH", "JS"],
        ["5S", "6S", "KC", "KD", "KH", "KS", "KC", "KH"],
        stock_top_first=["9D"],
    )
    s = deal(GAME, backend, deck)
    # While the waste has a card, no lower pile is ever empty.
    play(s, "L0>L1")
    assert s.to_dict()["lower"][0] == ["9D"]
    s = deal(GAME, backend, deck)
    run_out_the_stock(s)
    play(s, "L0>L1")
    d = s.to_dict()
    assert d["lower"][0] == [] and d["lower"][1] == ["6S", "5S"]
    legal = legal_texts(s)
    assert {"U0>L0", "U1>L0", "U2>L0", "U3>L0"} <= legal  # upper cards, any rank or suit
    assert {"L1>L0", "L2>L0", "L3>L0", "L4>L0", "L5>L0", "L6>L0", "L7>L0"} <= legal
    assert "D0>L0" in legal  # the discard top
    play(s, "U0>L0")
    d = s.to_dict()
    assert d["lower"][0] == ["QD"] and d["upper"][0] == [deck[24]]
    # Once filled, the pile builds down by suit again.
    assert "L3>L0" not in legal_texts(s)  # KD does not go onto QD


def test_upper_card_into_empty_lower_pile_refills_upper(backend):
    deck = make_deck(
        ["QD", "JD", "JH", "JS"],
        ["5S", "6S", "KC", "KD", "KH", "KS", "KC", "KH"],
        reserve_top_first=["4H"],
        stock_top_first=["9D"],
    )
    s = deal(GAME, backend, deck)
    run_out_the_stock(s)
    play(s, "L0>L1")
    play(s, "U0>L0")
    d = s.to_dict()
    assert d["lower"][0] == ["QD"] and d["upper"][0] == ["4H"] and len(d["reserve"]) == 12


# --- discards --------------------------------------------------------------------------------


def test_discards_take_any_waste_card_and_only_their_top_plays(backend):
    deck = make_deck(
        QUIET_UPPER,
        ["KC", "KD", "9C", "4D", "KH", "KS", "KC", "KD"],
        stock_top_first=["8C", "3D", "AH", "7S"],
    )
    s = deal(GAME, backend, deck)
    assert {"W>D0", "W>D1", "W>D2", "W>D3"} <= legal_texts(s)
    assert "W>D4" not in legal_texts(s)  # only 4 discard piles by default
    refused(s, s.string_to_action("W>D4"))
    play(s, "W>D0")
    play(s, "W>D0")
    d = s.to_dict()
    assert d["discards"][0] == ["8C", "3D"]
    legal = legal_texts(s)
    assert "D0>L3" in legal  # 3D, the top, onto 4D
    assert "D0>L2" not in legal  # 8C lies under it
    play(s, "D0>L3")
    assert s.to_dict()["discards"][0] == ["8C"]
    assert "D0>L2" in legal_texts(s)  # now 8C is the top and goes onto 9C
    # The waste card now is AH: it may go to a foundation or any discard pile.
    assert {"W>F", "W>D0", "W>D1", "W>D2", "W>D3"} <= legal_texts(s)
    play(s, "W>D1")
    assert "D1>F" in legal_texts(s)
    play(s, "D1>F")
    assert s.to_dict()["foundations"] == fnd("AH")


def test_discards_take_only_the_waste_card(backend):
    deck = make_deck(["AC", "JD", "JH", "JS"], QUIET_LOWER, stock_top_first=["5D"])
    s = deal(GAME, backend, deck)
    play(s, "W>D0")
    for text in ("U0>D1", "L0>D1", "D0>D1", "U1>D0"):
        assert text not in legal_texts(s)
        refused(s, s.string_to_action(text))


def test_discard_count_option(backend):
    for n in (0, 1, 8):
        s = cardsim.make(GAME, backend=backend, discards=n).new_game(seed=3)
        assert len(s.to_dict()["discards"]) == n
        waste_to_discards = {t for t in legal_texts(s) if t.startswith("W>D")}
        assert waste_to_discards == {f"W>D{i}" for i in range(n)}
        assert s.game.num_actions == NUM_ACTIONS  # the ids do not depend on the option


# --- the end ---------------------------------------------------------------------------------


def winning_deck() -> list[str]:
    """Every stock card goes straight from the waste to a foundation, in order; the
    layout then plays out in order too. 104 foundation moves win."""
    rank_major = [r + s for r in RANKS for s in SUITS]
    stock = rank_major + [c for c in rank_major if RANKS.index(c[0]) < 6] + ["7C", "7D", "7H"]
    reserve = ["8S", "9C", "9D", "9H", "9S", "TC", "TD", "TH", "TS", "JC", "JD", "JH", "JS"]
    return make_deck(
        ["7S", "8C", "8D", "8H"],
        ["QC", "QD", "QH", "QS", "KC", "KD", "KH", "KS"],
        reserve_top_first=reserve,
        stock_top_first=stock,
    )


def test_win_with_all_104_on_the_foundations(backend):
    s = deal(GAME, backend, winning_deck())
    to_waste = s.string_to_action("W>F")
    moves = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        home = [a for a in legal if s.action_to_string(a).endswith(">F")]
        assert home, "this deal always has a foundation move"
        s.apply_action(to_waste if to_waste in legal else home[0])
        moves += 1
    d = s.to_dict()
    assert moves == 104 and s.scores() == [104] and d["on_foundations"] == 104
    assert s.winners() == [0] and not s.is_truncated() and not s.is_draw()
    assert sorted(p[-1] for p in d["foundations"]) == sorted(["KC", "KD", "KH", "KS"] * 2)
    assert s.legal_actions() == [] and s.current_player() == cardsim.TERMINAL


def test_loss_when_no_move_is_left(backend):
    # With no discard piles, a waste card that fits nowhere blocks everything.
    deck = make_deck(QUIET_UPPER, QUIET_LOWER, stock_top_first=["AC", "JC"])
    s = deal(GAME, backend, deck, discards=0)
    assert legal_texts(s) == {"W>F"}
    play(s, "W>F")
    assert s.is_terminal() and not s.is_truncated()
    assert s.winners() == [] and s.scores() == [1] and s.legal_actions() == []
    refused(s, 0)


def test_loss_at_the_deal(backend):
    deck = make_deck(QUIET_UPPER, QUIET_LOWER, stock_top_first=["JC"])
    s = deal(GAME, backend, deck, discards=0)
    assert s.is_terminal() and not s.is_truncated() and s.scores() == [0]


def test_truncation_at_the_move_cap(backend):
    s = cardsim.make(GAME, backend=backend, move_cap=3).new_game(seed=9)
    for _ in range(3):
        assert not s.is_terminal()
        play(s, "W>D0")
    assert s.is_terminal() and s.is_truncated()
    assert s.winners() == [] and s.scores() == [0] and s.to_dict()["moves"] == 3
    assert s.legal_actions() == []


def test_a_natural_end_on_the_last_allowed_move_is_no_truncation(backend):
    deck = make_deck(QUIET_UPPER, QUIET_LOWER, stock_top_first=["AC", "JC"])
    s = deal(GAME, backend, deck, discards=0, move_cap=1)
    play(s, "W>F")
    assert s.is_terminal() and not s.is_truncated() and s.winners() == []


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"piles": 3}, ValueError),
        ({"discards": 9}, ValueError),
        ({"discards": -1}, ValueError),
        ({"move_cap": 0}, ValueError),
        ({"discards": "4"}, TypeError),
        ({"discards": True}, TypeError),
        ({"move_cap": 5.0}, TypeError),
    ],
)
def test_bad_options(backend, options, error):
    with pytest.raises(error):
        cardsim.make(GAME, backend=backend, **options)


def test_option_defaults(backend):
    assert cardsim.make(GAME, backend=backend).options == {"discards": 4, "move_cap": 5000}


def test_bad_decks(backend):
    game = cardsim.make(GAME, backend=backend)
    good = canonical_deck(packs=2)
    with pytest.raises(ValueError, match="104"):
        game.new_game(deck=good[:103])
    with pytest.raises(ValueError):
        game.new_game(deck=canonical_deck(packs=1))
    with pytest.raises(ValueError):
        game.new_game(deck=[*good[:-1], "AC"])  # AC three times, KS once
    with pytest.raises(ValueError):
        game.new_game(deck=[*good[:-1], "XX"])
    with pytest.raises(ValueError):
        game.new_game(deck=[*good[:-1], "JK"])
    with pytest.raises(TypeError):
        game.new_game(deck="AC 2C")
    with pytest.raises(TypeError):
        game.new_game(deck=[*good[:-1], 5])
    # Lower case and "10" are accepted spellings.
    s = game.new_game(deck=[c.lower().replace("t", "10") for c in good])
    assert s.deck == good


def test_illegal_and_out_of_range_actions(backend):
    deck = make_deck(QUIET_UPPER, QUIET_LOWER, stock_top_first=["5D"])
    s = deal(GAME, backend, deck)
    for a in (-1, NUM_ACTIONS, 10**20, s.string_to_action("U0>F"), s.string_to_action("W>F")):
        refused(s, a)
    for bad in ("W>F", 1.0, True, None, [1]):
        with pytest.raises(TypeError):
            s.apply_action(bad)
    with pytest.raises(cardsim.IllegalActionError):
        s.action_to_string(NUM_ACTIONS)
    with pytest.raises(TypeError):
        s.action_to_string("W>F")
    for text in ("", "W", "W>", "X>F", "U4>F", "L8>F", "D8>F", "W>D8", "w>f", "F>W"):
        with pytest.raises(ValueError):
            s.string_to_action(text)
    with pytest.raises(TypeError):
        s.string_to_action(5)
    with pytest.raises(ValueError):
        s.observation(1)
    with pytest.raises(TypeError):
        s.observation("0")


def test_action_text_round_trips_for_every_id(backend):
    s = cardsim.make(GAME, backend=backend).new_game(seed=1)
    texts = [s.action_to_string(a) for a in range(NUM_ACTIONS)]
    assert len(set(texts)) == NUM_ACTIONS
    assert [s.string_to_action(t) for t in texts] == list(range(NUM_ACTIONS))
    assert texts[0] == "U0>L0" and texts[8] == "U0>F" and texts[12 * 17 + 9] == "W>D0"
    assert texts[20 * 17 + 16] == "D7>D7"


def test_both_backends_agree_on_action_text():
    a = cardsim.make(GAME).new_game(seed=1)
    b = cardsim.make(GAME, backend="reference").new_game(seed=1)
    assert [a.action_to_string(i) for i in range(NUM_ACTIONS)] == [
        b.action_to_string(i) for i in range(NUM_ACTIONS)
    ]


# --- batch runs ------------------------------------------------------------------------------


def _arrays(r: Any) -> tuple[np.ndarray, ...]:
    return (r.scores, r.winner, r.moves, r.truncated)


def test_greedy_beats_random():
    rand = cardsim.simulate(GAME, games=2000, seed=5, policy="random", threads=1)
    greedy = cardsim.simulate(GAME, games=2000, seed=5, policy="greedy", threads=1)
    # Measured: random ~18 cards and ~0% wins; greedy ~83 cards and ~57% wins.
    assert greedy.mean_score().low > rand.mean_score().high + 40
    assert greedy.win_rate().value > 0.4 > 0.01 > rand.win_rate().value
    # Greedy makes no aimless moves while another move exists, so it truncates less.
    assert greedy.truncation_rate().value < rand.truncation_rate().value


def test_batch_game_matches_the_single_game_api():
    """Game i of a run is the deal new_game would give for Rng(seed, i); here i = 0."""
    r = cardsim.simulate(GAME, games=1, seed=123, policy="first", threads=1)
    s = cardsim.make(GAME).new_game(seed=123)
    moves = 0
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
        moves += 1
    assert r.scores[0, 0] == s.scores()[0] and r.moves[0] == moves


# --- deep lockstep ---------------------------------------------------------------------------


def _purposeful(state: Any, legal: list[int], rng: np.random.Generator) -> int:
    """Mostly foundation moves, then upper and discard cards: play that, unlike a uniform
    walk, gets deep into the game (reserve out, stock out, empty lower piles, wins)."""
    texts = {a: state.action_to_string(a) for a in legal}
    for wanted in (
        lambda t: t.endswith(">F"),
        lambda t: t.startswith("U"),
        lambda t: t.startswith("D"),
    ):
        chosen = [a for a in legal if wanted(texts[a])]
        if chosen and rng.random() < 0.9:
            return chosen[int(rng.integers(len(chosen)))]
    return legal[int(rng.integers(len(legal)))]


@pytest.mark.parametrize("seed", range(12))
def test_backends_agree_deep_into_the_game(seed):
    options = [{}, {"discards": 8}, {"discards": 2}][seed % 3]
    cpp = cardsim.make(GAME, **options).new_game(seed=seed)
    ref = cardsim.make(GAME, backend="reference", **options).new_game(seed=seed)
    rng = np.random.default_rng(seed)
    while not cpp.is_terminal() and len(cpp.history) < 1000:
        assert cpp.to_dict() == ref.to_dict()
        assert cpp.observation(0) == ref.observation(0)
        legal = cpp.legal_actions()
        assert legal == ref.legal_actions()
        action = _purposeful(cpp, legal, rng)
        cpp.apply_action(action)
        ref.apply_action(action)
    assert cpp.to_dict() == ref.to_dict()
    assert (cpp.is_terminal(), cpp.is_truncated(), cpp.winners(), cpp.scores()) == (
        ref.is_terminal(),
        ref.is_truncated(),
        ref.winners(),
        ref.scores(),
    )
