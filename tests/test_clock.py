"""Clock Patience and the duel: the rules as scenarios, and the exact
probabilities checked statistically at a fixed seed."""

from __future__ import annotations

import math

import numpy as np

import cardsim
from cardsim.reference.cards import SUITS, full_pack

RANKS = "A23456789TJQK"


def deck_from_piles(piles: list[list[str]]) -> list[str]:
    """The deck that deals ``piles`` (pile 1..13, each listed top first)."""
    deck = [""] * 52
    for p, cards in enumerate(piles):
        for depth, card in enumerate(cards):  # top was dealt last
            deck[p + 13 * (3 - depth)] = card
    return deck


def winning_deck() -> list[str]:
    # Pile p holds the four cards of rank p+1, the centre the aces: every card
    # sends play one pile on round the clock, and the last card is a king.
    piles = [[RANKS[p + 1] + s for s in SUITS] for p in range(12)] + [["A" + s for s in SUITS]]
    return deck_from_piles(piles)


def kings_first_deck() -> list[str]:
    piles = [[RANKS[p] + s for s in SUITS] for p in range(13)]  # every pile its own rank
    return deck_from_piles(piles)


def play(state) -> list[int]:
    players = []
    while not state.is_terminal():
        players.append(state.current_player())
        state.apply_action(0)
    return players


def test_deal_puts_card_i_on_pile_i_mod_13_last_dealt_on_top(backend):
    deck = full_pack()
    d = cardsim.make("clock", backend=backend).new_game(deck=deck).to_dict()
    clock = d["players"][0]
    for p in range(13):
        assert clock["face_down"][p] == [deck[p], deck[p + 13], deck[p + 26], deck[p + 39]]
        assert clock["face_up"][p] == []
    assert clock["next_pile"] == 13 and clock["turned"] == 0


def test_first_card_comes_from_the_centre_and_goes_under_its_rank(backend):
    deck = full_pack()  # make the centre's top (deck[51]) the 5H
    deck[51], deck[deck.index("5H")] = "5H", deck[51]
    state = cardsim.make("clock", backend=backend).new_game(deck=deck)
    state.apply_action(0)
    clock = state.to_dict()["players"][0]
    assert clock["face_up"][4] == ["5H"]  # pile 5
    assert len(clock["face_down"][12]) == 3
    assert clock["next_pile"] == 5
    assert state.scores() == [1]


def test_a_won_game_turns_all_52(backend):
    state = cardsim.make("clock", backend=backend).new_game(deck=winning_deck())
    assert len(play(state)) == 52
    assert state.scores() == [52]
    assert state.winners() == [0] and not state.is_draw()
    clock = state.to_dict()["players"][0]
    for p in range(13):
        assert sorted(clock["face_up"][p]) == sorted(RANKS[p] + s for s in SUITS)


def test_the_fourth_king_ends_the_game(backend):
    state = cardsim.make("clock", backend=backend).new_game(deck=kings_first_deck())
    assert len(play(state)) == 4  # the centre holds the four kings: the minimum score
    assert state.scores() == [4]
    assert state.winners() == [] and not state.is_draw()
    assert state.current_player() == cardsim.TERMINAL


def test_observation_hides_face_down_cards(backend):
    state = cardsim.make("clock", backend=backend).new_game(deck=winning_deck())
    state.apply_action(0)
    obs = state.observation(0)
    assert "face_down" not in obs["players"][0]
    assert obs["players"][0]["face_down_count"][12] == 3
    assert obs["players"][0]["face_up"][0] == ["AC"]  # the centre's top ace


def test_duel_players_alternate_and_a_stopped_clock_is_skipped(backend):
    game = cardsim.make("clock_duel", backend=backend)
    state = game.new_game(deck=kings_first_deck() + winning_deck())
    order = play(state)
    assert order[:8] == [0, 1] * 4
    assert order[8:] == [1] * 48
    assert state.scores() == [4, 52]
    assert state.winners() == [1] and not state.is_draw()


def test_duel_equal_counts_draw(backend):
    state = cardsim.make("clock_duel", backend=backend).new_game(deck=winning_deck() * 2)
    play(state)
    assert state.scores() == [52, 52]
    assert state.winners() == [] and state.is_draw()


def test_clock_win_rate_and_score_distribution_match_the_exact_law():
    """P(win) = 1/13 and P(score = n) = C(n-1, 3) / C(52, 4), at a fixed seed."""
    n_games = 1_000_000
    r = cardsim.simulate("clock", games=n_games, seed=20261130, summary_only=True)
    p = 1 / 13
    se = math.sqrt(p * (1 - p) / n_games)
    assert abs(r.win_rate().value - p) < 4 * se

    values, counts = r.score_histogram()
    observed = dict(zip(values.tolist(), counts.tolist(), strict=True))
    assert set(observed) <= set(range(4, 53))
    total = math.comb(52, 4)
    expected = {n: n_games * math.comb(n - 1, 3) / total for n in range(4, 53)}
    # Pool the rare low scores so every cell expects at least 5 games.
    cells, obs_acc, exp_acc = [], 0, 0.0
    for n in range(4, 53):
        obs_acc += observed.get(n, 0)
        exp_acc += expected[n]
        if exp_acc >= 5:
            cells.append((obs_acc, exp_acc))
            obs_acc, exp_acc = 0, 0.0
    cells[-1] = (cells[-1][0] + obs_acc, cells[-1][1] + exp_acc)
    chi2 = sum((o - e) ** 2 / e for o, e in cells)
    df = len(cells) - 1
    # Wilson-Hilferty: the chi-square quantile at p = 0.001 (z = 3.09).
    crit = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < crit, (chi2, crit, df)

    # The exact mean and variance, 42.4 and 67.84, within 4 standard errors.
    assert abs(r.mean_score().value - 42.4) < 4 * math.sqrt(67.84 / n_games)
    assert abs(r.score_variance() - 67.84) < 0.02 * 67.84


def test_batch_game_equals_a_reference_playout_of_the_same_stream():
    from cardsim.reference import make as ref_make
    from cardsim.reference.rng import GameRng

    r = cardsim.simulate("clock_duel", games=50, seed=99, first_game=1000)
    ref = ref_make("clock_duel")
    for k in range(50):
        state = ref.deal(ref.random_deck(GameRng.for_game(99, 1000 + k)))
        moves = len(play(state))
        assert r.scores[k].tolist() == state.scores()
        assert r.moves[k] == moves
        expected = -2 if state.is_draw() else (state.winners() or [-1])[0]
        assert r.winner[k] == expected
    assert not np.any(r.truncated)
