"""Information states for the OpenSpiel adapter: a compact perfect-recall string and a
fixed-size tensor, both built from a replay of the deal and the history.

The string spells the player's history as the *changes* of what they see: their
observation after the deal once, then per history entry a line with ``a<id>`` if
they took it and the observation's changed leaves (``path=value``; see
``leaf_diff``). Given the first observation, each line and the previous observation
determine the next one, so two histories give equal strings exactly when the
player's sequence of observations and own actions is equal (perfect recall).

The tensor is bounded whatever the move cap (``InfoTensorLayout``): the present
observation tensor, how far the deal and the history have gone, per action id how
often the player took it, the player's last ``LAST_OWN`` actions, the
observation tensors of the ``PAST_OBS`` previous history entries, and per card
where the player last saw it move: which seat's action moved it, and whether it
has gone out of the player's sight (a card an opponent took into a hidden hand).
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ..contract.protocols import Game
    from .tensor import Encoder

__all__ = [
    "CARDS",
    "CHUNK",
    "LAST_OWN",
    "PAST_OBS",
    "InfoTensorLayout",
    "InfoTrail",
    "compact_steps",
    "expand_steps",
    "flatten",
    "leaf_diff",
]

#: The player's own last actions kept one-hot in the tensor, most recent first.
LAST_OWN = 4
#: Observation tensors of this many previous history entries kept in the tensor.
PAST_OBS = 2
#: History lines deflated together in the information state string.
CHUNK = 64
#: Card indices of the whereabouts block: 0..51 clubs A..K, diamonds, hearts, spades; 52 the joker.
CARDS = 53
#: A card as a JSON string in a leaf's value (as ``cardsim.envs.resample`` finds them).
_CARD = re.compile(r'"([A2-9TJQK][CDHS]|JK)"')
_RANKS = "A23456789TJQK"


def _card_id(text: str) -> int:
    return 52 if text == "JK" else "CDHS".index(text[1]) * 13 + _RANKS.index(text[0])


def _cards_of(leaf: str | None) -> Counter[int]:
    """The cards a leaf's value names (its JSON strings that spell a card)."""
    if not leaf:
        return Counter()
    return Counter(_card_id(m) for m in _CARD.findall(leaf))


def flatten(obs: object, prefix: str = "", out: dict[str, str] | None = None) -> dict[str, str]:
    """An observation (JSON data) as ``{path: compact JSON of a scalar}``: dict keys and
    list indices joined by ``.``, a list's length under ``path#``, a list of
    scalars as one leaf, an empty dict as ``{}``. Injective: the observation is
    rebuilt from it."""
    if out is None:
        out = {}
    if isinstance(obs, dict):
        if not obs:
            out[prefix] = "{}"
        for k, v in obs.items():
            flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
    elif isinstance(obs, (list, tuple)) and all(
        not isinstance(v, (dict, list, tuple)) for v in obs
    ):
        # A list of scalars (a hand, a pile) is one leaf: a card put in or taken out
        # shifts the others, which as separate leaves would all change.
        out[prefix] = json.dumps(obs, separators=(",", ":"))
    elif isinstance(obs, (list, tuple)):
        out[prefix + "#"] = str(len(obs))
        for i, v in enumerate(obs):
            flatten(v, f"{prefix}.{i}" if prefix else str(i), out)
    else:
        out[prefix] = json.dumps(obs, separators=(",", ":"))
    return out


def leaf_diff(before: dict[str, str], after: dict[str, str]) -> str:
    """``after`` relative to ``before``: ``path=value`` for each new or changed leaf and
    ``path!`` for each removed one, sorted, space-separated. ``before`` and this
    string give back ``after`` exactly."""
    parts = [f"{k}={v}" for k, v in after.items() if before.get(k) != v]
    parts += [f"{k}!" for k in before if k not in after]
    parts.sort()
    return " ".join(parts)


def compact_steps(lines: list[str]) -> str:
    """History lines as one compact word: deflated (zlib, level 9) and spelled in base
    64, an exact (invertible) and deterministic spelling."""
    return base64.b64encode(zlib.compress("\n".join(lines).encode(), 9)).decode("ascii")


