// What a solver returns, the limits it runs under, and the budget that
// enforces them. Generic: nothing here knows any game (docs/solvers.md).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "core/game.hpp"
#include "core/interrupt.hpp"

namespace cardsim::solver {

enum class Verdict : std::int8_t { Loss = 0, Win = 1, Unknown = 2 };

// A solver's answer. `score` is the best score among winning lines when a win
// exists, else the best score of any line; `best_score_any` is the best score
// of any line, won or lost. `actions` reaches `score` (empty when Unknown).
struct Solution {
  Verdict outcome = Verdict::Unknown;
  bool scored = false;  // false: the game has no score worth optimising
  std::int32_t score = 0;
  std::int32_t best_score_any = 0;
  std::vector<Action> actions;
  // A minimising search that ran out (Code 9): a proven lower bound on the
  // score still to come; 0 otherwise.
  std::int32_t bound = 0;
  std::int64_t nodes = 0;
  double seconds = 0.0;
};

struct Limits {
  std::int64_t node_limit = 1'000'000;   // positions generated; always > 0
  double time_limit = 0.0;               // seconds; 0 = none
  std::int64_t table_entries = 1 << 22;  // transposition table capacity (bounds memory)
  // A single deal can search for minutes, so Ctrl-C is heard inside it: the
  // interrupt's poll (which throws) and a batch's stop flag, raised once any
  // worker has failed, are read with the clock. Neither changes a result.
  Interrupt* interrupt = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

// Counts nodes and watches the clock, the interrupt and the stop flag (every
// 1024 nodes). Once exhausted it stays exhausted, so every search unwinds and
// reports Unknown; an interrupt throws instead.
class Budget {
 public:
  explicit Budget(const Limits& limits) : limits_(limits), start_(Clock::now()) {}

  // One more node; false once a limit is hit.
  bool spend() {
    if (out_) return false;
    if (++nodes_ > limits_.node_limit) return out_ = true, false;
    if ((nodes_ & 1023) != 0) return true;
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return out_ = true, false;
    if (limits_.interrupt) limits_.interrupt->check();
    if (limits_.time_limit > 0 && seconds() > limits_.time_limit) return out_ = true, false;
    return true;
  }
  bool exhausted() const { return out_; }
  std::int64_t nodes() const { return nodes_ > limits_.node_limit ? limits_.node_limit : nodes_; }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  Limits limits_;
  Clock::time_point start_;
  std::int64_t nodes_ = 0;
  bool out_ = false;
};

}  // namespace cardsim::solver
