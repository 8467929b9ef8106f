// The Wall's exact observation tensor (docs/rules/the_wall.md, "Observation
// tensor"): every pile in order, as card planes, with the counts of the face-
// down reserve and stock and the moves against the cap. Included at the end
// of the_wall.hpp.
#pragma once

#include "core/tensor.hpp"
#include "games/the_wall/the_wall.hpp"

namespace cardsim::the_wall {

// Per lower pile: its cards, its top card, its size / 13. A lower pile is a
// run down by suit, so its cards say the order.
inline constexpr int kTensorLower = 2 * kCardPlane + 1;
// Per discard pile: the order of its cards (two layers: two packs), its top
// card, its size / 79.
inline constexpr int kTensorDiscard = 3 * kCardPlane + 1;
// The low part of the move count, so that the tensor tells every count apart
// even under a cap of 10^8, beyond float32's 24-bit mantissa.
inline constexpr int kMoveLow = 4096;

constexpr int tensor_size(int discards) {
  return 1 + kUpperPiles * kCardPlane + kLowerPiles * kTensorLower + kCardPlane + discards * kTensorDiscard +
         kFoundations * kCardPlane + 5;
}

inline int TheWallGame::observation_tensor_size() const { return tensor_size(discards_); }

inline void TheWallState::observation_tensor(int, float* out) const {
  TensorWriter w(out);
  w.flag(over_);
  for (int i = 0; i < kUpperPiles; ++i) w.card(upper_[i]);
  for (int i = 0; i < kLowerPiles; ++i) {
    const LowerPile& pile = lower_[i];
    w.cards(pile);
    w.card(pile.empty() ? kNoCard : pile.back());
    w.value(static_cast<double>(pile.size()) / kMaxLowerPile);
  }
  w.card(waste_);
  for (int d = 0; d < num_discards_; ++d) {
    const DiscardPile& pile = discards_[d];
    w.card_order(pile, kMaxDiscardPile, 2);
    w.card(pile.empty() ? kNoCard : pile.back());
    w.value(static_cast<double>(pile.size()) / kMaxDiscardPile);
  }
  for (int f = 0; f < kFoundations; ++f) w.card(foundation_top_[f]);
  w.value(static_cast<double>(reserve_.size()) / kReserveSize);
  w.value(static_cast<double>(stock_.size()) / kStockSize);
  w.value(static_cast<double>(on_foundations_) / kDeckSize);
  w.value(static_cast<double>(moves_) / move_cap_);
  w.value(static_cast<double>(moves_ % kMoveLow) / kMoveLow);
}

static_assert(HasObservationTensor<TheWallGame>);

}  // namespace cardsim::the_wall
