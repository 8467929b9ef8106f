"""Rummy scenarios from explicit decks: the rules' worked examples and every
ruling of docs/rules/rummy.md, each run on both backends."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import cardsim
from cardsim.reference.cards import full_pack
from scenarios import legal_texts, play, refused


def deck_for(hands: list[list[str]], up: str, stock: list[str] = ()) -> list[str]:
    """A deck dealing ``hands`` (player 0 first: deck[i] goes to player i mod n),
    then the up-card, then ``stock`` from its top; the rest follows in pack order."""
    n = len(hands)
    size = len(hands[0])
    deck = [hands[i % n][i // n] for i in range(n * size)] + [up, *stock]
    assert len(set(deck)) == len(deck), "a card is used twice"
    return deck + [c for c in full_pack() if c not in deck]


def new(backend: str, hands: list[list[str]], up: str, stock: list[str] = (), **options: Any):
    options.setdefault("players", len(hands))
    options.setdefault("hand_size", len(hands[0]))
    game = cardsim.make("rummy", backend=backend, **options)
    return game.new_game(deck=deck_for(hands, up, list(stock)))


FILLER = ["8C", "JD", "2S"]  # three unconnected cards for the other player


# --- the deal -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_hand_size_by_player_count(backend, players, size):
    game = cardsim.make("rummy", backend=backend, players=players)
    deck = full_pack()
    s = game.new_game(deck=deck)
    d = s.to_dict()
    assert [len(h) for h in d["hands"]] == [size] * players
    # Dealt one at a time from the top, starting left of the dealer (player n-1).
    assert d["dealer"] == players - 1
    assert sorted(d["hands"][1], key=deck.index) == deck[1 : players * size : players]
    assert d["discard_pile"] == [deck[players * size]]
    assert d["stock"] == deck[players * size + 1 :][::-1]  # bottom first: the last is the top
    assert s.current_player() == 0


def test_hand_size_option_overrides(backend):
    s = cardsim.make("rummy", backend=backend, players=3, hand_size=10).new_game(seed=5)
    assert [len(h) for h in s.to_dict()["hands"]] == [10, 10, 10]


# --- runs and sets --------------------------------------------------------------------
def test_runs_3_4_5_and_a_2_3(backend):
    s = new(
        backend,
        [["3H", "4H", "5H", "AC", "2C", "3C"], ["8C", "JD", "2S", "9D", "KS", "5S"]],
        "7D",
        ["9S"],
    )
    play(s, "draw_stock")
    melds = {t for t in legal_texts(s) if t.startswith("meld")}
    assert melds == {"meld 3H 4H 5H", "meld AC 2C 3C"}


@pytest.mark.parametrize("ace_high", [False, True])
def test_q_k_a_only_with_ace_high(backend, ace_high):
    s = new(backend, [["QH", "KH", "AH", "4C"], ["8C", "JD", "2S", "9D"]], "7D", ace_high=ace_high)
    play(s, "draw_stock")
    assert ("meld QH KH AH" in legal_texts(s)) == ace_high
    if not ace_high:
        refused(s, "meld QH KH AH")


@pytest.mark.parametrize("ace_high", [False, True])
def test_k_a_2_is_never_a_run(backend, ace_high):
    s = new(backend, [["KH", "AH", "2H", "4C"], ["8C", "JD", "2S", "9D"]], "7D", ace_high=ace_high)
    play(s, "draw_stock")
    assert not any(t.startswith("meld") for t in legal_texts(s))
    with pytest.raises(ValueError):
        s.string_to_action("meld KH AH 2H")


def test_three_or_four_sevens_make_a_set(backend):
    s = new(backend, [["7C", "7D", "7H", "7S", "4C"], ["8C", "JD", "2S", "9D", "KS"]], "3D")
    play(s, "draw_stock")
    melds = {t for t in legal_texts(s) if t.startswith("meld")}
    assert melds == {
        "meld 7C 7D 7H",
        "meld 7C 7D 7S",
        "meld 7C 7H 7S",
        "meld 7D 7H 7S",
        "meld 7C 7D 7H 7S",
    }


def test_mixed_ranks_are_no_set(backend):
    s = new(backend, [["7C", "7D", "8H", "4C"], ["8C", "JD", "2S", "9D"]], "3D")
    play(s, "draw_stock")
    assert not any(t.startswith("meld") for t in legal_texts(s))


# --- lay-offs ------------------------------------------------------------------
def test_seed_lay_off_example_2_ace_or_6_onto_3_4_5(backend):
    # Player 0 melds 3-4-5 of hearts; player 1 may add the 2, then the ace, or the 6.
    s = new(
        backend,
        [["3H", "4H", "5H", "KC", "QD"], ["2H", "AH", "6H", "9C", "9S"]],
        "8D",
        ["JC", "TD"],
    )
    play(s, "draw_stock", "meld 3H 4H 5H", "discard JC", "draw_stock")
    legal = legal_texts(s)
    assert {"lay_off 2H low", "lay_off 6H high"} <= legal
    assert "lay_off AH low" not in legal  # not until the 2 is on
    play(s, "lay_off 2H low")
    assert "lay_off AH low" in legal_texts(s)
    play(s, "lay_off AH low", "lay_off 6H high")
    run = s.to_dict()["melds"][0]
    assert run["cards"] == ["AH", "2H", "3H", "4H", "5H", "6H"]
    assert run["by"] == [1, 1, 0, 0, 0, 1]


@pytest.mark.parametrize("through", [True, False])
def test_lay_off_through_a_set(backend, through):
    # 3-4-5H and a set holding the 6H are on the table: the 7H goes on only with the option.
    s = new(
        backend,
        [["3H", "4H", "5H", "6C", "6D", "6H", "KC"], ["7H", "9C", "9S", "2D", "QD", "TS", "JC"]],
        "8D",
        ["AS", "TD"],
        lay_off_through_sets=through,
    )
    play(s, "draw_stock", "meld 3H 4H 5H", "meld 6C 6D 6H", "discard AS", "draw_stock")
    assert ("lay_off 7H high" in legal_texts(s)) == through
    if through:
        play(s, "lay_off 7H high")
        run = s.to_dict()["melds"][0]
        assert run["cards"] == ["3H", "4H", "5H", "7H"]
        assert (run["low"], run["high"]) == (3, 7)
    else:
        refused(s, "lay_off 7H high")


def test_lay_off_onto_a_set(backend):
    s = new(backend, [["9C", "9D", "9H", "KC"], ["9S", "4C", "2S", "JD"]], "8D", ["AS", "TD"])
    play(s, "draw_stock", "meld 9C 9D 9H", "discard AS", "draw_stock", "lay_off 9S set")
    assert s.to_dict()["melds"][0]["cards"] == ["9C", "9D", "9H", "9S"]


# --- the discard ----------------------------------------------------------------------
def test_card_taken_from_discard_pile_cannot_be_discarded(backend):
    s = new(backend, [["3H", "8S", "KD"], FILLER], "5C")
    play(s, "take_discard")
    assert "discard 5C" not in legal_texts(s)
    refused(s, "discard 5C")
    play(s, "discard 8S")
    assert s.to_dict()["discard_pile"] == ["8S"]


def test_card_drawn_from_stock_may_be_discarded_at_once(backend):
    s = new(backend, [["3H", "8S", "KD"], FILLER], "5C", ["QH"])
    play(s, "draw_stock", "discard QH")
    assert s.to_dict()["discard_pile"] == ["5C", "QH"]


# --- the end of the stock -------------------------------------------------------------
def test_stock_exhaustion_turns_the_pile_over_unshuffled(backend):
    # 2 x 24 dealt, the up-card, 3 in stock.
    game = cardsim.make("rummy", backend=backend, hand_size=24, max_turn_overs=1)
    deck = full_pack()
    s = game.new_game(deck=deck)
    up, stock = deck[48], deck[49:]
    d = s.to_dict()
    assert d["discard_pile"] == [up] and d["stock"] == stock[::-1]  # both bottom first
    discards = []
    for _ in range(3):
        play(s, "draw_stock")
        card = next(c for c in s.to_dict()["hands"][s.current_player()] if c not in discards)
        play(s, "discard " + card)
        discards.append(card)
    d = s.to_dict()
    assert d["stock"] == [] and d["discard_pile"] == [up, *discards]
    assert legal_texts(s) == {"take_discard", "turn_over"}
    play(s, "turn_over")
    d = s.to_dict()
    # The pile's bottom card is the new stock's top, and is turned up at once.
    assert d["discard_pile"] == [up]
    assert d["stock"] == discards[::-1]  # the first discard, now on top, is the last item
    assert d["turn_overs"] == 1
    assert legal_texts(s) == {"draw_stock", "take_discard"}
    play(s, "draw_stock")
    assert discards[0] in s.to_dict()["hands"][s.current_player()]
    play(s, "discard " + discards[0])
    # The cap (one turn-over here) is used up: the next empty stock voids the deal, an
    # end the rules make: terminal, not truncated, no winner, nobody scores.
    while not s.is_terminal():
        assert s.to_dict()["turn_overs"] == 1
        play(s, "draw_stock" if "draw_stock" in legal_texts(s) else "take_discard")
        hand = s.to_dict()["hands"][s.current_player()]
        taken = s.to_dict()["taken"]
        play(s, "discard " + next(c for c in hand if c != taken))
    assert not s.is_truncated() and s.winners() == [] and s.scores() == [0, 0]
    assert s.to_dict()["void"] and not s.to_dict()["truncated"] and not s.is_draw()


def test_void_deal_scores_nothing_under_table_scoring():
    # Table scoring counts what is on the table and in hand, but a void deal scores
    # nothing; a deal cut by move_cap keeps its scores as they stand.
    for backend in ("cpp", "reference"):
        game = cardsim.make("rummy", backend=backend, scoring="table", max_turn_overs=0)
        voids = 0
        for seed in range(12):
            s = game.new_game(seed=seed)
            rng = np.random.default_rng(seed)
            while not s.is_terminal():
                s.apply_action(int(rng.choice(s.legal_actions())))
            if s.to_dict()["void"]:
                voids += 1
                assert s.scores() == [0, 0] and not s.is_truncated() and s.winners() == []
            else:
                assert s.winners() and s.scores() != [0, 0]
        assert voids > 0


def test_void_rate_counts_void_deals_beside_draws():
    r = cardsim.simulate("rummy", games=2000, seed=1, policy="random")
    assert r.void_rate() is not None and r.summary.voids > 0
    assert r.truncation_rate().value == 0.0  # the turn cap of 1000 turns never hit here
    assert r.summary.voids + r.summary.wins[0] + r.summary.wins[1] == r.games
    assert "void deals" in str(r)
    assert cardsim.simulate("clock", games=10, seed=1).void_rate() is None


# --- going out ------------------------------------------------------------------------
def test_going_out_without_a_final_discard(backend):
    s = new(backend, [["3H", "4H", "5H"], ["8C", "JD", "2S"]], "KD", ["6H"])
    play(s, "draw_stock", "meld 3H 4H 5H 6H")
    assert s.is_terminal() and not s.is_truncated()
    assert s.winners() == [0]
    assert s.scores() == [2 * (8 + 10 + 2), 0]  # rummy: all down at once


@pytest.mark.parametrize(
    "options",
    [{}, {"discard_to_go_out": True}, {"discard_to_go_out": True, "go_out_next_turn": True}],
)
def test_going_out_with_a_final_discard(backend, options):
    s = new(backend, [["3H", "4H", "5H"], ["8C", "JD", "2S"]], "KD", ["QC"], **options)
    play(s, "draw_stock", "meld 3H 4H 5H", "discard QC")
    assert s.is_terminal() and s.winners() == [0]
    assert s.scores() == [2 * 20, 0]


@pytest.mark.parametrize(
    ("options", "meld_legal", "out_at_once"),
    [
        ({}, True, True),
        ({"discard_to_go_out": True}, False, False),
        ({"discard_to_go_out": True, "go_out_next_turn": True}, True, False),
    ],
)
def test_seed_7_8_9_of_diamonds(backend, options, meld_legal, out_at_once):
    # 7D and 9D in hand, the 8D drawn: with the discard rule the sequence cannot be played.
    s = new(backend, [["7D", "9D"], ["8C", "JC"]], "2S", ["8D", "KS", "4C"], **options)
    play(s, "draw_stock")
    assert ("meld 7D 8D 9D" in legal_texts(s)) == meld_legal
    if not meld_legal:
        refused(s, "meld 7D 8D 9D")
        return
    play(s, "meld 7D 8D 9D")
    if out_at_once:
        assert s.is_terminal() and s.winners() == [0] and s.scores() == [2 * 18, 0]
        return
    # The variant: down to no cards without a discard; out next turn by a discard.
    assert not s.is_terminal() and s.current_player() == 1
    assert s.to_dict()["hands"][0] == []
    play(s, "draw_stock", "discard KS")
    assert legal_texts(s) == {"draw_stock"}  # no card to discard instead of the pile's top
    play(s, "draw_stock", "discard 4C")
    assert s.is_terminal() and s.winners() == [0]
    assert s.scores() == [8 + 10, 0]  # melded on an earlier turn: no rummy


# --- rummy and scoring ----------------------------------------------------------------
@pytest.mark.parametrize("all_at_once", [True, False])
def test_rummy_doubles_only_when_all_goes_down_in_one_turn(backend, all_at_once):
    hands = [["3H", "4H", "5H", "9C", "9D"], ["AC", "QC", "5D", "7D", "KS"]]
    if all_at_once:
        s = new(backend, hands, "2S", ["9S"])
        play(s, "draw_stock", "meld 3H 4H 5H", "meld 9C 9D 9S")
    else:
        s = new(backend, hands, "2S", ["JH", "TC", "9S"])
        play(s, "draw_stock", "meld 3H 4H 5H", "discard JH", "draw_stock", "discard TC")
        play(s, "draw_stock", "meld 9C 9D 9S")
    d = s.to_dict()
    assert s.winners() == [0] and d["rummy"] == all_at_once
    hand_value = 1 + 10 + 5 + 7 + 10  # A=1, courts 10
    assert s.scores() == [hand_value * (2 if all_at_once else 1), 0]


def test_table_scoring(backend):
    # Ace 5 low in A-2-3, 15 in a set; others 5; courts 10; hand cards subtracted.
    hands = [["AH", "2H", "3H", "AC", "AD", "4S"], ["QC", "5D", "7D", "8S", "9S", "KH"]]
    s = new(backend, hands, "2C", ["AS"], scoring="table")
    play(s, "draw_stock", "meld AH 2H 3H")
    assert s.scores() == [15 - (15 + 15 + 15 + 5), -40]  # as it stands
    play(s, "meld AC AD AS", "discard 4S")
    assert s.winners() == [0] and s.to_dict()["rummy"]
    assert s.scores() == [2 * (15 + 45), -40]


def test_table_scoring_ace_high_and_lay_offs(backend):
    hands = [["QH", "KH", "AH", "5C", "6C"], ["JH", "9D", "8S", "4D", "2C"]]
    s = new(backend, hands, "3S", ["TC", "TS"], scoring="table", ace_high=True)
    play(s, "draw_stock", "meld QH KH AH", "discard TC", "draw_stock", "lay_off JH low")
    # Q-K-A: the ace is 15; player 1 scores the J they laid off.
    assert s.scores() == [10 + 10 + 15 - 10, 10 - 25]


# --- rummy on the board ---------------------------------------------------------------
@pytest.mark.parametrize("on", [True, False])
def test_rummy_on_board(backend, on):
    hands = [["3H", "5H", "KS", "QS"], ["4H", "2C", "7C", "9D"]]
    s = new(backend, hands, "KC", ["8S", "8D", "8H", "JD"], rummy_on_board=on)
    play(s, "draw_stock", "discard 3H", "draw_stock", "discard 4H", "draw_stock", "discard 5H")
    if not on:
        assert s.current_player() == 1 and legal_texts(s) == {"draw_stock", "take_discard"}
        return
    # The discarder is asked first, then the others in turn order.
    d = s.to_dict()
    assert d["phase"] == "call" and d["call"] == {"discarder": 0, "size": 3}
    assert s.current_player() == 0 and legal_texts(s) == {"call_rummy", "decline"}
    play(s, "decline")
    assert s.current_player() == 1
    play(s, "call_rummy")
    d = s.to_dict()
    assert d["discard_pile"] == ["KC"]  # only the meld is taken
    assert {"3H", "4H", "5H"} <= set(d["hands"][1])
    assert d["phase"] == "draw" and s.current_player() == 1


def test_rummy_on_board_all_decline(backend):
    hands = [["7H", "7S", "KS", "QS"], ["7C", "2C", "4D", "9D"]]
    s = new(backend, hands, "AD", ["8S", "8D", "JD"], rummy_on_board=True)
    play(s, "draw_stock", "discard 7H", "draw_stock", "discard 7C", "draw_stock", "discard 7S")
    assert s.to_dict()["call"] == {"discarder": 0, "size": 3}
    play(s, "decline", "decline")
    d = s.to_dict()
    assert d["phase"] == "draw" and s.current_player() == 1 and len(d["discard_pile"]) == 4


# --- match play -----------------------------------------------------------------------
def test_match_passes_the_deal_and_adds_up(backend):
    game = cardsim.make("rummy", backend=backend, match=True, players=3, hand_size=3, target=30)
    hands = [["3H", "4H", "5H"], ["8C", "JD", "2S"], ["KC", "QC", "9D"]]
    s = game.new_game(deck=deck_for(hands, "AD", ["6H"]))
    play(s, "draw_stock", "meld 3H 4H 5H 6H")
    d = s.to_dict()
    first = 2 * (8 + 10 + 2 + 10 + 10 + 9)
    assert d["totals"] == [first, 0, 0] and first >= 30
    assert s.is_terminal() and s.winners() == [0]

    game = cardsim.make("rummy", backend=backend, match=True, players=3, hand_size=3, target=500)
    s = game.new_game(deck=deck_for(hands, "AD", ["6H"]))
    play(s, "draw_stock", "meld 3H 4H 5H 6H")
    d = s.to_dict()
    assert not s.is_terminal() and d["deal"] == 1 and d["totals"] == [first, 0, 0]
    assert d["dealer"] == 0 and s.current_player() == 1  # the deal passed on


def test_match_options_need_match(backend):
    for bad in ({"target": 50}, {"deals": 2}, {"max_deals": 3}):
        with pytest.raises(ValueError, match="match play only"):
            cardsim.make("rummy", backend=backend, **bad)
    single, match = (cardsim.make("rummy", backend=backend, match=m) for m in (False, True))
    assert not single.traits.match and match.traits.match
    assert "totals" not in single.new_game(seed=1).to_dict()
    assert match.new_game(seed=1).to_dict()["totals"] == [0, 0]


def test_match_with_a_fixed_number_of_deals(backend):
    game = cardsim.make("rummy", backend=backend, match=True, deals=3, move_cap=5)
    s = game.new_game(seed=11)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.to_dict()["deal"] == 2


# --- observation ----------------------------------------------------------------------
def test_observation_hides_other_hands_and_the_stock(backend):
    s = cardsim.make("rummy", backend=backend, players=3).new_game(seed=3)
    full = s.to_dict()
    obs = s.observation(1)
    assert obs["hand"] == full["hands"][1]
    assert obs["hand_sizes"] == [7, 7, 7] and obs["stock_size"] == len(full["stock"])
    assert "hands" not in obs and "stock" not in obs
    assert obs["discard_pile"] == full["discard_pile"] and obs["melds"] == full["melds"]
    text = json.dumps(obs)
    for card in full["hands"][0] + full["hands"][2] + full["stock"]:
        assert card not in text


# --- bad input ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"jokers": 2}, ValueError),
        ({"players": 7}, ValueError),
        ({"players": 1}, ValueError),
        ({"players": "3"}, TypeError),
        ({"ace_high": 1}, TypeError),
        ({"scoring": "golf"}, ValueError),
        ({"hand_size": -1}, ValueError),
        ({"players": 6, "hand_size": 9}, ValueError),
        ({"max_turn_overs": 1.5}, TypeError),
    ],
)
def test_bad_options(backend, options, error):
    with pytest.raises(error):
        cardsim.make("rummy", backend=backend, **options)


@pytest.mark.parametrize(
    ("deck", "text"),
    [
        (full_pack()[:51], "52"),
        ([*full_pack()[:51], "AC"], "AC"),
        ([*full_pack()[:51], "ZZ"], "ZZ"),
        ([*full_pack()[:51], "JK"], "JK"),
    ],
)
def test_bad_decks(backend, deck, text):
    with pytest.raises(ValueError, match=text):
        cardsim.make("rummy", backend=backend).new_game(deck=deck)


def test_bad_actions(backend):
    s = cardsim.make("rummy", backend=backend).new_game(seed=1)
    before = json.dumps(s.to_dict())
    # Out of range; a discard before drawing; no call open; no turn-over with a stock.
    for bad in (-1, 586, 10**30, 5, 3, 2):
        with pytest.raises(cardsim.IllegalActionError):
            s.apply_action(bad)
    for bad in ("0", 1.0, None, True):
        with pytest.raises(TypeError):
            s.apply_action(bad)
    assert json.dumps(s.to_dict()) == before
    assert s.game.num_actions == 586
    with pytest.raises(ValueError):
        s.string_to_action("meld 2H 3H")


# --- batch ----------------------------------------------------------------------------
def test_greedy_beats_random():
    # Thread and split determinism is tests/test_simulate.py's, for every configuration.
    greedy = cardsim.simulate("rummy", games=4000, seed=9, policy="greedy")
    rnd = cardsim.simulate("rummy", games=4000, seed=9, policy="random")
    # Greedy finishes deals (someone goes out) far more often, and far sooner.
    assert greedy.void_rate().value < 0.05 < 0.2 < rnd.void_rate().value
    assert greedy.moves.mean() * 3 < rnd.moves.mean()


# --- meld-heavy lockstep ----------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "hand_size": 12, "ace_high": True, "rummy_on_board": True},
        {"players": 3, "hand_size": 15, "discard_to_go_out": True, "go_out_next_turn": True},
        {"players": 2, "hand_size": 20, "scoring": "table", "lay_off_through_sets": False},
    ],
)
def test_meld_heavy_play_agrees_between_backends(options):
    # Uniform random play seldom melds; this play prefers melds, lay-offs and calls, so
    # that runs through sets, ace-high ends and calls on the board get compared too.
    rng = np.random.default_rng(17)
    for seed in range(12):
        cpp = cardsim.make("rummy", **options).new_game(seed=seed)
        ref = cardsim.make("rummy", backend="reference", **options).new_game(seed=seed)
        while not cpp.is_terminal():
            legal = cpp.legal_actions()
            assert legal == ref.legal_actions()
            assert cpp.to_dict() == ref.to_dict()
            assert cpp.observation(1) == ref.observation(1)
            assert cpp.scores() == ref.scores()
            keen = [a for a in legal if a >= 57 or a == 3]
            pool = keen if keen and rng.random() < 0.6 else legal
            a = pool[int(rng.integers(len(pool)))]
            cpp.apply_action(a)
            ref.apply_action(a)
        assert cpp.to_dict() == ref.to_dict()
        assert (cpp.scores(), cpp.winners()) == (ref.scores(), ref.winners())


# --- more rulings (docs/rules/rummy.md "Rulings") ----------------------------------------
def test_card_taken_may_be_returned_next_turn(backend):
    s = new(backend, [["3H", "8S", "KD"], FILLER], "5C", ["QH", "4D"])
    play(s, "take_discard", "discard 8S", "draw_stock", "discard QH", "draw_stock")
    assert "discard 5C" in legal_texts(s)
    play(s, "discard 5C")


def test_meld_may_not_leave_only_the_taken_card(backend):
    # Taking the 9S and melding 3-4-5H would leave just the 9S, which could not be discarded.
    s = new(backend, [["3H", "4H", "5H"], FILLER], "9S")
    play(s, "take_discard")
    assert "meld 3H 4H 5H" not in legal_texts(s)
    refused(s, "meld 3H 4H 5H")
    assert legal_texts(s) == {"discard 3H", "discard 4H", "discard 5H"}


def test_discarder_may_call_their_own_rummy_on_board(backend):
    hands = [["3H", "5H", "KS", "QS"], ["4H", "2C", "7C", "9D"]]
    s = new(backend, hands, "KC", ["8S", "8D", "8H", "JD"], rummy_on_board=True)
    play(s, "draw_stock", "discard 3H", "draw_stock", "discard 4H", "draw_stock", "discard 5H")
    play(s, "call_rummy")
    d = s.to_dict()
    assert {"3H", "4H", "5H"} <= set(d["hands"][0]) and d["discard_pile"] == ["KC"]
    assert s.current_player() == 1  # the next turn is still the next player's


def test_rummy_on_board_takes_the_longest_meld_on_top(backend):
    # 6H on top of 3-4-5H: the top four cards form a run, and all four are called.
    hands = [["3H", "5H", "KS", "QS"], ["4H", "6H", "7C", "9D"]]
    s = new(backend, hands, "KC", ["8S", "8D", "8H", "JD", "TC"], rummy_on_board=True)
    play(s, "draw_stock", "discard 3H", "draw_stock", "discard 4H", "draw_stock", "discard 5H")
    play(s, "decline", "decline", "draw_stock", "discard 6H")
    assert s.to_dict()["call"] == {"discarder": 1, "size": 4}
    play(s, "decline", "call_rummy")
    d = s.to_dict()
    assert {"3H", "4H", "5H", "6H"} <= set(d["hands"][0]) and d["discard_pile"] == ["KC"]


def test_turn_over_needs_two_cards_in_the_pile(backend):
    # 2 x 24 dealt, 3 in the stock. A called rummy on the board leaves a one-card pile with
    # the stock empty: that card can be taken, but not turned over as a stock.
    stock = ["8S", "8D", "JD"]
    rest = [c for c in full_pack() if c not in {"3H", "4H", "5H", "KC", *stock}]
    hands = [["3H", "5H", *rest[:22]], ["4H", *rest[22:45]]]
    s = new(backend, hands, "KC", stock, rummy_on_board=True)
    play(s, "draw_stock", "discard 3H", "draw_stock", "discard 4H", "draw_stock", "discard 5H")
    play(s, "decline", "call_rummy")
    d = s.to_dict()
    assert d["stock"] == [] and d["discard_pile"] == ["KC"]
    assert legal_texts(s) == {"take_discard"}
    refused(s, "turn_over")


def test_turn_cap_truncates(backend):
    s = cardsim.make("rummy", backend=backend, move_cap=3).new_game(seed=4)
    turns = 0
    while not s.is_terminal():
        if s.to_dict()["phase"] == "draw":
            turns += 1
            play(s, "draw_stock")
        else:
            play(s, s.action_to_string(max(a for a in s.legal_actions() if a < 57)))
    assert turns == 3 and s.is_truncated() and s.winners() == [] and s.scores() == [0, 0]