def expand_steps(text: str) -> list[str]:
    """The history lines of an information state string's second line (the inverse
    of the chunked ``compact_steps``; to read a string back, e.g. in a test)."""
    out: list[str] = []
    for word in text.split(" "):
        out += zlib.decompress(base64.b64decode(word)).decode().split("\n")
    return out


@dataclass(frozen=True)
class InfoTensorLayout:
    """Offsets of the information state tensor (floats): ``obs`` the observation
    tensor's size, ``actions`` the number of action ids."""

    obs: int
    actions: int
    #: Seats of the game (the whereabouts block has a plane per seat).
    players: int = 1

    @property
    def progress(self) -> int:
        """[progress]: the deal's fraction drawn; [progress+1]: history entries seen
        over the game's bound of decisions (capped at 1)."""
        return self.obs

    @property
    def counts(self) -> int:
        """Per action id, how many times the player took it."""
        return self.obs + 2

    @property
    def last_own(self) -> int:
        """``LAST_OWN`` one-hot blocks of the player's own last actions, newest first."""
        return self.counts + self.actions

    @property
    def past_obs(self) -> int:
        """``PAST_OBS`` observation tensors: before the latest entry, before the one
        before it (zeros where the history is shorter)."""
        return self.last_own + LAST_OWN * self.actions

    @property
    def moved_by(self) -> int:
        """``players`` planes of ``CARDS``: plane k marks each card whose last move the
        player saw was made by seat (p + k) mod n (plane 0: the player's own)."""
        return self.past_obs + PAST_OBS * self.obs

    @property
    def out_of_sight(self) -> int:
        """``CARDS``: each card the player has seen that their observation no longer
        shows (taken into a hidden hand, turned face down, ...)."""
        return self.moved_by + self.players * CARDS

    @property
    def size(self) -> int:
        return self.out_of_sight + CARDS


