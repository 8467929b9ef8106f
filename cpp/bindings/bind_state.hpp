// The state surface: playing a state and reading it as data. Bound once for
// every game; a game's registrar supplies only its dict form and observation.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>

#include "bindings/convert.hpp"
#include "bindings/py_state.hpp"
#include "core/game.hpp"
#include "core/interrupt.hpp"
#include "runner/perft.hpp"

namespace cardsim::py_bind {

// Play: whose turn, the legal moves, applying one, the outcome, copies and text.
template <class G, class StateCls>
void bind_state_play(StateCls& state_cls) {
  using S = PyState<G>;
  using State = typename G::State;
  state_cls
      .def_property_readonly(
          "game", [](const S& s) { return std::const_pointer_cast<G>(s.game); },
          "The game (rules and options) this state belongs to.")
      .def_property_readonly(
          "num_players", [](const S& s) { return s.game->num_players(); }, "Seats in the game.")
      .def(
          "current_player", [](const S& s) { return s.state.current_player(); },
          "The seat to act, TERMINAL (-4) at the end, or SIMULTANEOUS (-2).")
      .def(
          "legal_actions",
          [](const S& s) {
            typename State::ActionList legal;
            s.state.legal_actions(legal);
            return owned_list(actions_to_py(legal));
          },
          "The legal action ids, sorted ascending (empty at the end).")
      .def(
          "legal_actions_for",
          [](const S& s, py::handle player) {
            const int p = player_from_py(player, s.game->num_players());
            typename State::ActionList legal;
            py::list out;
            if (s.state.current_player() == p || s.state.current_player() == kSimultaneousPlayer) {
              s.state.legal_actions(legal);
              for (Action a : legal) {
                if constexpr (HasSeatActions<State>) {
                  if (s.state.current_player() == kSimultaneousPlayer && s.state.actor(a) != p) continue;
                }
                out.append(a);
              }
            }
            return out;
          },
          "The legal action ids of one seat (for simultaneous games; else all or none).")
      .def(
          "legal_action_mask",
          [](const S& s) {
            py::array_t<bool> mask(s.game->num_actions());
            auto* p = mask.mutable_data();
            std::fill(p, p + s.game->num_actions(), false);
            typename State::ActionList legal;
            s.state.legal_actions(legal);
            for (Action a : legal) p[a] = true;
            return mask;
          },
          "A numpy bool array of length num_actions, True where legal.")
      .def(
          "apply_action", [](S& s, py::handle a) { apply_checked(s, a); },
          "Plays an action id. IllegalActionError (a ValueError) if out of range or illegal, TypeError if "
          "not an int; the state is then unchanged.")
      .def(
          "is_terminal", [](const S& s) { return s.state.is_terminal(); },
          "True once the game is over (won, lost, drawn or truncated).")
      .def(
          "is_truncated", [](const S& s) { return s.state.is_truncated(); },
          "True if the game was stopped by its move cap: no winner, scores as they stand.")
      .def(
          "scores", [](const S& s) { return scores_to_py(s.state.scores(), s.game->num_players()); },
          "Each seat's score, as the game's rules define it.")
      .def(
          "winners", [](const S& s) { return winners_to_py(s.state.outcome(), s.game->num_players()); },
          "The winning seats (a side may win together); empty for a draw or a loss.")
      .def(
          "is_draw", [](const S& s) { return s.state.outcome().draw; },
          "True if the finished game is a draw.")
      .def(
          "clone", [](const S& s) { return S(s); }, "An independent copy.")
      .def("__copy__", [](const S& s) { return S(s); })
      .def("__deepcopy__", [](const S& s, py::handle) { return S(s); })
      .def("__eq__",
           [](const S& a, py::handle b) {
             if (!py::isinstance<S>(b)) return false;
             const S& o = b.cast<const S&>();
             return a.game->name() == o.game->name() && a.game->options() == o.game->options() &&
                    a.state == o.state;
           })
      .def("__hash__",
           [](const S&) -> py::int_ { throw py::type_error("game states are mutable and unhashable"); })
      .def("__str__", [](const S& s) { return s.state.to_string(); })
      .def("__repr__",
           [](const S& s) {
             return "<" + s.game->name() + " state, " + std::to_string(s.history.size()) + " actions" +
                    (s.state.is_terminal() ? ", terminal>" : ">");
           })
      .def(
          "action_to_string",
          [](const S& s, py::handle a) {
            return s.state.action_to_string(action_from_py(a, s.game->num_actions()));
          },
          "Readable text of an action id (round-trips through string_to_action).")
      .def(
          "string_to_action",
          [](const S& s, py::handle text) {
            if (!PyUnicode_Check(text.ptr()))
              throw WrongType("action text must be a str, got " + type_name_of(text));
            return s.state.string_to_action(canonical_card_words(text.cast<std::string>()));
          },
          "The action id of a text from action_to_string (cards in any spelling a deck accepts, "
          "e.g. 10h for TH); ValueError if unknown.");
}

// Records: the state as data (dict, observation, seed, deal, history) and pickling.
template <class G, class StateCls>
void bind_state_records(StateCls& state_cls, const Hooks<G>& hooks) {
  using S = PyState<G>;
  state_cls
      .def(
          "to_dict", [hooks](const S& s) { return dict_with_seed(hooks, s); },
          "The full state as a JSON-safe dict (format in docs/rules/<game>.md), with the seed it was "
          "dealt from (None for an explicit deck).")
      .def_property_readonly(
          "seed", [](const S& s) { return seed_to_py(s.seed); },
          "The seed this game was dealt from (a fresh one when new_game had none); None for an explicit "
          "deck.")
      .def(
          "observation",
          [hooks](const S& s, py::handle player) {
            return observation_of(hooks, s, player_from_py(player, s.game->num_players()));
          },
          "What one seat may see, as a JSON-safe dict (hidden cards are counts).")
      .def(
          "_observations", [hooks](const S& s) { return all_observations(hooks, s); },
          "observation(p) for every seat p, in one call (the dicts may share their parts: "
          "for reading, as cardsim.testing does).")
      .def_property_readonly(
          "history", [](const S& s) { return py::cast(s.history); }, "The actions applied since the deal.")
      .def_property_readonly(
          "deck",
          [](const S& s) {
            if (s.determinised)
              throw InvalidArgument(
                  "a state from resample_hidden has no deal: its hidden cards were redealt in place (use "
                  "cardsim.envs.resample.resample_hidden for a redealt deck)");
            return cards_to_py(s.deck);
          },
          "The deal, as card strings, top first.")
      .def(
          "_perft",
          [](const S& s, std::int64_t depth, py::object progress) {
            const typename G::State root = s.state;  // a copy: Python may change `s` meanwhile
            // Ctrl-C and progress: at most every Interrupt::kInterval, take the GIL,
            // run Python's signal handlers (KeyboardInterrupt stops the count) and
            // tell `progress(leaves, first moves done, first moves)` if given.
            const PerftCounts* seen = nullptr;
            std::size_t done = 0, of = 0;
            Interrupt interrupt([&] {
              py::gil_scoped_acquire gil;
              if (PyErr_CheckSignals() != 0) throw py::error_already_set();
              if (!progress.is_none()) progress(seen->total(), done, of);
            });
            PerftCounts c;
            {
              // Safe without the GIL: the count reads only `root`, a C++ copy.
              py::gil_scoped_release release;
              c = perft(root, depth, [&](const PerftCounts& counts, std::size_t d, std::size_t n) {
                seen = &counts;
                done = d;
                of = n;
                interrupt.check();
              });
            }
            return py::make_tuple(c.playing, c.terminal, c.truncated);
          },
          py::arg("depth"), py::arg("progress") = py::none(),
          "Internal: the perft leaves (playing, terminal, truncated) below this state at depth, "
          "counted in C++ with the GIL released, stopped by Ctrl-C; progress(leaves, first moves "
          "done, first moves) is called now and then (use cardsim.testing.perft).")
      .def(
          "__getstate__", [](const S& s) { return state_pickle(s); },
          "The pickled fields: game name, options, deck, history, seed.")
      .def(
          "__reduce__",
          [](const S& s) {
            // Through the module-level constructor, never __new__ (whole_object.hpp).
            static PyObject* restore =
                py::object(py::module_::import("cardsim._core").attr("_restore_state")).release().ptr();
            return py::make_tuple(py::handle(restore), py::make_tuple(state_pickle(s)));
          },
          "Pickles as cardsim._core._restore_state(fields).");
}

}  // namespace cardsim::py_bind
