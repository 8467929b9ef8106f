"""Text forms: card spellings in action texts, Hole in the Wall's actions named by
card, Code 9's short `suits` form, and a clear error for positional new_game."""

from __future__ import annotations

import random

import pytest

import cardsim


def _alternative_spellings(text: str) -> list[str]:
    """``text`` with its cards spelt as a deck also accepts them: lower case, 10 for T."""
    words = text.split(" ")
    out = []
    for variant in (str.lower, lambda w: w.replace("T", "10")):
        changed = []
        for w in words:
            head, sep, card = w.rpartition(":")
            if len(card) == 2 and card[0] in "A23456789TJQK" and card[1] in "CDHS":
                w = head + sep + variant(card)
            changed.append(w)
        out.append(" ".join(changed))
    return [t for t in out if t != text]


@pytest.mark.parametrize("name", ["stack_gap", "rummy"])
def test_string_to_action_reads_every_card_spelling(name, backend):
    game = cardsim.make(name, backend=backend)
    state = game.new_game(seed=4)
    rng = random.Random(0)
    tried = 0
    for _ in range(40):
        if state.is_terminal():
            break
        for a in state.legal_actions():
            for text in _alternative_spellings(state.action_to_string(a)):
                assert state.string_to_action(text) == a, text
                tried += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert tried > 0


def test_hole_in_the_wall_actions_named_by_card(backend):
    state = cardsim.make("hole_in_the_wall", backend=backend).new_game(seed=2)
    hand = state.observation(state.current_player())["hand"]
    for a in state.legal_actions():
        text = state.action_to_string(a)
        if text.startswith("place "):
            slot = int(text.split(" ")[1])
            by_card = text.replace(f"place {slot} ", f"place {hand[slot]} ", 1)
            assert state.string_to_action(by_card) == a
            lower = by_card.replace(hand[slot], hand[slot].lower())
            assert state.string_to_action(lower) == a
            assert state.string_to_action(text) == a  # the slot form stays an alias
    exchange = [a for a in state.legal_actions() if state.action_to_string(a) == "exchange 0,2"]
    if exchange:
        assert state.string_to_action(f"exchange {hand[2]},{hand[0]}") == exchange[0]
    missing = next(c for c in ("AS", "2S", "3S", "4S", "5S") if c not in hand)
    with pytest.raises(ValueError, match="not in the hand"):
        state.string_to_action(f"place {missing} r1c0 new")


def test_code9_suits_short_form(backend):
    short = cardsim.make("code9", backend=backend, suits="sh")
    assert short.options["suits"] == ["s", "h"]
    long = cardsim.make("code9", backend=backend, suits=["S", "H"])
    assert short.new_game(seed=1).deck == long.new_game(seed=1).deck
    with pytest.raises(ValueError, match="suit"):
        cardsim.make("code9", backend=backend, suits="SX")
    with pytest.raises(ValueError):
        cardsim.make("code9", backend=backend, suits="SHD")


def test_new_game_positional_is_a_clear_type_error(backend):
    game = cardsim.make("clock", backend=backend)
    with pytest.raises(TypeError, match=r"keywords only: new_game\(seed=\.\.\.\)"):
        game.new_game(7)
    assert game.new_game(seed=7).deck == cardsim.make("clock").new_game(seed=7).deck
