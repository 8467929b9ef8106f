// Clock's exact observation tensor (docs/rules/clock.md, "Observation
// tensor"): per seat, observer first, the face-up cards with the order they
// were tucked, the face-down count of each pile, the pile to turn from, the
// cards turned and whether the clock stopped. Included at the end of clock.hpp.
#pragma once

#include "core/tensor.hpp"
#include "games/clock/clock.hpp"

namespace cardsim::clock {

inline constexpr int kTensorSeat = kCardPlane + kPiles + kPiles + 1 + 1;

constexpr int tensor_size(int num_players) {
  return num_players + num_players + 1 + num_players * kTensorSeat;
}

inline int ClockGame::observation_tensor_size() const { return tensor_size(num_players_); }

inline void ClockState::observation_tensor(int player, float* out) const {
  const int n = num_players_;
  TensorWriter w(out);
  w.one_hot(player, n);
  w.one_hot(is_terminal() ? -1 : (current_ - player + n) % n, n);
  w.flag(is_terminal());
  for (int k = 0; k < n; ++k) {
    const Clock& c = clocks_[(player + k) % n];
    // A face-up card lies on the pile of its rank, so one plane holds them
    // all; its entry is its place in that pile's order, (k + 1) / 4.
    float* up = w.block(kCardPlane);
    for (int i = 0; i < kPiles; ++i)
      for (std::size_t j = 0; j < c.face_up[i].size(); ++j)
        up[c.face_up[i][j]] = static_cast<float>(static_cast<double>(j + 1) / 4);
    for (int i = 0; i < kPiles; ++i) w.value(static_cast<double>(c.face_down[i].size()) / 4);
    w.one_hot(c.next_pile, kPiles);
    w.value(static_cast<double>(c.turned) / 52);
    w.flag(c.stopped());
  }
}

static_assert(HasObservationTensor<ClockGame>);

}  // namespace cardsim::clock
