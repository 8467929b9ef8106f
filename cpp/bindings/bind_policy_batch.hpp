// The caller-policy batch's Python face (runner/policy_batch.hpp), bound once
// for every game that has an exact observation tensor. cardsim.simulate drives
// it (python/cardsim/policy_batch.py) when a seat's policy is a Python callable.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings/batch_output.hpp"
#include "bindings/bind_vector_env.hpp"
#include "bindings/convert.hpp"
#include "bindings/interrupt.hpp"
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
  // One caller at a time: next_group and act run with the GIL released, and a
  // second thread in either meanwhile would race on the slots. It gets InUse.
  std::atomic<bool> busy{false};
};

// Holds a PyPolicyBatch's `busy` flag for one call.
class BatchClaim {
 public:
  explicit BatchClaim(std::atomic<bool>& busy) : busy_(busy) {
    if (busy_.exchange(true, std::memory_order_acquire))
      throw InUse("this policy batch is in use by another thread: drive it from one thread at a time");
  }
  BatchClaim(const BatchClaim&) = delete;
  BatchClaim& operator=(const BatchClaim&) = delete;
  ~BatchClaim() { busy_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool>& busy_;
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
            const BatchClaim claim(b.busy);
            bool more = false;
            {
              // Made with the GIL held, on this thread: the search seats poll it (Ctrl-C).
              Interrupt interrupt = python_interrupt();
              // Safe without the GIL: the batch touches no Python object.
              py::gil_scoped_release release;
              more = b.batch->next_group(&interrupt);
            }
            if (!more) return py::none();
            return py::make_tuple(b.batch->group_policy(), b.batch->group_seat(), b.batch->rows());
          },
          "Plays built-in seats until every game waits on a Python seat, then gathers the next group: "
          "(policy index, seat, k), or None when every play has ended. Ctrl-C stops it (inside a search "
          "seat's search too), and the batch with it: every later call raises ValueError.")
      .def(
          "act",
          [](B& b, py::handle actions) {
            const BatchClaim claim(b.busy);
            PolicyBatch<G>& batch = *b.batch;
            if (batch.stopped()) throw InvalidArgument(PolicyBatch<G>::kStoppedMessage);
            refuse_non_sequence(actions, static_cast<std::size_t>(batch.rows()));
            if (batch.rows() == 0) throw InvalidArgument("no group is pending: call next_group() first");
            std::int64_t* a = batch.staged_actions();
            copy_actions(actions, a, static_cast<std::size_t>(batch.rows()), batch.game().num_actions(),
                         [&batch](std::size_t k) {
                           return "game " + std::to_string(batch.row_games()[k]) + " (row " +
                                  std::to_string(k) + "): ";
                         });
            const std::string problem = batch.check(a);
            if (!problem.empty()) throw IllegalAction(problem);
            Interrupt interrupt = python_interrupt();
            py::gil_scoped_release release;
            batch.act(a, &interrupt);
          },
          py::arg("actions"),
          "Copies the pending group's actions (an integer array-like of shape (k,)), checks the copy, then "
          "applies them and plays on (GIL released). Raises before changing anything; Ctrl-C while it "
          "plays on stops the batch, as in next_group.")
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
         const std::vector<std::optional<PolicySpec>>& policies, int threads, int capacity,
         bool seat_rotation, py::object scores, py::object winner, py::object winners_mask, py::object moves,
         py::object truncated, py::object times, bool by_policy) {
        const std::uint64_t s = seed_from_py(seed);
        // None: a seat the caller plays. Its place in the plan holds `first`, which it never plays.
        std::vector<PolicySpec> specs;
        std::vector<bool> caller;
        for (const auto& p : policies) {
          specs.push_back(p.value_or(PolicySpec{Policy::First}));
          caller.push_back(!p.has_value());
        }
        const BatchPlan plan{seat_list(std::move(specs), g->num_players()), seat_rotation};
        const std::uint64_t rows = batch_rows(count, plan.rotations());
        auto out = std::make_unique<B>();
        const BatchOutput o =
            batch_output(*g, rows, scores, winner, winners_mask, moves, truncated, times, &out->keep);
        out->batch = std::make_unique<PolicyBatch<G>>(g, s, first, count, plan, caller, threads, capacity, o,
                                                      by_policy);
        return out;
      },
      py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("policies"), py::arg("threads"),
      py::arg("capacity"), py::arg("seat_rotation") = false, py::arg("scores") = py::none(),
      py::arg("winner") = py::none(), py::arg("winners_mask") = py::none(), py::arg("moves") = py::none(),
      py::arg("truncated") = py::none(), py::arg("times") = py::none(), py::arg("by_policy") = false,
      "Internal: a batch of games [first, first+count) whose seats with policies[j] None are played by the "
      "caller; driven by cardsim.simulate.");
}

}  // namespace cardsim::py_bind
