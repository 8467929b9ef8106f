"""Hole in the Wall: the rules' worked examples and the rulings as scenarios from
explicit decks, on both backends; bad input; and the batch runner."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

import cardsim
from cardsim.reference.cards import full_pack, rank
from scenarios import deal, refused

GAME = "hole_in_the_wall"
END, PASS, NUM_ACTIONS = 2520, 2536, 2537


# --- helpers ---------------------------------------------------------------------------
def build_deck(base, hands, stock=(), players=2) -> list[str]:
    """The deck that deals ``base`` (7 ranks, no repeats), ``hands`` (4 cards each,
    player 0 first: the dealer is the last player) and ``stock`` on top of the stock;
    the other cards follow in pack order."""
    deck = list(base)
    for j in range(4):  # one card at a time, from the dealer's left
        for p in range(players):
            deck.append(hands[p][j])
    deck += list(stock)
    deck += [c for c in full_pack() if c not in set(deck)]
    assert len(deck) == 52 == len(set(deck))
    return deck


def hand(state, player=None):
    d = state.to_dict()
    return d["hands"][d["current_player"] if player is None else player]


def place_id(state, card, row, col, mode="new") -> int:
    slot = hand(state).index(card)
    return state.string_to_action(f"place {slot} r{row}c{col} {mode}")


def can(state, card, row, col, mode="new") -> bool:
    return place_id(state, card, row, col, mode) in state.legal_actions()


def place(state, card, row, col, mode="new") -> int:
    """Places a card and returns the points it scored."""
    player = state.current_player()
    before = state.to_dict()["placement_points"][player]
    state.apply_action(place_id(state, card, row, col, mode))
    return state.to_dict()["placement_points"][player] - before


def cell(state, row, col):
    return state.to_dict()["display"][row][col]


# Test-side reading of the rules, independent of both backends: the open air and
# whether a card could start a sequence anywhere.
def open_cells(display) -> set[tuple[int, int]]:
    air = len(display)  # the row above the top card
    filled = {(r, c) for r, row in enumerate(display) for c, x in enumerate(row) if x}
    seen = {(air, c) for c in range(7)}
    queue = deque(seen)
    while queue:
        r, c = queue.popleft()
        for n in ((r + 1, c), (r - 1, c), (r, c - 1), (r, c + 1)):
            if 1 <= n[0] <= air and 0 <= n[1] < 7 and n not in filled and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def holes_of(display) -> set[tuple[int, int]]:
    reach = open_cells(display)
    return {
        (r, c)
        for r in range(1, len(display))
        for c in range(7)
        if not display[r][c] and (r, c) not in reach
    }


def could_start(display, card) -> bool:
    def at(r, c):
        return display[r][c] if 0 <= r < len(display) and 0 <= c < 7 else None

    for r, c in open_cells(display):
        around = [at(r + 1, c), at(r - 1, c), at(r, c - 1), at(r, c + 1)]
        ranks = [rank(x) for x in around if x]
        if rank(card) not in ranks and any(abs(x - rank(card)) == 1 for x in ranks):
            return True
    return False


def placeable_anywhere(d) -> bool:
    away = [c for h in d["hands"] for c in h] + d["stock"]
    return any(could_start(d["display"], c) for c in away)


def play_placing_first(state, stop=lambda s: False, limit=5000) -> None:
    """Plays the lowest legal action (placements come first) until ``stop`` or the end."""
    for _ in range(limit):
        if state.is_terminal() or stop(state):
            return
        state.apply_action(state.legal_actions()[0])


def play_random(state, seed: int, limit: int = 20000) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(limit):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])


# --- the deal ------------------------------------------------------------------------
def test_deal_base_rejects_repeated_ranks_to_the_bottom_of_the_stock(backend):
    rest = [c for c in full_pack() if c not in {"7H", "7C", "8D", "7S", "AC", "8S"}]
    # 7C repeats the 7H and 8S the 8D: both go to the bottom of the stock, in that order.
    deck = ["7H", "7C", "8D", "8S", "AC"] + rest[:5] + rest[5:] + ["7S"]
    d = deal(GAME, backend, deck).to_dict()
    assert d["display"] == [["7H", "8D", "AC", *rest[:4]]]
    assert d["hands"] == [rest[4:12:2], rest[5:12:2]]  # one at a time, player 0 first
    # Bottom first: the rejected 7C went to the bottom, then the 8S under it.
    assert d["stock"] == ["8S", "7C", "7S", *reversed(rest[12:])]
    assert len(d["stock"]) == 52 - 7 - 8
    assert d["dealer"] == 1 and d["current_player"] == 0
    assert d["holes"] == [] and d["sequence"] is None and d["hole_points"] == 0


def test_deal_with_four_players_starts_left_of_the_dealer(backend):
    base = ["KC", "2D", "4S", "7H", "JC", "QD", "AS"]
    hands = [["2C", "3C", "4C", "5C"], ["6C", "7C", "8C", "9C"], ["TC", "3D", "4D", "5D"],
             ["6D", "7D", "8D", "9D"]]  # fmt: skip
    d = deal(GAME, backend, build_deck(base, hands, players=4), players=4).to_dict()
    assert d["hands"] == hands and d["dealer"] == 3 and d["current_player"] == 0


# --- sequences from a base 7 (the rules' example) ------------------------------------
BASE7 = ["KC", "2D", "4S", "7H", "JC", "QD", "AS"]  # the 7 of hearts stands in column 3


def test_a_sequence_from_a_base_7_may_start_with_8_or_6(backend):
    s = deal(GAME, backend, build_deck(BASE7, [["8S", "6D", "9C", "5C"], ["2C", "3C", "3D", "3H"]]))
    assert can(s, "8S", 1, 3) and can(s, "6D", 1, 3)
    assert not can(s, "9C", 1, 3) and not can(s, "5C", 1, 3)
    assert not can(s, "8S", 1, 3, "cont")  # nothing to continue at the start of a turn


def test_starting_with_8_it_may_ascend_9_10(backend):
    s = deal(GAME, backend, build_deck(BASE7, [["8S", "9C", "TC", "5C"], ["2C", "3C", "3D", "3H"]]))
    place(s, "8S", 1, 3)
    assert s.to_dict()["sequence"] == {"last": [1, 3], "direction": 0}
    place(s, "9C", 2, 3, "cont")
    assert s.to_dict()["sequence"] == {"last": [2, 3], "direction": 1}
    place(s, "TC", 3, 3, "cont")
    assert [cell(s, r, 3) for r in range(4)] == ["7H", "8S", "9C", "TC"]


def test_starting_with_8_it_may_descend_7_6_but_never_8_7_8(backend):
    s = deal(GAME, backend, build_deck(BASE7, [["8S", "7C", "8D", "6C"], ["2C", "3C", "3D", "3H"]]))
    place(s, "8S", 1, 3)
    place(s, "7C", 2, 3, "cont")
    assert s.to_dict()["sequence"]["direction"] == -1
    for r, c in ((3, 3), (2, 2), (2, 4)):  # every cell next to the 7
        assert not can(s, "8D", r, c, "cont")
        assert not can(s, "8D", r, c, "new")  # the 7 is from this turn: no new start there
        refused(s, place_id(s, "8D", r, c, "cont"), "does not continue")
    place(s, "6C", 3, 3, "cont")
    assert [cell(s, r, 3) for r in range(4)] == ["7H", "8S", "7C", "6C"]


def test_a_new_sequence_in_the_same_turn_may_go_the_other_way(backend):
    s = deal(GAME, backend, build_deck(BASE7, [["8S", "9C", "3D", "2C"], ["5C", "5D", "5H", "6C"]]))
    place(s, "8S", 1, 3)
    place(s, "9C", 2, 3, "cont")  # ascending
    place(s, "3D", 1, 2, "new")  # from the base 4 of spades, an earlier card
    assert s.to_dict()["sequence"] == {"last": [1, 2], "direction": 0}
    place(s, "2C", 2, 2, "cont")  # descending
    d = s.to_dict()
    assert d["display"][2][2:4] == ["2C", "9C"]
    # The hand is empty, so the turn ended by itself.
    assert d["current_player"] == 1 and d["placed_this_turn"] == [] and d["sequence"] is None


def test_a_new_sequence_must_start_from_a_card_of_an_earlier_turn(backend):
    s = deal(GAME, backend, build_deck(BASE7, [["8S", "9C", "2C", "3C"], ["9D", "3D", "3H", "5C"]]))
    place(s, "8S", 1, 3)
    # r1c4 touches the base J (not one from 9) and this turn's 8: only a continuation.
    assert not can(s, "9C", 1, 4, "new")
    refused(s, place_id(s, "9C", 1, 4, "new"), "earlier turn")
    assert can(s, "9C", 1, 4, "cont")
    s.apply_action(END)
    assert s.current_player() == 1
    assert can(s, "9D", 1, 4, "new")  # now the 8 is from an earlier turn


def test_new_or_continue_is_the_players_choice_and_both_are_listed(backend):
    s = deal(GAME, backend, build_deck(BASE7, [["8S", "7C", "6C", "2C"], ["9D", "3D", "3H", "5C"]]))
    place(s, "8S", 1, 3)
    # At r2c3 the 7 touches only this turn's 8: it can continue, not start.
    assert can(s, "7C", 2, 3, "cont") and not can(s, "7C", 2, 3, "new")
    place(s, "7C", 2, 3, "cont")
    place(s, "6C", 3, 3, "cont")
    assert s.to_dict()["sequence"] == {"last": [3, 3], "direction": -1}


# --- points ----------------------------------------------------------------------------
def test_every_value_of_the_pair_score(backend):
    base = ["TC", "2H", "6C", "3H", "JD", "KS", "AH"]
    s = deal(GAME, backend, build_deck(base, [["9H", "7S", "TD", "5S"], ["2C", "3C", "3D", "5D"]]))
    assert place(s, "9H", 1, 0) == 1  # 9 of hearts next to 10 of clubs: colours differ
    assert place(s, "7S", 1, 2) == 2  # 7 of spades next to 6 of clubs: same colour
    assert place(s, "TD", 1, 4) == 4  # 10 of diamonds next to J of diamonds: same suit
    assert s.to_dict()["placement_points"] == [7, 0]


def test_the_seeds_multiple_score_each_pair_once(backend):
    # Illustration 2: the 9 between a 10 on its left, a 10 below it and an 8.
    base = ["QS", "4C", "2D", "6S", "KH", "AC", "3H"]
    s = deal(GAME, backend, build_deck(base, [["JS", "TC", "9C", "9S"], ["TH", "9H", "8D", "7C"]]))
    assert place(s, "JS", 1, 0) == 4  # next to the base Q of spades
    assert place(s, "TC", 2, 0, "cont") == 2  # the 10 on the left
    s.apply_action(END)
    assert place(s, "TH", 1, 1) == 1  # next to the J from the earlier turn: the 10 below
    assert place(s, "9H", 2, 1, "cont") == 4 + 1  # the 10 below (same suit) and on the left
    assert place(s, "8D", 2, 2, "cont") == 2  # the 8 placed after the 9: that pair once
    assert s.to_dict()["placement_points"] == [6, 8]


# --- same rank -------------------------------------------------------------------------
def test_same_rank_orthogonally_is_illegal_diagonally_fine(backend):
    base = ["KC", "2D", "4S", "7H", "9S", "QD", "AS"]
    s = deal(GAME, backend, build_deck(base, [["8C", "2C", "3C", "5C"], ["8D", "9D", "3D", "3H"]]))
    place(s, "8C", 1, 3)
    s.apply_action(END)
    # r1c4 sits on the base 9 (a start), but next to the 8 of clubs: refused.
    assert not can(s, "8D", 1, 4)
    refused(s, place_id(s, "8D", 1, 4), "same rank")
    place(s, "9D", 2, 3)
    assert can(s, "8D", 2, 4, "cont")  # diagonal to the 8 of clubs
    place(s, "8D", 2, 4, "cont")
    assert cell(s, 1, 3) == "8C" and cell(s, 2, 4) == "8D"


# --- holes -----------------------------------------------------------------------------
HOLE_BASE = ["AC", "2C", "QC", "8C", "9C", "5C", "7C"]
HOLE_P0 = ["3D", "4D", "5D", "6D"]


def build_walls(s) -> None:
    """Player 0: 3-4-5-6 of diamonds from the base 2 up and over to column 3."""
    place(s, "3D", 1, 1)
    place(s, "4D", 2, 1, "cont")
    place(s, "5D", 2, 2, "cont")
    place(s, "6D", 2, 3, "cont")  # the hand is empty: the turn ends
    assert s.current_player() == 1
    assert s.to_dict()["holes"] == [] and s.to_dict()["hole_points"] == 0


def test_illustration_2_holes_enclosed_2_cells_20_and_side_cell_5(backend):
    s = deal(GAME, backend, build_deck(HOLE_BASE, [HOLE_P0, ["TH", "JH", "QH", "KH"]]))
    build_walls(s)
    place(s, "TH", 1, 4)  # closes r1c2 and r1c3 between the 2 and the 10
    d = s.to_dict()
    assert d["holes"] == [[1, 2], [1, 3]] and d["hole_points"] == 20
    place(s, "JH", 1, 5, "cont")
    place(s, "QH", 2, 5, "cont")
    assert s.to_dict()["hole_points"] == 20
    place(s, "KH", 2, 6, "cont")  # closes r1c6 against the side
    d = s.to_dict()
    assert d["holes"] == [[1, 2], [1, 3], [1, 6]] and d["hole_points"] == 25
    assert holes_of(d["display"]) == {(1, 2), (1, 3), (1, 6)}
    # r2c4 is empty but open to the air through r3c4: not a hole.
    assert d["display"][2][4] is None
    # Holes count only at the end, for the dealer (player 1 of 2).
    assert s.scores() == d["placement_points"]
    play_placing_first(s)
    end = s.to_dict()
    assert s.is_terminal() and not s.is_truncated()
    assert {(1, 2), (1, 3), (1, 6)} <= {tuple(h) for h in end["holes"]}
    assert s.scores() == [
        end["placement_points"][0],
        end["placement_points"][1] + end["hole_points"],
    ]


def test_a_cell_that_becomes_a_hole_refuses_cards_at_once(backend):
    s = deal(GAME, backend, build_deck(HOLE_BASE, [HOLE_P0, ["TH", "7D", "JH", "QH"]]))
    build_walls(s)
    assert can(s, "7D", 1, 3)  # on the base 8, under the 6: fine while open
    place(s, "TH", 1, 4)
    assert not can(s, "7D", 1, 3)
    refused(s, place_id(s, "7D", 1, 3), "hole")


def test_open_space_above_the_top_row_never_scores(backend):
    s = deal(GAME, backend, build_deck(HOLE_BASE, [HOLE_P0, ["TH", "JH", "QH", "KH"]]))
    build_walls(s)
    d = s.to_dict()
    # A pocket open to the air (r1c2, r1c3 under the overhang) and everything above.
    assert d["display"][1][2] is None and d["holes"] == [] and d["hole_points"] == 0
    for seed in range(3):
        game = cardsim.make(GAME, backend=backend)
        s = game.new_game(deck=game.new_game(seed=seed).deck)
        play_placing_first(s)
        d = s.to_dict()
        assert {tuple(h) for h in d["holes"]} == holes_of(d["display"])
        assert all(r < len(d["display"]) for r, _ in d["holes"])


def test_hole_points_go_to_the_dealer(backend):
    game = cardsim.make(GAME, backend=backend, players=3)
    s = game.new_game(seed=11)
    play_random(s, 11)
    d = s.to_dict()
    assert s.is_terminal() and not s.is_truncated() and d["dealer"] == 2
    assert d["hole_points"] > 0
    p = d["placement_points"]
    assert s.scores() == [p[0], p[1], p[2] + d["hole_points"]]


# A 4-player deal where the placements favour players
# 0+1 but the dealer's holes (player 3) turn the game for the partnership 2+3.
TEAM_CASE = (3, 3)


def test_holes_score_for_the_dealers_partnership(backend):
    seed, play_seed = TEAM_CASE
    for score_holes, winners in ((True, [2, 3]), (False, [0, 1])):
        game = cardsim.make(GAME, backend=backend, players=4, teams=True, score_holes=score_holes)
        s = game.new_game(seed=seed)
        play_random(s, play_seed)
        d = s.to_dict()
        p, h = d["placement_points"], d["hole_points"]
        assert d["dealer"] == 3 and h > 0
        assert s.scores() == [p[0], p[1], p[2], p[3] + (h if score_holes else 0)]
        assert p[0] + p[1] > p[2] + p[3]
        assert s.winners() == winners and not s.is_draw()


# --- exchange, refill, pass ------------------------------------------------------------
def test_exchange_draws_first_then_puts_the_given_up_cards_at_the_bottom(backend):
    deck = build_deck(BASE7, [["8S", "6D", "9C", "5C"], ["2C", "3C", "3D", "3H"]],
                      stock=["QH", "QS", "KD"])  # fmt: skip
    s = deal(GAME, backend, deck)
    stock = s.to_dict()["stock"]  # bottom first: QH is the top
    assert stock[-3:] == ["KD", "QS", "QH"]
    s.apply_action(s.string_to_action("exchange 0,2"))
    d = s.to_dict()
    assert d["hands"][0] == ["6D", "5C", "QH", "QS"]
    assert d["stock"] == ["9C", "8S", *stock[:-2]]
    assert d["current_player"] == 1 and d["turns"] == 1  # the exchange was the whole turn


def test_exchange_is_only_the_first_and_only_act_of_a_turn(backend):
    s = deal(GAME, backend, build_deck(BASE7, [["8S", "6D", "9C", "5C"], ["2C", "3C", "3D", "3H"]]))
    legal = s.legal_actions()
    assert [a for a in legal if a > END] == list(range(END + 1, END + 16))  # all 15 subsets
    assert END not in legal and PASS not in legal
    refused(s, END, "no card has been placed|nothing has been placed")
    place(s, "8S", 1, 3)
    for mask in range(1, 8):
        assert END + mask not in s.legal_actions()
        refused(s, END + mask)
    refused(s, PASS)


def test_exchange_is_limited_by_the_stock_and_refused_when_it_is_empty(backend):
    game = cardsim.make(GAME, backend=backend)
    s = game.new_game(seed=3)
    seen = set()
    while not s.is_terminal():
        d = s.to_dict()
        h, k = len(hand(s)), len(d["stock"])
        if not d["placed_this_turn"] and h:
            exchanges = [a - END for a in s.legal_actions() if END < a < PASS]
            want = [m for m in range(1, 1 << h) if bin(m).count("1") <= k]
            assert exchanges == want
            if k < 4:
                seen.add(k)
                for m in range(1, 16):
                    if bin(m).count("1") > k:
                        refused(s, END + m)
        s.apply_action(s.legal_actions()[0])
    assert 0 in seen  # an empty stock was met, and every exchange was refused there


def test_hand_is_refilled_to_4_at_the_start_of_each_turn(backend):
    deck = build_deck(BASE7, [["8S", "6D", "9C", "5C"], ["2C", "3C", "3D", "5D"]],
                      stock=["QH", "QS", "KD"])  # fmt: skip
    s = deal(GAME, backend, deck)
    place(s, "8S", 1, 3)
    place(s, "9C", 2, 3, "cont")
    s.apply_action(END)
    d = s.to_dict()
    assert d["hands"][0] == ["6D", "5C"]  # not yet: refilling waits for the player's turn
    assert d["stock"][-3:] == ["KD", "QS", "QH"]
    place(s, "5D", 1, 2)  # player 1, next to the base 4
    s.apply_action(END)
    d = s.to_dict()
    assert d["current_player"] == 0 and d["hands"][0] == ["6D", "5C", "QH", "QS"]
    assert d["hands"][1] == ["2C", "3C", "3D"] and d["stock"][-1] == "KD"


def test_refill_goes_as_far_as_the_stock_goes(backend):
    s = cardsim.make(GAME, backend=backend).new_game(seed=5)
    short = 0
    while not s.is_terminal():
        before = s.to_dict()
        a = s.legal_actions()[0]  # placements first, so no exchanges
        s.apply_action(a)
        after = s.to_dict()
        p = after["current_player"]
        if p >= 0 and p != before["current_player"] and after["deal"] == before["deal"]:
            stock = before["stock"]  # bottom first: cards come off its end
            need = min(4 - len(before["hands"][p]), len(stock))
            assert after["hands"][p] == before["hands"][p] + stock[::-1][:need]
            assert after["stock"] == stock[: len(stock) - need]
            short += len(before["hands"][p]) + len(before["stock"]) < 4
    assert short > 0  # the stock ran short at least once


def test_pass_only_when_neither_placing_nor_exchanging_is_possible(backend):
    s = cardsim.make(GAME, backend=backend, players=3).new_game(seed=1)
    passes = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        d = s.to_dict()
        if PASS in legal:
            passes += 1
            assert legal == [PASS] and d["stock"] == []
            assert not any(could_start(d["display"], c) for c in hand(s))
        elif not d["placed_this_turn"]:
            refused(s, PASS, "not allowed")
        s.apply_action(legal[0])
    assert passes > 0


# --- a tall wall -----------------------------------------------------------------------
def pillar_deck() -> list[str]:
    """A deck whose players, each placing a whole hand up column 0 as one sequence,
    build a pillar 40 cards high on the base A (ranks walking 2..K..A..K..9)."""
    walk = [*range(2, 14), *range(12, 0, -1), *range(2, 14), 12, 11, 10, 9]
    used = dict.fromkeys(range(1, 14), 0)

    def take(r: int) -> str:
        used[r] += 1
        return "A23456789TJQK"[r - 1] + "SHDC"[used[r] - 1]

    base = [take(r) for r in range(1, 8)]
    up = [take(r) for r in walk]
    return build_deck(base, [up[0:4], up[4:8]], up[8:])


def test_cards_of_this_turn_above_row_36_are_read_where_they_are(backend):
    # Cells are row * 7 + col up to 321: a turn's cards from row 37 on are still
    # the cells they are, for the same-rank rule, the starts of the next turn and to_dict.
    s = deal(GAME, backend, pillar_deck())
    for turn in range(10):
        for k in range(4):
            d = s.to_dict()
            top = len(d["display"])
            cards = hand(s)
            slot = next(
                i for i in range(len(cards)) if can(s, cards[i], top, 0, "cont" if k else "new")
            )
            place(s, cards[slot], top, 0, "cont" if k else "new")
            if turn == 9 and k < 3:
                assert s.to_dict()["placed_this_turn"] == [[r, 0] for r in range(37, top + 1)]
    d = s.to_dict()
    assert len(d["display"]) == 41 and d["display"][40][0] == "9C" and d["placed_this_turn"] == []
    # The 9 on row 40 was placed last turn: an 8 or a T may start next to it.
    near = [c for c in hand(s) if rank(c) in (8, 10)]
    assert near
    for c in near:
        assert can(s, c, 41, 0) and can(s, c, 40, 1)


# --- the end ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_the_game_ends_when_nothing_can_ever_be_placed(backend, players):
    for seed in range(2):
        s = cardsim.make(GAME, backend=backend, players=players).new_game(seed=seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[rng.integers(len(legal))])
            d = s.to_dict()
            if not s.is_terminal() and not d["placed_this_turn"]:
                assert placeable_anywhere(d)  # between turns, something can still be placed
        d = s.to_dict()
        assert not s.is_truncated() and d["turns"] < 1000
        assert not placeable_anywhere(d)
        assert s.current_player() == cardsim.TERMINAL and s.legal_actions() == []


def test_turn_cap_truncates_with_no_winner(backend):
    s = cardsim.make(GAME, backend=backend, move_cap=3).new_game(seed=1)
    for _ in range(3):
        assert not s.is_terminal()
        s.apply_action(END + 1)  # exchange slot 0: one turn each
    assert s.is_terminal() and s.is_truncated()
    assert s.winners() == [] and not s.is_draw()
    assert s.to_dict()["turns"] == 3


def test_winner_is_the_highest_score_and_a_tie_draws(backend):
    for seed in range(6):
        s = cardsim.make(GAME, backend=backend, players=3).new_game(seed=seed)
        play_placing_first(s)
        sc = s.scores()
        top = [p for p in range(3) if sc[p] == max(sc)]
        assert s.winners() == (top if len(top) == 1 else [])
        assert s.is_draw() == (len(top) > 1)


def test_match_passes_the_deal_on_and_adds_up(backend):
    game = cardsim.make(GAME, backend=backend, players=3, match=True)
    s = game.new_game(seed=4)
    assert len(s.deck) == 3 * 52
    starts = [(0, 2, 0)]
    last = s.to_dict()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
        d = s.to_dict()
        if d["deal"] != last["deal"]:
            starts.append((d["deal"], d["dealer"], d["current_player"]))
            p = last["placement_points"]
            gained = [d["match_points"][i] - last["match_points"][i] for i in range(3)]
            assert gained[last["dealer"]] >= p[last["dealer"]]  # plus that deal's holes
            assert sum(gained) == sum(p) + (gained[last["dealer"]] - p[last["dealer"]])
            assert d["placement_points"] == [0, 0, 0] and d["hole_points"] == 0
            assert len(d["display"]) == 1
        last = d
    assert starts == [(0, 2, 0), (1, 0, 1), (2, 1, 2)]
    d = s.to_dict()
    final = [m + p for m, p in zip(d["match_points"], d["placement_points"], strict=True)]
    final[d["dealer"]] += d["hole_points"]
    assert s.scores() == final


# --- observation -----------------------------------------------------------------------
def test_observation_shows_own_hand_and_only_counts_of_the_rest(backend):
    s = cardsim.make(GAME, backend=backend, players=3).new_game(seed=2)
    d = s.to_dict()
    for p in range(3):
        o = s.observation(p)
        assert o["player"] == p and o["hand"] == d["hands"][p]
        assert o["hand_sizes"] == [4, 4, 4] and o["stock_size"] == len(d["stock"])
        assert "hands" not in o and "stock" not in o
        assert o["display"] == d["display"]


# --- why_illegal agrees with legal_actions --------------------------------------------
def test_every_action_id_is_legal_exactly_when_listed():
    cpp = cardsim.make(GAME, players=3).new_game(seed=21)
    ref = cardsim.make(GAME, backend="reference", players=3).new_game(seed=21)
    rng = np.random.default_rng(0)
    for step in range(60):
        legal = set(cpp.legal_actions())
        if step % 6 == 0:
            for a in range(NUM_ACTIONS):
                ok = ref.why_illegal(a) == ""
                assert ok == (a in legal), (step, a)
                if a in legal or a % 97 == 0:
                    c = cpp.clone()
                    try:
                        c.apply_action(a)
                        applied = True
                    except cardsim.IllegalActionError:
                        applied = False
                    assert applied == (a in legal), (step, a)
        a = sorted(legal)[rng.integers(len(legal))]
        cpp.apply_action(a)
        ref.apply_action(a)
        if cpp.is_terminal():
            break


# --- bad input -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "error", "text"),
    [
        ({"players": 1}, ValueError, "between 2 and 4"),
        ({"players": 5}, ValueError, "between 2 and 4"),
        ({"players": "3"}, TypeError, "must be int"),
        ({"teams": 1}, TypeError, "must be bool"),
        ({"teams": True}, ValueError, "needs players=4"),
        ({"players": 3, "teams": True}, ValueError, "needs players=4"),
        ({"move_cap": 0}, ValueError, "between 1 and"),
        ({"match": "yes"}, TypeError, "must be bool"),
        ({"score_holes": None}, TypeError, None),
        ({"dealer": 1}, ValueError, "unknown option 'dealer'"),
    ],
)
def test_bad_options(backend, options, error, text):
    with pytest.raises(error, match=text):
        cardsim.make(GAME, backend=backend, **options)


@pytest.mark.parametrize(
    ("options", "deck", "error", "text"),
    [
        ({}, full_pack()[:51], ValueError, "52 cards, got 51"),
        ({}, full_pack()[:51] + ["AS"], ValueError, "AS 2 times"),
        ({}, full_pack()[:51] + ["ZZ"], ValueError, "unknown card 'ZZ'"),
        ({}, full_pack()[:51] + ["JK"], ValueError, "does not use JK"),
        ({}, full_pack()[:51] + [None], TypeError, "must be a str"),
        ({}, "AS KS", TypeError, "list of card strings"),
        ({"match": True}, full_pack(), ValueError, "104 cards"),
        ({"match": True}, full_pack() + full_pack()[:51] + ["AC"], ValueError, "deal 1's pack"),
    ],
)
def test_bad_decks(backend, options, deck, error, text):
    with pytest.raises(error, match=text):
        cardsim.make(GAME, backend=backend, **options).new_game(deck=deck)


def test_illegal_out_of_range_and_wrongly_typed_actions(backend):
    s = deal(GAME, backend, build_deck(BASE7, [["8S", "6D", "9C", "5C"], ["2C", "3C", "3D", "3H"]]))
    for a in (-1, NUM_ACTIONS, 10**20):
        refused(s, a, "out of range")
    refused(s, s.string_to_action("place 0 r2c3 new"))  # not next to any card
    refused(s, s.string_to_action("place 0 r1c0 new"))  # next to the K: not one from 8
    for bad in ("3", 1.0, True, None):
        with pytest.raises(TypeError):
            s.apply_action(bad)
    for text in ("place 4 r1c1 new", "place 0 r0c1 new", "place 0 r1c7 new", "place 0 r46c1 new",
                 "place 0 r1c1 old", "exchange", "exchange 2,1", "exchange 0,0", "exchange 4",
                 "end ", "Pass"):  # fmt: skip
        with pytest.raises(ValueError, match="unknown action"):
            s.string_to_action(text)
    with pytest.raises(TypeError):
        s.string_to_action(5)
    assert s.action_to_string(0) == "place 0 r1c0 new"
    assert s.action_to_string(1) == "place 0 r1c0 cont"
    assert s.action_to_string(2 * 45) == "place 0 r1c1 new"
    assert s.action_to_string(2 * 315) == "place 1 r1c0 new"
    assert s.action_to_string(END) == "end" and s.action_to_string(PASS) == "pass"
    assert s.action_to_string(END + 0b1101) == "exchange 0,2,3"
    for a in range(NUM_ACTIONS):
        assert s.string_to_action(s.action_to_string(a)) == a


# --- the batch runner ------------------------------------------------------------------
def test_first_game_of_a_batch_is_new_game_with_that_seed():
    r = cardsim.simulate(GAME, games=1, seed=77, policy="first")
    s = cardsim.make(GAME).new_game(seed=77)
    play_placing_first(s)
    assert r.scores[0].tolist() == s.scores()
    assert r.moves[0] == len(s.history)


def test_greedy_beats_random_on_placement_points():
    # score_holes=False leaves only what the players' own cards earn.
    kw = dict(games=20000, seed=1, threads=2, score_holes=False)
    rand = cardsim.simulate(GAME, policy="random", **kw).scores.sum(axis=1).mean()
    greedy = cardsim.simulate(GAME, policy="greedy", **kw).scores.sum(axis=1).mean()
    assert greedy > rand * 1.15, (greedy, rand)


def test_score_holes_changes_only_the_dealers_score():
    for policy in ("random", "greedy"):
        on = cardsim.simulate(GAME, games=3000, seed=2, policy=policy, players=3)
        off = cardsim.simulate(GAME, games=3000, seed=2, policy=policy, players=3,
                               score_holes=False)  # fmt: skip
        assert np.array_equal(on.moves, off.moves)
        assert np.array_equal(on.scores[:, :2], off.scores[:, :2])
        assert (on.scores[:, 2] >= off.scores[:, 2]).all()
        assert (on.scores[:, 2] > off.scores[:, 2]).mean() > 0.2
