// The three generic searches behind the solvers (docs/solvers.md). Each works
// on an adapter that knows one game; nothing here knows any rules.
//
//   reach_goal    depth-first search for any line to a goal, with a
//                 transposition table of visited positions (win / loss games
//                 whose moves can cycle: The Wall).
//   best_values   exhaustive memoised search of an acyclic game whose score
//                 adds up move by move: can it be won, the best winning score
//                 and the best score of any line (Stack Gap).
//   fewest_moves  A* for the shortest line to a goal, with an admissible,
//                 consistent lower bound (Code 9 solitaire).
//
// Every search spends a Budget; once it runs out the answer is Unknown. A
// Loss is claimed only when the search space was exhausted with no move cap
// cut along the way.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <queue>
#include <vector>

#include "solver/solution.hpp"
#include "solver/table.hpp"

namespace cardsim::solver {

// --- reach_goal ------------------------------------------------------------------
// Adapter A:
//   using State; using MoveList;
//   bool won(const State&); bool cut(const State&)   (truncated by a move cap)
//   bool over(const State&)                            (terminal)
//   void moves(const State&, MoveList&)   ordered best first, dominances applied
//   Key key(const State&)                 canonical: equal for positions with equal futures
//   void apply(State&, Action)
//
// The search runs in phases, all sharing one node budget:
//   1. limited discrepancy dives with the adapter's own order: iteration k
//      follows the first move everywhere but may take another at most
//      kDiscrepancies[k] times along a line;
//   2. the complete depth-first search, given a first share of the budget:
//      half the node limit, at most kCompleteFirst positions. It settles the
//      deals whose mistakes sit near the end of the line, mostly within a few
//      hundred thousand positions, a few after up to two million;
//   3. restarts: dives under other move orders (`adapter.vary(q)`, a
//      deterministic change of the order; each restart has a fresh table) of
//      one discrepancy, two in the first restart and in every fortieth, until
//      three quarters of the limit are spent (kRestartShare). A complete
//      search stalls on a line that went wrong early (it revises the deepest
//      choices first and never gets back up), while a differently ordered dive
//      goes wrong elsewhere, if at all;
//   4. the complete search resumed with what is left.
// The shares were measured on The Wall (docs/solvers.md): beyond two million
// positions the restarts settle far more deals than the complete search.
// Wins can come from any phase (every one is a real line: the path); a Loss
// only from the complete search, once it ran to the end with no move-cap cut.
// The table stores, per position, the allowance it was searched with
// (kComplete: completely); a position is searched again only with a larger
// one. When the complete search stops for its share, the positions still on
// its path are not finished: they are stored with allowance 0 and unpinned,
// so that the resumed search enters them again, while every position it
// left behind as searched stays so: their searches ran to the end.
inline constexpr std::uint32_t kComplete = 0xFFFFFFFFu;
inline constexpr std::uint32_t kDiscrepancies[] = {0, 1, 2};
inline constexpr std::int64_t kCompleteFirst = 2'000'000;  // phase 2: min(limit / 2, this)
inline constexpr std::uint32_t kRestartWideEvery = 40;     // every fortieth restart dives with two
inline constexpr std::int64_t kRestartShare = 4;  // restarts run until all but 1/4 of the limit is spent

template <class A>
Solution reach_goal(const A& adapter, const typename A::State& root, const Limits& limits) {
  using State = typename A::State;
  using MoveList = typename A::MoveList;
  struct Frame {
    State state;
    MoveList moves;
    std::size_t next = 0;
    Key key;
    std::uint32_t allowance = 0;
  };
  Solution out;
  Budget budget(limits);
  BoundedTable table(limits.table_entries);
  auto finish = [&](Verdict v) {
    out.outcome = v;
    out.nodes = budget.nodes();
    out.seconds = budget.seconds();
    return out;
  };
  budget.spend();
  if (adapter.won(root)) return finish(Verdict::Win);
  std::vector<Frame> stack;
  stack.reserve(256);
  enum class End { Done, Win, Stop, Budget };
  // One search from the root with `allowance`, in table t, ordered by a.
  // `stop_at`: the node count at which it pauses (complete search only).
  // `cut` is set when a branch was cut by the move cap.
  auto search = [&](const A& a, BoundedTable& t, std::uint32_t allowance, std::int64_t stop_at, bool& cut) {
    stack.clear();
    stack.push_back(Frame{root, {}, 0, a.key(root), allowance});
    a.moves(root, stack.back().moves);
    t.put(stack.back().key, allowance, true);
    while (!stack.empty()) {
      Frame& top = stack.back();
      const std::size_t i = top.next;
      if (i == top.moves.size() || (i > 0 && top.allowance == 0)) {
        t.put(top.key, top.allowance, false);  // searched with this allowance: no win
        stack.pop_back();
        continue;
      }
      if (budget.nodes() >= stop_at) {
        for (const Frame& f : stack) t.put(f.key, 0, false);  // unfinished: to be entered again
        return End::Stop;
      }
      const Action act = top.moves[top.next++];
      const std::uint32_t left = i == 0 || top.allowance == kComplete ? top.allowance : top.allowance - 1;
      State child = top.state;
      a.apply(child, act);
      if (!budget.spend()) return End::Budget;
      if (a.won(child)) {
        for (const Frame& f : stack) out.actions.push_back(f.moves[f.next - 1]);
        return End::Win;
      }
      if (a.cut(child)) {
        cut = true;
        continue;
      }
      if (a.over(child)) continue;
      const Key k = a.key(child);
      // On the path (pinned), or searched already with at least this allowance.
      if (const std::uint32_t* seen = t.find(k); seen && *seen >= left) continue;
      t.put(k, left, true);
      stack.push_back(Frame{std::move(child), {}, 0, k, left});
      a.moves(stack.back().state, stack.back().moves);
    }
    return End::Done;
  };
  constexpr std::int64_t kNever = INT64_MAX;
  // Phase 1.
  for (std::uint32_t allowance : kDiscrepancies) {
    bool ignored = false;  // dives prove nothing
    const End e = search(adapter, table, allowance, kNever, ignored);
    if (e == End::Win) return finish(Verdict::Win);
    if (e == End::Budget) return finish(Verdict::Unknown);
  }
  // Phase 2. A move-cap cut in any part of the complete search spoils a Loss.
  bool complete_cut = false;
  End e = search(adapter, table, kComplete, budget.nodes() + std::min(limits.node_limit / 2, kCompleteFirst),
                 complete_cut);
  if (e == End::Win) return finish(Verdict::Win);
  if (e == End::Budget) return finish(Verdict::Unknown);
  if (e == End::Done) return finish(complete_cut ? Verdict::Unknown : Verdict::Loss);
  // Phase 3.
  if constexpr (requires(A& v) { v.vary(std::uint64_t{1}); }) {
    for (std::uint64_t q = 1; budget.nodes() < limits.node_limit - limits.node_limit / kRestartShare; ++q) {
      A varied = adapter;
      varied.vary(q);
      BoundedTable fresh(limits.table_entries);
      const std::uint32_t widest = q == 1 || q % kRestartWideEvery == 0 ? 2 : 1;
      for (std::uint32_t allowance = 0; allowance <= widest; ++allowance) {
        bool ignored = false;
        e = search(varied, fresh, allowance, kNever, ignored);
        if (e == End::Win) return finish(Verdict::Win);
        if (e == End::Budget) return finish(Verdict::Unknown);
      }
    }
  }
  // Phase 4.
  e = search(adapter, table, kComplete, kNever, complete_cut);
  if (e == End::Win) return finish(Verdict::Win);
  if (e == End::Budget) return finish(Verdict::Unknown);
  return finish(complete_cut ? Verdict::Unknown : Verdict::Loss);
}

// --- best_values -----------------------------------------------------------------
// Adapter A:
//   using State; using MoveList;
//   bool over(const State&); bool won(const State&)
//   int points(const State&)              the score so far (additive)
//   void moves(const State&, MoveList&)   no move is left out unless it is a
//                                         symmetric copy of one kept
//   Key key(const State&)                 the future only: points excluded
//   void apply(State&, Action)
// The game must be acyclic (every move brings it closer to its end).
struct Values {
  bool win = false;
  std::int32_t win_gain = -1;  // best points still to come on a winning line
  std::int32_t any_gain = 0;   // best points still to come on any line
};

template <class A>
class ValueSearch {
 public:
  using State = typename A::State;
  ValueSearch(const A& adapter, const Limits& limits)
      : adapter_(adapter), budget_(limits), table_(limits.table_entries) {}

