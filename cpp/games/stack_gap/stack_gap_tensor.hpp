// Stack Gap's exact observation tensor (docs/rules/stack_gap.md, "Observation
// tensor"): the wall slot by slot, the observer's hand in hand order, and per
// seat, observer first, the hand size, the rubble in discard order and the
// score. Included at the end of stack_gap.hpp.
#pragma once

#include "core/tensor.hpp"
#include "games/stack_gap/stack_gap.hpp"

namespace cardsim::stack_gap {

// Bound of a score: each of the 10 slots above level 1 scores at most a
// width of 11 plus its level (4*13 + 3*14 + 2*15 + 16).
inline constexpr double kMaxPoints = 140.0;
// Per wall slot: the card, its value one-hot (a joker's declared value), playable.
inline constexpr int kTensorSlot = kCardPlane + 13 + 1;
inline constexpr int kTensorSeat = 1 + kRubbleLimit * kCardPlane + 1;

constexpr int tensor_size(int num_players) {
  return num_players + (num_players + 1) + kSlots * kTensorSlot + kHandSize * kCardPlane +
         num_players * kTensorSeat + 1 + 3 + num_players + 1;
}

inline int StackGapGame::observation_tensor_size() const { return tensor_size(num_players_); }

inline void StackGapState::observation_tensor(int player, float* out) const {
  const int n = num_players_;
  auto seat = [&](int k) { return (player + k) % n; };  // k-th seat from the observer
  auto relative = [&](int q) { return q < 0 ? -1 : (q - player + n) % n; };
  TensorWriter w(out);
  w.one_hot(player, n);
  w.one_hot(relative(current_), n);
  w.flag(is_terminal());
  for (int s = 0; s < kSlots; ++s) {
    w.card(wall_card_[s]);
    w.one_hot(filled(s) ? wall_value_[s] - 1 : -1, 13);
    w.flag(!is_terminal() && playable(s));
  }
  w.card_slots(hands_[player], kHandSize);
  for (int k = 0; k < n; ++k) {
    const int q = seat(k);
    w.value(static_cast<double>(hands_[q].size()) / kHandSize);
    w.card_slots(rubble_[q], kRubbleLimit);
    w.value(points_[q] / kMaxPoints);
  }
  w.value(static_cast<double>(draw_.size()) / kMaxDeck);
  w.one_hot(static_cast<int>(ending_) - 1, 3);  // level 5, rubble, exhausted
  w.one_hot(relative(ended_by_), n);
  // The option jokers: every card of the deal is somewhere, so a game with
  // the jokers holds 54.
  w.flag(count_cards() == kMaxDeck);
}

static_assert(HasObservationTensor<StackGapGame>);

}  // namespace cardsim::stack_gap
