// cardsim play: the page asks the local server for its game and shows it.
// Every text is set with textContent; only the server's drawing (escaped SVG
// made by cardsim.render.svg) goes in as markup.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let view = null;
  let busy = false;
  let timer = null;

  function message(text) { $("message").textContent = text || ""; }

  async function call(method, path, body) {
    const init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const r = await fetch(path, init);
    let data = null;
    try { data = await r.json(); } catch (e) { data = { error: "the server sent no JSON" }; }
    if (!r.ok) {
      message(data.error || ("refused: " + r.status));
      if (r.status === 409 && view) { await refresh(); message(data.error); }
      return null;
    }
    return data;
  }

  async function refresh() {
    const data = await call("GET", "/api/state?sid=" + encodeURIComponent(view.sid));
    if (data) show(data);
  }

  async function post(path, extra) {
    if (busy || !view) return null;
    busy = true;
    try {
      const body = Object.assign({ sid: view.sid, version: view.version }, extra || {});
      const data = await call("POST", path, body);
      if (data && data.version !== undefined) { message(""); show(data); }
      return data;
    } finally { busy = false; }
  }

  function play(id) { return post("/api/move", { action: id }); }

  function moveButton(m, i) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = String(m.id);
    b.dataset.index = String(i);
    b.textContent = m.text;
    b.addEventListener("click", () => play(m.id));
    li.appendChild(b);
    return li;
  }

  // A card of the drawing is known by its place (data-place: its key path in
  // your seat's view), never by its name: two cards of one name stay two.
  function movesFrom(place) {
    return view.moves.filter((m) => m.places.indexOf(place) >= 0);
  }

  function wireDrawing() {
    const last = view.last;
    const ringed = last && last.seat !== view.seat ? last.moved : [];
    for (const g of $("drawing").querySelectorAll("g.card[data-place]")) {
      const place = g.getAttribute("data-place");
      if (ringed.indexOf(place) >= 0) g.classList.add("lastmove");
      const moves = movesFrom(place);
      if (!moves.length) continue;
      g.classList.add("playable");
      g.addEventListener("click", () => {
        if (moves.length === 1) { play(moves[0].id); return; }
        for (const b of $("moves").querySelectorAll("button")) {
          b.classList.toggle("chosen", moves.some((m) => String(m.id) === b.dataset.action));
        }
        message(g.getAttribute("data-card") + ": " + moves.length +
          " moves use this card; choose one in the list");
      });
    }
  }

  function unchanged(data) {
    return view && data.sid === view.sid && data.version === view.version &&
      data.actions === view.actions && data.terminal === view.terminal;
  }

  function show(data) {
    if (view && data.sid === view.sid && (data.version < view.version ||
        (data.version === view.version && data.actions < view.actions))) {
      return;  // an older answer overtaken by a newer one (a poll and a click crossed)
    }
    if (unchanged(data)) {
      // A race's poll with nothing new: keep the drawing (and a hint's mark) as it is.
      view = data;
      $("status").textContent = data.status;
      schedule();
      return;
    }
    // In a race the opponents' moves redraw the page often: the move list is kept
    // (and a click on it lands) while your moves stay the same.
    const sameMoves = view && view.sid === data.sid &&
      JSON.stringify(view.moves) === JSON.stringify(data.moves);
    const moved = !view || view.version !== data.version;
    view = data;
    const main = $("game");
    main.dataset.terminal = data.terminal ? "true" : "false";
    main.dataset.currentPlayer = String(data.current_player);
    main.dataset.version = String(data.version);
    main.dataset.actions = String(data.actions);
    main.dataset.sid = data.sid;
    $("title").textContent = "cardsim play: " + data.game;
    $("meta").textContent = "you are seat " + data.seat + " of " + data.players +
      "; opponents: " + data.opponents + "; deal seed " + data.seed + "; " +
      data.actions + " actions so far";
    $("status").textContent = data.status;
    $("last").textContent = data.last ? "last move: " +
      (data.last.seat === data.seat ? "you" : "seat " + data.last.seat) + " played " +
      data.last.text + (data.last.seat === data.seat && data.last.revealed.length ?
        " (you now see " + data.last.revealed.join(" ") + ")" : "") : "the deal";
    $("drawing").innerHTML = data.svg;
    if (!sameMoves) {
      $("moves").replaceChildren(...data.moves.map(moveButton));
    } else if (moved) {
      // A move of yours since: the hint and the marks were for the position before.
      for (const btn of $("moves").querySelectorAll("button")) btn.classList.remove("hinted", "chosen");
    }
    $("moves-box").hidden = data.terminal;
    $("undo").disabled = !data.can_undo;
    $("hint").disabled = !data.moves.length;
    $("next").disabled = !data.waiting.length;
    const race = !!data.race;
    $("race-box").hidden = !race;
    $("pause-box").hidden = race;
    $("auto-label").textContent = race ? "race in real time" : "play the opponents on their own";
    if (race) {
      $("auto").checked = data.race.running;
      const sel = $("race-speed");
      const ms = String(data.race.mean_ms);
      if (![...sel.options].some((o) => o.value === ms)) {
        const o = document.createElement("option");
        o.value = ms;
        o.textContent = (data.race.mean_ms / 1000) + " s";
        sel.appendChild(o);
      }
      sel.value = ms;
    }
    const end = $("end");
    end.hidden = !data.terminal;
    if (data.terminal) {
      $("result").textContent = data.status + "; scores " +
        data.scores.map((s, p) => "seat " + p + " " + s).join(", ");
      $("record").href = "/api/record?sid=" + encodeURIComponent(data.sid);
      $("record").setAttribute("data-record", data.game + "-" + data.seed + ".json");
    }
    wireDrawing();
    schedule();
  }

  function schedule() {
    if (timer) { clearTimeout(timer); timer = null; }
    if (!view || view.terminal || !$("auto").checked) return;
    if (view.race) {
      // A race: the server's clock moves the opponents; the page looks every 150 ms.
      timer = setTimeout(() => { timer = null; if (busy) schedule(); else refresh(); }, 150);
      return;
    }
    if (!view.waiting.length) return;
    timer = setTimeout(() => {
      timer = null;
      if (busy) schedule(); else post("/api/step");  // a click in flight: try again after it
    }, Number($("speed").value));
  }

  function clock() {
    if (!view || !view.race) { schedule(); return; }
    post("/api/clock", { running: $("auto").checked, mean_ms: Number($("race-speed").value) });
  }

  async function start(same) {
    const body = same && view ? { same: view.sid } : {};
    const data = await call("POST", "/api/new", body);
    // A race is dealt paused: it starts (or not) as the checkbox says.
    const running = $("auto").checked;
    if (data) { message(""); show(data); if (data.race) { $("auto").checked = running; clock(); } }
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("next").addEventListener("click", () => post("/api/step"));
    $("undo").addEventListener("click", () => post("/api/undo"));
    $("auto").addEventListener("change", clock);
    $("speed").addEventListener("change", schedule);
    $("race-speed").addEventListener("change", clock);
    $("new").addEventListener("click", () => start(false));
    $("same").addEventListener("click", () => start(true));
    $("hint").addEventListener("click", async () => {
      const data = await post("/api/hint");
      if (!data || data.hint === null) return;
      for (const b of $("moves").querySelectorAll("button")) {
        b.classList.toggle("hinted", b.dataset.action === String(data.hint));
      }
      message("hint: " + data.text);
    });
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.altKey || e.metaKey || !/^[0-9]$/.test(e.key) || !view) return;
      const m = view.moves[Number(e.key)];
      if (m) { e.preventDefault(); play(m.id); }
    });
    start(false).then(() => { document.body.dataset.ready = "1"; });
  });
})();
