// The search surface: what search players and solvers need from Python — a
// search spec's budget, a redealt state, a batch game replayed, the greedy choice.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "bindings/convert.hpp"
#include "bindings/interrupt.hpp"
#include "bindings/py_state.hpp"
#include "core/game.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "runner/runner.hpp"

namespace cardsim::py_bind {

template <class G, class GameCls, class StateCls>
void bind_search(GameCls& game_cls, StateCls& state_cls) {
  using S = PyState<G>;
  using State = typename G::State;
  game_cls.def(
      "search_budget",
      [](const G& g, const std::string& spec) {
        const PolicySpec p = parse_policy_spec(spec);
        if (!p.is_search())
          throw InvalidArgument("search_budget takes a pimc or ismcts spec, got '" + spec + "'");
        return search_budget(g, p);
      },
      py::arg("spec"),
      "The budget a search spec plays with in this game: its N when it names one, else this game's "
      "default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).");
  if constexpr (CanSearch<G>) {
    state_cls.def(
        "resample_hidden",
        [](const S& s, py::handle player, py::object rng) {
          const int p = player_from_py(player, s.game->num_players());
          std::uint64_t seed;
          if (rng.is_none()) {
            seed = (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
          } else if (py::hasattr(rng, "integers") && !PyLong_Check(rng.ptr())) {
            // A numpy Generator: one 63-bit draw keys the core's stream.
            // The draw is user code's answer: checked as any seed, with a message that names it.
            const py::object draw = rng.attr("integers")(0, py::int_(std::uint64_t{1} << 62));
            if (!is_integer(draw) || clamp_int(draw) < 0 || clamp_int(draw) >= (1LL << 62))
              throw InvalidArgument("rng.integers(0, 2**62) must return an int in [0, 2**62), got " +
                                    py::repr(draw).cast<std::string>());
            seed = seed_from_py(draw);
          } else {
            seed = seed_from_py(rng);
          }
          Rng r = Rng::for_game(seed, 0);
          S out = s;
          out.state.resample_hidden(p, r);
          out.determinised = true;
          return out;
        },
        py::arg("player"), py::arg("rng") = py::none(),
        "A state `player` cannot tell from this one: the cards `player` has not seen are redealt, in C++, "
        "among the places `player` cannot see (rng: a seed or a numpy Generator). The result plays on "
        "like any state, but has no deal (`deck` and pickling refuse); the generic "
        "cardsim.envs.resample.resample_hidden gives a redealt deck instead.");
  }
  // Game `index` of a batch run, dealt and played exactly as run_batch does
  // (same stream, same policy), returned as a state whose history holds every
  // action: cardsim.replay_game pulls one game out of a large run with it.
  game_cls.def(
      "_replay_game",
      [](const std::shared_ptr<G>& g, py::handle seed, py::handle index,
         const std::vector<PolicySpec>& policies) -> PyState<G> {
        const std::uint64_t s = seed_from_py(seed);
        const std::uint64_t i = seed_from_py(index);
        const SeatPolicies seats = seat_policies(seat_list(policies, g->num_players()), 0);
        if constexpr (HasPlayOut<G>) {
          // A race with simple seats only is replayed by the Python timed race
          // (cardsim.replay_game), which repeats the runner's schedule; one with
          // a search seat is replayed below, as race_with_search plays it.
          bool here = false;
          if constexpr (CanSearchRace<G>) here = seats.any_search();
          if (!here)
            throw InvalidArgument(g->name() +
                                  " is played by its timed race; use cardsim.replay_game to replay a game");
        }
        Rng rng = Rng::for_game(s, i);
        std::vector<Card> cards;
        g->random_deck(rng, cards);
        PyState<G> out{{}, g, g->deal(cards), cards, {}, std::nullopt, false};
        PlayContext<G> ctx;
        // A search seat can take minutes: the play runs without the GIL and its
        // searches poll for Ctrl-C (the state and history are C++ members only).
        Interrupt interrupt = python_interrupt();
        ctx.search.interrupt = &interrupt;
        {
          py::gil_scoped_release release;
          if constexpr (CanSearchRace<G>) {
            typename G::PlayOut race = g->start_play_out();
            run_play_out_searching(*g, out.state, race, seats, nullptr, rng, ctx.search, &out.history);
          } else if constexpr (!HasPlayOut<G>) {
            play_turns(*g, out.state, seats, rng, ctx.search, [&out](Action a) { out.history.push_back(a); });
          }
        }
        return out;
      },
      py::arg("seed"), py::arg("index"), py::arg("policies"),
      "Internal: game `index` of a batch run with `seed` and `policy`, with its history (use "
      "cardsim.replay_game).");

  state_cls.def(
      "_greedy_action",
      [](const S& s, py::handle seed, py::handle player) {
        // The batch runner's greedy policy, for adapters that need a built-in
        // opponent; seed feeds the game's tie-breaks.
        Rng rng = Rng::for_game(seed_from_py(seed), 0);
        if constexpr (HasGreedy<G>) {
          typename State::ActionList legal;
          s.state.legal_actions(legal);
          if (legal.empty()) throw InvalidArgument("no legal action: the game is over");
          return s.game->greedy_action(s.state, legal, rng);
        } else {
          // A simultaneous game chooses per seat.
          if (player.is_none())
            throw InvalidArgument("a simultaneous game needs player= for its greedy choice");
          typename State::PlayerActions legal;
          s.state.legal_actions_for(player_from_py(player, s.game->num_players()), legal);
          if (legal.empty()) throw InvalidArgument("that player has no legal action");
          return s.game->greedy_action(s.state, legal, rng);
        }
      },
      py::arg("seed"), py::arg("player") = py::none(),
      "Internal: the action the greedy policy picks here (ties broken from seed).");
}

}  // namespace cardsim::py_bind
