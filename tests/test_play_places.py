"""The play page knows a card by its place, not its name: with two cards of one
name in sight, the last move rings only the copy that moved, and a click on a
card stands for the moves of that very card."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardsim.play.server import view
from cardsim.play.session import Session, _changes, cards_of

SVG = "{http://www.w3.org/2000/svg}"

# Racing Demon, 3 players, seed 2026: each player has a deck of their own, and
# seat 0 sees two 2H (its own line's last column, seat 1's third) and two TH.
# The actions: p2 turn, p1 line1>new (AS), p0 turn five times, p0 waste>new (AH).
# Now seat 0 and seat 1 can each play their own 2H onto the hearts (f1).
PREFIX = [198, 138, 0, 0, 0, 0, 0, 78]
MINE = "/players/0/line/3/0"  # seat 0's 2H
THEIRS = "/players/1/line/2/0"  # seat 1's 2H
MY_2H_UP, THEIR_2H_UP = 54, 140  # "p0 line3>f1", "p1 line2>f1"


def _session():
    s = Session("racing_demon", seat=0, opponents="first", seed=2026, options={"players": 3})
    for a in PREFIX:
        s.state.apply_action(a)
    return s


def _drawn(drawing):
    """(data-place, data-card) of each card of a drawing."""
    return [
        (g.attrib["data-place"], g.attrib["data-card"])
        for g in ET.fromstring(drawing).iter(f"{SVG}g")
        if "data-card" in g.attrib
    ]


def test_the_position_shows_two_cards_of_one_name():
    s = _session()
    assert [s.state.action_to_string(a) for a in (MY_2H_UP, THEIR_2H_UP)] == [
        "p0 line3>f1",
        "p1 line2>f1",
    ]
    seen = cards_of(s.state.observation(0))
    assert seen[MINE] == seen[THEIRS] == "2H"
    drawn = _drawn(view(s)["svg"])
    assert sorted(p for p, c in drawn if c == "2H") == sorted([MINE, THEIRS])
    assert sorted(c for _, c in drawn).count("TH") == 2


def test_a_click_on_a_card_stands_for_the_moves_of_that_copy():
    s = _session()
    moves = {m["id"]: m["places"] for m in view(s)["moves"]}
    # Seat 0's own 2H is its move up; seat 1's 2H is no move of seat 0's (by name
    # alone it was: a click on seat 1's 2H played seat 0's).
    assert MINE in moves[MY_2H_UP]
    assert [a for a, places in moves.items() if THEIRS in places] == []
    assert [a for a, places in moves.items() if MINE in places] == [MY_2H_UP]
    # The page's own lookup (play.js: the moves whose places hold the card's data-place).
    drawn = dict(_drawn(view(s)["svg"]))
    assert all(p in drawn for places in moves.values() for p in places)


def test_an_opponents_move_rings_only_the_copy_it_moved():
    s = _session()
    before = set(cards_of(s.state.observation(0)).values())
    s._apply(1, THEIR_2H_UP)  # seat 1 plays its 2H onto the hearts
    v = view(s)
    last = v["last"]
    assert last["seat"] == 1 and last["text"] == "p1 line2>f1"
    after = cards_of(s.state.observation(0))
    up = "/foundations/1/cards/1"
    assert after[up] == "2H" and after[MINE] == "2H"
    # The 2H now on the hearts is ringed, seat 0's own 2H is not (nor the TH pair);
    # seat 1's Pile top filled the emptied column, so it moved too.
    assert sorted(last["moved"]) == sorted([up, THEIRS])
    assert after[THEIRS] == "5C"
    drawn = dict(_drawn(v["svg"]))
    assert [p for p in last["moved"] if drawn.get(p) == "2H"] == [up]
    # Seat 1's next Pile card, newly seen, is revealed, not moved.
    assert last["revealed"] == [after["/players/1/pile_top"]] == ["JC"]
    assert "JC" not in before


def test_my_move_of_my_copy_leaves_the_other_in_place():
    s = _session()
    s.move(MY_2H_UP, s.version)
    after = cards_of(s.state.observation(0))
    assert after["/foundations/1/cards/1"] == "2H" and after[THEIRS] == "2H"
    assert THEIRS not in s.log[-1]["moved"]
    assert "/foundations/1/cards/1" in s.log[-1]["moved"]


def test_a_hand_keeps_its_places_and_a_row_of_slots_each_slot():
    # A card leaving the middle of a hand moves it alone, not the cards after it.
    left, came = _changes(
        {"hand": ["2H", "7C", "7C", "KS"], "pile": ["3D"]},
        {"hand": ["2H", "7C", "KS"], "pile": ["3D", "7C"]},
    )
    assert len(left) == 1 and left[0] in ("/hand/1", "/hand/2") and came == ["/pile/1"]
    # In a row of slots (a grid with a gap), a card moving along the row moved.
    left, came = _changes({"grid": [["AH", None, "5S"]]}, {"grid": [["AH", "5S", None]]})
    assert left == ["/grid/0/2"] and came == ["/grid/0/1"]
    # Nothing changed, nothing moved.
    assert _changes({"top": "9C", "row": [None, "2D"]}, {"top": "9C", "row": [None, "2D"]}) == (
        [],
        [],
    )
