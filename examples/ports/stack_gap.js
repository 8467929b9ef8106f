#!/usr/bin/env node
// Stack Gap Wall Builder (`stack_gap`) in JavaScript, written from the rules page
// docs/rules/stack_gap.md alone, speaking cardsim's port protocol (version 1,
// docs/testing.md, "Ports in any language") through protocol.js. Options `players`
// (1 or 2) and `jokers`.
//
// Check it:  cardsim check-port stack_gap -- node examples/ports/stack_gap.js
//            cardsim check-port stack_gap --players 2 --option jokers=true -- node examples/ports/stack_gap.js
// With --plant-bug it misreads "fits": a card equal to the gap's lower edge fits too.
"use strict";

const { serve, IllegalAction, InvalidArgument } = require("./protocol.js");

const TERMINAL = -4;
const RANKS = "A23456789TJQK"; // value = index + 1: A = 1 .. K = 13
const JOKER = "JK";
const DISCARD = 135; // 135 + hand index; placements are (hand * 15 + slot) * 3 + declaration
const NUM_ACTIONS = 138;
const LEVEL_START = [0, 5, 9, 12, 14]; // first slot of levels 1..5; level L has 6 - L slots
const DECLARED = ["", " low", " high"];
const PLANTED = process.argv.includes("--plant-bug");

function levelOf(slot) {
  let level = 5;
  while (LEVEL_START[level - 1] > slot) level -= 1;
  return level;
}

function value(card) {
  return RANKS.indexOf(card[0]) + 1;
}

function pack(jokers) {
  const cards = [];
  for (const suit of "CDHS") for (const rank of RANKS) cards.push(rank + suit);
  if (jokers) cards.push(JOKER, JOKER);
  return cards;
}

class StackGap {
  constructor(options, deck) {
    const known = { players: 1, jokers: false };
    for (const [name, v] of Object.entries(options)) {
      if (!(name in known)) throw new InvalidArgument(`unknown option ${name}`);
      known[name] = v;
    }
    const { players, jokers } = known;
    if (players !== 1 && players !== 2) throw new InvalidArgument("players is 1 or 2");
    if (typeof jokers !== "boolean") throw new InvalidArgument("jokers is true or false");
    const want = pack(jokers).sort().join(",");
    if (!Array.isArray(deck) || deck.slice().sort().join(",") !== want) {
      throw new InvalidArgument(`the deck must be exactly the ${jokers ? 54 : 52}-card pack`);
    }
    this.players = players;
    this.wall = new Array(15).fill(null); // {card, value} or null, slot by slot
    let i = 0;
    const aside = []; // jokers met while dealing level 1, the first on top
    for (let slot = 0; slot < 5; i++) {
      if (deck[i] === JOKER) aside.push(deck[i]);
      else this.wall[slot++] = { card: deck[i], value: value(deck[i]) };
    }
    this.hands = [];
    for (let p = 0; p < players; p++) this.hands.push(deck.slice(i, (i += 3)));
    // Bottom first: the jokers set aside (the second under the first), then the rest of
    // the deck with its next card on top.
    this.drawPile = [...aside.reverse(), ...deck.slice(i).reverse()];
    this.rubble = Array.from({ length: players }, () => []);
    this.points = new Array(players).fill(0);
    this.player = 0;
    this.ending = null;
    this.endedBy = null;
    this.winner = null; // a seat, or null
  }

  isTerminal() {
    return this.ending !== null;
  }
  currentPlayer() {
    return this.isTerminal() ? TERMINAL : this.player;
  }

  // The gap under an empty slot above level 1 whose two supports are filled, or null.
  gap(slot) {
    if (slot < 5 || this.wall[slot] !== null || this.isTerminal()) return null;
    const level = levelOf(slot);
    const j = slot - LEVEL_START[level - 1];
    const below = LEVEL_START[level - 2] + j;
    const a = this.wall[below];
    const b = this.wall[below + 1];
    if (a === null || b === null) return null;
    return { lo: Math.min(a.value, b.value), hi: Math.max(a.value, b.value), level };
  }

  placements() {
    const out = [];
    const hand = this.hands[this.player];
    for (let h = 0; h < hand.length; h++) {
      for (let slot = 5; slot < 15; slot++) {
        const g = this.gap(slot);
        if (g === null) continue;
        if (hand[h] === JOKER) {
          if (g.hi - g.lo - 1 >= 1) out.push((h * 15 + slot) * 3 + 1, (h * 15 + slot) * 3 + 2);
        } else if ((PLANTED ? g.lo <= value(hand[h]) : g.lo < value(hand[h])) && value(hand[h]) < g.hi) {
          out.push((h * 15 + slot) * 3);
        }
      }
    }
    return out;
  }

  legalActions() {
    if (this.isTerminal()) return [];
    const places = this.placements();
    if (places.length) return places.sort((x, y) => x - y);
    return this.hands[this.player].map((_, h) => DISCARD + h);
  }

