// The solver surface: a game whose solver header specialises SolverTraits
// (solver/traits.hpp) gets _solve_position on its states and _solve_deals and
// _solver on its games; register_solver.cpp's _solve and _solve_batch call them,
// and the solvable list is read from the games that registered one.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "bindings/batch_output.hpp"
#include "bindings/interrupt.hpp"
#include "bindings/py_state.hpp"
#include "solver/batch.hpp"
#include "solver/table.hpp"
#include "solver/traits.hpp"

namespace cardsim::py_bind {

struct SolverEntry {
  std::string name, listed, score_unit;
  int order;
  std::int64_t default_node_limit;
};

inline std::vector<SolverEntry>& solver_registry() {
  static std::vector<SolverEntry> all;
  return all;
}

// "the_wall, stack_gap (players=1), ...": every registered solver, in list order.
inline std::string solvable_list() {
  std::vector<SolverEntry> all = solver_registry();
  std::sort(all.begin(), all.end(),
            [](const SolverEntry& a, const SolverEntry& b) { return a.order < b.order; });
  std::string out;
  for (const auto& e : all) out += (out.empty() ? "" : ", ") + e.listed;
  return out;
}

inline const char* verdict_name(solver::Verdict v) {
  switch (v) {
    case solver::Verdict::Win: return "win";
    case solver::Verdict::Loss: return "loss";
    default: return "unknown";
  }
}

inline py::dict solution_dict(const solver::Solution& s) {
  py::dict d;
  d["outcome"] = verdict_name(s.outcome);
  d["scored"] = s.scored;
  d["score"] = s.score;
  d["best_score_any"] = s.best_score_any;
  d["actions"] = s.actions;
  d["bound"] = s.bound;
  d["nodes"] = s.nodes;
  d["seconds"] = s.seconds;
  return d;
}

inline solver::Limits limits_from(std::int64_t node_limit, double time_limit, std::int64_t table_entries) {
  if (node_limit <= 0) throw InvalidArgument("node_limit must be > 0, got " + std::to_string(node_limit));
  if (!(time_limit >= 0)) throw InvalidArgument("time_limit must be > 0");
  if (table_entries <= 0 || table_entries > solver::BoundedTable::kMaxEntries)
    throw InvalidArgument("table_entries must be in [1, 2**40], got " + std::to_string(table_entries));
  return solver::Limits{node_limit, time_limit, table_entries};
}

// One of solve_batch's result arrays: 1-d, `count` elements of T exactly (out_array).
template <class T>
T* solve_buffer(py::handle a, std::uint64_t count, const char* name) {
  return out_array<T>(a, count, name, true);
}

template <class G>
void check_solvable(const G& g) {
  const std::string why = solver::SolverTraits<G>::refusal(g);
  if (!why.empty()) throw InvalidArgument(why + " (solvable: " + solvable_list() + ")");
}

template <class G, class GameCls, class StateCls>
void bind_solver(GameCls& game_cls, StateCls& state_cls) {
  using T = solver::SolverTraits<G>;
  using S = PyState<G>;
  solver_registry().push_back(SolverEntry{T::kName, T::kListed, T::kScoreUnit ? T::kScoreUnit : "",
                                          T::kListOrder, T::kDefaultNodeLimit});

  game_cls.def_property_readonly(
      "_solver",
      [](const G& g) -> py::object {
        if (!T::refusal(g).empty()) return py::none();
        py::dict d;
        d["kind"] = T::kScoreUnit ? "scored" : "outcome";
        d["default_node_limit"] = T::kDefaultNodeLimit;
        d["score_unit"] = T::kScoreUnit ? py::object(py::str(T::kScoreUnit)) : py::object(py::none());
        return d;
      },
      "Internal: this configuration's solver (kind, default_node_limit, score_unit), or None.");
  state_cls.def(
      "_solve_position",
      [](const S& ps, std::int64_t node_limit, double time_limit, std::int64_t table_entries) {
        solver::Limits limits = limits_from(node_limit, time_limit, table_entries);
        if (ps.state.is_terminal()) throw InvalidArgument("the game is over: there is nothing to solve");
        check_solvable(*ps.game);
        const auto state = ps.state;  // a copy: the caller's state is untouched
        Interrupt interrupt = python_interrupt();
        limits.interrupt = &interrupt;
        solver::Solution sol;
        {
          py::gil_scoped_release release;
          sol = T::solve(state, limits);
        }
        return solution_dict(sol);
      },
      py::arg("node_limit"), py::arg("time_limit"), py::arg("table_entries"),
      "Internal: solves this position (use cardsim.solve).");
  game_cls.def(
      "_solve_deals",
      [](const G& g, std::uint64_t seed, std::uint64_t first, std::uint64_t count, int threads,
         std::int64_t node_limit, double time_limit, std::int64_t table_entries, py::handle outcome,
         py::handle score, py::handle best, py::handle nodes, py::handle seconds, py::handle length,
         py::handle bound) {
        const solver::Limits limits = limits_from(node_limit, time_limit, table_entries);
        if (threads < 1) throw InvalidArgument("threads must be >= 1");
        const solver::BatchArrays arrays{solve_buffer<std::int8_t>(outcome, count, "outcome"),
                                         solve_buffer<std::int32_t>(score, count, "score"),
                                         solve_buffer<std::int32_t>(best, count, "best_score_any"),
                                         solve_buffer<std::int64_t>(nodes, count, "nodes"),
                                         solve_buffer<double>(seconds, count, "seconds"),
                                         solve_buffer<std::int32_t>(length, count, "length"),
                                         solve_buffer<std::int32_t>(bound, count, "bound")};
        check_solvable(g);
        Interrupt interrupt = python_interrupt();
        py::gil_scoped_release release;
        solver::solve_batch(
            g, [](const typename G::State& s, const solver::Limits& l) { return T::solve(s, l); }, seed,
            first, count, threads, limits, arrays, &interrupt);
      },
      "Internal: solves deals [first, first + count) of the run with seed (use cardsim.solve_batch).");
}

}  // namespace cardsim::py_bind
