"""The C++ determinisation, State::resample_hidden, per game.

- the player's observation is unchanged at every step of a history;
- on small constructed positions every consistent hidden configuration comes
  out equally often (enumerated, chi-square);
- the C++ redeal and the generic Python one (cardsim.envs.resample) agree in
  distribution on small cases (chi-square on the same statistic).
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations, permutations

import numpy as np
import pytest

import cardsim
from cardsim.envs.resample import resample_hidden as generic_resample
from game_configs import CONFIGS

# (game, options): every configuration the generic tests run (tests/game_configs.py),
# each game having a C++ resample_hidden. Their move caps keep the play-outs short.
NATIVE = [(name, opts) for name, configs in CONFIGS.items() for opts in configs]


def _chi2_p(observed: list[int], expected: list[float]) -> float:
    """Upper tail of the chi-square statistic (Wilson-Hilferty approximation)."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    k = len(observed) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_native_method_is_bound_where_expected():
    for name, opts in NATIVE:
        state = cardsim.make(name, **opts).new_game(seed=1)
        assert "in C++" in type(state).resample_hidden.__doc__, name
    # Every game has one now: the reference states keep the generic redeal.
    ref = cardsim.make("racing_demon", backend="reference").new_game(seed=1)
    assert "in C++" not in type(ref).resample_hidden.__doc__


@pytest.mark.parametrize(("name", "opts"), NATIVE, ids=[f"{n}{o}" for n, o in NATIVE])
def test_observation_unchanged_at_every_step(name, opts):
    game = cardsim.make(name, **opts)
    rng = np.random.default_rng(5)
    for seed in range(3):
        state = game.new_game(seed=seed)
        steps = 0
        while not state.is_terminal() and steps < 120:
            for p in range(game.num_players):
                other = state.resample_hidden(p, rng)
                assert other.observation(p) == state.observation(p), (seed, steps, p)
                assert other.legal_actions() == state.legal_actions() or (
                    state.current_player() != p
                )
                assert other.history == state.history
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1


@pytest.mark.parametrize(("name", "opts"), NATIVE, ids=[f"{n}{o}" for n, o in NATIVE])
def test_redeal_plays_on_and_is_seeded(name, opts):
    game = cardsim.make(name, **opts)
    state = game.new_game(seed=3)
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])
    a = state.resample_hidden(0, 11)
    b = state.resample_hidden(0, 11)
    assert a == b
    with pytest.raises(ValueError, match="cannot be pickled"):
        import pickle

        pickle.dumps(a)
    with pytest.raises(ValueError, match="no deal"):
        _ = a.deck
    while not a.is_terminal():
        a.apply_action(a.legal_actions()[0])
    with pytest.raises(ValueError):
        state.resample_hidden(game.num_players, 0)


def _hidden_of_rummy(state, player: int) -> tuple:
    d = state.to_dict()
    others = tuple(tuple(sorted(h)) for q, h in enumerate(d["hands"]) if q != player)
    return others, tuple(d["stock"])


def test_rummy_every_consistent_configuration_equally_likely():
    """Late in a deal with a short stock: enumerate the hidden cards' arrangements."""
    game = cardsim.make("rummy")
    state = game.new_game(seed=2)
    rng = np.random.default_rng(0)
    # Play greedy-ish (first legal) until the stock is small.
    while len(state.to_dict()["stock"]) > 3 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()
    d = state.to_dict()
    pile = set(d["discard_pile"])
    hand1 = [c for c in d["hands"][1]]
    # Player 0's view: the hidden cards are player 1's unshown cards and the stock.
    counts = Counter(_hidden_of_rummy(state.resample_hidden(0, rng), 0) for _ in range(6000))
    hidden = [c for c in hand1 if c not in pile] + list(d["stock"])
    n_hand = len([c for c in hand1 if c not in pile])
    # Every consistent configuration: a choice of the hand's unknown cards and an
    # order of the rest in the stock.
    known = tuple(c for c in hand1 if c in pile)
    configs = set()
    for chosen in combinations(hidden, n_hand):
        rest = list(hidden)
        for c in chosen:
            rest.remove(c)
        for order in permutations(rest):
            configs.add(((tuple(sorted(known + chosen)),), order))
    assert set(counts) <= configs
    if len(configs) <= 2000:
        expected = 6000 / len(configs)
        observed = [counts.get(c, 0) for c in sorted(configs)]
        assert _chi2_p(observed, [expected] * len(configs)) > 1e-3


