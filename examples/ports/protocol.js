// cardsim's port protocol, version 1 (docs/testing.md, "Ports in any language"): the
// loop that reads one JSON request a line from stdin and writes one reply a line to
// stdout. A port gives `serve` its games; each game deals a state object from a deck.
//
//   serve({ name, methods, games: { clock: (options, deck) => state, ... } })
//
// The state object has the methods of the protocol's commands in camelCase
// (currentPlayer, legalActions, apply, isTerminal, scores, and those listed in
// `methods`: isTruncated, winners, isDraw, toDict, observation(player),
// legalActionMask, actionToString(action), stringToAction(text)). Throw IllegalAction,
// InvalidArgument or Unsupported for the protocol's error kinds; anything else thrown
// is answered as an "internal" error.
"use strict";

const readline = require("readline");

const PROTOCOL = 1;

class IllegalAction extends Error {}
class InvalidArgument extends Error {}
class Unsupported extends Error {}

// The protocol's optional methods, by the name of the state's method.
const METHODS = {
  is_truncated: (s) => s.isTruncated(),
  winners: (s) => s.winners(),
  is_draw: (s) => s.isDraw(),
  to_dict: (s) => s.toDict(),
  observation: (s, req) => s.observation(req.player),
  observation_tensor: (s, req) => s.observationTensor(req.player),
  legal_action_mask: (s) => s.legalActionMask(),
  action_to_string: (s, req) => s.actionToString(req.action),
  string_to_action: (s, req) => s.stringToAction(req.text),
};

function serve({ name, methods, games }) {
  let state = null;
  const commands = {
    hello: () => ({ protocol: PROTOCOL, name, games: Object.keys(games), methods }),
    new_game: (req) => {
      if (!(req.game in games)) throw new Unsupported(`this port does not play ${req.game}`);
      if (req.deck === undefined) throw new Unsupported("this port deals explicit decks only");
      state = games[req.game](req.options || {}, req.deck);
      return null;
    },
    apply: (req) => {
      state.apply(req.action);
      return null;
    },
    current_player: () => state.currentPlayer(),
    legal_actions: () => state.legalActions(),
    is_terminal: () => state.isTerminal(),
    scores: () => state.scores(),
  };
  for (const m of methods) commands[m] = (req) => METHODS[m](state, req);

  function answer(line) {
    let req;
    try {
      req = JSON.parse(line);
    } catch (e) {
      return { id: null, error: { kind: "invalid_argument", message: `not JSON: ${e.message}` } };
    }
    const command = commands[req.cmd];
    if (!command) {
      return { id: req.id, error: { kind: "unsupported", message: `no command ${req.cmd}` } };
    }
    if (state === null && req.cmd !== "hello" && req.cmd !== "new_game") {
      return { id: req.id, error: { kind: "invalid_argument", message: "no game dealt yet" } };
    }
    try {
      return { id: req.id, ok: command(req) };
    } catch (e) {
      const kind =
        e instanceof IllegalAction ? "illegal_action"
        : e instanceof InvalidArgument ? "invalid_argument"
        : e instanceof Unsupported ? "unsupported"
        : "internal";
      return { id: req.id, error: { kind, message: String((e && e.message) || e) } };
    }
  }

  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  // No flush needed: node hands each write to the pipe as soon as it can.
  lines.on("line", (line) => process.stdout.write(JSON.stringify(answer(line)) + "\n"));
  lines.on("close", () => process.exit(0)); // the end of the input ends the port
}

module.exports = { serve, IllegalAction, InvalidArgument, Unsupported };
