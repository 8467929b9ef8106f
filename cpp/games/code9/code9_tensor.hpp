// Code 9's exact observation tensor (docs/rules/code9.md, "Observation
// tensor"): the 6x6 grid as positions, each place with its card's suit, rank
// and owner; per seat, observer first, the suit, captures and lowest card on
// the grid; the set-aside cards in the order they went; the turn count against
// the cap. Included at the end of code9.hpp.
#pragma once

#include "core/tensor.hpp"
#include "games/code9/code9.hpp"

namespace cardsim::code9 {

// Cards of the other suits a player could capture.
inline constexpr int kMaxCaptured = kPlaces - kRanks;  // 27

constexpr int tensor_size(int num_players) {
  const int n = num_players;
  return n + n + 1 + kPlaces * (kSuits + kRanks + n + 1) + n * (kSuits + 1 + kRanks) + kCardPlane + 1 + 1 + n;
}

inline int Code9Game::observation_tensor_size() const { return tensor_size(setup_.num_players); }

inline void Code9State::observation_tensor(int player, float* out) const {
  const int n = num_players_;
  auto relative = [&](int q) { return q < 0 ? -1 : (q - player + n) % n; };
  TensorWriter w(out);
  w.one_hot(player, n);
  w.one_hot(relative(current_), n);
  w.flag(is_terminal());
  for (int place = 0; place < kPlaces; ++place) {
    const Card c = grid_[place];
    const bool empty = c == kNoCard;
    w.one_hot(empty ? -1 : suit_of(c), kSuits);
    w.one_hot(empty ? -1 : rank_of(c) - 1, kRanks);
    const int owner = empty ? -1 : owner_[suit_of(c)];
    w.one_hot(relative(owner), n);
    w.flag(!empty && owner < 0);  // neutral
  }
  for (int k = 0; k < n; ++k) {
    const int q = (player + k) % n, s = suit_of_[q];
    w.one_hot(s, kSuits);
    w.value(static_cast<double>(captured_[q]) / kMaxCaptured);
    int lowest = 0;
    while (lowest < kRanks && place_[s][lowest] == kNowhere) ++lowest;
    w.one_hot(lowest, kRanks);  // the card that may leave; none once all are gone
  }
  w.card_order(set_aside_, kPlaces);
  w.value(static_cast<double>(moves_) / move_cap_);
  w.value(static_cast<double>(passes_) / n);
  w.one_hot(relative(winner_), n);
}

static_assert(HasObservationTensor<Code9Game>);

}  // namespace cardsim::code9
