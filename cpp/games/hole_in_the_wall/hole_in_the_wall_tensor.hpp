// Hole in the Wall's exact observation tensor (layout: docs/rules/hole_in_the_wall.md,
// "Observation tensor"). Included at the end of hole_in_the_wall.hpp; the
// reference encodes the same layout from observation(p) in
// python/cardsim/reference/hole_in_the_wall.py.
//
// The wall is written as positions: grid planes of 46 rows x 7 columns
// (index row * 7 + col, row 0 the base), one feature per plane. Seats are
// relative to the observer (block k is seat (player + k) mod n), with the
// observer's own seat one-hot so that no two seats' views coincide.
#pragma once

#include <cstring>

#include "core/tensor.hpp"

namespace cardsim::hole_in_the_wall {

inline constexpr int kGridCells = kRows * kCols;  // 322
// Grid planes.
inline constexpr int kTensorCard = 0;    // a card stands here
inline constexpr int kTensorRank = 1;    // its rank / 13
inline constexpr int kTensorSuit = 2;    // 4 planes: C, D, H, S
inline constexpr int kTensorHole = 6;    // the cell is in a hole
inline constexpr int kTensorPlaced = 7;  // placed this turn: (order + 1) / 4
inline constexpr int kTensorLast = 8;    // the current sequence's last card
inline constexpr int kTensorGridPlanes = 9;
// Card planes of 52, after the grid.
inline constexpr int kTensorOnDisplay = 0;
inline constexpr int kTensorSlot = 1;  // 4 planes: hand slot 0..3
inline constexpr int kTensorCardPlanes = 1 + kHandSize;

// Powers of two above the most points can reach, so that every value lies in
// [0, 1]: a deal's placements score at most 4 per adjacent pair of cards (at most
// 104 pairs among 52 cards: 416); its holes at most 10 per cell above the base
// (315 cells: 3150); a match at most 4 deals of both.
inline constexpr int kMaxPlacementPoints = 512;
inline constexpr int kMaxHolePoints = 4096;
inline constexpr int kMaxMatchPoints = 16384;

inline int tensor_size(const Config& cfg) {
  return kGridCells * kTensorGridPlanes + 52 * kTensorCardPlanes + 6 * cfg.players + 9;
}

inline int HoleInTheWallGame::observation_tensor_size() const { return tensor_size(cfg_); }

inline void HoleInTheWallState::observation_tensor(int player, float* out) const {
  const int n = cfg_.players;
  const auto rel = [&](int seat) { return seat >= player ? seat - player : seat - player + n; };
  std::memset(out, 0, sizeof(float) * static_cast<std::size_t>(tensor_size(cfg_)));
  const auto grid = [&](int plane, int cell) -> float& { return out[kGridCells * plane + cell]; };
  float* cards = out + kGridCells * kTensorGridPlanes;

  for (int row = 0; row <= top_; ++row)
    for (int c = 0; c < kCols; ++c) {
      const int cell = row * kCols + c;
      const Card card = cells_[cell];
      if (card == kNoCard) continue;
      grid(kTensorCard, cell) = 1.0f;
      grid(kTensorRank, cell) = ratio(rank_of(card), 13);
      grid(kTensorSuit + suit_of(card), cell) = 1.0f;
      cards[52 * kTensorOnDisplay + card] = 1.0f;
    }
  for (int c = 0; c < kCols; ++c)
    for (Column h = holes_.col[c]; h; h &= h - 1) grid(kTensorHole, std::countr_zero(h) * kCols + c) = 1.0f;
  for (std::size_t i = 0; i < placed_turn_.size(); ++i)
    grid(kTensorPlaced, placed_turn_[i]) = ratio(i + 1, kHandSize);
  if (seq_last_ >= 0) grid(kTensorLast, seq_last_) = 1.0f;
  const Hand& hand = hands_[player];
  for (std::size_t i = 0; i < hand.size(); ++i)
    cards[52 * (kTensorSlot + static_cast<int>(i)) + hand[i]] = 1.0f;

  float* s = cards + 52 * kTensorCardPlanes;
  s[player] = 1.0f;  // the observer's own seat
  s += n;
  if (!over_) s[rel(cur_)] = 1.0f;
  s += n;
  *s++ = over_ ? 1.0f : 0.0f;
  s[rel(dealer_)] = 1.0f;
  s += n;
  *s++ = ratio(deal_, kMaxDeals);
  *s++ = ratio(turns_, cfg_.move_cap);
  *s++ = static_cast<float>(seq_dir_);
  for (int q = 0; q < n; ++q) s[rel(q)] = ratio(placement_[q], kMaxPlacementPoints);
  s += n;
  *s++ = ratio(hole_points_, kMaxHolePoints);
  for (int q = 0; q < n; ++q) s[rel(q)] = ratio(match_[q], kMaxMatchPoints);
  s += n;
  for (int q = 0; q < n; ++q) s[rel(q)] = ratio(hands_[q].size(), kHandSize);
  s += n;
  *s++ = ratio(stock_.size(), 52);
  *s++ = cfg_.teams ? 1.0f : 0.0f;
  *s++ = cfg_.match ? 1.0f : 0.0f;
  *s++ = cfg_.score_holes ? 1.0f : 0.0f;
}

static_assert(HasObservationTensor<HoleInTheWallGame>);

}  // namespace cardsim::hole_in_the_wall
