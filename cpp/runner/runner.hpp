// Batch Monte Carlo: play games [first, first + count) of a run with a given
// seed on T threads, one policy per seat. Game i is dealt and played from
// Rng::for_game(seed, i) alone, so results do not depend on T or on how the
// range is split.
//
// Seat rotation (docs/strategy.md): with R = num_players rotations, deal i is
// played R times. Rotation r seats policy (p + r) % R at seat p; every
// rotation starts from the same generator state, the one left after dealing
// deal i, so rotation 0 is exactly game i of an unrotated run. Result row
// k * R + r holds deal first + k under rotation r.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "core/card.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/interrupt.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "runner/search_players.hpp"
#include "runner/summary.hpp"
#include "runner/threads.hpp"

namespace cardsim {

// Where per-game results go. Any pointer may be null (summary-only runs);
// index k holds game first + k (with seat rotation: row k * R + r).
struct BatchOutput {
  std::int32_t* scores = nullptr;  // [count][num_players]
  std::int8_t* winner = nullptr;   // sole or lowest winner, -1 nobody, -2 draw
  std::uint16_t* winners_mask = nullptr;
  std::int32_t* moves = nullptr;
  bool* truncated = nullptr;
  double* times = nullptr;       // [count][num_players]; filled only by games with a play-out hook
  Summary* by_policy = nullptr;  // totals indexed by the run's policy list instead of by seat
};

// What a batch plays: one policy per entry of the list, seated in order, or
// under every rotation.
struct BatchPlan {
  std::vector<PolicySpec> policies;  // one per seat
  bool rotate = false;
  int rotations() const { return rotate ? static_cast<int>(policies.size()) : 1; }
};

inline std::int8_t winner_code(Outcome o) {
  if (o.draw) return -2;
  if (o.winners == 0) return -1;
  return static_cast<std::int8_t>(__builtin_ctz(o.winners));
}

// Per-thread scratch: the deck buffer and the search players' trees, so that
// play allocates nothing per step.
template <class G>
struct PlayContext {
  std::vector<Card> deck;
  SearchWorkspace<G> search;
};

// Records nothing: the batch runner's play-out stays as lean as before.
struct NoRecord {
  void operator()(Action) const {}
};

// The generic play-out: one actor at a time, chosen by that seat's policy.
// One loop, kept small: a second loop or an inlined search would push the
// game's apply() and the generator out of line (measured with callgrind).
// `record` sees every action applied (replay_game keeps them; the runner
// passes NoRecord).
template <class G, class Record = NoRecord>
[[gnu::always_inline]] inline std::int64_t play_turns(const G& game, typename G::State& state,
                                                      const SeatPolicies& seats, Rng& rng,
                                                      SearchWorkspace<G>& search, Record&& record = {}) {
  // A recorder needs every action: it takes the generic loop below.
  if constexpr (HasForcedPlay<typename G::State> && std::is_same_v<std::remove_cvref_t<Record>, NoRecord>)
    return state.play_forced();
  typename G::State::ActionList legal;
  std::int64_t moves = 0;
  const bool mixed = !seats.uniform_simple;
  const Policy uniform = seats[0].kind;
  while (!state.is_terminal()) {
    state.legal_actions(legal);
    Policy kind = uniform;
    if (mixed) {
      const PolicySpec& spec = seats[state.current_player()];
      kind = spec.kind;
      if (spec.is_search()) {
        // A forced move needs no search.
        const Action a =
            legal.size() > 1 ? search_action_outlined(game, state, legal, spec, rng, search) : legal[0];
        state.apply(a);
        record(a);
        ++moves;
        continue;
      }
    }
    const Action a = simple_action(kind, game, state, legal, rng);
    state.apply(a);
    record(a);
    ++moves;
  }
  return moves;
}

// A whole race (a play-out) with search seats; kept out of line, as the
// turn-based search is, so that a plain race stays as lean as before.
template <class G>
  requires CanSearchRace<G>
[[gnu::noinline]] std::int64_t race_with_search(const G& game, typename G::State& state,
                                                const SeatPolicies& seats, Rng& rng, SearchWorkspace<G>& ws,
                                                double* times) {
  typename G::PlayOut race = game.start_play_out();
  run_play_out_searching(game, state, race, seats, nullptr, rng, ws);
  if (times) game.play_out_times(race, times);
  return race.moves;
}

// Adds a finished game to the per-policy totals: policy j sat at seat
// (j - r) mod n under rotation r.
inline void add_by_policy(Summary& by_policy, int np, int r, const Scores& s, Outcome o, bool trunc,
                          std::int64_t moves) {
  Scores ps{};
  Outcome po{0, o.draw};
  for (int j = 0; j < np; ++j) {
    const int seat = ((j - r) % np + np) % np;
    ps[j] = s[seat];
    if (o.winners >> seat & 1) po.winners = static_cast<std::uint16_t>(po.winners | (1u << j));
  }
  by_policy.add(ps, po, trunc, moves);
}

// Records a finished play (rotation r, `moves` actions) as output row `row`
// and in the totals. Shared with the caller-policy batch (policy_batch.hpp).
template <class G>
[[gnu::always_inline]] inline void record_play(const G& game, const typename G::State& state, int r,
                                               std::int64_t moves, Summary& summary, Summary* by_policy,
                                               const BatchOutput& out, std::uint64_t row) {
  const int np = game.num_players();
  const Scores s = state.scores();
  const Outcome o = state.outcome();
  const bool trunc = state.is_truncated();
  summary.add(s, o, trunc, moves);
  if constexpr (HasStalemate<typename G::State>) summary.stalemates += state.ended_in_stalemate() ? 1 : 0;
  if constexpr (HasVoidEnd<typename G::State>) summary.voids += state.ended_void() ? 1 : 0;
  if (by_policy) add_by_policy(*by_policy, np, r, s, o, trunc, moves);
  if (out.scores)
    for (int p = 0; p < np; ++p)
      out.scores[row * static_cast<std::uint64_t>(np) + static_cast<std::uint64_t>(p)] = s[p];
  if (out.winner) out.winner[row] = winner_code(o);
  if (out.winners_mask) out.winners_mask[row] = o.winners;
  if (out.moves) out.moves[row] = static_cast<std::int32_t>(moves);
  if (out.truncated) out.truncated[row] = trunc;
}

// One play of a dealt game under one seating; returns nothing, records all.
// Always inlined: a separate call per game costs a few percent in games as
// short as Clock's (measured with callgrind).
template <class G>
[[gnu::always_inline]] inline void play_seated(const G& game, typename G::State& state, Rng& rng,
                                               const SeatPolicies& seats, int r, PlayContext<G>& ctx,
                                               Summary& summary, Summary* by_policy, const BatchOutput& out,
                                               std::uint64_t row) {
  const int np = game.num_players();
  std::int64_t moves = 0;
  if constexpr (HasPlayOut<G>) {
    double* times = out.times ? out.times + row * static_cast<std::uint64_t>(np) : nullptr;
    if constexpr (CanSearchRace<G>) {
      if (!seats.uniform_simple && seats.any_search()) {
        moves = race_with_search(game, state, seats, rng, ctx.search, times);
        record_play(game, state, r, moves, summary, by_policy, out, row);
        return;
      }
    }
    moves = game.play_out(state, seats, rng, times);
  } else {
    moves = play_turns(game, state, seats, rng, ctx.search);
  }
  record_play(game, state, r, moves, summary, by_policy, out, row);
}

// One deal, played under each of the `rotations` seatings. Allocates only
// while dealing (the deck buffer, once per thread).
template <class G>
void play_one(const G& game, std::uint64_t seed, std::uint64_t index, const SeatPolicies* seatings,
              int rotations, PlayContext<G>& ctx, Summary& summary, Summary* by_policy,
              const BatchOutput& out, std::uint64_t k) {
  Rng rng = Rng::for_game(seed, index);
  game.random_deck(rng, ctx.deck);
  typename G::State state = game.deal(ctx.deck);
  const auto rows = static_cast<std::uint64_t>(rotations);
  // Every rotation but the last plays a copy of the deal, from a copy of the
  // stream; the last plays the deal itself (so an unrotated run copies nothing).
  for (int r = 0; r + 1 < rotations; ++r) {
    typename G::State copy = state;
    Rng stream = rng;
    play_seated(game, copy, stream, seatings[r], r, ctx, summary, by_policy, out,
                k * rows + static_cast<std::uint64_t>(r));
  }
  play_seated(game, state, rng, seatings[rotations - 1], rotations - 1, ctx, summary, by_policy, out,
              k * rows + rows - 1);
}

// Checks a plan against a game before any thread starts.
template <class G>
void check_plan(const G& game, const BatchPlan& plan) {
  if (static_cast<int>(plan.policies.size()) != game.num_players())
    throw InvalidArgument("expected one policy per seat (" + std::to_string(game.num_players()) + "), got " +
                          std::to_string(plan.policies.size()));
  for (std::size_t p = 0; p < plan.policies.size(); ++p) {
    if (!plan.policies[p].is_search()) continue;
    const std::string seat = "seat " + std::to_string(p) + ": ";
    if constexpr (HasPlayOut<G> && !HasResumablePlayOut<G>) {
      throw InvalidArgument(seat + game.name() +
                            " drives its own play-out, which cannot stop for a search player's decision");
    } else if constexpr (!CanSearch<G>) {
      throw InvalidArgument(seat + game.name() + " has no resample_hidden, which search players need");
    }
  }
}

// Runs the batch, merging into `summary` (by seat) and out.by_policy (by the
// plan's policy list). Work is handed out in blocks from a shared counter so
// that threads stay busy when game lengths vary. The calling thread is one of
// the workers and asks `interrupt` (if given) between its blocks: when that
// throws, the others stop at their next block and the exception is rethrown,
// with the summaries holding every game finished so far.
template <class G>
void run_batch(const G& game, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
               const BatchPlan& plan, int threads, Summary& summary, const BatchOutput& out,
               Interrupt* interrupt = nullptr) {
  check_plan(game, plan);
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // Search players take far longer per game: smaller blocks keep threads even.
  bool search = false;
  for (const auto& p : plan.policies) search = search || p.is_search();
  const std::uint64_t block = search ? 4 : 1024;
  // Game indices first .. first + count - 1 must fit in 64 bits; and the block
  // count is rounded up without the wrap that count + block - 1 had near 2**64
  // (a run that claimed every game and played none).
  if (count > 0 && first > UINT64_MAX - (count - 1))
    throw InvalidArgument("first + count must be at most 2**64 (game indices are 64-bit), got first " +
                          std::to_string(first) + " and count " + std::to_string(count));
  const std::uint64_t blocks = count / block + (count % block != 0 ? 1 : 0);
  threads = static_cast<int>(
      std::min<std::uint64_t>(static_cast<std::uint64_t>(threads), std::max<std::uint64_t>(blocks, 1)));

  std::atomic<std::uint64_t> next_block{0};
  std::atomic<bool> stopped{false};
  std::mutex merge_mutex;
  std::exception_ptr failure;

  auto worker = [&] {
    Summary local(game.num_players());
    local.counts_stalemates = HasStalemate<typename G::State>;
    local.counts_voids = HasVoidEnd<typename G::State>;
    Summary local_policy(game.num_players());
    std::array<SeatPolicies, kMaxPlayers> seatings;
    for (int r = 0; r < plan.rotations(); ++r)
      seatings[static_cast<std::size_t>(r)] = seat_policies(plan.policies, r);
    try {
      PlayContext<G> ctx;  // reused: dealing and search allocate once per thread
      ctx.search.interrupt = interrupt;
      ctx.search.stop = &stopped;
      for (;;) {
        if (interrupt) interrupt->check();
        const std::uint64_t b = next_block.fetch_add(1, std::memory_order_relaxed);
        if (b >= blocks) break;
        const std::uint64_t lo = b * block, hi = lo + std::min(block, count - lo);
        for (std::uint64_t k = lo; k < hi; ++k)
          play_one(game, seed, first + k, seatings.data(), plan.rotations(), ctx, local,
                   out.by_policy ? &local_policy : nullptr, out, k);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(merge_mutex);
      if (!failure) failure = std::current_exception();
      next_block.store(blocks);  // stop the others early
      stopped.store(true);       // and their searches, mid-search
    }
    std::lock_guard<std::mutex> lock(merge_mutex);
    summary.merge(local);
    if (out.by_policy) out.by_policy->merge(local_policy);
  };

  std::vector<std::thread> pool;
  start_threads(
      pool, threads, [&](int) { return worker; },
      [&] {
        next_block.store(blocks);
        stopped.store(true);
      });
  worker();  // the calling thread works too: it is the one that may poll `interrupt`
  for (auto& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);
}

// One policy for every seat, unrotated: the plan of a plain batch.
template <class G>
BatchPlan plan_for(const G& game, const std::vector<std::string>& names, bool rotate = false) {
  return BatchPlan{parse_policies(names, game.num_players()), rotate};
}

}  // namespace cardsim