  apply(action) {
    if (!this.legalActions().includes(action)) {
      throw new IllegalAction(`illegal action ${JSON.stringify(action)}`);
    }
    const p = this.player;
    const hand = this.hands[p];
    if (action >= DISCARD) {
      this.rubble[p].push(hand.splice(action - DISCARD, 1)[0]);
      if (this.rubble[p].length === 3) return this.end("rubble", p, this.players === 2 ? 1 - p : null);
    } else {
      const h = Math.floor(action / 45);
      const slot = Math.floor(action / 3) % 15;
      const declaration = action % 3;
      const g = this.gap(slot);
      const card = hand.splice(h, 1)[0];
      if (card === JOKER) {
        this.wall[slot] = { card, value: declaration === 1 ? g.lo : g.hi };
      } else {
        this.wall[slot] = { card, value: value(card) };
        this.points[p] += g.hi - g.lo - 1 + g.level;
      }
      if (g.level === 5) return this.end("level 5", p, p);
    }
    while (hand.length < 3 && this.drawPile.length) hand.push(this.drawPile.pop());
    if (this.hands.every((cards) => cards.length === 0)) {
      // Every hand and the draw pile empty: the higher score wins (solo: a loss).
      let winner = null;
      if (this.players === 2 && this.points[0] !== this.points[1]) {
        winner = this.points[0] > this.points[1] ? 0 : 1;
      }
      return this.end("exhausted", null, winner);
    }
    // Turns alternate; a player with no cards in hand skips the turn.
    do this.player = (this.player + 1) % this.players;
    while (this.hands[this.player].length === 0);
  }

  end(ending, by, winner) {
    this.ending = ending;
    this.endedBy = by;
    this.winner = winner;
  }

  scores() {
    return this.points.slice();
  }
  isTruncated() {
    return false;
  }
  winners() {
    return this.winner === null ? [] : [this.winner];
  }
  isDraw() {
    return this.ending === "exhausted" && this.players === 2 && this.winner === null;
  }
  levels() {
    return LEVEL_START.map((start, k) => this.wall.slice(start, start + 5 - k).map((s) => s && { ...s }));
  }
  toDict() {
    return {
      current_player: this.currentPlayer(),
      wall: this.levels(),
      hands: this.hands.map((h) => h.slice()),
      draw_pile: this.drawPile.slice(),
      rubble: this.rubble.map((r) => r.slice()),
      scores: this.scores(),
      ending: this.ending,
      ended_by: this.endedBy,
    };
  }
  observation(player) {
    if (!Number.isInteger(player) || player < 0 || player >= this.players) {
      throw new InvalidArgument(`no seat ${JSON.stringify(player)}`);
    }
    return {
      player,
      current_player: this.currentPlayer(),
      wall: this.levels(),
      hand: this.hands[player].slice(),
      hand_sizes: this.hands.map((h) => h.length),
      draw_pile_size: this.drawPile.length,
      rubble: this.rubble.map((r) => r.slice()),
      scores: this.scores(),
      ending: this.ending,
      ended_by: this.endedBy,
    };
  }
  legalActionMask() {
    const mask = new Array(NUM_ACTIONS).fill(false);
    for (const a of this.legalActions()) mask[a] = true;
    return mask;
  }

  // Whose hand the texts name: the player to move, player 0 once the game is over.
  textHand() {
    return this.hands[this.isTerminal() ? 0 : this.player];
  }
  actionToString(action) {
    if (!Number.isInteger(action) || action < 0 || action >= NUM_ACTIONS) {
      throw new InvalidArgument(`no action ${JSON.stringify(action)}`);
    }
    const hand = this.textHand();
    const h = action >= DISCARD ? action - DISCARD : Math.floor(action / 45);
    if (h >= hand.length) throw new InvalidArgument(`no card at hand index ${h}`);
    if (action >= DISCARD) return `discard ${h}:${hand[h]}`;
    const slot = Math.floor(action / 3) % 15;
    const level = levelOf(slot);
    return `place ${h}:${hand[h]} L${level}.${slot - LEVEL_START[level - 1]}${DECLARED[action % 3]}`;
  }
  stringToAction(text) {
    const m = /^(place|discard) ([0-2])(?::(\S+))?(?: L([1-5])\.([0-4]))?(?: (low|high))?$/.exec(
      typeof text === "string" ? text : "",
    );
    if (!m) throw new InvalidArgument(`not an action: ${JSON.stringify(text)}`);
    const [, verb, hText, card, level, pos, declared] = m;
    const h = Number(hText);
    const hand = this.textHand();
    if (card !== undefined && hand[h] !== card) {
      throw new InvalidArgument(`hand index ${h} does not hold ${card}`);
    }
    if (verb === "discard") {
      if (level !== undefined || declared !== undefined) throw new InvalidArgument(`not an action: ${text}`);
      return DISCARD + h;
    }
    if (level === undefined || Number(pos) >= 6 - Number(level)) {
      throw new InvalidArgument(`not a wall slot: ${JSON.stringify(text)}`);
    }
    const slot = LEVEL_START[Number(level) - 1] + Number(pos);
    return (h * 15 + slot) * 3 + (declared === undefined ? 0 : declared === "low" ? 1 : 2);
  }
}

serve({
  name: "stack_gap.js",
  methods: ["is_truncated", "winners", "is_draw", "to_dict", "observation",
    "legal_action_mask", "action_to_string", "string_to_action"],
  games: { stack_gap: (options, deck) => new StackGap(options, deck) },
});
