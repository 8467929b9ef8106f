// Racing Demon's exact observation tensor (layout: docs/rules/racing_demon.md,
// "Observation tensor"). Included at the end of racing_demon.hpp; the
// reference encodes the same layout from observation(p) in
// python/cardsim/reference/racing_demon.py.
//
// Everything face up is public, so every seat sees the same; the tensor of
// seat p writes the seats relative to p (block k is seat (p + k) mod n) and
// p's own seat one-hot, so that one policy can play any seat.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "core/tensor.hpp"

namespace cardsim::racing_demon {

// Card planes of one seat's block.
inline constexpr int kTensorPileTop = 0;
inline constexpr int kTensorColumnTop = 1;  // 4 planes: line column 0..3's top card
inline constexpr int kTensorWasteTop = 5;
inline constexpr int kTensorColumnDepth = 6;  // 4 planes, with build_on_line only
inline constexpr int kTensorSeatScalars = 5;  // pile, hand and waste counts, cards turned (x2)
inline constexpr int kTensorSlotSize = 20;    // started, suit x4, height, owner x13, claimed

inline int seat_block_size(bool build_on_line) {
  return 52 * (kTensorColumnDepth + (build_on_line ? kLine : 0)) + kTensorSeatScalars;
}

// Match play adds the round and each seat's running total, twice.

// The most a round can score either way: OUT, a king on every foundation
// (4 per player), every card of one pack in the middle.
inline int round_score_bound(int players) { return 10 + 2 * 4 * players + 52; }
inline int tensor_size(int players, bool build_on_line, bool match) {
  return players * seat_block_size(build_on_line) + 52 + 4 * players * kTensorSlotSize + 2 * players + 6 +
         (match ? 1 + 2 * players : 0);
}

inline int RacingDemonGame::observation_tensor_size() const {
  return tensor_size(players_, build_on_line_, match_.on);
}

inline void RacingDemonState::observation_tensor(int player, float* out) const {
  const int n = players_;
  const auto rel = [&](int seat) { return seat >= player ? seat - player : seat - player + n; };
  std::memset(out, 0, sizeof(float) * static_cast<std::size_t>(tensor_size(n, build_on_line_, match_.on)));
  const int block = seat_block_size(build_on_line_);
  for (int q = 0; q < n; ++q) {
    const Player& pl = seats_[q];
    float* b = out + rel(q) * block;
    if (!pl.pile.empty()) b[52 * kTensorPileTop + pl.pile.back()] = 1.0f;
    for (int c = 0; c < kLine; ++c) {
      const auto& col = pl.line[c];
      if (!col.empty()) b[52 * (kTensorColumnTop + c) + col.back()] = 1.0f;
      if (build_on_line_)
        for (std::size_t i = 0; i < col.size(); ++i)
          b[52 * (kTensorColumnDepth + c) + col[i]] = ratio(i + 1, 13);
    }
    if (!pl.waste.empty()) b[52 * kTensorWasteTop + pl.waste.back()] = 1.0f;
    float* s = b + block - kTensorSeatScalars;
    s[0] = ratio(pl.pile.size(), kPileSize);
    s[1] = ratio(pl.hand.size(), kHandSize);
    s[2] = ratio(pl.waste.size(), kHandSize);
    // Cards turned: up to a hand's worth (what the stalemate rule compares),
    // and exactly, against the most possible (3 a move).
    s[3] = ratio(pl.turned < kHandSize ? pl.turned : kHandSize, kHandSize);
    s[4] = ratio(pl.turned, 3 * move_cap_);
  }
  // How many open foundations take each card next (an ace always starts one).
  float* wanted = out + n * block;
  std::array<std::int8_t, 52> takers{};
  for (const Foundation& f : foundations_) {
    const Card top = f.cards.back();
    if (f.claimed_by < 0 && rank_of(top) < 13) ++takers[top + 1];
  }
  for (int c = 0; c < 52; ++c)
    if (takers[c]) wanted[c] = ratio(takers[c], n);
  float* slot = wanted + 52;
  for (const Foundation& f : foundations_) {
    slot[0] = 1.0f;
    slot[1 + suit_of(f.cards[0])] = 1.0f;
    slot[5] = ratio(f.cards.size(), 13);
    for (std::size_t i = 0; i < f.owners.size(); ++i) slot[6 + i] = ratio(rel(f.owners[i]) + 1, n);
    if (f.claimed_by >= 0) slot[19] = ratio(rel(f.claimed_by) + 1, n);
    slot += kTensorSlotSize;
  }
  float* s = wanted + 52 + 4 * n * kTensorSlotSize;
  s[player] = 1.0f;  // the observer's own seat
  s += n;
  if (out_ >= 0) s[rel(out_)] = 1.0f;
  s += n;
  *s++ = is_terminal() ? 1.0f : 0.0f;
  *s++ = stalemate_ ? 1.0f : 0.0f;
  *s++ = static_cast<float>(rotations_);
  *s++ = ratio(moves_, move_cap_);
  *s++ = ratio(turn_, 3);
  *s++ = build_on_line_ ? 1.0f : 0.0f;
  if (!match_.on) return;
  // The round against the cap; each total (relative seats) against the
  // target, clipped to [-1, 1] (a total can fall below zero), and exactly,
  // against the most a match can score.
  *s++ = ratio(round_, match_.max_rounds);
  const double most = static_cast<double>(round_score_bound(n)) * match_.max_rounds;
  for (int q = 0; q < n; ++q) {
    const double t = static_cast<double>(totals_[q]) / static_cast<double>(match_.target);
    s[rel(q)] = static_cast<float>(t < -1 ? -1 : t > 1 ? 1 : t);
    s[n + rel(q)] = static_cast<float>(static_cast<double>(totals_[q]) / most);
  }
}

static_assert(HasObservationTensor<RacingDemonGame>);

}  // namespace cardsim::racing_demon