class InfoTrail:
    """A replay of one line of play, brought up to date on demand: per player the
    string's lines and the tensor's history summary. Copied (not rebuilt) when the
    state is cloned, so each action is replayed once per line of play."""

    __slots__ = (
        "counts",
        "done",
        "ever",
        "flat",
        "last_own",
        "lines",
        "mover",
        "obs_hist",
        "packed",
        "replay",
        "visible",
    )

    def __init__(self, game: Game, deck: list[str], encoder: Encoder, num_actions: int) -> None:
        self.replay = game.new_game(deck=list(deck))
        n = game.num_players
        self.flat: list[dict[str, str]] = []
        self.lines: list[list[str]] = []
        for q in range(n):
            f = flatten(self.replay.observation(q))
            self.flat.append(f)
            self.lines.append([" ".join(f"{k}={v}" for k, v in f.items())])
        #: Per player, the full chunks of history lines, packed (``text``).
        self.packed: list[list[str]] = [[] for _ in range(n)]
        self.counts = np.zeros((n, num_actions), np.float32)
        self.last_own: list[list[int]] = [[] for _ in range(n)]
        # Per player, the observation tensors of the last PAST_OBS + 1 entries
        # (bytes: atoms to copy), newest last.
        first = [encoder.encode_state(self.replay, q).reshape(-1).tobytes() for q in range(n)]
        self.obs_hist: list[list[bytes]] = [[b] for b in first]
        #: Per player, per card, how many leaves of their observation name it now.
        self.visible: list[Counter[int]] = []
        for f in self.flat:
            seen: Counter[int] = Counter()
            for v in f.values():
                seen.update(_cards_of(v))
            self.visible.append(seen)
        #: Per player, the cards they have ever seen; and the relative seat that last
        #: moved each card in their sight (-1: none seen).
        self.ever = np.zeros((n, CARDS), bool)
        for q, seen in enumerate(self.visible):
            self.ever[q, list(seen)] = True
        self.mover = np.full((n, CARDS), -1, np.int8)
        self.done = 0

    def __deepcopy__(self, memo: dict[int, object]) -> InfoTrail:
        out = InfoTrail.__new__(InfoTrail)
        out.replay = self.replay.clone()
        out.flat = list(self.flat)  # dicts are replaced, never changed in place
        out.lines = [list(x) for x in self.lines]
        out.packed = [list(x) for x in self.packed]
        out.counts = self.counts.copy()
        out.last_own = [list(x) for x in self.last_own]
        out.obs_hist = [list(x) for x in self.obs_hist]
        out.visible = [Counter(x) for x in self.visible]
        out.ever = self.ever.copy()
        out.mover = self.mover.copy()
        out.done = self.done
        return out

    def advance(self, history: list[int], encoder: Encoder) -> None:
        """Replays ``history[done:]``."""
        n = len(self.lines)
        for action in history[self.done :]:
            a = int(action)
            actor = self.replay.current_player()
            self.replay.apply_action(a)
            for q in range(n):
                f = flatten(self.replay.observation(q))
                diff = leaf_diff(self.flat[q], f)
                self._track_cards(q, (actor - q) % n, self.flat[q], f)
                self.flat[q] = f
                if q == actor:
                    self.lines[q].append(f"a{a} {diff}" if diff else f"a{a}")
                    self.counts[q, a] += 1.0
                    self.last_own[q] = [a, *self.last_own[q][: LAST_OWN - 1]]
                else:
                    self.lines[q].append(diff)
                hist = self.obs_hist[q]
                hist.append(encoder.encode_state(self.replay, q).reshape(-1).tobytes())
                if len(hist) > PAST_OBS + 1:
                    del hist[0]
        self.done = len(history)

    def _track_cards(
        self, q: int, seat: int, before: dict[str, str], after: dict[str, str]
    ) -> None:
        """Player ``q``'s card whereabouts after an action of relative seat ``seat``: a
        card put into or taken out of a changed leaf moved (a pile's other cards only
        shift); the visible counts follow the changed leaves."""
        seen = self.visible[q]
        for key in {*before, *after}:
            old, new = before.get(key), after.get(key)
            if old == new:
                continue
            a, b = _cards_of(old), _cards_of(new)
            seen.subtract(a)
            seen.update(b)
            for c in (a - b) | (b - a):
                self.mover[q, c] = seat
                self.ever[q, c] = True

    def text(self, player: int) -> str:
        """The string: the first line as is, then the history's lines in chunks of
        ``CHUNK``, each deflated and spelled in base 64 (``compact_steps``), the
        chunks separated by spaces. A full chunk never changes, so it is packed
        once per line of play: a call costs one partial chunk, not the history."""
        lines = self.lines[player]
        packed = self.packed[player]
        while (len(packed) + 1) * CHUNK < len(lines):
            k = len(packed)
            packed.append(compact_steps(lines[1 + k * CHUNK : 1 + (k + 1) * CHUNK]))
        rest = lines[1 + len(packed) * CHUNK :]
        parts = [lines[0], " ".join([*packed, compact_steps(rest)] if rest else packed)]
        return "\n".join(parts) if len(lines) > 1 else lines[0]

    def write(self, player: int, layout: InfoTensorLayout, bound: int, out: np.ndarray) -> None:
        """Writes the tensor of a dealt state (``bound``: the game's bound on decisions)."""
        out.fill(0.0)
        hist = self.obs_hist[player]
        out[: layout.obs] = np.frombuffer(hist[-1], np.float32)
        out[layout.progress] = 1.0
        out[layout.progress + 1] = min(1.0, self.done / bound) if bound else 1.0
        out[layout.counts : layout.counts + layout.actions] = self.counts[player]
        for k, a in enumerate(self.last_own[player]):
            out[layout.last_own + k * layout.actions + a] = 1.0
        for k in range(PAST_OBS):
            if len(hist) >= k + 2:
                start = layout.past_obs + k * layout.obs
                out[start : start + layout.obs] = np.frombuffer(hist[-2 - k], np.float32)
        mover = self.mover[player]
        cards = np.flatnonzero(mover >= 0)
        out[layout.moved_by + mover[cards].astype(np.int64) * CARDS + cards] = 1.0
        seen = self.visible[player]
        gone = [c for c in np.flatnonzero(self.ever[player]) if seen[int(c)] <= 0]
        out[[layout.out_of_sight + int(c) for c in gone]] = 1.0
