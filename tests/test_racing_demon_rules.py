"""Racing Demon rulings (docs/rules/racing_demon.md), on both backends.

Every scenario deals explicit packs. ``pack()`` places the cards a test cares
about and fills every other place with unused cards, kings first, so that the
fillers stay out of play.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardsim
from cardsim.reference.cards import canonical_index, full_pack, rank, shuffled_packs
from cardsim.reference.racing_demon_timed import play_timed
from cardsim.reference.rng import GameRng, splitmix_mix
from scenarios import play, refused

HEARTS = [r + "H" for r in "A23456789TJQK"]
CLUBS = [r + "C" for r in "A23456789TJQK"]


def pack(pile=(), line=(), hand=()) -> list[str]:
    """One player's 52 cards: ``pile`` from the top down, ``line`` columns 0..3,
    ``hand`` in the order it is turned."""
    used = [*pile, *line, *hand]
    assert len(set(used)) == len(used)
    rest = iter(sorted((c for c in full_pack() if c not in used), key=lambda c: -rank(c)))
    piles = [None] * 13
    for i, c in enumerate(pile):
        piles[12 - i] = c
    for i in range(12, -1, -1):  # the upper Pile gets the highest fillers
        piles[i] = piles[i] or next(rest)
    lines = [*line] + [next(rest) for _ in range(4 - len(line))]
    hands = [*hand] + [next(rest) for _ in range(35 - len(hand))]
    return piles + lines + hands


def new(backend, packs, **options):
    game = cardsim.make("racing_demon", backend=backend, players=len(packs), **options)
    return game.new_game(deck=[c for p in packs for c in p])


def seat(state, p: int) -> dict:
    return state.to_dict()["players"][p]


# --- the deal ------------------------------------------------------------------------


def test_deal_pile_line_and_hand(backend):
    deck = full_pack()
    s = new(backend, [deck])
    me = seat(s, 0)
    assert me["pile"] == deck[:13] and len(me["pile"]) == 13
    assert me["line"] == [[c] for c in deck[13:17]]
    assert len(me["hand"]) == 35 and me["hand"][-1] == deck[17]  # deck[17] is turned first
    obs = s.observation(0)["players"][0]
    assert obs["pile_top"] == deck[12] and obs["pile_count"] == 13
    assert obs["hand_count"] == 35 and obs["waste_top"] is None
    assert "hand" not in obs and "pile" not in obs
    assert s.current_player() == cardsim.SIMULTANEOUS
    play(s, "p0 turn")
    assert s.observation(0)["players"][0]["waste_top"] == deck[19]


def test_each_players_pack_comes_in_turn(backend):
    a, b = pack(pile=["5S"]), pack(pile=["9D"])
    s = new(backend, [a, b])
    assert [s.observation(1)["players"][p]["pile_top"] for p in (0, 1)] == ["5S", "9D"]


def test_actions_name_their_player(backend):
    s = new(backend, [pack(), pack(), pack()])
    per = s.game.num_actions // 3
    assert per == 24 * 3 + 27
    for p in range(3):
        assert s.string_to_action(f"p{p} turn") == p * per
        assert all(a // per == p for a in s.legal_actions_for(p))
    mine = [a for p in range(3) for a in s.legal_actions_for(p)]
    assert sorted(mine) == s.legal_actions()


# --- foundations -----------------------------------------------------------------------


def test_any_ace_from_any_player_starts_a_foundation(backend):
    s = new(backend, [pack(pile=["AH"]), pack(line=["AH", "AS"])])
    play(s, "p1 line0>new")
    play(s, "p0 pile>new")
    play(s, "p1 line1>new")
    f = s.to_dict()["foundations"]
    assert [(x["suit"], x["cards"], x["owners"]) for x in f] == [
        ("H", ["AH"], [1]),
        ("H", ["AH"], [0]),
        ("S", ["AS"], [1]),
    ]


def test_a_two_of_the_wrong_suit_is_illegal(backend):
    s = new(backend, [pack(pile=["AH"], line=["2S", "2H"])])
    play(s, "p0 pile>new")
    refused(s, "p0 line0>f0")
    refused(s, "p0 line0>new")  # only an ace starts one
    refused(s, "p0 line1>f1")  # no foundation 1 yet
    play(s, "p0 line1>f0")
    assert s.to_dict()["foundations"][0]["cards"] == ["AH", "2H"]


def test_two_players_race_for_the_same_two(backend):
    s = new(backend, [pack(pile=["AH"], line=["2H"]), pack(line=["3C", "2H"])])
    play(s, "p0 pile>new")
    first, second = s.string_to_action("p1 line1>f0"), s.string_to_action("p0 line0>f0")
    assert first in s.legal_actions() and second in s.legal_actions()
    s.apply_action(first)  # player 1 gets there first
    before = s.to_dict()
    with pytest.raises(cardsim.IllegalActionError):
        s.apply_action(second)
    assert s.to_dict() == before
    assert s.to_dict()["foundations"][0]["owners"] == [0, 1]


def test_the_faster_player_wins_races_in_the_timed_simulator():
    fast = cardsim.simulate("racing_demon", games=3000, seed=11, speeds="0.8,1,1,1")
    even = cardsim.simulate("racing_demon", games=3000, seed=11)
    assert fast.win_rate(0).low > even.win_rate(0).high
    assert fast.mean_score(0).value > fast.mean_score(1).value + 2


# --- refilling the line, and claiming ---------------------------------------------------


def test_a_line_card_played_is_replaced_by_the_pile_top(backend):
    s = new(backend, [pack(pile=["7D", "9S"], line=["KS", "AC"])])
    play(s, "p0 line1>new")
    me = seat(s, 0)
    assert me["line"][1] == ["7D"]
    assert me["pile"][-1] == "9S" and len(me["pile"]) == 12
    assert s.observation(0)["players"][0]["pile_top"] == "9S"


def test_the_player_who_plays_the_king_claims_the_foundation(backend):
    p0 = pack(hand=HEARTS[:12])
    p1 = pack(pile=["KH"])
    s = new(backend, [p0, p1], turn=1)
    play(s, "p0 turn")
    play(s, "p0 waste>new")
    for _ in range(11):
        play(s, "p0 turn")
        play(s, "p0 waste>f0")
    play(s, "p1 pile>f0")
    f = s.to_dict()["foundations"][0]
    assert f["claimed_by"] == 1 and f["cards"] == HEARTS
    assert f["owners"] == [0] * 12 + [1]
    # The rules' sums: +2 per claimed suit, +1 per own card in the middle
    # (claimed ones too), -1 per card left in the Pile.
    assert s.scores() == [12 - 13, 2 + 1 - 12]
    assert not [a for a in s.legal_actions() if "f0" in s.action_to_string(a)]


# --- going OUT -----------------------------------------------------------------------


def test_out_when_the_last_pile_card_goes_to_the_middle(backend):
    s = new(backend, [pack(pile=CLUBS), pack()])
    play(s, "p0 pile>new")
    for _ in range(12):
        assert not s.is_terminal()
        play(s, "p0 pile>f0")
    assert s.is_terminal() and s.winners() == [0]
    assert s.to_dict()["out_player"] == 0
    assert s.scores() == [10 + 2 + 13, -13]
    assert s.legal_actions() == [] and s.current_player() == cardsim.TERMINAL
    assert s.legal_actions_for(1) == []
    refused(s, "p1 turn")


def test_out_when_the_last_pile_card_goes_into_the_line(backend):
    s = new(backend, [pack(pile=CLUBS[:12] + ["9H"], line=["AD"])])
    play(s, "p0 pile>new")
    for _ in range(11):
        play(s, "p0 pile>f0")
    assert seat(s, 0)["pile"] == ["9H"] and not s.is_terminal()
    play(s, "p0 line0>new")
    assert seat(s, 0)["line"][0] == ["9H"]
    assert s.is_terminal() and s.winners() == [0]
    assert s.scores() == [10 + 13]
    assert s.legal_actions() == []
    refused(s, "p0 turn")


# --- the hand --------------------------------------------------------------------------


def test_turning_three_exposes_only_the_top_card(backend):
    s = new(backend, [pack(hand=["AS", "AD", "9C"])])
    play(s, "p0 turn")
    me = seat(s, 0)
    assert me["waste"] == ["AS", "AD", "9C"]
    obs = s.observation(0)["players"][0]
    assert obs["waste_top"] == "9C" and obs["waste_count"] == 3
    refused(s, "p0 waste>new")  # the aces are underneath


@pytest.mark.parametrize("turn", [1, 2, 3])
def test_an_exhausted_hand_turns_its_waste_over(backend, turn):
    # A second player who has not turned yet keeps any stalemate away.
    s = new(backend, [pack(), pack()], turn=turn)
    order = list(reversed(seat(s, 0)["hand"]))
    turns = -(-35 // turn)
    for _ in range(turns):
        play(s, "p0 turn")
    me = seat(s, 0)
    assert me["hand"] == [] and me["waste"] == order
    play(s, "p0 turn")  # turns the waste over: an action of its own
    me = seat(s, 0)
    assert me["waste"] == [] and list(reversed(me["hand"])) == order
    play(s, "p0 turn")
    assert seat(s, 0)["waste"] == order[:turn]


# --- stalemate -------------------------------------------------------------------------

# Aces at the bottom of the Pile, kings and queens on top and in the line:
# nothing can ever be played until the Pile moves, and it never does.
STUCK = pack(
    pile=["KS", "QS", "JS"] + [r + s for r in "QJ" for s in "HDC"] + ["AS", "AH", "AD", "AC"],
    line=["KH", "KD", "KC", "TS"],
)


def test_stuck_pack_really_is_stuck():
    assert STUCK[:4] == ["AC", "AD", "AH", "AS"]
    assert all(rank(c) > 1 for c in STUCK[4:])


def test_stalemate_rotates_once_then_ends_with_nobody_out(backend):
    s = new(backend, [STUCK])
    order = list(reversed(seat(s, 0)["hand"]))
    for _ in range(11):
        play(s, "p0 turn")
    assert s.to_dict()["rotations"] == 0
    play(s, "p0 turn")  # the 12th turn has shown all 35 cards
    d = s.to_dict()
    assert d["rotations"] == 1 and not s.is_terminal()
    me = d["players"][0]
    assert me["waste"] == [] and list(reversed(me["hand"])) == order[1:] + order[:1]
    for _ in range(11):
        play(s, "p0 turn")
    assert not s.is_terminal()
    play(s, "p0 turn")
    assert s.is_terminal() and not s.is_truncated()
    assert s.to_dict()["stalemate"] and s.to_dict()["out_player"] == -1
    assert s.winners() == [] and not s.is_draw()
    assert s.scores() == [-13]
    assert s.legal_actions() == []


def test_stalemate_waits_for_every_player_and_a_play_resets_it(backend):
    other = pack(pile=["AS"], line=["KH", "KD", "KC", "KS"])
    s = new(backend, [STUCK, other])
    for _ in range(12):
        play(s, "p0 turn")
    for _ in range(12):
        play(s, "p1 turn")
    # Player 1 could still play the AS: no stalemate.
    assert s.to_dict()["rotations"] == 0 and not s.is_terminal()
    play(s, "p1 pile>new")
    assert [p["turned"] for p in s.to_dict()["players"]] == [0, 0]


def test_stalemate_with_two_stuck_players(backend):
    stuck2 = pack(pile=STUCK[12::-1], line=STUCK[13:17])
    s = new(backend, [STUCK, stuck2])
    for _ in range(12):
        play(s, "p0 turn")
    assert s.to_dict()["rotations"] == 0  # player 1 has not been through yet
    for _ in range(12):
        play(s, "p1 turn")
    assert s.to_dict()["rotations"] == 1
    for p in (0, 1):
        for _ in range(12):
            play(s, f"p{p} turn")
    assert s.is_terminal() and s.winners() == []


# --- build_on_line --------------------------------------------------------------------


def test_line_building_is_off_by_default(backend):
    s = new(backend, [pack(pile=["8H"], line=["9S"])])
    refused(s, "p0 pile>line0")


def test_building_down_in_alternating_colours(backend):
    s = new(backend, [pack(pile=["8H", "8C", "7D"], line=["9S", "9H"])], build_on_line=True)
    refused(s, "p0 pile>line1")  # 8H on 9H: same colour
    play(s, "p0 pile>line0")
    assert seat(s, 0)["line"][0] == ["9S", "8H"]
    refused(s, "p0 pile>line0")  # 8C is not one lower than 8H
    play(s, "p0 pile>line1")
    assert seat(s, 0)["line"][1] == ["9H", "8C"]
    play(s, "p0 pile>line1")  # 7D on 8C
    assert seat(s, 0)["line"][1] == ["9H", "8C", "7D"]


def test_moving_a_sequence_and_refilling_the_column(backend):
    s = new(backend, [pack(pile=["8H", "4S"], line=["9S", "TD", "QC"])], build_on_line=True)
    play(s, "p0 pile>line0")
    play(s, "p0 line0>line1")  # 9S with the 8H on it goes onto the TD
    me = seat(s, 0)
    assert me["line"][1] == ["TD", "9S", "8H"]
    assert me["line"][0] == ["4S"]  # the emptied column takes the Pile top
    assert s.observation(0)["players"][0]["pile_count"] == 11


def test_moving_part_of_a_column(backend):
    s = new(backend, [pack(pile=["8H", "7C"], line=["9S", "8D", "5D"])], build_on_line=True)
    play(s, "p0 pile>line0")
    play(s, "p0 pile>line0")
    assert seat(s, 0)["line"][0] == ["9S", "8H", "7C"]
    refused(s, "p0 line0>line2")  # nothing in column 0 builds on the 5D
    play(s, "p0 line0>line1")  # the 7C alone goes onto the 8D
    me = seat(s, 0)
    assert me["line"][:2] == [["9S", "8H"], ["8D", "7C"]]
    assert len(me["pile"]) == 11  # the column did not empty: no refill


def test_waste_onto_the_line_and_line_top_to_the_middle(backend):
    s = new(backend, [pack(pile=["AD"], line=["3C"], hand=["TS", "JD", "2D"])], build_on_line=True)
    play(s, "p0 pile>new")
    play(s, "p0 turn")
    play(s, "p0 waste>line0")  # 2D on 3C
    assert seat(s, 0)["line"][0] == ["3C", "2D"]
    play(s, "p0 line0>f0")  # the column's top goes to the middle
    assert seat(s, 0)["line"][0] == ["3C"]
    assert s.to_dict()["foundations"][0]["cards"] == ["AD", "2D"]


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error", "text"),
    [
        ({"players": 0}, ValueError, "between 1 and 8"),
        ({"players": 9}, ValueError, "between 1 and 8"),
        ({"turn": 4}, ValueError, "between 1 and 3"),
        ({"turn": "3"}, TypeError, "must be int"),
        ({"build_on_line": 1}, TypeError, "must be bool"),
        ({"move_cap": 0}, ValueError, "between"),
        ({"speeds": 1.0}, TypeError, "type|must be str"),
        ({"speeds": "fast"}, ValueError, "speeds"),
        ({"speeds": "1,2,3", "players": 2}, ValueError, "one per player"),
        ({"speeds": "0"}, ValueError, "between 0.001"),
        ({"speeds": "1.2345"}, ValueError, "speeds"),
        # One mechanism for every game now: the run's per-seat `policy`.
        ({"seat_policies": "greedy,random"}, ValueError, "unknown option 'seat_policies'"),
        ({"colour": True}, ValueError, "unknown option 'colour'"),
    ],
)
def test_bad_options(backend, options, error, text):
    with pytest.raises(error, match=text):
        cardsim.make("racing_demon", backend=backend, **options)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("1", "1,1"),
        ("0.8", "0.8,0.8"),
        (".5", "0.5,0.5"),
        ("1.25,0.75", "1.25,0.75"),
        (" 1 , 2 ", "1,2"),
    ],
)
def test_good_speed_forms(backend, text, canonical):
    game = cardsim.make("racing_demon", backend=backend, players=2, speeds=text)
    assert game.options["speeds"] == text  # kept as written
    if backend == "reference":
        ms = [round(float(x) * 1000) for x in canonical.split(",")]
        assert game.speeds_ms == ms
    else:  # the timed race reads the speeds: each form races as its plain spelling
        run = dict(games=4, seed=1, players=2, progress=False)
        got = cardsim.simulate("racing_demon", speeds=text, **run).times
        want = cardsim.simulate("racing_demon", speeds=canonical, **run).times
        assert np.array_equal(got, want)
        if canonical != "1,1":
            assert not np.array_equal(got, cardsim.simulate("racing_demon", **run).times)


@pytest.mark.parametrize(
    ("deck", "text"),
    [
        (full_pack(), "104 cards"),
        (full_pack() * 2 + ["AS"], "104 cards"),
        (full_pack() + full_pack()[:51] + ["AS"], r"AS 2 times.*player 1's pack"),
        (full_pack()[:51] + ["XX"] + full_pack(), "unknown card 'XX'"),
        (full_pack()[:51] + ["JK"] + full_pack(), "does not use JK"),
    ],
)
def test_bad_decks(backend, deck, text):
    with pytest.raises(ValueError, match=text):
        cardsim.make("racing_demon", backend=backend, players=2).new_game(deck=deck)


def test_bad_actions(backend):
    s = new(backend, [pack(), pack()])
    n = s.game.num_actions
    for a in (-1, n, n + 7):
        with pytest.raises(cardsim.IllegalActionError):
            s.apply_action(a)
    for a in ("p0 turn", 1.0, None, True):
        with pytest.raises(TypeError):
            s.apply_action(a)
    with pytest.raises(ValueError):
        s.string_to_action("p2 turn")
    with pytest.raises(ValueError):
        s.string_to_action("p0 line0>line0")
    with pytest.raises(TypeError):
        s.string_to_action(3)
    with pytest.raises(ValueError):
        s.observation(2)
    assert s.to_dict()["moves"] == 0


# --- the timed simulator and batch runs ---------------------------------------------


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize(
    "options", [{"players": 3}, {"players": 2, "build_on_line": True, "turn": 1}]
)
def test_python_timed_simulator_repeats_the_batch_runner(backend, policy, options):
    r = cardsim.simulate("racing_demon", games=3, seed=9, policy=policy, **options)
    for i in range(3):
        t = play_timed(
            cardsim.make("racing_demon", backend=backend, **options), seed=9, index=i, policy=policy
        )
        assert t.scores == r.scores[i].tolist()
        assert t.winner == r.winner[i] and t.moves == r.moves[i]
        assert t.times == r.times[i].tolist()


def test_finishing_times_are_reported_and_split_exactly():
    opts = {"players": 3, "speeds": "1.0,0.5,2"}
    one = cardsim.simulate("racing_demon", games=600, seed=4, threads=1, **opts)
    two = cardsim.simulate("racing_demon", games=600, seed=4, threads=2, **opts)
    head = cardsim.simulate("racing_demon", games=250, seed=4, **opts)
    tail = cardsim.simulate("racing_demon", games=350, seed=4, first_game=250, **opts)
    assert one.times.shape == (600, 3)
    assert np.array_equal(one.times, two.times)
    assert np.array_equal(np.concatenate([head.times, tail.times]), one.times)
    out = one.winner >= 0
    # The OUT player acts last: their time is the end of the round.
    ends = one.times.max(axis=1)
    assert np.array_equal(one.times[out, one.winner[out]], ends[out])
    assert cardsim.simulate("clock", games=5).times is None


def test_greedy_beats_random_head_to_head():
    r = cardsim.simulate(
        "racing_demon",
        games=4000,
        seed=2,
        players=4,
        policy=["greedy", "random", "random", "random"],
    )
    assert r.win_rate(0).low > 0.5  # fair share: 0.25
    assert r.mean_score(0).value > r.mean_score(1).value + 5


# --- match play -------------------------------------------------------------------------


def out_in_thirteen(backend, **options):
    """A two-player match whose first round player 0 wins in 13 plays: their
    Pile is the hearts, ace on top, each played straight to the middle."""
    s = new(backend, [pack(pile=HEARTS), pack()], match=True, **options)
    play(s, "p0 pile>new")
    for _ in range(12):
        play(s, "p0 pile>f0")
    return s


def next_round_packs(first_deal: list[str], played: int, players: int) -> list[str]:
    """The documented deal of round ``played``: every pack shuffled in seat order
    from the first deal folded into a key, mixed with the round number."""
    key = 0
    for card in first_deal:
        key = splitmix_mix(key ^ canonical_index(card))
    return shuffled_packs(GameRng(splitmix_mix(key ^ played)), players)


def test_a_round_ending_below_the_target_deals_the_next(backend):
    s = out_in_thirteen(backend, target=30)
    d = s.to_dict()
    # OUT: +10, the claimed foundation +2, 13 cards in the middle; player 1 -13.
    assert d["totals"] == [25, -13] and s.scores() == [25, -13]
    assert d["round"] == 1 and not s.is_terminal() and d["out_player"] == -1
    assert d["foundations"] == [] and d["moves"] == 0
    deck = next_round_packs([*pack(pile=HEARTS), *pack()], 1, 2)
    for p in range(2):
        assert d["players"][p]["pile"] == deck[52 * p : 52 * p + 13]
        assert d["players"][p]["line"] == [[c] for c in deck[52 * p + 13 : 52 * p + 17]]
    obs = s.observation(1)
    assert obs["round"] == 1 and obs["totals"] == [25, -13]


def test_reaching_the_target_ends_the_match(backend):
    s = out_in_thirteen(backend, target=25)
    d = s.to_dict()
    assert s.is_terminal() and not s.is_truncated()
    assert d["round"] == 0 and d["out_player"] == 0 and s.scores() == [25, -13]
    assert s.winners() == [0] and not s.is_draw()
    refused(s, "p1 turn")


def test_totals_add_up_and_the_round_cap_truncates(backend):
    # Round 0 ends OUT at move 13; round 1 is 14 turns of player 0, then the move
    # cap ends it with nothing in the middle (-13 each); max_rounds ends the match.
    s = out_in_thirteen(backend, target=30, move_cap=14, max_rounds=2)
    assert s.to_dict()["round"] == 1
    for _ in range(14):
        assert not s.is_terminal()
        play(s, "p0 turn")
    assert s.is_terminal() and s.is_truncated()
    assert s.scores() == [25 - 13, -13 - 13]
    assert s.to_dict()["round"] == 1 and s.to_dict()["totals"] == [12, -26]
    assert s.winners() == [] and not s.is_draw()


def test_match_options_need_match(backend):
    for bad in ({"target": 50}, {"max_rounds": 3}):
        with pytest.raises(ValueError, match="match play only"):
            cardsim.make("racing_demon", backend=backend, **bad)
    g = cardsim.make("racing_demon", backend=backend, players=2, match=True, target=50)
    assert g.traits.match and g.traits.per_seat_keys == ("players", "totals")
    assert "round" not in cardsim.make("racing_demon", backend=backend).new_game(seed=1).to_dict()


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "target": 40},
        {"players": 2, "target": 100, "max_rounds": 2, "turn": 1, "build_on_line": True},
    ],
)
def test_batch_matches_equal_matches_played_one_by_one(backend, options):
    """simulate() of a match game plays each match through the state, round after
    round; the Python timed race repeats it on either backend."""
    opts = {"match": True, **options}
    r = cardsim.simulate("racing_demon", games=3, seed=5, policy="greedy", **opts)
    one = cardsim.simulate(
        "racing_demon",
        games=3,
        seed=5,
        policy="greedy",
        **{k: v for k, v in options.items() if k not in ("target", "max_rounds")},
    )
    rounds_seen = set()
    for i in range(3):
        t = play_timed(
            cardsim.make("racing_demon", backend=backend, **opts), seed=5, index=i, policy="greedy"
        )
        assert t.scores == r.scores[i].tolist()
        assert t.winner == r.winner[i] and t.moves == r.moves[i]
        assert t.times == r.times[i].tolist() and t.truncated == r.truncated[i]
        totals, rounds = t.state.to_dict()["totals"], t.state.to_dict()["round"]
        if t.truncated:
            assert rounds + 1 == opts["max_rounds"] and r.winner[i] == -1
        else:
            assert max(totals) >= opts["target"]
            top = [p for p in range(len(totals)) if totals[p] == max(totals)]
            assert r.winner[i] == (top[0] if len(top) == 1 else -2)
        # A match over in one round scored what game i of the one-round game scores.
        if rounds == 0:
            assert t.scores == one.scores[i].tolist()
        rounds_seen.add(rounds)
    assert max(rounds_seen) >= 1  # every configuration plays on into later rounds


def test_cli_passes_comma_separated_speeds_as_text(capsys):
    from cardsim.cli import main

    argv = ["simulate", "racing_demon", "--games", "200", "--players", "2"]
    assert main([*argv, "--option", "speeds=0.8,1", "--policy", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "speeds='0.8,1'" in out and "policy greedy,random" in out


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 2, "turn": 1, "build_on_line": True}, {"players": 1}],
)
def test_whole_timed_rounds_agree_between_backends(options):
    """Complete rounds, to OUT or stalemate, by the timed race on both backends."""
    ends = set()
    for index, policy in [(i, p) for i in range(4) for p in ("random", "greedy")]:
        runs = [
            play_timed(
                cardsim.make("racing_demon", backend=b, **options),
                seed=17,
                index=index,
                policy=policy,
            )
            for b in cardsim.BACKENDS
        ]
        cpp, ref = (r.state for r in runs)
        assert cpp.to_dict() == ref.to_dict()
        assert cpp.observation(0) == ref.observation(0)
        assert runs[0].times == runs[1].times
        ends.add("stalemate" if cpp.to_dict()["stalemate"] else "out")
    if options["players"] == 1:
        assert ends == {"stalemate"}
    elif options == {"players": 2}:  # two players stalemate often: both endings occur
        assert ends == {"stalemate", "out"}