  // false: the budget ran out.
  bool values(const State& s, Values& v) {
    if (adapter_.over(s)) {
      v = Values{adapter_.won(s), adapter_.won(s) ? 0 : -1, 0};
      return true;
    }
    const Key k = adapter_.key(s);
    if (const std::uint32_t* p = table_.find(k)) {
      v = unpack(*p);
      return true;
    }
    typename A::MoveList moves;
    adapter_.moves(s, moves);
    Values best{false, -1, -1};
    const int here = adapter_.points(s);
    for (Action a : moves) {
      State child = s;
      adapter_.apply(child, a);
      if (!budget_.spend()) return false;
      Values cv;
      if (!values(child, cv)) return false;
      const int gain = adapter_.points(child) - here;
      if (cv.win && (!best.win || cv.win_gain + gain > best.win_gain)) {
        best.win = true;
        best.win_gain = cv.win_gain + gain;
      }
      best.any_gain = std::max(best.any_gain, cv.any_gain + gain);
    }
    if (best.any_gain < 0) best.any_gain = 0;  // no move at all (cannot happen in a live state)
    table_.put(k, pack(best), false);
    v = best;
    return true;
  }

  // A line from s achieving `target` more points (on a winning line if `win`).
  bool line(State s, bool win, int target, std::vector<Action>& out) {
    while (!adapter_.over(s)) {
      typename A::MoveList moves;
      adapter_.moves(s, moves);
      const int here = adapter_.points(s);
      bool found = false;
      for (Action a : moves) {
        State child = s;
        adapter_.apply(child, a);
        Values cv;
        if (!values(child, cv)) return false;
        const int gain = adapter_.points(child) - here;
        if (win ? (cv.win && cv.win_gain + gain == target) : cv.any_gain + gain == target) {
          out.push_back(a);
          target -= gain;
          s = child;
          found = true;
          break;
        }
      }
      if (!found) return false;  // cannot happen: the values came from these moves
    }
    return true;
  }

