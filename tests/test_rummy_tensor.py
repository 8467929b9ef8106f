"""Rummy's observation tensor at named offsets (layout: docs/rules/rummy.md), on hand-built
positions from explicit decks, on both backends. The generic tests check exactness and the
lockstep agreement of the two encoders over random play."""

from __future__ import annotations

import json

import numpy as np

import cardsim
from cardsim.reference.cards import full_pack

SUITS = "CDHS"
RANKS = "A23456789TJQK"


def cid(card: str) -> int:
    return SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def plane(t: np.ndarray, k: int) -> set[str]:
    """The cards set in card plane k, as texts."""
    return {r + s for s in SUITS for r in RANKS if t[52 * k + cid(r + s)] != 0}


def deck_for(hands: list[list[str]], up: str, stock: list[str]) -> list[str]:
    n = len(hands)
    deck = [hands[i % n][i // n] for i in range(n * len(hands[0]))] + [up, *stock]
    return deck + [c for c in full_pack() if c not in deck]


P0 = ["3H", "4H", "5H", "7C", "7D", "7S", "9C", "KD", "QS"]
P1 = ["2C", "5S", "8D", "JH", "TS", "4C", "6D", "QC", "AS"]


def play(backend: str, **options):
    game = cardsim.make("rummy", backend=backend, **options)
    s = game.new_game(deck=deck_for([P0, P1], "2H", ["6H", "8S"]))
    for text in ("draw_stock", "meld 3H 4H 5H 6H", "meld 7C 7D 7S", "discard KD"):
        s.apply_action(s.string_to_action(text))
    return game, s


def test_card_planes_after_melds(backend):
    game, s = play(backend)
    assert game.observation_tensor_shape == (52 * 11 + 7 * 2 + 16,)
    t0, t1 = s.observation_tensor(0), s.observation_tensor(1)
    assert t0.dtype == np.float32 and t0.shape == game.observation_tensor_shape
    assert plane(t0, 0) == {"9C", "QS"}  # p0's hand
    assert plane(t1, 0) == set(P1)  # p1 sees only their own
    for t in (t0, t1):
        assert plane(t, 1) == {"2H", "KD"}
        assert plane(t, 2) == {"KD"}
        assert t[52 * 3 + cid("KD")] == np.float32(1 / 52)  # place from the top
        assert t[52 * 3 + cid("2H")] == np.float32(2 / 52)
        assert plane(t, 4) == set()  # nothing taken from the pile
        assert plane(t, 5) == {"3H", "4H", "5H", "6H"}
        assert plane(t, 6) == {"7C", "7D", "7S"}
        assert t[52 * 7 + cid("4H")] == np.float32(1 / 17)  # melded first
        assert t[52 * 7 + cid("7D")] == np.float32(2 / 17)
        assert plane(t, 8) == set()
    # Owners, relative to the observer: p0's melds are seat 0 to p0, seat 1 to p1.
    table = {"3H", "4H", "5H", "6H", "7C", "7D", "7S"}
    assert plane(t0, 9) == table and plane(t0, 10) == set()
    assert plane(t1, 9) == set() and plane(t1, 10) == table


def test_scalars_after_melds(backend):
    _, s = play(backend)
    n, base = 2, 52 * 11
    t = s.observation_tensor(0)
    scal = t[base:]
    assert list(scal[0:n]) == [1, 0]  # observer seat 0
    assert list(scal[n : 2 * n]) == [0, 1]  # p1 to move: one seat after p0
    assert list(scal[2 * n : 2 * n + 4]) == [1, 0, 0, 0]  # phase draw
    assert list(scal[2 * n + 4 : 3 * n + 4]) == [0, 1]  # dealer p1
    assert scal[3 * n + 4] == np.float32(2 / 52) and scal[3 * n + 5] == np.float32(9 / 52)
    assert scal[4 * n + 4] == np.float32((52 - 18 - 1 - 1) / 52)  # the stock
    assert list(scal[4 * n + 5 : 5 * n + 5]) == [1, 0]  # p0 laid down
    assert not scal[5 * n + 5 : 7 * n + 8].any()  # no call, nobody out, no rummy, not ended
    assert scal[7 * n + 8] == np.float32(2 / 1000)  # two turns begun
    assert list(scal[7 * n + 10 : 7 * n + 16]) == [0, 1, 0, 0, 0, 0]  # options
    t1 = s.observation_tensor(1)[base:]
    assert list(t1[0:n]) == [0, 1] and list(t1[n : 2 * n]) == [1, 0]
    assert t1[3 * n + 4] == np.float32(9 / 52)  # seat 0 to p1 is p1 itself


def test_ace_above_the_king_and_taken(backend):
    game = cardsim.make("rummy", backend=backend, ace_high=True)
    hand = ["QH", "KH", "AH", "2C", "5S", "8D", "JC", "TS", "4C"]
    other = ["3D", "6S", "9D", "JD", "7H", "5C", "6D", "QC", "AS"]
    s = game.new_game(deck=deck_for([hand, other], "9H", ["6C"]))
    s.apply_action(s.string_to_action("take_discard"))
    t = s.observation_tensor(0)
    assert plane(t, 4) == {"9H"}  # taken this turn
    s.apply_action(s.string_to_action("meld QH KH AH"))
    t = s.observation_tensor(0)
    assert plane(t, 8) == {"AH"} and plane(t, 5) == {"QH", "KH", "AH"}
    assert t[52 * 11 + 7 * 2 + 10] == 1.0  # the ace_high flag


def test_match_totals(backend):
    game = cardsim.make(
        "rummy", backend=backend, match=True, deals=2, target=50, move_cap=20, scoring="table"
    )
    assert game.observation_tensor_shape == (52 * 11 + 7 * 2 + 16 + 5,)
    s = game.new_game(seed=3)
    t = s.observation_tensor(1)
    assert not t[-5:].any()  # deal 0, no totals yet
    while s.observation(0)["deal"] == 0:
        s.apply_action(s.legal_actions()[0])
    totals = s.observation(0)["totals"]
    assert any(totals)  # table scoring counts the hands against their holders
    t = s.observation_tensor(1)
    assert t[-5] == np.float32(1 / 200)  # deal 1 / max_deals
    assert list(t[-4:-2]) == [np.float32(max(-1, min(1, x / 50))) for x in totals[::-1]]
    assert list(t[-2:]) == [np.float32(x / 1440) for x in totals[::-1]]  # 720 x 2 deals


def test_near_misses_give_different_tensors():
    """Observations that differ in one detail (order of the pile or of the melds, an owner,
    a count) never share a tensor: the reference encoder, on edited observation dicts."""
    from cardsim.reference.rummy import encode_observation

    game = cardsim.make("rummy", backend="reference")
    _, s = play("reference")
    base = s.observation(0)

    def edited(change):
        obs = json.loads(json.dumps(base))
        change(obs)
        return obs

    variants = [
        base,
        edited(lambda o: o["discard_pile"].reverse()),
        edited(lambda o: o["melds"].reverse()),
        edited(lambda o: o["melds"][0]["by"].__setitem__(0, 1)),
        edited(lambda o: o.__setitem__("turn", o["turn"] + 1)),
        edited(lambda o: o.__setitem__("turn_overs", 1)),
        edited(lambda o: o["hand_sizes"].__setitem__(1, 8)),
        edited(lambda o: o.__setitem__("stock_size", o["stock_size"] - 1)),
        edited(lambda o: o.__setitem__("player", 1)),
        edited(lambda o: o.__setitem__("call", {"discarder": 0, "size": 3})),
    ]
    tensors = {encode_observation(v, game.options, False).tobytes() for v in variants}
    assert len(tensors) == len(variants)