def test_the_wall_redeal_is_uniform_over_the_face_down_cards():
    """Near the end of the stock: every arrangement of reserve + stock is equally likely."""
    game = cardsim.make("the_wall")
    # Seed 6 under this seeded random play reaches five face-down cards (101 moves).
    state = game.new_game(seed=6)
    play = np.random.default_rng(6)
    while (
        not state.is_terminal()
        and len(state.to_dict()["stock"]) + len(state.to_dict()["reserve"]) > 5
    ):
        legal = state.legal_actions()
        state.apply_action(legal[int(play.integers(len(legal)))])
    assert not state.is_terminal(), "the chosen line must reach a low stock"
    d = state.to_dict()
    places = list(d["reserve"]) + list(d["stock"])
    rng = np.random.default_rng(1)
    n = 4000
    counts = Counter()
    for _ in range(n):
        o = state.resample_hidden(0, rng).to_dict()
        counts[tuple(o["reserve"]) + tuple(o["stock"])] += 1
    configs = set(permutations(places))
    assert set(counts) <= configs
    observed = [counts.get(c, 0) for c in configs]
    assert _chi2_p(observed, [n / len(configs)] * len(configs)) > 1e-3


@pytest.mark.parametrize(
    ("name", "opts", "steps"), [("stack_gap", {"players": 2}, 2), ("rummy", {}, 4)]
)
def test_native_and_generic_agree_in_distribution(name, opts, steps):
    """Which card lands in the opponent's first unknown hand place: C++ and the
    generic redeal give the same distribution (chi-square, two samples).

    Stack Gap is compared before any discard: a discard shows that no card of
    that hand could be placed, which the generic redeal (by rejection) takes
    into account and the C++ one does not (docs/strategy.md)."""
    game = cardsim.make(name, **opts)
    state = game.new_game(seed=8)
    for _ in range(steps):
        state.apply_action(state.legal_actions()[0])
    rng = np.random.default_rng(3)
    n = 1500

    def stat(s) -> str:
        hands = s.to_dict()["hands"]
        return min(hands[1]) if hands[1] else "-"

    native = Counter(stat(state.resample_hidden(0, rng)) for _ in range(n))
    generic = Counter(stat(generic_resample(state, 0, rng)) for _ in range(n))
    keys = sorted(set(native) | set(generic))
    # Two-sample chi-square on the pooled categories.
    stat2 = 0.0
    for k in keys:
        tot = native[k] + generic[k]
        e = tot / 2
        stat2 += (native[k] - e) ** 2 / e + (generic[k] - e) ** 2 / e
    dof = max(1, len(keys) - 1)
    z = ((stat2 / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    assert 0.5 * math.erfc(z / math.sqrt(2)) > 1e-3


def _rd_places(s, q: int) -> list[str]:
    """Seat q's face-down places with their cards: the Pile, the hand, the waste."""
    seat = s.to_dict()["players"][q]
    return list(seat["pile"]) + list(seat["hand"]) + list(seat["waste"])


def test_racing_demon_redeal_stays_within_each_pack():
    """Each seat's hidden cards are redealt among that seat's places only; what
    shows (Pile top, line, waste top, the middle) does not move."""
    game = cardsim.make("racing_demon", players=3, move_cap=300)
    state = game.new_game(seed=4)
    play = np.random.default_rng(4)
    for _ in range(90):
        legal = state.legal_actions()
        state.apply_action(legal[int(play.integers(len(legal)))])
    assert not state.is_terminal()
    before = state.to_dict()
    rng = np.random.default_rng(2)
    moved = set()
    for _ in range(50):
        after = state.resample_hidden(1, rng).to_dict()
        assert after["foundations"] == before["foundations"]
        for q, (a, b) in enumerate(zip(after["players"], before["players"], strict=True)):
            assert a["line"] == b["line"]
            assert a["pile"][-1:] == b["pile"][-1:] and a["waste"][-1:] == b["waste"][-1:]
            assert len(a["hand"]) == len(b["hand"]) and len(a["waste"]) == len(b["waste"])
            assert sorted(a["pile"] + a["hand"] + a["waste"]) == sorted(
                b["pile"] + b["hand"] + b["waste"]
            )
            moved |= {
                (q, i) for i, (x, y) in enumerate(zip(a["pile"], b["pile"], strict=True)) if x != y
            }
    # Every seat's Pile below its top is hidden: redeals move it.
    assert {q for q, _ in moved} == {0, 1, 2}


def test_racing_demon_keeps_cards_once_the_waste_top():
    """One player (so card texts name cards): the redeal moves exactly the cards
    never seen, and keeps those turned up once, now face down in hand or waste."""
    from cardsim.envs.resample import seen_cards

    game = cardsim.make("racing_demon", players=1, move_cap=300)
    state = game.new_game(seed=8)
    # A full pass of the hand (turned three at a time), turned over, a few more turns.
    for _ in range(17):
        state.apply_action(state.legal_actions()[0])
    seat = state.to_dict()["players"][0]
    assert 0 < len(seat["waste"]) < 35 and seat["hand"], "the waste was turned over"
    seen = seen_cards(state, 0)
    places = _rd_places(state, 0)
    hidden = {c for c in places if c not in seen}
    assert len(hidden) > 12  # the Pile's twelve and the hand's unturned ones
    rng = np.random.default_rng(9)
    moved: set[str] = set()
    for _ in range(300):
        other = _rd_places(state.resample_hidden(0, rng), 0)
        moved |= {x for x, y in zip(places, other, strict=True) if x != y}
    assert moved == hidden


def _rd_small_position():
    """One player, one card at a time: the Pile played down to three cards (two
    hidden below the top) and all but two hand cards turned: four hidden cards."""
    pile = ["KH", "QH", "JH"] + [f"{r}C" for r in "T98765432A"]  # bottom .. top
    line = ["AD", "2D", "3D", "4D"]
    rest = list(cardsim.make("racing_demon", players=1).new_game(seed=0).deck)
    hand = [c for c in rest if c not in pile + line]
    game = cardsim.make("racing_demon", players=1, turn=1)
    state = game.new_game(deck=pile + line + hand)
    state.apply_action(state.string_to_action("p0 pile>new"))
    for _ in range(9):
        state.apply_action(state.string_to_action("p0 pile>f0"))
    for _ in range(33):
        state.apply_action(state.string_to_action("p0 turn"))
    assert not state.is_terminal()
    return state, hand[-2:]


def test_racing_demon_every_consistent_configuration_equally_likely():
    state, last_two = _rd_small_position()
    seat = state.to_dict()["players"][0]
    assert seat["pile"] == ["KH", "QH", "JH"] and seat["hand"] == last_two[::-1]
    hidden = ["KH", "QH"] + last_two
    rng = np.random.default_rng(0)
    n = 4800
    counts = Counter()
    for _ in range(n):
        o = state.resample_hidden(0, rng).to_dict()["players"][0]
        assert o["pile"][-1] == "JH" and o["waste"] == seat["waste"]
        counts[tuple(o["pile"][:2]) + tuple(o["hand"])] += 1
    configs = set(permutations(hidden))
    assert set(counts) == configs
    observed = [counts.get(c, 0) for c in configs]
    assert _chi2_p(observed, [n / len(configs)] * len(configs)) > 1e-3


@pytest.mark.parametrize("opts", [{}, {"match": True, "move_cap": 60}], ids=["round", "match"])
def test_racing_demon_native_and_generic_agree_in_distribution(opts):
    """One player (the generic redeal fixes a card text seen in any pack, the C++
    one only in its own pack, so they agree with one pack): the next card of the
    hand and the Pile's bottom card, after a pass of the hand, a turning over
    and a few plays."""
    game = cardsim.make("racing_demon", players=1, **opts)
    state = game.new_game(seed=8)
    play = np.random.default_rng(1)
    for _ in range(20):
        legal = state.legal_actions()
        state.apply_action(legal[int(play.integers(len(legal)))])
    assert not state.is_terminal() and state.to_dict()["players"][0]["hand"]
    rng = np.random.default_rng(3)
    n = 1500

    def stats(s) -> tuple[str, str]:
        seat = s.to_dict()["players"][0]
        return seat["hand"][-1], seat["pile"][0]

    native = [stats(state.resample_hidden(0, rng)) for _ in range(n)]
    generic = [stats(generic_resample(state, 0, rng)) for _ in range(n)]
    for k in range(2):
        a = Counter(x[k] for x in native)
        b = Counter(x[k] for x in generic)
        keys = sorted(set(a) | set(b))
        stat2 = sum((a[c] - b[c]) ** 2 / (a[c] + b[c]) for c in keys)
        dof = max(1, len(keys) - 1)
        z = ((stat2 / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
        assert 0.5 * math.erfc(z / math.sqrt(2)) > 1e-3, k


def test_racing_demon_match_redeal_draws_the_rounds_to_come_afresh():
    """The key of later rounds follows from the first deal: a redeal draws it
    afresh, so redealt matches go on to different next rounds."""
    game = cardsim.make("racing_demon", players=1, match=True, move_cap=5, max_rounds=3)
    state = game.new_game(seed=2)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    nexts = set()
    for seed in range(5):
        other = state.resample_hidden(0, seed)
        while other.to_dict()["round"] == 0:
            other.apply_action(other.legal_actions()[0])
        nexts.add(tuple(other.to_dict()["players"][0]["pile"]))
    assert len(nexts) == 5
