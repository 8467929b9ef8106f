"""A tiny contract game for the adapter tests: "snap race".

The registered games on a branch may have no simultaneous game and no
two-player game with decisions; this toy has both shapes (``simultaneous``
option), so the adapters' simultaneous and search paths run everywhere. It
follows the state contract through the reference base classes.

Rules: each of n players gets 3 cards (hidden from the others), then one card
goes face up to the centre and the rest is a face-down stock. A player may
play a card of their hand that matches the centre card's rank or suit (it
becomes the centre card); one who cannot play draws from the stock. Whoever
empties their hand first wins. When no one can move the game is a draw;
``move_cap`` moves truncate it. With ``simultaneous`` every player may act at
any time; otherwise they take turns and a player with no move passes.
Action id = seat * 53 + card index (play), seat * 53 + 52 (draw).
"""

from __future__ import annotations

from typing import Any

from cardsim.contract.constants import SIMULTANEOUS, TERMINAL
from cardsim.contract.traits import GameTraits
from cardsim.reference.base import Option, ReferenceGame, ReferenceState
from cardsim.reference.cards import check_deck, full_pack, rank, suit
from cardsim.reference.rng import GameRng

HAND = 3
PER_SEAT = 53
DRAW = 52
_PACK = full_pack()


class SnapRaceState(ReferenceState):
    def __init__(self, game: SnapRace, deck: list[str]) -> None:
        super().__init__(game)
        n = game.num_players
        self.hands = [sorted(deck[HAND * p : HAND * (p + 1)], key=_PACK.index) for p in range(n)]
        self.centre = deck[HAND * n]
        self.stock = list(deck[HAND * n + 1 :])
        self.turn = 0
        self.moves = 0
        self.sim = bool(game.options["simultaneous"])

    def _moves_of(self, p: int) -> list[int]:
        out = [
            p * PER_SEAT + _PACK.index(c)
            for c in self.hands[p]
            if rank(c) == rank(self.centre) or suit(c) == suit(self.centre)
        ]
        if self.stock and not out:
            out.append(p * PER_SEAT + DRAW)
        return sorted(out)

    def _over(self) -> bool:
        return (
            any(not h for h in self.hands)
            or self.moves >= self.game.options["move_cap"]
            or not any(self._moves_of(p) for p in range(self.num_players))
        )

    def is_terminal(self) -> bool:
        return self._over()

    def is_truncated(self) -> bool:
        return self.moves >= self.game.options["move_cap"] and all(self.hands)

    def current_player(self) -> int:
        if self._over():
            return TERMINAL
        return SIMULTANEOUS if self.sim else self.turn

    def legal_actions(self) -> list[int]:
        if self._over():
            return []
        if self.sim:
            return sorted(a for p in range(self.num_players) for a in self._moves_of(p))
        return self._moves_of(self.turn)

    def legal_actions_for(self, player: Any) -> list[int]:
        p = self.check_player(player)
        if self._over() or (not self.sim and p != self.turn):
            return []
        return self._moves_of(p)

    def why_illegal(self, action: int) -> str:
        return "" if action in self.legal_actions() else "not a legal move now"

    def _apply(self, action: int) -> None:
        p, local = divmod(action, PER_SEAT)
        if local == DRAW:
            self.hands[p].append(self.stock.pop())
            self.hands[p].sort(key=_PACK.index)
        else:
            card = _PACK[local]
            self.hands[p].remove(card)
            self.centre = card
        self.moves += 1
        if not self.sim and not self._over():
            n = self.num_players
            for k in range(1, n + 1):
                self.turn = (p + k) % n
                if self._moves_of(self.turn):
                    break

    def scores(self) -> list[int]:
        return [-len(h) for h in self.hands]

    def winners(self) -> list[int]:
        if not self._over() or self.is_truncated():
            return []
        return [p for p, h in enumerate(self.hands) if not h]

    def is_draw(self) -> bool:
        return self._over() and not self.is_truncated() and all(self.hands)

    def to_dict(self) -> dict[str, Any]:
        return {
            "current_player": self.current_player(),
            "hands": [list(h) for h in self.hands],
            "centre": self.centre,
            "stock": list(self.stock),
            "moves": self.moves,
        }

    def observation(self, player: Any) -> dict[str, Any]:
        p = self.check_player(player)
        return {
            "current_player": self.current_player(),
            "player": p,
            "hand": list(self.hands[p]),
            "hand_sizes": [len(h) for h in self.hands],
            "centre": self.centre,
            "stock_count": len(self.stock),
            "moves": self.moves,
        }

    def action_to_string(self, action: Any) -> str:
        a = self.check_action(action)
        p, local = divmod(a, PER_SEAT)
        return f"p{p} draw" if local == DRAW else f"p{p} play {_PACK[local]}"

    def _parse_action(self, text: str) -> int:
        for a in range(self.game.num_actions):
            if self.action_to_string(a) == text:
                return a
        raise ValueError(f"unknown action {text!r}")

    def __str__(self) -> str:
        return str(self.to_dict())


class SnapRace(ReferenceGame):
    name = "snap_race"
    option_specs = [
        Option("players", 2, "seats", range=(2, 4)),
        Option("simultaneous", True, "everyone may act at any time"),
        Option("move_cap", 60, "moves before truncation", range=(1, 1000)),
        # Fewer than 52: each deal uses a random part of the pack, so decks are not
        # shuffles of one fixed set (OpenSpiel's adapter must deal from a seed).
        Option("cards", 52, "cards in play, drawn from the pack", range=(20, 52)),
    ]

    @property
    def num_players(self) -> int:
        return int(self._options["players"])

    @property
    def num_actions(self) -> int:
        return self.num_players * PER_SEAT

    @property
    def traits(self) -> GameTraits:
        return GameTraits(
            dynamics="simultaneous" if self._options["simultaneous"] else "sequential",
            # A part of the pack is no fixed multiset: deal from a seed.
            deal="one_multiset" if self._options["cards"] == 52 else "seeded_only",
            max_decisions=self._options["move_cap"],
            per_seat_keys=("hand_sizes",),
            timed=False,
            match=False,
        )

    def random_deck(self, rng: GameRng) -> list[str]:
        deck = full_pack()
        rng.shuffle(deck)
        return deck[: self._options["cards"]]

    def parse_deck(self, deck: Any) -> list[str]:
        n = self._options["cards"]
        if n == 52:
            return check_deck(deck, full_pack(), self.name)
        if not isinstance(deck, list) or len(deck) != n:
            raise ValueError(f"{self.name} needs a deck of {n} cards")
        return check_deck(deck, deck if len(set(deck)) == n else full_pack(), self.name)

    def deal(self, deck: list[str]) -> SnapRaceState:
        return SnapRaceState(self, deck)
