// The solvers under the sanitizers: solve a few seeded deals of each solvable
// game with small limits and replay every returned line through the state.
#pragma once

#include <atomic>
#include <chrono>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "core/interrupt.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "games/clock/clock.hpp"
#include "games/code9/code9.hpp"
#include "games/stack_gap/stack_gap.hpp"
#include "games/the_wall/the_wall.hpp"
#include "invariants.hpp"
#include "solver/batch.hpp"
#include "solver/clock.hpp"
#include "solver/code9.hpp"
#include "solver/stack_gap.hpp"
#include "solver/the_wall.hpp"

namespace cardsim::testing {

template <class G, class Solve>
void check_solver(const G& game, int deals, Solve&& solve, bool scored) {
  std::vector<Card> deck;
  for (int i = 0; i < deals; ++i) {
    Rng rng = Rng::for_game(5, static_cast<std::uint64_t>(i));
    game.random_deck(rng, deck);
    auto state = game.deal(deck);
    const solver::Solution sol = solve(state);
    expect(sol.nodes > 0, "a solve counts its nodes");
    if (sol.outcome == solver::Verdict::Unknown) {
      expect(sol.actions.empty(), "unknown: no line");
      continue;
    }
    for (Action a : sol.actions) {
      expect(state.why_illegal(a).empty(), "every move of a solver line is legal");
      state.apply(a);
    }
    if (sol.outcome == solver::Verdict::Win) expect(state.outcome().winners == 1, "a win line wins");
    if (scored) expect(state.scores()[0] == sol.score, "the line reaches the claimed score");
  }
}

// Can the position be won? Plain depth-first search over every legal move, with
// no table, no pruning and no ordering: only positions on the current path are
// cut (as the whole state, move counter aside, so back-and-forth moves end).
// 0 lost, 1 won, -1 undecided (budget or move cap).
inline int the_wall_plain(const the_wall::TheWallState& root, long budget) {
  using S = the_wall::TheWallState;
  // Every pile in full, the move counter left out (a repeat is a repeat
  // whatever the count), so back-and-forth moves end.
  auto same = [](const S& s) {
    const std::string t = s.to_string();
    return t.substr(0, t.rfind('('));
  };
  struct F {
    S s;
    S::ActionList moves;
    std::size_t next;
    std::string key;
  };
  std::vector<F> stack;
  std::set<std::string> path;
  stack.push_back(F{root, {}, 0, same(root)});
  root.legal_actions(stack.back().moves);
  path.insert(stack.back().key);
  long nodes = 0;
  while (!stack.empty()) {
    F& top = stack.back();
    if (top.next == top.moves.size()) {
      path.erase(top.key);
      stack.pop_back();
      continue;
    }
    S c = top.s;
    c.apply(top.moves[top.next++]);
    if (++nodes > budget) return -1;
    if (c.is_terminal()) {
      if (c.is_truncated()) return -1;
      if (c.outcome().winners == 1) return 1;
      continue;
    }
    std::string k = same(c);
    if (!path.insert(k).second) continue;
    stack.push_back(F{c, {}, 0, std::move(k)});
    c.legal_actions(stack.back().moves);
  }
  return 0;
}

// The Wall's solver against the plain search on the ends of random games
// stepped back a few moves (small, mostly lost) and of solved lines (won). At tiny node limits the
// complete search pauses after its first share, restarts run, and it resumes:
// its Loss must still be a proof and its Win a line that wins.
inline void the_wall_endgame_checks() {
  const the_wall::TheWallGame game({});
  Rng walk(17);
  std::vector<Card> deck;
  int losses = 0, wins = 0, resumed = 0;
  auto check = [&](const the_wall::TheWallState& pos, int plain) {
    // The largest limit first: these endgames end within its first share, with
    // no pause. At a smaller limit the search is the same one until it pauses,
    // so a Loss there that took more positions was proven after a pause.
    std::int64_t unpaused = -1;
    for (std::int64_t limit : {std::int64_t{400'000}, std::int64_t{400}, std::int64_t{1000},
                               std::int64_t{2000}, std::int64_t{4000}}) {
      solver::Limits lim{limit, 0.0, 1 << 12};
      const solver::Solution sol = solver::solve_the_wall(pos, lim);
      if (limit == 400'000) unpaused = sol.outcome == solver::Verdict::Unknown ? -1 : sol.nodes;
      if (sol.outcome == solver::Verdict::Unknown) continue;
      expect(sol.outcome == (plain ? solver::Verdict::Win : solver::Verdict::Loss),
             "The Wall: the solver's verdict on an endgame equals the plain search's");
      if (sol.outcome == solver::Verdict::Win) {
        auto s = pos;
        for (Action a : sol.actions) {
          expect(s.why_illegal(a).empty(), "The Wall: every move of an endgame line is legal");
          s.apply(a);
        }
        expect(s.outcome().winners == 1, "The Wall: an endgame line wins");
        ++wins;
      } else {
        ++losses;
        resumed += unpaused >= 0 && sol.nodes > unpaused;  // proven by the resumed complete search
      }
    }
  };
  // The last moves of solved lines: won endgames.
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    Rng rng = Rng::for_game(3, seed);
    game.random_deck(rng, deck);
    const auto root = game.deal(deck);
    const solver::Solution sol = solver::solve_the_wall(root, solver::Limits{300'000, 0.0, 1 << 16});
    if (sol.outcome != solver::Verdict::Win) continue;
    for (std::size_t back : {std::size_t{8}, std::size_t{14}}) {
      auto pos = root;
      for (std::size_t i = 0; i + back < sol.actions.size(); ++i) pos.apply(sol.actions[i]);
      if (const int plain = the_wall_plain(pos, 200'000); plain >= 0) {
        expect(plain == 1, "The Wall: the plain search wins the end of a winning line");
        check(pos, plain);
      }
    }
  }
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    Rng rng = Rng::for_game(3, seed);
    game.random_deck(rng, deck);
    std::vector<Action> line;
    {
      auto s = game.deal(deck);
      the_wall::TheWallState::ActionList legal;
      while (!s.is_terminal()) {
        s.legal_actions(legal);
        const Action a = legal[walk.below(static_cast<std::uint32_t>(legal.size()))];
        line.push_back(a);
        s.apply(a);
      }
      if (s.is_truncated()) continue;
    }
    const std::size_t back = 1 + walk.below(10);
    auto pos = game.deal(deck);
    for (std::size_t i = 0; i + back < line.size(); ++i) pos.apply(line[i]);
    if (pos.is_terminal()) continue;
    const int plain = the_wall_plain(pos, 200'000);
    if (plain < 0) continue;
    check(pos, plain);
  }
  expect(losses >= 10 && wins >= 3 && resumed >= 3,
         "The Wall endgames: enough losses (" + std::to_string(losses) + "), wins (" + std::to_string(wins) +
             ") and losses proven after a pause (" + std::to_string(resumed) + ")");
}

// A batch whose last deal still searches on a worker, every other deal done,
// hears the interrupt: the calling thread polls while it waits. Each worker's
// deal here runs until the batch stops it (or, if it never does, 10 s, and
// the check fails); the caller's deals wait for a worker to be busy first,
// so the caller surely runs out of deals before the worker's deal ends.
inline void batch_interrupt_checks() {
  struct Stopped {};
  Interrupt interrupt([] { throw Stopped{}; });
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> worker_busy{false}, hung{false};
  auto solve = [&](const clock::ClockState&, const solver::Limits& limits) {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point give_up = Clock::now() + std::chrono::seconds(10);
    if (std::this_thread::get_id() == caller) {
      while (!worker_busy.load() && Clock::now() < give_up) std::this_thread::yield();
    } else {
      worker_busy.store(true);
      while (!limits.stop->load()) {
        if (Clock::now() > give_up) {
          hung.store(true);
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
    return solver::Solution{};
  };
  constexpr int kDeals = 6;
  std::vector<std::int8_t> outcome(kDeals);
  std::vector<std::int32_t> score(kDeals), best(kDeals), length(kDeals), bound(kDeals);
  std::vector<std::int64_t> nodes(kDeals);
  std::vector<double> seconds(kDeals);
  const solver::BatchArrays out{outcome.data(), score.data(),  best.data(), nodes.data(),
                                seconds.data(), length.data(), bound.data()};
  bool threw = false;
  try {
    solver::solve_batch(clock::ClockGame({}, clock::clock_declaration()), solve, 1, 0, kDeals, 2,
                        solver::Limits{}, out, &interrupt);
  } catch (const Stopped&) {
    threw = true;
  }
  expect(!hung.load(), "the caller's interrupt stops a worker's deal after the caller ran out of deals");
  expect(threw, "the interrupt's exception comes out of solve_batch");
}

// The table finds a key's probe window from its low bits. The positions of a
// real search (every child of every position along random lines of several
// deals) must then spread over the table: with room for all of them, almost
// none is overwritten, and each key still there reads back its own payload.
// A window taken from the low bits of exact keys crowds them into a few windows
// and fails this (Code 9's evicted almost every entry).
template <class G, class Key>
void check_table_spread(const G& game, int deals, Key&& key_of) {
  std::vector<Card> deck;
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  std::vector<solver::Key> keys;
  typename G::State::ActionList legal;
  for (int i = 0; i < deals; ++i) {
    Rng rng = Rng::for_game(6, static_cast<std::uint64_t>(i));
    game.random_deck(rng, deck);
    auto s = game.deal(deck);
    for (int step = 0; step < 400 && !s.is_terminal(); ++step) {
      s.legal_actions(legal);
      for (Action a : legal) {
        auto child = s;
        child.apply(a);
        if (child.is_terminal()) continue;  // the searches key positions still in play
        const solver::Key k = key_of(child);
        if (seen.insert({k.a, k.b}).second) keys.push_back(k);
      }
      s.apply(random_action(legal, rng));
    }
  }
  expect(keys.size() > 2000, "enough positions to fill many windows");
  solver::BoundedTable table(static_cast<std::int64_t>(4 * keys.size()));
  for (std::size_t i = 0; i < keys.size(); ++i)
    expect(table.put(keys[i], static_cast<std::uint32_t>(i), false), "an unpinned table stores every key");
  // A full window is rare but possible with uniform keys (linear probing's runs,
  // while the table grows at half full): a few in ten thousand. Placed by their
  // low bits, Code 9's keys lost nine in ten.
  expect(table.evictions() * 100 <= keys.size(),
         "at most 1% of keys overwritten in a table with room for all");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::uint32_t* v = table.find(keys[i]);
    expect(!v || *v == static_cast<std::uint32_t>(i), "a key reads back its own payload, never another's");
  }
}

inline void solver_checks() {
  the_wall_endgame_checks();
  batch_interrupt_checks();
  solver::Limits small{20'000, 0.0, 1 << 14};
  check_solver(
      the_wall::TheWallGame({}), 3, [&](const auto& s) { return solver::solve_the_wall(s, small); }, false);
  check_solver(
      stack_gap::StackGapGame({}), 20, [&](const auto& s) { return solver::solve_stack_gap(s, small); },
      true);
  check_solver(
      code9::Code9Game({}, true), 2, [&](const auto& s) { return solver::solve_code9_solitaire(s, small); },
      true);
  check_solver(
      clock::ClockGame({}, clock::clock_declaration()), 5,
      [&](const auto& s) { return solver::solve_clock(s, small); }, false);
  const code9::Code9Game code9_solo({}, true);
  check_table_spread(code9_solo, 8, [](const code9::Code9State& s) {
    return solver::Code9Adapter(s.suit_of_player(0)).key(s);
  });
  check_table_spread(stack_gap::StackGapGame({}), 400,
                     [](const stack_gap::StackGapState& s) { return solver::StackGapAdapter{}.key(s); });
  check_table_spread(the_wall::TheWallGame({}), 3,
                     [](const the_wall::TheWallState& s) { return solver::TheWallAdapter{}.key(s); });
}

}  // namespace cardsim::testing
