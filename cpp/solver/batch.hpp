// Solving deals [first, first + count) of a run on T threads. Deal i comes from
// Rng::for_game(seed, i) and the game's random_deck, as in the batch runner,
// so a solved deal can be replayed and compared with any policy's game. Deals
// are handed out one at a time from an atomic counter; each result goes to
// its own index, so the arrays do not depend on T (with a node limit; a time
// limit depends on the machine's speed). The calling thread solves deals too
// and asks `interrupt` (if given) between deals and inside each search, and,
// once no deal is left to hand out, while it waits for the others: one deal
// can search for minutes on a worker after every other deal is done. When the
// interrupt (or any worker) throws, the others abandon their current deal at
// once and the exception is rethrown.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/interrupt.hpp"
#include "core/rng.hpp"
#include "runner/threads.hpp"
#include "solver/solution.hpp"

namespace cardsim::solver {

struct BatchArrays {
  std::int8_t* outcome;  // Verdict
  std::int32_t* score;
  std::int32_t* best_score_any;
  std::int64_t* nodes;
  double* seconds;
  std::int32_t* length;  // moves in the returned line
  std::int32_t* bound;   // Solution::bound (a proven lower bound when Unknown)
};

// `solve(state, limits)` solves one deal under `limits`.
template <class G, class Solve>
void solve_batch(const G& game, Solve&& solve, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
                 int threads, Limits limits, const BatchArrays& out, Interrupt* interrupt = nullptr) {
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> stop{false};
  limits.interrupt = interrupt;
  limits.stop = &stop;
  std::exception_ptr error;
  std::mutex error_mutex;
  auto fail = [&] {
    std::lock_guard<std::mutex> lock(error_mutex);
    if (!error) error = std::current_exception();
    next.store(count);
    stop.store(true);
  };
  auto work = [&] {
    std::vector<Card> deck;
    try {
      for (std::uint64_t k; (k = next.fetch_add(1)) < count;) {
        if (interrupt) interrupt->check();
        Rng rng = Rng::for_game(seed, first + k);
        game.random_deck(rng, deck);
        const auto state = game.deal(deck);
        const Solution s = solve(state, limits);
        out.outcome[k] = static_cast<std::int8_t>(s.outcome);
        out.score[k] = s.score;
        out.best_score_any[k] = s.best_score_any;
        out.nodes[k] = s.nodes;
        out.seconds[k] = s.seconds;
        out.length[k] = static_cast<std::int32_t>(s.actions.size());
        out.bound[k] = s.bound;
      }
    } catch (...) {
      fail();
    }
  };
  int busy = threads - 1;  // workers not yet out of deals, under done_mutex
  std::mutex done_mutex;
  std::condition_variable done;
  std::vector<std::thread> pool;
  start_threads(
      pool, threads,
      [&](int) {
        return [&] {
          work();
          {
            std::lock_guard<std::mutex> lock(done_mutex);
            --busy;
          }
          done.notify_one();
        };
      },
      [&] {
        next.store(count);
        stop.store(true);
      });
  work();
  if (interrupt) {
    // The workers' searches ask the interrupt too, but only this thread's
    // asking runs the poll: without this loop a Ctrl-C would wait for the
    // last worker's deal to end.
    std::unique_lock<std::mutex> lock(done_mutex);
    while (busy > 0 && !stop.load()) {
      done.wait_for(lock, Interrupt::kInterval);
      if (busy == 0) break;
      lock.unlock();
      try {
        interrupt->check();
      } catch (...) {
        fail();
      }
      lock.lock();
    }
  }
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace cardsim::solver
