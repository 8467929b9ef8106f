"""Racing Demon's observation tensor at named offsets (layout: docs/rules/racing_demon.md),
on a hand-built position, on both backends. The generic tests check exactness and the
lockstep agreement of the two encoders over random play."""

from __future__ import annotations

import json

import numpy as np

import cardsim
from cardsim.reference.cards import full_pack

BLOCK = 52 * 6 + 5


def cid(card: str) -> int:
    return "CDHS".index(card[1]) * 13 + "A23456789TJQK".index(card[0])


def test_a_foundation_and_a_refill(backend):
    # Both packs in pack order: Pile AC..KC (KC on top), line AD 2D 3D 4D, hand 5D.. .
    game = cardsim.make("racing_demon", backend=backend, players=2)
    n = 2
    assert game.observation_tensor_shape == (n * BLOCK + 52 + 80 * n + 2 * n + 6,)
    s = game.new_game(deck=full_pack() * 2)
    s.apply_action(s.string_to_action("p0 line0>new"))  # AD starts foundation 0
    t = s.observation_tensor(1)
    mine, theirs = t[:BLOCK], t[BLOCK : 2 * BLOCK]  # p1's view: seat 1 first, then seat 0
    assert mine[cid("KC")] == 1.0 and mine[52 + cid("AD")] == 1.0
    assert theirs[cid("QC")] == 1.0  # KC refilled column 0, QC came up
    assert theirs[52 + cid("KC")] == 1.0 and theirs[52 + 52 + cid("2D")] == 1.0
    assert theirs[5 * 52 : 6 * 52].sum() == 0  # nothing turned yet
    assert list(theirs[-5:]) == [np.float32(12 / 13), 1.0, 0.0, 0.0, 0.0]
    wanted = t[2 * BLOCK : 2 * BLOCK + 52]
    assert wanted[cid("2D")] == 0.5 and wanted.sum() == 0.5
    slot = t[2 * BLOCK + 52 : 2 * BLOCK + 72]
    assert slot[0] == 1.0 and list(slot[1:5]) == [0, 1, 0, 0]  # diamonds
    assert slot[5] == np.float32(1 / 13) and slot[6] == 1.0  # owned by seat 0 = p1's seat 1
    assert not slot[7:].any()
    assert not t[2 * BLOCK + 72 : 2 * BLOCK + 52 + 80 * n].any()  # the other slots
    g = t[2 * BLOCK + 52 + 80 * n :]
    assert list(g[0:n]) == [0, 1] and not g[n : 2 * n].any()
    assert list(g[2 * n :]) == [0, 0, 0, np.float32(1 / 20000), 1.0, 0.0]
    # p0's view: the same cards, its own block first and its own seat.
    t0 = s.observation_tensor(0)
    assert t0[cid("QC")] == 1.0 and t0[2 * BLOCK + 52 + 6] == np.float32(1 / 2)


def test_build_on_line_depth(backend):
    game = cardsim.make("racing_demon", backend=backend, players=1, build_on_line=True)
    block = 52 * 10 + 5
    assert game.observation_tensor_shape == (block + 52 + 80 + 2 + 6,)
    # Pile: ..., 8H on top; line: 9S, 2C, 3C, 4C.
    pack = [c for c in full_pack() if c not in ("8H", "9S", "2C", "3C", "4C")]
    deck = pack[:12] + ["8H", "9S", "2C", "3C", "4C"] + pack[12:]
    s = game.new_game(deck=deck)
    s.apply_action(s.string_to_action("p0 pile>line0"))
    t = s.observation_tensor(0)
    assert t[52 + cid("8H")] == 1.0 and t[52 + cid("9S")] == 0.0  # column 0's top
    assert t[52 * 6 + cid("9S")] == np.float32(1 / 13)
    assert t[52 * 6 + cid("8H")] == np.float32(2 / 13)


def test_near_misses_give_different_tensors():
    """Observations that differ in one detail never share a tensor (the reference encoder
    on edited observation dicts), turned counts past a whole hand included."""
    from cardsim.reference.racing_demon import encode_observation

    game = cardsim.make("racing_demon", backend="reference", players=2, build_on_line=True)
    s = game.new_game(deck=full_pack() * 2)
    s.apply_action(s.string_to_action("p0 line0>new"))
    base = s.observation(0)

    def edited(change):
        obs = json.loads(json.dumps(base))
        change(obs)
        return obs

    def seat(o, q):
        return o["players"][q]

    variants = [
        base,
        edited(lambda o: seat(o, 1).__setitem__("turned", 40)),
        edited(lambda o: seat(o, 1).__setitem__("turned", 41)),
        edited(lambda o: seat(o, 0)["line"][1].insert(0, "3S")),
        edited(lambda o: seat(o, 0)["line"][1].append("3S")),
        edited(lambda o: o["foundations"][0]["owners"].__setitem__(0, 1)),
        edited(lambda o: o["foundations"][0].__setitem__("claimed_by", 0)),
        edited(lambda o: o.__setitem__("rotations", 1)),
        edited(lambda o: o.__setitem__("moves", 2)),
    ]
    tensors = {encode_observation(v, game.options).tobytes() for v in variants}
    assert len(tensors) == len(variants)