  Budget& budget() { return budget_; }

 private:
  static std::uint32_t pack(const Values& v) {
    return (v.win ? 1u : 0u) | static_cast<std::uint32_t>(v.win_gain + 1) << 1 |
           static_cast<std::uint32_t>(v.any_gain) << 16;
  }
  static Values unpack(std::uint32_t p) {
    return Values{(p & 1) != 0, static_cast<std::int32_t>(p >> 1 & 0x7FFF) - 1,
                  static_cast<std::int32_t>(p >> 16)};
  }

  const A& adapter_;
  Budget budget_;
  BoundedTable table_;
};

// --- fewest_moves ----------------------------------------------------------------
// Adapter A:
//   using State; using MoveList;
//   bool won(const State&); bool cut(const State&); bool over(const State&)
//   int lower_bound(const State&)   moves still needed at least (admissible)
//   void moves(const State&, MoveList&); Key key(const State&); void apply(State&, Action)
// Returns the line with the fewest moves. A* with re-opening: a position
// reached more cheaply than before is queued again, so the first goal taken
// off the queue is optimal for any admissible bound. A child's estimate is
// raised to its parent's (pathmax), which keeps it a lower bound on any line
// through the child: the parent's estimate bounds every line through it.
template <class A>
Solution fewest_moves(const A& adapter, const typename A::State& root, const Limits& limits) {
  using State = typename A::State;
  struct Node {
    std::int32_t parent;
    Action action;
    std::int32_t g;
  };
  struct Open {
    std::int32_t f, g, index;
    bool operator<(const Open& o) const {  // priority_queue is a max-heap
      if (f != o.f) return f > o.f;
      if (g != o.g) return g < o.g;  // deeper first among equals
      return index > o.index;
    }
  };
  Solution out;
  Budget budget(limits);
  BoundedTable best_g(limits.table_entries);
  std::vector<Node> nodes;
  std::priority_queue<Open> open;
  bool cut = false;
  auto finish = [&](Verdict v) {
    out.outcome = v;
    out.nodes = budget.nodes();
    out.seconds = budget.seconds();
    return out;
  };
  // Positions are rebuilt from the root along the parents: a node then costs
  // a few bytes, not a state.
  auto rebuild = [&](std::int32_t i, State& s, std::vector<Action>& path) {
    path.clear();
    for (; i > 0; i = nodes[static_cast<std::size_t>(i)].parent)
      path.push_back(nodes[static_cast<std::size_t>(i)].action);
    std::reverse(path.begin(), path.end());
    s = root;
    for (Action a : path) adapter.apply(s, a);
  };
  budget.spend();
  if (adapter.won(root)) return finish(Verdict::Win);
  nodes.push_back(Node{-1, -1, 0});
  open.push(Open{adapter.lower_bound(root), 0, 0});
  best_g.put(adapter.key(root), 0, false);
  State s = root;
  std::vector<Action> path;
  typename A::MoveList moves;
  while (!open.empty()) {
    const Open o = open.top();
    open.pop();
    rebuild(o.index, s, path);
    if (const std::uint32_t* g = best_g.find(adapter.key(s)); g && static_cast<std::int32_t>(*g) < o.g)
      continue;  // reached more cheaply since it was queued
    if (adapter.won(s)) {
      out.actions = path;
      return finish(Verdict::Win);
    }
    adapter.moves(s, moves);
    for (Action a : moves) {
      State child = s;
      adapter.apply(child, a);
      if (!budget.spend()) {
        // A shortest line passes a queued node reached along it at its
        // cheapest, whose estimate is at most the optimum; this node's is the
        // smallest queued, so it bounds the optimum.
        out.bound = o.f;
        return finish(Verdict::Unknown);
      }
      if (adapter.cut(child)) {
        cut = true;
        continue;
      }
      if (adapter.over(child) && !adapter.won(child)) continue;
      const Key k = adapter.key(child);
      const std::int32_t g = o.g + 1;
      if (const std::uint32_t* old = best_g.find(k); old && static_cast<std::int32_t>(*old) <= g) continue;
      best_g.put(k, static_cast<std::uint32_t>(g), false);
      nodes.push_back(Node{o.index, a, g});
      const std::int32_t f = std::max(o.f, g + adapter.lower_bound(child));
      open.push(Open{f, g, static_cast<std::int32_t>(nodes.size() - 1)});
    }
  }
  return finish(cut ? Verdict::Unknown : Verdict::Loss);
}

}  // namespace cardsim::solver
