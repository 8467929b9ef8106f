// perft: the number of action lines of a given length from one position, split
// by how each line ends. As in chess, these counts are a check between two
// implementations of the same rules: equal move generation gives equal counts.
//
// The tree. A node's children are the states after each of its legal_actions(),
// one child per action id. At a simultaneous node that list holds every seat's
// actions (each id names its actor), so the tree is the one the core applies
// actions in: one action at a time, whoever it belongs to.
//
// The leaves. A line stops at depth `depth`, or earlier where the game ends:
//   - a state at depth `depth` that is not over is a `playing` leaf;
//   - a state at any depth <= `depth` that is over is a `truncated` leaf when
//     the move cap ended it, else a `terminal` leaf, and has no children.
// So perft(0) is one leaf (the root, classified), and perft(d) counts every
// line of length d plus every shorter line that ends the game.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/game.hpp"

namespace cardsim {

struct PerftCounts {
  std::uint64_t playing = 0;
  std::uint64_t terminal = 0;
  std::uint64_t truncated = 0;

  std::uint64_t total() const { return playing + terminal + truncated; }

  // One more leaf. Each leaf adds one, so the total is the first count to
  // overflow: checking it refuses a count past 2**64 - 1 instead of wrapping.
  template <CardState S>
  void add_leaf(const S& s) {
    std::uint64_t sum;
    if (__builtin_add_overflow(total(), std::uint64_t{1}, &sum))
      throw InvalidArgument("the perft count overflows 64 bits: choose a smaller depth");
    if (!s.is_terminal()) {
      ++playing;
    } else if (s.is_truncated()) {
      ++truncated;
    } else {
      ++terminal;
    }
  }

  friend bool operator==(const PerftCounts&, const PerftCounts&) = default;
};

// A poll that does nothing: perft without interruption or progress.
struct NoPoll {
  void operator()(const PerftCounts&, std::size_t, std::size_t) const {}
};

// The leaves below `root` at `depth` (see the top of this file). Throws
// InvalidArgument for a depth below 0 or a count past 64 bits.
//
// Depth-first with an explicit stack, one frame (a state, its legal actions and
// the next one to try) per level: a line thousands of actions long (Racing
// Demon, The Wall) needs no native stack. The frames are reserved up front, so a
// node allocates nothing. Every `kPollEvery` nodes it calls
// `poll(counts so far, first moves done, first moves)`, which may throw to stop
// the count (Ctrl-C) or report progress.
template <CardState S, class Poll = NoPoll>
PerftCounts perft(const S& root, std::int64_t depth, Poll&& poll = Poll{}) {
  constexpr std::uint64_t kPollEvery = 1024;
  if (depth < 0) throw InvalidArgument("perft depth must be >= 0, got " + std::to_string(depth));
  PerftCounts out;
  if (depth == 0 || root.is_terminal()) {
    out.add_leaf(root);
    return out;
  }
  struct Frame {
    S state;
    typename S::ActionList legal;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  stack.reserve(static_cast<std::size_t>(std::min<std::int64_t>(depth, 1 << 16)));
  auto push = [&stack](S s) {
    stack.push_back(Frame{std::move(s), {}, 0});
    stack.back().state.legal_actions(stack.back().legal);
    if (stack.back().legal.empty()) throw std::logic_error("a state that is not over has no legal action");
  };
  push(root);
  std::uint64_t nodes = 0;
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.legal.size()) {
      stack.pop_back();
      continue;
    }
    const Action a = top.legal[top.next++];
    if (++nodes % kPollEvery == 0) poll(std::as_const(out), stack.front().next, stack.front().legal.size());
    S child = top.state;  // a copy per child: no game has undo
    child.apply(a);
    // The child is at depth stack.size(): a leaf there, or where the game ends.
    if (static_cast<std::int64_t>(stack.size()) == depth || child.is_terminal()) {
      out.add_leaf(child);
    } else {
      push(std::move(child));
    }
  }
  return out;
}

}  // namespace cardsim
