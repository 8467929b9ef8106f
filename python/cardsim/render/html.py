"""A self-contained HTML page that steps through one game.

``html_page(state)`` replays the game's deal and actions and draws every
position with ``cardsim.render.svg``, in the full view and in each seat's view.
The page needs no network and loads nothing: the drawings and the texts sit in
one JSON block, read by a small inline script. Every string a record brings is
escaped: texts are set with ``textContent``; the drawings come from the
renderer, which escapes every text it draws; the data block is deflated JSON
in base64, which holds no character that could close its ``<script>`` element.

Keys: left/right arrows step, Home/End jump to the start/end.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING

from ..records.format import record
from ..records.trajectory import actor
from . import public_scores, svg
from .status import status

if TYPE_CHECKING:
    from .._typing import JSONValue
    from ..records.format import RecordedState

__all__ = ["html_page", "positions"]


def positions(state: RecordedState) -> list[dict[str, object]]:
    """Every position of ``state``'s game from the deal on: drawings (full and
    per seat), the action that led to it (its text and seat) and the scores."""
    replay = state.game.new_game(deck=list(state.deck))
    n = state.num_players

    def snap(action: str, seat: int | None) -> dict[str, object]:
        return {
            "action": action,
            "seat": seat,
            "scores": [int(s) for s in replay.scores()],
            "status": status(replay),
            "full": svg(replay),
            "seats": [svg(replay, player=p) for p in range(n)],
        }

    out = [snap("the deal", None)]
    for a in state.history:
        seat = actor(replay, a)
        text = replay.action_to_string(a)
        replay.apply_action(a)
        out.append(snap(text, seat))
    return out


def _packed(value: object) -> str:
    """The JSON of ``value``, deflated (raw) and base64-encoded: drawings of
    successive positions repeat almost everything, so a long game shrinks some
    twentyfold. Base64 holds no character that could end a <script> element."""
    text = json.dumps(value, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(packer.compress(text) + packer.flush()).decode("ascii")


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>{title}</title>
<style>
body {{ font-family: DejaVu Sans, Arial, sans-serif; margin: 12px; background: #fafafa; }}
#bar button {{ font-size: 14px; min-width: 60px; }}
#meta {{ font-size: 13px; color: #444; margin-bottom: 8px; }}
#bar select, #bar span {{ margin-left: 10px; font-size: 14px; }}
#info {{ margin: 8px 0; font-size: 14px; }}
#info div {{ margin: 2px 0; }}
#drawing svg {{ border: 1px solid #ccc; max-width: 100%; height: auto; }}
</style></head>
<body>
<h2 id="title"></h2>
<div id="meta"></div>
<div id="bar">
 <button id="first" title="first position (Home)">&laquo; first</button>
 <button id="prev" title="previous (left arrow)">&lsaquo; back</button>
 <button id="next" title="next (right arrow)">next &rsaquo;</button>
 <button id="last" title="last position (End)">last &raquo;</button>
 <span id="counter"></span>
 <select id="view" aria-label="view"></select>
</div>
<div id="info">
 <div>action: <b id="action"></b></div>
 <div>scores: <b id="scores"></b></div>
 <div id="status"></div>
</div>
<div id="drawing"></div>
<script type="application/octet-stream" id="game-data">{data}</script>
<script>
"use strict";
async function unpack(b64) {{
  const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await new Response(stream).text());
}}
unpack(document.getElementById("game-data").textContent.trim()).then((data) => {{
  const pos = data.positions;
  let k = 0;
  const $ = (id) => document.getElementById(id);
  $("title").textContent = data.title;
  $("meta").textContent = data.meta;
  const view = $("view");
  const add = (value, label) => {{
    const o = document.createElement("option");
    o.value = value; o.textContent = label; view.appendChild(o);
  }};
  add("full", "full view");
  for (let p = 0; p < data.num_players; p++) add(String(p), "seat " + p + "'s view");
  function show() {{
    const here = pos[k];
    $("counter").textContent = "position " + k + " of " + (pos.length - 1);
    const who = here.seat === null ? "" : "seat " + here.seat + ": ";
    $("action").textContent = who + here.action;
    const open = view.value === "full" || data.public_scores || k === pos.length - 1;
    $("scores").textContent = open
      ? here.scores.map((s, p) => "seat " + p + " " + s).join(", ")
      : "shown at the end (they count hidden cards)";
    $("status").textContent = here.status;
    // The drawings come from cardsim's renderer, which escapes every text.
    $("drawing").innerHTML = view.value === "full" ? here.full : here.seats[Number(view.value)];
    $("prev").disabled = $("first").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === pos.length - 1;
  }}
  const go = (to) => {{ k = Math.max(0, Math.min(pos.length - 1, to)); show(); }};
  $("first").onclick = () => go(0);
  $("prev").onclick = () => go(k - 1);
  $("next").onclick = () => go(k + 1);
  $("last").onclick = () => go(pos.length - 1);
  view.onchange = show;
  document.addEventListener("keydown", (e) => {{
    if (e.target === view) return;
    if (e.key === "ArrowRight") go(k + 1);
    else if (e.key === "ArrowLeft") go(k - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(pos.length - 1);
    else return;
    e.preventDefault();
  }});
  show();
  document.body.dataset.ready = "1";
}});
</script>
</body></html>
"""


def html_page(
    state: RecordedState, source: Mapping[str, JSONValue] | None = None, version: str | None = None
) -> str:
    """The replay page of ``state``'s game (a str of HTML).

    ``source`` (seed, index, policy) and ``version`` (the cardsim version a
    record was written with) are shown as text when given.
    """
    rec = record(state)
    meta = (
        f"{len(rec['actions'])} actions; recorded with cardsim {version or rec['cardsim_version']}"
    )
    if source:
        meta += "; " + ", ".join(f"{k} {v}" for k, v in source.items())
    opts = ", ".join(f"{k}={v}" for k, v in rec["options"].items())
    meta += f"; options: {opts}"
    title = f"{rec['game']}: replay"
    data = {
        "title": title,
        "meta": meta,
        "num_players": state.num_players,
        "public_scores": public_scores(rec["game"]),
        "positions": positions(state),
    }
    return _PAGE.format(title=escape(title), data=_packed(data))
