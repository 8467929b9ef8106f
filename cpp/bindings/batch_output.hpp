// The caller's per-game result arrays of a batch run (simulate's and the
// Python-policy batch's), checked once for both.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <vector>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "runner/runner.hpp"

namespace cardsim::py_bind {

namespace py = pybind11;

// Each array (None: not kept) must hold `rows` x its per-row count of its exact
// type, writeable and C-contiguous: C++ writes into it, so a converted copy
// would silently lose the results. `keep` holds the arrays for a run that
// outlives the call.
template <class G>
BatchOutput batch_output(const G& g, std::uint64_t rows, py::object scores, py::object winner,
                         py::object winners_mask, py::object moves, py::object truncated, py::object times,
                         std::vector<py::object>* keep = nullptr) {
  auto ptr = [&](py::object arr, auto* tag, std::size_t per_game) {
    using T = std::remove_pointer_t<decltype(tag)>;
    if (arr.is_none()) return static_cast<T*>(nullptr);
    auto a = arr.cast<py::array_t<T, py::array::c_style>>();
    if (static_cast<std::uint64_t>(a.size()) != rows * per_game || !a.writeable() || a.ptr() != arr.ptr())
      throw InvalidArgument("output array has the wrong size, type or layout");
    if (keep) keep->push_back(arr);
    return a.mutable_data();
  };
  const auto np = static_cast<std::size_t>(g.num_players());
  BatchOutput out;
  out.scores = ptr(scores, static_cast<std::int32_t*>(nullptr), np);
  out.winner = ptr(winner, static_cast<std::int8_t*>(nullptr), 1);
  out.winners_mask = ptr(winners_mask, static_cast<std::uint16_t*>(nullptr), 1);
  out.moves = ptr(moves, static_cast<std::int32_t*>(nullptr), 1);
  out.truncated = ptr(truncated, static_cast<bool*>(nullptr), 1);
  if (!times.is_none() && !HasPlayOut<G>)
    throw InvalidArgument(g.name() + " has no timed play-out, so no finishing times");
  out.times = ptr(times, static_cast<double*>(nullptr), np);
  return out;
}

}  // namespace cardsim::py_bind
