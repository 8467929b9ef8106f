"""Hole in the Wall's observation tensor at named offsets (layout:
docs/rules/hole_in_the_wall.md), on a hand-built position, on both backends. The generic
tests check exactness and the lockstep agreement of the two encoders over random play."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cardsim
from cardsim.reference.cards import full_pack

GRID = 46 * 7
CARDS = 9 * GRID  # the card planes start after the nine grid planes
SCALARS = CARDS + 5 * 52


def cid(card: str) -> int:
    return "CDHS".index(card[1]) * 13 + "A23456789TJQK".index(card[0])


def cell(row: int, col: int) -> int:
    return row * 7 + col


@pytest.fixture
def state(backend):
    # Pack order: the base is AC..7C in columns 0..6; then 8C TC QC AD to p0 and
    # 9C JC KC 2D to p1 (dealt one at a time from p0, the dealer being p1).
    game = cardsim.make("hole_in_the_wall", backend=backend)
    assert game.observation_tensor_shape == (SCALARS + 6 * 2 + 9,)
    return game.new_game(deck=full_pack())


def test_the_base_row_and_hand_slots(state):
    t = state.observation_tensor(0)
    for col, card in enumerate(["AC", "2C", "3C", "4C", "5C", "6C", "7C"]):
        assert t[cell(0, col)] == 1.0
        assert t[GRID + cell(0, col)] == np.float32((col + 1) / 13)
        assert t[2 * GRID + cell(0, col)] == 1.0  # clubs
        assert t[CARDS + cid(card)] == 1.0
    assert t[:GRID].sum() == 7
    for slot, card in enumerate(["8C", "TC", "QC", "AD"]):
        assert t[CARDS + 52 * (1 + slot) + cid(card)] == 1.0
    t1 = state.observation_tensor(1)
    assert t1[CARDS + 52 + cid("9C")] == 1.0 and t1[CARDS + 52 + cid("8C")] == 0.0


def test_a_placement_mid_turn(state):
    state.apply_action(state.string_to_action("place 0 r1c6 new"))  # 8C on 7C: 4 points
    t = state.observation_tensor(0)
    c = cell(1, 6)
    assert t[c] == 1.0 and t[GRID + c] == np.float32(8 / 13) and t[2 * GRID + c] == 1.0
    assert t[7 * GRID + c] == np.float32(1 / 4)  # first placed this turn
    assert t[8 * GRID + c] == 1.0  # the sequence's last card
    for slot, card in enumerate(["TC", "QC", "AD"]):  # later cards move down a slot
        assert t[CARDS + 52 * (1 + slot) + cid(card)] == 1.0
    assert not t[CARDS + 52 * 4 : SCALARS].any()
    n, s = 2, t[SCALARS:]
    assert list(s[0:n]) == [1, 0] and list(s[n : 2 * n]) == [1, 0]  # p0, p0 to move
    assert s[2 * n] == 0.0 and list(s[2 * n + 1 : 3 * n + 1]) == [0, 1]  # not over; dealer p1
    assert s[3 * n + 3] == 0.0  # one card: no direction yet
    assert list(s[3 * n + 4 : 4 * n + 4]) == [4 / 512, 0.0]  # placement points
    assert list(s[5 * n + 5 : 6 * n + 5]) == [0.75, 1.0]  # hand sizes / 4
    assert s[6 * n + 5] == np.float32((52 - 7 - 8) / 52)
    assert list(s[6 * n + 6 :]) == [0.0, 0.0, 1.0]  # teams, match, score_holes
    # p1 sees the same wall, p0's points as the next seat's.
    s1 = state.observation_tensor(1)[SCALARS:]
    assert list(s1[3 * n + 4 : 4 * n + 4]) == [0.0, 4 / 512]


def test_end_of_turn_clears_the_turn_planes(state):
    state.apply_action(state.string_to_action("place 0 r1c6 new"))
    state.apply_action(state.string_to_action("end"))
    t = state.observation_tensor(1)
    assert not t[7 * GRID : 9 * GRID].any()
    s = t[SCALARS:]
    assert list(s[2:4]) == [1, 0]  # p1 (seat 0 to itself) to move
    assert s[3 * 2 + 2] == np.float32(1 / 1000)  # one turn of the cap


def test_near_misses_give_different_tensors():
    """Observations that differ in one detail never share a tensor (the reference encoder
    on edited observation dicts): the order of this turn's cards, the direction, a hole."""
    from cardsim.reference.hole_in_the_wall import encode_observation

    game = cardsim.make("hole_in_the_wall", backend="reference")
    s = game.new_game(deck=full_pack())
    s.apply_action(s.string_to_action("place 0 r1c6 new"))
    base = s.observation(0)
    assert base["sequence"] is not None

    def edited(change):
        obs = json.loads(json.dumps(base))
        change(obs)
        return obs

    variants = [
        base,
        edited(lambda o: o["placed_this_turn"].append([1, 5])),
        edited(lambda o: o["placed_this_turn"].insert(0, [1, 5])),
        edited(lambda o: o["sequence"].__setitem__("direction", 1)),
        edited(lambda o: o["sequence"].__setitem__("direction", -1)),
        edited(lambda o: o["holes"].append([1, 0])),
        edited(lambda o: o["hand"].reverse()),
        edited(lambda o: o.__setitem__("hole_points", 5)),
        edited(lambda o: o["match_points"].__setitem__(1, 1)),
    ]
    tensors = {encode_observation(v, game.options).tobytes() for v in variants}
    assert len(tensors) == len(variants)
