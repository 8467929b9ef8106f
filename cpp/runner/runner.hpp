// Batch Monte Carlo: play games [first, first + count) of a run with a given
// seed on T threads. Game i is dealt and played from Rng::for_game(seed, i)
// alone, so results do not depend on T or on how the range is split.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/card.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "runner/summary.hpp"

namespace cardsim {

// Where per-game results go. Any pointer may be null (summary-only runs);
// index k holds game first + k.
struct BatchOutput {
  std::int32_t* scores = nullptr;  // [count][num_players]
  std::int8_t* winner = nullptr;   // sole or lowest winner, -1 nobody, -2 draw
  std::uint16_t* winners_mask = nullptr;
  std::int32_t* moves = nullptr;
  bool* truncated = nullptr;
  double* times = nullptr;  // [count][num_players]; filled only by games with a play-out hook
};

inline std::int8_t winner_code(Outcome o) {
  if (o.draw) return -2;
  if (o.winners == 0) return -1;
  return static_cast<std::int8_t>(__builtin_ctz(o.winners));
}

// Records nothing: the batch runner's play-out stays as lean as before.
struct NoRecord {
  void operator()(Action) const {}
};

// The generic play-out: one actor at a time, chosen by the policy. `record`
// sees every action applied (replay_game keeps them; the runner passes NoRecord).
template <class G, class Record = NoRecord>
std::int64_t play_turns(const G& game, typename G::State& state, Policy policy, Rng& rng,
                        Record&& record = {}) {
  typename G::State::ActionList legal;
  std::int64_t moves = 0;
  while (!state.is_terminal()) {
    state.legal_actions(legal);
    Action a;
    switch (policy) {
      // A forced move draws nothing from the stream: that keeps no-choice
      // games (Clock) at full speed and changes no distribution.
      case Policy::Random:
        a = legal.size() == 1 ? legal[0] : legal[static_cast<std::size_t>(rng.below(legal.size()))];
        break;
      case Policy::Greedy: a = game.greedy_action(state, legal, rng); break;
      default: a = legal[0]; break;
    }
    state.apply(a);
    record(a);
    ++moves;
  }
  return moves;
}

// One complete game. Allocates only while dealing (the deck); the play-out
// itself reuses fixed-capacity action lists.
template <class G>
void play_one(const G& game, std::uint64_t seed, std::uint64_t index, Policy policy, std::vector<Card>& deck,
              Summary& summary, const BatchOutput& out, std::uint64_t k) {
  Rng rng = Rng::for_game(seed, index);
  game.random_deck(rng, deck);
  typename G::State state = game.deal(deck);
  const int np = game.num_players();
  std::int64_t moves = 0;
  if constexpr (HasPlayOut<G>) {
    double* times = out.times ? out.times + k * static_cast<std::uint64_t>(np) : nullptr;
    moves = game.play_out(state, policy, rng, times);
  } else {
    moves = play_turns(game, state, policy, rng);
  }
  const Scores s = state.scores();
  const Outcome o = state.outcome();
  const bool trunc = state.is_truncated();
  summary.add(s, o, trunc, moves);
  if (out.scores)
    for (int p = 0; p < np; ++p)
      out.scores[k * static_cast<std::uint64_t>(np) + static_cast<std::uint64_t>(p)] = s[p];
  if (out.winner) out.winner[k] = winner_code(o);
  if (out.winners_mask) out.winners_mask[k] = o.winners;
  if (out.moves) out.moves[k] = static_cast<std::int32_t>(moves);
  if (out.truncated) out.truncated[k] = trunc;
}

// Runs the batch, merging into `summary`. Work is handed out in blocks from a
// shared counter so that threads stay busy when game lengths vary.
template <class G>
void run_batch(const G& game, std::uint64_t seed, std::uint64_t first, std::uint64_t count, Policy policy,
               int threads, Summary& summary, const BatchOutput& out) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  constexpr std::uint64_t kBlock = 1024;
  const std::uint64_t blocks = (count + kBlock - 1) / kBlock;
  threads = static_cast<int>(
      std::min<std::uint64_t>(static_cast<std::uint64_t>(threads), std::max<std::uint64_t>(blocks, 1)));

  std::atomic<std::uint64_t> next_block{0};
  std::mutex merge_mutex;
  std::exception_ptr failure;

  auto worker = [&] {
    Summary local(game.num_players());
    try {
      std::vector<Card> deck;  // reused: dealing allocates once per thread
      for (;;) {
        const std::uint64_t b = next_block.fetch_add(1, std::memory_order_relaxed);
        if (b >= blocks) break;
        const std::uint64_t lo = b * kBlock, hi = std::min(count, lo + kBlock);
        for (std::uint64_t k = lo; k < hi; ++k) play_one(game, seed, first + k, policy, deck, local, out, k);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(merge_mutex);
      if (!failure) failure = std::current_exception();
      next_block.store(blocks);  // stop the others early
    }
    std::lock_guard<std::mutex> lock(merge_mutex);
    summary.merge(local);
  };

  if (threads == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (auto& th : pool) th.join();
  }
  if (failure) std::rethrow_exception(failure);
}

}  // namespace cardsim
