// The solvers' Python face (docs/solvers.md): _solve for one position and
// _solve_batch for deals of a seeded run, over every game that bound a solver
// (bind_solver.hpp); solvable_games lists them. cardsim.solver wraps these.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>

#include "bindings/bind_solver.hpp"
#include "bindings/convert.hpp"
#include "bindings/py_state.hpp"
#include "bindings/registry.hpp"

namespace cardsim::py_bind {

void register_solver(py::module_& m) {
  m.def(
      "solvable_games",
      [] {
        std::vector<SolverEntry> all = solver_registry();
        std::sort(all.begin(), all.end(),
                  [](const SolverEntry& a, const SolverEntry& b) { return a.order < b.order; });
        py::list out;
        for (const auto& e : all) {
          py::dict d;
          d["game"] = e.name;
          d["kind"] = e.score_unit.empty() ? "outcome" : "scored";
          d["default_node_limit"] = e.default_node_limit;
          d["score_unit"] = e.score_unit.empty() ? py::object(py::none()) : py::object(py::str(e.score_unit));
          out.append(d);
        }
        return out;
      },
      "The games with a solver, as their solver headers declare them (SolverTraits): game, kind "
      "('outcome' or 'scored'), default_node_limit and score_unit.");

  m.def(
      "_solve",
      [](py::handle state, std::int64_t node_limit, double time_limit, std::int64_t table_entries) {
        limits_from(node_limit, time_limit, table_entries);
        if (py::isinstance<StateBase>(state) && py::hasattr(state, "_solve_position"))
          return py::object(state.attr("_solve_position")(node_limit, time_limit, table_entries));
        if (py::hasattr(state, "game") && py::hasattr(py::getattr(state, "game"), "name"))
          throw InvalidArgument("no solver for " +
                                py::str(py::getattr(state.attr("game"), "name")).cast<std::string>() +
                                " (solvable: " + solvable_list() + ")");
        throw WrongType("solve needs a state of the C++ core (cardsim.make(...).new_game()), got " +
                        type_name_of(state));
      },
      py::arg("state"), py::arg("node_limit"), py::arg("time_limit"), py::arg("table_entries"),
      "Solves one position; the GIL is released while it searches.");

  m.def(
      "_solve_batch",
      [](py::handle game, std::uint64_t seed, std::uint64_t first, std::uint64_t count, int threads,
         std::int64_t node_limit, double time_limit, std::int64_t table_entries, py::handle outcome,
         py::handle score, py::handle best, py::handle nodes, py::handle seconds, py::handle length,
         py::handle bound) {
        limits_from(node_limit, time_limit, table_entries);
        if (threads < 1) throw InvalidArgument("threads must be >= 1");
        solve_buffer<std::int8_t>(outcome, count, "outcome");
        solve_buffer<std::int32_t>(score, count, "score");
        solve_buffer<std::int32_t>(best, count, "best_score_any");
        solve_buffer<std::int64_t>(nodes, count, "nodes");
        solve_buffer<double>(seconds, count, "seconds");
        solve_buffer<std::int32_t>(length, count, "length");
        solve_buffer<std::int32_t>(bound, count, "bound");
        if (py::isinstance(game, py::module_::import("cardsim._core").attr("Game")) &&
            py::hasattr(game, "_solve_deals")) {
          game.attr("_solve_deals")(seed, first, count, threads, node_limit, time_limit, table_entries,
                                    outcome, score, best, nodes, seconds, length, bound);
          return;
        }
        if (py::hasattr(game, "name"))
          throw InvalidArgument("no solver for " + py::str(game.attr("name")).cast<std::string>() +
                                " (solvable: " + solvable_list() + ")");
        throw WrongType("solve_batch needs a game name or a C++ game, got " + type_name_of(game));
      },
      py::arg("game"), py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("threads"),
      py::arg("node_limit"), py::arg("time_limit"), py::arg("table_entries"), py::arg("outcome"),
      py::arg("score"), py::arg("best_score_any"), py::arg("nodes"), py::arg("seconds"), py::arg("length"),
      py::arg("bound"), "Solves deals [first, first + count) of the run with seed; the GIL is released.");
}

CARDSIM_REGISTRAR(kLastOrder, register_solver);

}  // namespace cardsim::py_bind
