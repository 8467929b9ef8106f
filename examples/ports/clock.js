#!/usr/bin/env node
// Clock Patience (`clock`) and its duel (`clock_duel`) in JavaScript, written from the
// rules page docs/rules/clock.md alone, speaking cardsim's port protocol (version 1,
// docs/testing.md, "Ports in any language") through protocol.js.
//
// Check it:  cardsim check-port clock -- node examples/ports/clock.js
//            cardsim check-port clock_duel -- node examples/ports/clock.js
// With --plant-bug it forgets that a king tucked at the centre counts as a card turned,
// a bug the check must catch:
//            cardsim check-port clock -- node examples/ports/clock.js --plant-bug
"use strict";

const { serve, IllegalAction, InvalidArgument, Unsupported } = require("./protocol.js");

const TERMINAL = -4; // cardsim's player id once the game is over
const RANKS = "A23456789TJQK"; // pile of a rank: A=1 .. Q=12, K = 13 (the centre)
const PLANTED = process.argv.includes("--plant-bug");

// One player's clock: 13 face-down piles dealt from 52 cards, 13 face-up piles.
class Clock {
  constructor(cards) {
    this.down = Array.from({ length: 13 }, () => []); // bottom first: last = top
    cards.forEach((card, i) => this.down[i % 13].push(card));
    this.up = Array.from({ length: 13 }, () => []); // in the order tucked
    this.pile = 13; // play starts at the centre
    this.turned = 0;
  }
  stopped() {
    return this.down[this.pile - 1].length === 0;
  }
  turn() {
    const card = this.down[this.pile - 1].pop();
    this.pile = RANKS.indexOf(card[0]) + 1;
    this.up[this.pile - 1].push(card);
    if (!(PLANTED && this.pile === 13)) this.turned += 1;
  }
  toDict(hidden) {
    const me = {};
    if (hidden) me.face_down_count = this.down.map((p) => p.length);
    else me.face_down = this.down.map((p) => p.slice());
    me.face_up = this.up.map((p) => p.slice());
    me.next_pile = this.pile;
    me.turned = this.turned;
    me.stopped = this.stopped();
    return me;
  }
}

class ClockGame {
  constructor(players, options, deck) {
    const names = Object.keys(options);
    if (names.length) throw new Unsupported(`no options: ${names.join(", ")}`);
    if (!Array.isArray(deck) || deck.length !== 52 * players) {
      throw new InvalidArgument(`a deck of ${52 * players} cards is needed`);
    }
    for (const card of deck) {
      if (typeof card !== "string" || !RANKS.includes(card[0]) || !"CDHS".includes(card[1])) {
        throw new InvalidArgument(`not a card: ${JSON.stringify(card)}`);
      }
    }
    this.clocks = [];
    for (let p = 0; p < players; p++) this.clocks.push(new Clock(deck.slice(52 * p, 52 * p + 52)));
    this.player = 0;
  }
  isTerminal() {
    return this.clocks.every((c) => c.stopped());
  }
  currentPlayer() {
    return this.isTerminal() ? TERMINAL : this.player;
  }
  legalActions() {
    return this.isTerminal() ? [] : [0];
  }
  apply(action) {
    if (action !== 0 || this.isTerminal()) {
      throw new IllegalAction(`illegal action ${JSON.stringify(action)}`);
    }
    this.clocks[this.player].turn();
    // Turns alternate one card at a time; a player whose clock has stopped is skipped.
    const n = this.clocks.length;
    for (let k = 1; k <= n; k++) {
      const next = (this.player + k) % n;
      if (!this.clocks[next].stopped()) {
        this.player = next;
        break;
      }
    }
  }
  scores() {
    return this.clocks.map((c) => c.turned);
  }
  isTruncated() {
    return false; // no move cap: the game always ends
  }
  winners() {
    if (!this.isTerminal()) return [];
    const s = this.scores();
    if (s.length === 1) return s[0] === 52 ? [0] : [];
    const best = Math.max(...s);
    const top = s.flatMap((v, p) => (v === best ? [p] : []));
    return top.length === 1 ? top : []; // equal counts are a draw
  }
  isDraw() {
    return this.clocks.length > 1 && this.isTerminal() && this.winners().length === 0;
  }
  toDict(hidden = false) {
    return {
      current_player: this.currentPlayer(),
      players: this.clocks.map((c) => c.toDict(hidden)),
    };
  }
  observation(player) {
    if (!Number.isInteger(player) || player < 0 || player >= this.clocks.length) {
      throw new InvalidArgument(`no seat ${JSON.stringify(player)}`);
    }
    return this.toDict(true); // every face-down card is hidden from everyone
  }
  legalActionMask() {
    return [!this.isTerminal()];
  }
  actionToString(action) {
    if (action !== 0) throw new InvalidArgument(`no action ${JSON.stringify(action)}`);
    return "turn";
  }
  stringToAction(text) {
    if (text !== "turn") throw new InvalidArgument(`no action ${JSON.stringify(text)}`);
    return 0;
  }
}

serve({
  name: "clock.js",
  methods: ["is_truncated", "winners", "is_draw", "to_dict", "observation",
    "legal_action_mask", "action_to_string", "string_to_action"],
  games: {
    clock: (options, deck) => new ClockGame(1, options, deck),
    clock_duel: (options, deck) => new ClockGame(2, options, deck),
  },
});
