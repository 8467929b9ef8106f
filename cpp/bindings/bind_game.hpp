// A game's bindings: its two classes, then one surface at a time (the game
// here; the state, tensors and search in bind_state.hpp, bind_tensors.hpp and
// bind_search.hpp).
#pragma once

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings/batch_output.hpp"
#include "bindings/bind_policy_batch.hpp"
#include "bindings/bind_search.hpp"
#include "bindings/bind_solver.hpp"
#include "bindings/bind_state.hpp"
#include "bindings/bind_tensors.hpp"
#include "bindings/bind_vector_env.hpp"
#include "bindings/convert.hpp"
#include "bindings/fast_calls.hpp"
#include "bindings/interrupt.hpp"
#include "bindings/py_state.hpp"
#include "bindings/registry.hpp"
#include "bindings/whole_object.hpp"
#include "core/game.hpp"
#include "runner/runner.hpp"
#include "runner/summary.hpp"

namespace cardsim::py_bind {

// The traits as the one Python type both backends share (cardsim.contract.traits).
// Its class is looked up once, not on every .traits; left alive for good, since
// a static py::object would be destroyed after the interpreter.
inline py::handle game_traits_class() {
  static PyObject* cls =
      py::object(py::module_::import("cardsim.contract.traits").attr("GameTraits")).release().ptr();
  return cls;
}

template <class G>
py::object traits_to_py(const G& g) {
  const GameTraits t = g.traits();
  py::tuple keys(t.per_seat_keys.size());
  for (std::size_t i = 0; i < t.per_seat_keys.size(); ++i) keys[i] = py::str(t.per_seat_keys[i]);
  return game_traits_class()(py::arg("dynamics") = to_string(t.dynamics), py::arg("deal") = to_string(t.deal),
                             py::arg("max_decisions") = t.max_decisions, py::arg("per_seat_keys") = keys,
                             py::arg("timed") = t.timed, py::arg("match") = t.match);
}

// The game surface: what a configuration is, dealing, comparing, pickling and batch runs.
template <class G, class GameCls>
void bind_game_surface(GameCls& game_cls) {
  game_cls.def_property_readonly("name", &G::name, "The registered name.")
      .def_property_readonly("num_players", &G::num_players, "Seats in this configuration.")
      .def_property_readonly("num_actions", &G::num_actions, "Size of the fixed action id space.")
      .def_property_readonly(
          "traits", &traits_to_py<G>,
          "What the game is (cardsim.contract.traits.GameTraits): dynamics, deal layout, the "
          "most decisions a game can take, per-seat observation keys, timed, match.")
      .def_property_readonly(
          "options", [](const G& g) { return options_to_py(g.options()); },
          "Every option, defaults filled in.")
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
          "_option_specs", [](const G& g) { return option_specs_to_py(g.declaration()); },
          "Internal: the option specs (name, default, doc, range or choices).")
      .def(
          "__reduce__",
          [](const G& g) {
            // Through the module-level constructor, never __new__ (whole_object.hpp).
            static PyObject* make =
                py::object(py::module_::import("cardsim._core").attr("make")).release().ptr();
            return py::make_tuple(py::handle(make), py::make_tuple(g.name(), options_to_py(g.options())));
          },
          "Pickles as cardsim._core.make(name, options).")
      .def(
          "_simulate",
          [](const G& g, py::handle seed, std::uint64_t first, std::uint64_t count,
             const std::vector<PolicySpec>& policies, int threads, Summary& summary, py::object scores,
             py::object winner, py::object winners_mask, py::object moves, py::object truncated,
             py::object times, bool seat_rotation, py::object by_policy) {
            const std::uint64_t s = seed_from_py(seed);
            const BatchPlan plan{seat_list(policies, g.num_players()), seat_rotation};
            check_plan(g, plan);
            if (summary.num_players != g.num_players())
              throw InvalidArgument("summary is for a different number of players");
            // With seat rotation every deal gives one row per rotation.
            const std::uint64_t rows = batch_rows(count, plan.rotations());
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
          "Internal: runs games [first, first+count) in C++ with the GIL released, one PolicySpec per seat "
          "(or one for all); with seat_rotation each deal once per rotation (use cardsim.simulate).");
}

// The policy kinds the batch runner plays in G: every simple kind, and the search
// players wherever check_plan (runner/runner.hpp) lets them play: a game they can
// resample, which does not drive a play-out that cannot stop for their decisions.
template <class G>
std::vector<std::string> offered_policies() {
  constexpr bool search = CanSearch<G> && (!HasPlayOut<G> || HasResumablePlayOut<G>);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < kPolicyNames.size(); ++i)
    if (search || !is_search_kind(static_cast<Policy>(i))) out.emplace_back(kPolicyNames[i]);
  return out;
}

// A game's registration under its declaration's name: `make` and the pickles
// find it again by the name alone, `cardsim.games()` by the declaration.
template <class G>
void register_game(const GameDeclaration& declaration, Factory<G> factory) {
  // A declaration without its action count is the game's bug: the import fails
  // naming it, rather than a later call through a null pointer.
  if (declaration.num_actions == nullptr)
    throw std::logic_error("the declaration of " + declaration.name + " gives no num_actions");
  typed_factories<G>()[declaration.name] = factory;
  registry()[declaration.name] = GameEntry{&declaration, offered_policies<G>(),
                                           [factory](const OptionMap& o) { return py::cast(factory(o)); },
                                           [](const py::tuple& t) { return py::cast(state_unpickle<G>(t)); }};
}

template <class G>
void bind_game(py::module_& m, const std::string& prefix, Hooks<G> hooks) {
  using S = PyState<G>;

  // Both classes exist before any method is bound, so that signatures that
  // mention the other (new_game, .game) name it properly.
  py::class_<G, std::shared_ptr<G>> game_cls(m, (prefix + "Game").c_str(), "A game with validated options.",
                                             py::object(m.attr("Game")));
  py::class_<S, StateBase> state_cls(
      m, (prefix + "State").c_str(),
      "A game in progress (see docs/architecture.md for the contract). Every call "
      "holds the GIL, so threads may share a state: their calls take effect one "
      "at a time.");
  refuse_new(game_cls);
  refuse_new(state_cls);

  bind_game_surface<G>(game_cls);
  bind_state_play<G>(state_cls);
  bind_state_records<G>(state_cls, hooks);
  bind_search<G>(game_cls, state_cls);
  // A game whose solver header (included by its registrar) declares SolverTraits.
  if constexpr (solver::HasSolver<G>) bind_solver<G>(game_cls, state_cls);
  if constexpr (HasObservationTensor<G>) {
    bind_observation_tensor<G>(game_cls, state_cls);
    // A game with an exact observation tensor also gets the vectorised env ...
    bind_vector_env<G>(m, prefix, game_cls);
    // ... and batch runs with Python policies, which see those tensors.
    bind_policy_batch<G>(m, prefix, game_cls);
  }
  // Last: it replaces methods bound above by their fast paths.
  FastCalls<G>::install(game_cls, state_cls);
}

}  // namespace cardsim::py_bind
