// The uniform state contract, bound once for every game. A game's registrar
// supplies only what is truly its own: how its state reads as a dict, and what
// one player may observe.
#pragma once

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <concepts>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "bindings/batch_output.hpp"
#include "bindings/bind_policy_batch.hpp"
#include "bindings/bind_vector_env.hpp"
#include "bindings/convert.hpp"
#include "bindings/interrupt.hpp"
#include "bindings/registry.hpp"
#include "core/checked.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"
#include "runner/runner.hpp"
#include "runner/summary.hpp"

namespace cardsim::py_bind {

// A state as Python sees it: the core state plus what pickling needs (the
// deal and the actions since) and the seed it was dealt from, if any (so an
// unseeded game can be dealt again). The core state stays lean for the runner.
template <class G>
struct PyState {
  std::shared_ptr<const G> game;
  typename G::State state;
  std::vector<Card> deck;
  std::vector<Action> history;
  std::optional<std::uint64_t> seed;
  // Set by resample_hidden: the cards no longer follow from `deck`, so the
  // state has no deal to show or replay (deck and pickling refuse).
  bool determinised = false;
};

inline py::object seed_to_py(const std::optional<std::uint64_t>& seed) {
  return seed ? py::object(py::int_(*seed)) : py::object(py::none());
}

template <class G>
struct Hooks {
  std::function<py::dict(const typename G::State&)> to_dict;
  std::function<py::dict(const typename G::State&, int)> observation;
};

template <class G>
PyState<G> new_state(const std::shared_ptr<const G>& game, const py::object& seed, const py::object& deck) {
  std::vector<Card> cards;
  std::optional<std::uint64_t> used_seed;
  if (!deck.is_none()) {
    if (!seed.is_none()) throw InvalidArgument("new_game takes seed= or deck=, not both");
    cards = game->parse_deck(strings_from_py(deck, "deck"));
  } else {
    // No seed: a fresh one, recorded, so that the deal can be repeated.
    const std::uint64_t s =
        seed.is_none() ? (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}()
                       : seed_from_py(seed);
    Rng rng = Rng::for_game(s, 0);
    game->random_deck(rng, cards);
    used_seed = s;
  }
  auto state = game->deal(cards);
  return PyState<G>{game, std::move(state), std::move(cards), {}, used_seed, false};
}

template <class G>
void apply_checked(PyState<G>& s, py::handle action) {
  const Action a = action_from_py(action, s.game->num_actions());
  cardsim::apply_checked(s.state, a, s.game->num_actions());
  s.history.push_back(a);
}

template <class G>
py::tuple state_pickle(const PyState<G>& s) {
  if (s.determinised)
    throw InvalidArgument("a state from resample_hidden has no deal to replay, so it cannot be pickled");
  py::list deck;
  for (Card c : s.deck) deck.append(card_to_string(c));
  py::list hist;
  for (Action a : s.history) hist.append(a);
  return py::make_tuple(s.game->name(), options_to_py(s.game->options()), deck, hist, seed_to_py(s.seed));
}

template <class G>
PyState<G> state_unpickle(const py::tuple& t) {
  // Five fields; four from a pickle written before seeds were recorded.
  if (t.size() != 4 && t.size() != 5) throw InvalidArgument("corrupted state pickle: expected 5 fields");
  if (!PyUnicode_Check(t[0].ptr()) || !PyDict_Check(t[1].ptr()))
    throw InvalidArgument("corrupted state pickle: bad game name or options");
  auto game = typed_factory<G>(t[0].cast<std::string>())(options_from_py(t[1].cast<py::dict>()));
  PyState<G> s = new_state<G>(game, py::none(), t[2]);
  if (PyUnicode_Check(t[3].ptr()) || !PySequence_Check(t[3].ptr()))
    throw InvalidArgument("corrupted state pickle: history is not a list");
  for (auto a : py::reinterpret_borrow<py::sequence>(t[3])) apply_checked(s, a);
  if (t.size() == 5 && !t[4].is_none()) s.seed = seed_from_py(t[4]);
  return s;
}

// A game with an exact observation tensor (HasObservationTensor, core/game.hpp);
// others compile without one and their Python classes lack the two names.

// The out= buffer of observation_tensor: a writeable, C-contiguous 1-D
// float32 numpy array of the tensor's size, else TypeError / ValueError.
inline float* tensor_buffer(py::handle out, int size) {
  if (!py::isinstance<py::array>(out)) throw WrongType("out must be a numpy array, got " + type_name_of(out));
  auto a = py::reinterpret_borrow<py::array>(out);
  if (!a.dtype().is(py::dtype::of<float>()))
    throw WrongType("out must have dtype float32, got " + py::str(a.dtype()).cast<std::string>());
  if (a.ndim() != 1 || a.shape(0) != size)
    throw InvalidArgument("out must have shape (" + std::to_string(size) + ",), got " +
                          py::str(out.attr("shape")).cast<std::string>());
  if (!(a.flags() & py::array::c_style)) throw InvalidArgument("out must be C-contiguous");
  if (!a.writeable()) throw InvalidArgument("out must be writeable");
  return static_cast<float*>(a.mutable_data());
}

template <class G, class GameCls, class StateCls>
void bind_observation_tensor(GameCls& game_cls, StateCls& state_cls) {
  using S = PyState<G>;
  game_cls.def_property_readonly(
      "observation_tensor_shape", [](const G& g) { return py::make_tuple(g.observation_tensor_size()); },
      "The shape of observation_tensor, fixed for this configuration (docs/rules/<game>.md).");
  state_cls.def(
      "observation_tensor",
      [](const S& s, py::handle player, py::object out) {
        const int p = player_from_py(player, s.game->num_players());
        const int size = s.game->observation_tensor_size();
        if (out.is_none()) {
          py::array_t<float> fresh(size);
          s.state.observation_tensor(p, fresh.mutable_data());
          return fresh;
        }
        s.state.observation_tensor(p, tensor_buffer(out, size));
        return py::reinterpret_borrow<py::array_t<float>>(out);  // the same object, checked
      },
      py::arg("player"), py::arg("out") = py::none(),
      "What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in "
      "docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, "
      "shape or layout is a TypeError / ValueError and leaves it untouched.");
}

// The traits as the one Python type both backends share (cardsim.contract.traits).
template <class G>
py::object traits_to_py(const G& g) {
  const GameTraits t = g.traits();
  py::tuple keys(t.per_seat_keys.size());
  for (std::size_t i = 0; i < t.per_seat_keys.size(); ++i) keys[i] = py::str(t.per_seat_keys[i]);
  return py::module_::import("cardsim.contract.traits")
      .attr("GameTraits")(py::arg("dynamics") = to_string(t.dynamics), py::arg("deal") = to_string(t.deal),
                          py::arg("max_decisions") = t.max_decisions, py::arg("per_seat_keys") = keys,
                          py::arg("timed") = t.timed, py::arg("match") = t.match);
}

template <class G>
void bind_game(py::module_& m, const std::string& prefix, Hooks<G> hooks) {
  using S = PyState<G>;
  using State = typename G::State;

  // Both classes exist before any method is bound, so that signatures that
  // mention the other (new_game, .game) name it properly.
  py::class_<G, std::shared_ptr<G>> game_cls(m, (prefix + "Game").c_str(), "A game with validated options.");
  py::class_<S> state_cls(m, (prefix + "State").c_str(),
                          "A game in progress (see docs/architecture.md for the contract). Every call holds "
                          "the GIL, so threads may share a state: their calls take effect one at a time.");

  game_cls.def_property_readonly("name", &G::name, "The registered name.")
      .def_property_readonly("num_players", &G::num_players, "Seats in this configuration.")
      .def_property_readonly("num_actions", &G::num_actions, "Size of the fixed action id space.")
      .def_property_readonly("traits", &traits_to_py<G>,
                             "What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the "
                             "most decisions a game can take, per-seat observation keys, timed, match.")
      .def_property_readonly(
          "options", [](const G& g) { return options_to_py(g.options()); },
          "Every option, defaults filled in.")
      .def(
          "search_budget",
          [](const G& g, const std::string& spec) {
            const PolicySpec p = parse_policy_spec(spec);
            if (!p.is_search())
              throw InvalidArgument("search_budget takes a pimc or ismcts spec, got '" + spec + "'");
            return search_budget(g, p);
          },
          py::arg("spec"),
          "The budget a search spec plays with in this game: its N when it names one, else this game's "
          "default (docs/strategy.md: ismcts in Rummy 2,000, else pimc 10 and ismcts 200).")
      .def(
          "new_game",
          [](const std::shared_ptr<G>& g, const py::args& args, py::object seed, py::object deck) {
            if (!args.empty())
              throw WrongType(
                  "new_game takes keywords only: new_game(seed=...) or new_game(deck=[...]), "
                  "got " +
                  std::to_string(args.size()) + " positional argument" + (args.size() == 1 ? "" : "s"));
            return new_state<G>(g, seed, deck);
          },
          py::kw_only(), py::arg("seed") = py::none(), py::arg("deck") = py::none(),
          "Deals a new game from seed= (an int in [0, 2**64)) or deck= (card strings, top first). With "
          "neither, a fresh random seed, recorded in state.seed and to_dict() so the deal can be repeated.")
      .def("__eq__",
           [](const G& a, py::handle b) {
             if (!py::isinstance<G>(b)) return false;
             const G& o = b.cast<const G&>();
             return a.name() == o.name() && a.options() == o.options();
           })
      .def("__repr__", [](const G& g) { return "<cardsim game " + g.name() + ">"; })
      .def(
          "_option_specs",
          [](const G& g) {
            py::list out;
            for (const auto& spec : g.option_specs()) {
              py::dict d;
              d["name"] = spec.name;
              d["default"] = option_to_py(spec.default_value);
              d["doc"] = spec.doc;
              if (spec.default_value.index() == 1) d["range"] = py::make_tuple(spec.min, spec.max);
              if (!spec.choices.empty()) d["choices"] = py::cast(spec.choices);
              out.append(d);
            }
            return out;
          },
          "Internal: the option specs (name, default, doc, range or choices).")
      .def(py::pickle([](const G& g) { return py::make_tuple(g.name(), options_to_py(g.options())); },
                      [](const py::tuple& t) {
                        if (t.size() != 2 || !PyUnicode_Check(t[0].ptr()) || !PyDict_Check(t[1].ptr()))
                          throw InvalidArgument("corrupted game pickle");
                        return std::const_pointer_cast<G>(typed_factory<G>(t[0].cast<std::string>())(
                            options_from_py(t[1].cast<py::dict>())));
                      }))
      .def(
          "_simulate",
          [](const G& g, py::handle seed, std::uint64_t first, std::uint64_t count,
             const std::vector<std::string>& policies, int threads, Summary& summary, py::object scores,
             py::object winner, py::object winners_mask, py::object moves, py::object truncated,
             py::object times, bool seat_rotation, py::object by_policy) {
            const std::uint64_t s = seed_from_py(seed);
            const BatchPlan plan = plan_for(g, policies, seat_rotation);
            check_plan(g, plan);
            if (summary.num_players != g.num_players())
              throw InvalidArgument("summary is for a different number of players");
            // With seat rotation every deal gives one row per rotation.
            const std::uint64_t rows = count * static_cast<std::uint64_t>(plan.rotations());
            BatchOutput out = batch_output(g, rows, scores, winner, winners_mask, moves, truncated, times);
            if (!by_policy.is_none()) {
              out.by_policy = by_policy.cast<Summary*>();
              if (out.by_policy->num_players != g.num_players())
                throw InvalidArgument("by_policy summary is for a different number of players");
            }
            // Safe without the GIL: arguments are converted, the arrays are
            // owned by the caller for the whole call, and the core touches no
            // Python object but through the interrupt's poll, which takes the GIL.
            Interrupt interrupt = python_interrupt();
            py::gil_scoped_release release;
            run_batch(g, s, first, count, plan, threads, summary, out, &interrupt);
          },
          py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("policies"), py::arg("threads"),
          py::arg("summary"), py::arg("scores") = py::none(), py::arg("winner") = py::none(),
          py::arg("winners_mask") = py::none(), py::arg("moves") = py::none(),
          py::arg("truncated") = py::none(), py::arg("times") = py::none(), py::arg("seat_rotation") = false,
          py::arg("by_policy") = py::none(),
          "Internal: runs games [first, first+count) in C++ with the GIL released, one policy spec per seat "
          "(or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).");

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
            seed = rng.attr("integers")(0, py::int_(std::uint64_t{1} << 62)).cast<std::uint64_t>();
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
         const std::vector<std::string>& policies) -> PyState<G> {
        const std::uint64_t s = seed_from_py(seed);
        const std::uint64_t i = seed_from_py(index);
        const SeatPolicies seats = seat_policies(parse_policies(policies, g->num_players()), 0);
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
        PyState<G> out{g, g->deal(cards), cards, {}, std::nullopt, false};
        PlayContext<G> ctx;
        if constexpr (CanSearchRace<G>) {
          typename G::PlayOut race = g->start_play_out();
          run_play_out_searching(*g, out.state, race, seats, nullptr, rng, ctx.search, &out.history);
        } else if constexpr (!HasPlayOut<G>) {
          play_turns(*g, out.state, seats, rng, ctx.search, [&out](Action a) { out.history.push_back(a); });
        }
        return out;
      },
      py::arg("seed"), py::arg("index"), py::arg("policies"),
      "Internal: game `index` of a batch run with `seed` and `policy`, with its history (use "
      "cardsim.replay_game).");

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
            PyObject* list = PyList_New(static_cast<Py_ssize_t>(legal.size()));
            if (!list) throw py::error_already_set();
            for (std::size_t i = 0; i < legal.size(); ++i)
              PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), PyLong_FromLong(legal[i]));
            return py::reinterpret_steal<py::list>(list);
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
          "scores",
          [](const S& s) {
            const Scores sc = s.state.scores();
            py::list out;
            for (int p = 0; p < s.game->num_players(); ++p) out.append(sc[p]);
            return out;
          },
          "Each seat's score, as the game's rules define it.")
      .def(
          "winners",
          [](const S& s) {
            const Outcome o = s.state.outcome();
            py::list out;
            for (int p = 0; p < s.game->num_players(); ++p)
              if (o.winners >> p & 1) out.append(p);
            return out;
          },
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
      .def(
          "to_dict",
          [hooks](const S& s) {
            py::dict d = hooks.to_dict(s.state);
            d["seed"] = seed_to_py(s.seed);
            return d;
          },
          "The full state as a JSON-safe dict (format in docs/rules/<game>.md), with the seed it was "
          "dealt from (None for an explicit deck).")
      .def_property_readonly(
          "seed", [](const S& s) { return seed_to_py(s.seed); },
          "The seed this game was dealt from (a fresh one when new_game had none); None for an explicit "
          "deck.")
      .def(
          "observation",
          [hooks](const S& s, py::handle player) {
            return hooks.observation(s.state, player_from_py(player, s.game->num_players()));
          },
          "What one seat may see, as a JSON-safe dict (hidden cards are counts).")
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
          "e.g. 10h for TH); ValueError if unknown.")
      .def(
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
          "Internal: the action the greedy policy picks here (ties broken from seed).")
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
      .def(py::pickle([](const S& s) { return state_pickle(s); },
                      [](const py::tuple& t) { return state_unpickle<G>(t); }));

  if constexpr (HasObservationTensor<G>) bind_observation_tensor<G>(game_cls, state_cls);
  // A game with an exact observation tensor also gets the vectorised env.
  if constexpr (HasObservationTensor<G>) bind_vector_env<G>(m, prefix, game_cls);
  // ... and batch runs with Python policies, which see those tensors.
  if constexpr (HasObservationTensor<G>) bind_policy_batch<G>(m, prefix, game_cls);
}

}  // namespace cardsim::py_bind
