// The caller's per-game result arrays of a batch run (simulate's and the
// Python-policy batch's), checked once for both.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "bindings/convert.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "runner/runner.hpp"

namespace cardsim::py_bind {

namespace py = pybind11;

// A caller's array that C++ writes `count` values of T into, checked before any
// write: a numpy array of exactly T's dtype, C-contiguous (which refuses reversed
// and strided views, whose first element is not the lowest address), aligned,
// writeable and of exactly `count` elements. A converted copy would silently
// lose the results, so nothing is converted. `ndim1` also asks for one axis.
template <class T>
T* out_array(py::handle h, std::uint64_t count, const std::string& name, bool ndim1 = false) {
  const std::string want = std::string(" (") + py::str(py::dtype::of<T>()).cast<std::string>() +
                           ", C-contiguous, writeable, " + std::to_string(count) + " elements)";
  if (!py::isinstance<py::array>(h))
    throw WrongType(name + " must be a numpy array" + want + ", got " + type_name_of(h));
  auto a = py::reinterpret_borrow<py::array>(h);
  if (!py::isinstance<py::array_t<T, 0>>(h))
    throw WrongType(name + " has dtype " + py::str(a.dtype()).cast<std::string>() + want);
  const int flags = py::detail::array_proxy(a.ptr())->flags;
  if (!(flags & py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_) ||
      !(flags & py::detail::npy_api::NPY_ARRAY_ALIGNED_))
    throw InvalidArgument(name + " is not a C-contiguous aligned array (a reversed or strided view?)" + want);
  if (!a.writeable()) throw InvalidArgument(name + " is read-only" + want);
  if ((ndim1 && a.ndim() != 1) || static_cast<std::uint64_t>(a.size()) != count)
    throw InvalidArgument(name + " has " + std::to_string(a.size()) + " elements in " +
                          std::to_string(a.ndim()) + " dimension(s)" + want);
  return static_cast<T*>(a.mutable_data());
}

// The rows of a run, count deals times `rotations`, saturating at 2**64 - 1
// rather than wrapping: batch_output then refuses any array for so many rows,
// and a run that keeps no arrays needs no row count.
inline std::uint64_t batch_rows(std::uint64_t count, int rotations) {
  const auto r = static_cast<std::uint64_t>(rotations < 1 ? 1 : rotations);
  return count > UINT64_MAX / r ? UINT64_MAX : count * r;
}

// Each array (None: not kept) must hold `rows` x its per-row count of its exact
// type (out_array). `keep` holds the arrays for a run that outlives the call.
template <class G>
BatchOutput batch_output(const G& g, std::uint64_t rows, py::object scores, py::object winner,
                         py::object winners_mask, py::object moves, py::object truncated, py::object times,
                         std::vector<py::object>* keep = nullptr) {
  auto ptr = [&](py::object arr, auto* tag, std::size_t per_game, const char* name) {
    using T = std::remove_pointer_t<decltype(tag)>;
    if (arr.is_none()) return static_cast<T*>(nullptr);
    // rows comes from batch_rows or is checked here: rows * per_game must not wrap.
    const std::uint64_t most = (std::uint64_t{1} << 60) / per_game;
    if (rows > most)
      throw InvalidArgument(std::string(name) + ": per-game arrays hold at most " + std::to_string(most) +
                            " rows, and this run has " + std::to_string(rows) + " (pass None)");
    T* p = out_array<T>(arr, rows * per_game, name);
    if (keep) keep->push_back(arr);
    return p;
  };
  const auto np = static_cast<std::size_t>(g.num_players());
  BatchOutput out;
  out.scores = ptr(scores, static_cast<std::int32_t*>(nullptr), np, "scores");
  out.winner = ptr(winner, static_cast<std::int8_t*>(nullptr), 1, "winner");
  out.winners_mask = ptr(winners_mask, static_cast<std::uint16_t*>(nullptr), 1, "winners_mask");
  out.moves = ptr(moves, static_cast<std::int32_t*>(nullptr), 1, "moves");
  out.truncated = ptr(truncated, static_cast<bool*>(nullptr), 1, "truncated");
  if (!times.is_none() && !HasPlayOut<G>)
    throw InvalidArgument(g.name() + " has no timed play-out, so no finishing times");
  out.times = ptr(times, static_cast<double*>(nullptr), np, "times");
  return out;
}

}  // namespace cardsim::py_bind
