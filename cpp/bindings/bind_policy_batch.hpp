// The caller-policy batch's Python face (runner/policy_batch.hpp), bound once
// for every game that has an exact observation tensor. cardsim.simulate drives
// it (python/cardsim/policy_batch.py) when a seat's policy is a Python callable.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings/batch_output.hpp"
#include "bindings/bind_vector_env.hpp"
#include "bindings/convert.hpp"
#include "bindings/whole_object.hpp"
#include "core/errors.hpp"
#include "runner/policy_batch.hpp"
#include "runner/runner.hpp"

namespace cardsim::py_bind {

// The batch plus the Python objects whose memory it writes into (the output
// arrays), so that they outlive it.
template <class G>
struct PyPolicyBatch {
  std::unique_ptr<PolicyBatch<G>> batch;
  std::vector<py::object> keep;
};

template <class G>
void bind_policy_batch(py::module_& m, const std::string& prefix,
                       py::class_<G, std::shared_ptr<G>>& game_cls) {
  using B = PyPolicyBatch<G>;
  py::class_<B> cls(m, (prefix + "PolicyBatch").c_str(),
                    "Internal: a batch run with Python policies at some seats (use cardsim.simulate).");
  refuse_new(cls);
  cls.def_property_readonly(
         "capacity", [](const B& b) { return b.batch->capacity(); }, "Plays in flight at most.")
      .def_property_readonly(
          "plays", [](const B& b) { return b.batch->plays(); }, "Plays in the run (deals times rotations).")
      .def_property_readonly(
          "finished", [](const B& b) { return b.batch->finished(); }, "Plays ended so far.")
      .def(
          "_buffers",
          [](py::object self) {
            B& b = self.cast<B&>();
            const py::ssize_t n = b.batch->capacity();
            py::dict d;
            d["obs"] = buffer_view(self, b.batch->observations(), {n, b.batch->observation_size()});
            d["action_mask"] =
                buffer_view(self, b.batch->masks(), {n, b.batch->game().num_actions()}, "bool");
            d["game"] = buffer_view(self, b.batch->row_games(), {n});
            return d;
          },
          "Read-only numpy views of the group buffers (rows [0, k) of the pending group).")
      .def(
          "next_group",
          [](B& b) -> py::object {
            bool more = false;
            {
              // Safe without the GIL: the batch touches no Python object.
              py::gil_scoped_release release;
              more = b.batch->next_group();
            }
            if (!more) return py::none();
            return py::make_tuple(b.batch->group_policy(), b.batch->group_seat(), b.batch->rows());
          },
          "Plays built-in seats until every game waits on a Python seat, then gathers the next group: "
          "(policy index, seat, k), or None when every play has ended.")
      .def(
          "act",
          [](B& b, py::handle actions) {
            auto arr = py::reinterpret_borrow<py::array>(actions);
            const char kind = arr.dtype().kind();
            if (kind != 'i' && kind != 'u')
              throw WrongType("actions must have an integer dtype, got " +
                              py::str(arr.dtype()).cast<std::string>());
            if (arr.ndim() != 1 || arr.shape(0) != b.batch->rows())
              throw InvalidArgument("actions must have shape (" + std::to_string(b.batch->rows()) + ",)");
            auto a64 = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(arr);
            if (!a64) throw WrongType("actions could not be read as int64");
            if (kind == 'u') {
              // A uint64 above 2**63 would wrap to a negative int64: refuse it as out of range.
              auto u = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(arr);
              for (py::ssize_t k = 0; k < u.size(); ++k)
                if (u.data()[k] >= static_cast<std::uint64_t>(b.batch->game().num_actions()))
                  throw IllegalAction("game " + std::to_string(b.batch->row_games()[k]) + ": action " +
                                      std::to_string(u.data()[k]) + " (row " + std::to_string(k) +
                                      ") is out of range [0, " +
                                      std::to_string(b.batch->game().num_actions()) + ")");
            }
            const std::string problem = b.batch->check(a64.data());
            if (!problem.empty()) throw IllegalAction(problem);
            py::gil_scoped_release release;
            b.batch->act(a64.data());
          },
          py::arg("actions"),
          "Checks every action of the pending group (an int numpy array of shape (k,)), then applies them "
          "and plays on (GIL released). Raises before changing anything.")
      .def(
          "merge_into",
          [](const B& b, Summary& summary, py::object by_policy) {
            if (!b.batch->done()) throw InvalidArgument("the run has not ended");
            b.batch->merge_into(summary, by_policy.is_none() ? nullptr : by_policy.cast<Summary*>());
          },
          py::arg("summary"), py::arg("by_policy") = py::none(),
          "Adds the run's totals (by seat, and by policy) once every play has ended.");

  game_cls.def(
      "_policy_batch",
      [](const std::shared_ptr<G>& g, py::handle seed, std::uint64_t first, std::uint64_t count,
         const std::vector<std::string>& policies, const std::vector<bool>& caller, int threads, int capacity,
         bool seat_rotation, py::object scores, py::object winner, py::object winners_mask, py::object moves,
         py::object truncated, py::object times, bool by_policy) {
        const std::uint64_t s = seed_from_py(seed);
        const BatchPlan plan = plan_for(*g, policies, seat_rotation);
        const std::uint64_t rows = count * static_cast<std::uint64_t>(plan.rotations());
        auto out = std::make_unique<B>();
        const BatchOutput o =
            batch_output(*g, rows, scores, winner, winners_mask, moves, truncated, times, &out->keep);
        out->batch = std::make_unique<PolicyBatch<G>>(g, s, first, count, plan, caller, threads, capacity, o,
                                                      by_policy);
        return out;
      },
      py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("policies"), py::arg("caller"),
      py::arg("threads"), py::arg("capacity"), py::arg("seat_rotation") = false,
      py::arg("scores") = py::none(), py::arg("winner") = py::none(), py::arg("winners_mask") = py::none(),
      py::arg("moves") = py::none(), py::arg("truncated") = py::none(), py::arg("times") = py::none(),
      py::arg("by_policy") = false,
      "Internal: a batch of games [first, first+count) whose seats with caller[j] set are played by the "
      "caller (policies[j] is then a placeholder); driven by cardsim.simulate.");
}

}  // namespace cardsim::py_bind
