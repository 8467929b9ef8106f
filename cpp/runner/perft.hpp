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

#include <cstdint>
#include <stdexcept>
#include <string>

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

namespace perft_detail {

// Depth-first, a copy per child (no game has undo); the action list lives on
// this frame, fixed-capacity, so a node allocates nothing.
template <CardState S>
void count(const S& s, std::int64_t depth, PerftCounts& out) {
  if (depth == 0 || s.is_terminal()) return out.add_leaf(s);
  typename S::ActionList legal;
  s.legal_actions(legal);
  if (legal.empty()) throw std::logic_error("a state that is not over has no legal action");
  for (Action a : legal) {
    S child = s;
    child.apply(a);
    if (depth == 1 || child.is_terminal()) {
      out.add_leaf(child);
    } else {
      count(child, depth - 1, out);
    }
  }
}

}  // namespace perft_detail

// The leaves below `root` at `depth` (see the top of this file). Throws
// InvalidArgument for a depth below 0 or a count past 64 bits.
template <CardState S>
PerftCounts perft(const S& root, std::int64_t depth) {
  if (depth < 0) throw InvalidArgument("perft depth must be >= 0, got " + std::to_string(depth));
  PerftCounts out;
  perft_detail::count(root, depth, out);
  return out;
}

}  // namespace cardsim
