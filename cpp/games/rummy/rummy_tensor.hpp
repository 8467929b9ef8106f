// Rummy's exact observation tensor (layout: docs/rules/rummy.md, "Observation
// tensor"). Included at the end of rummy.hpp; the reference encodes the same
// layout from observation(p) in python/cardsim/reference/rummy.py.
//
// Seats are written relative to the observer: block k describes seat
// (player + k) mod n, so one policy serves every seat; the observer's own seat
// is written once, one-hot, so that no two seats' views coincide.
#pragma once

#include <array>
#include <bit>
#include <cstring>

#include "core/tensor.hpp"

namespace cardsim::rummy {

// Card planes of 52, then the per-seat planes "put on the table by seat k".
inline constexpr int kTensorHand = 0;
inline constexpr int kTensorPile = 1;
inline constexpr int kTensorPileTop = 2;
inline constexpr int kTensorPileDepth = 3;
inline constexpr int kTensorTaken = 4;
inline constexpr int kTensorInRun = 5;
inline constexpr int kTensorInSet = 6;
inline constexpr int kTensorMeldIndex = 7;
inline constexpr int kTensorAceHigh = 8;
inline constexpr int kTensorOwners = 9;  // n planes

// k / 52 for k = 0..52, rounded as ratio() rounds: the pile loop reads it
// instead of dividing once per card.
inline constexpr std::array<float, 53> kOver52 = [] {
  std::array<float, 53> t{};
  for (int k = 0; k <= 52; ++k) t[k] = static_cast<float>(static_cast<double>(k) / 52.0);
  return t;
}();

// The most a match total can be, either way: a deal scores at most 720 (table
// values of all 52 cards, doubled for rummy; standard: 340 doubled) and loses at
// most 360, over at most min(deals, max_deals) deals.
inline double max_total(const Rules& r) {
  const int deals = r.deals > 0 && r.deals < r.max_deals ? r.deals : r.max_deals;
  return 720.0 * deals;
}

inline int tensor_size(const Rules& r) {
  const int n = r.players;
  const int planes = 52 * (kTensorOwners + n);
  const int scalars = 7 * n + 16 + (r.match ? 1 + 2 * n : 0);
  return planes + scalars;
}

inline int RummyGame::observation_tensor_size() const { return tensor_size(rules_); }

inline void RummyState::observation_tensor(int player, float* out) const {
  const int n = n_;
  const auto rel = [&](int seat) { return seat >= player ? seat - player : seat - player + n; };
  std::memset(out, 0, sizeof(float) * static_cast<std::size_t>(tensor_size(rules_)));
  float* plane = out;
  const auto at = [&](int k, int card) -> float& { return plane[52 * k + card]; };

  for (CardSet h = hands_[player]; h; h &= h - 1) at(kTensorHand, std::countr_zero(h)) = 1.0f;
  const int pile_n = static_cast<int>(pile_.size());
  for (int i = 0; i < pile_n; ++i) {
    const Card c = pile_[static_cast<std::size_t>(i)];
    at(kTensorPile, c) = 1.0f;
    at(kTensorPileDepth, c) = kOver52[pile_n - i];  // the top card: 1/52
  }
  if (pile_n) at(kTensorPileTop, pile_.back()) = 1.0f;
  if (taken_ != kNoCard) at(kTensorTaken, taken_) = 1.0f;
  for (std::size_t i = 0; i < melds_.size(); ++i) {
    const Meld& m = melds_[i];
    const float index = ratio(i + 1, kMaxMelds);
    for (CardSet b = m.cards; b; b &= b - 1) {
      const int c = std::countr_zero(b);
      at(m.is_run ? kTensorInRun : kTensorInSet, c) = 1.0f;
      at(kTensorMeldIndex, c) = index;
      at(kTensorOwners + rel(owner_[c]), c) = 1.0f;
    }
    // An ace above the king: the one card whose place a run's cards leave open.
    if (m.is_run && m.high == 14) at(kTensorAceHigh, make_card(1, m.suit)) = 1.0f;
  }

  float* s = out + 52 * (kTensorOwners + n);
  s[player] = 1.0f;  // the observer's own seat
  s += n;
  if (phase_ != Phase::Over) s[rel(current_)] = 1.0f;
  s += n;
  s[static_cast<int>(phase_)] = 1.0f;
  s += 4;
  s[rel(dealer_)] = 1.0f;
  s += n;
  for (int q = 0; q < n; ++q) s[rel(q)] = kOver52[std::popcount(hands_[q])];
  s += n;
  *s++ = kOver52[stock_.size()];
  for (int q = 0; q < n; ++q) s[rel(q)] = (laid_down_ >> q & 1) ? 1.0f : 0.0f;
  s += n;
  if (phase_ == Phase::Call) s[rel(discarder_)] = 1.0f;
  s += n;
  *s++ = phase_ == Phase::Call ? ratio(call_k_, 13) : 0.0f;
  if (went_out_ >= 0) s[rel(went_out_)] = 1.0f;
  s += n;
  *s++ = rummy_ ? 1.0f : 0.0f;
  // How the deal ended without a winner: 1 cut by move_cap, 0.5 void.
  *s++ = deal_truncated_ ? 1.0f : deal_void_ ? 0.5f : 0.0f;
  *s++ = ratio(turn_, rules_.move_cap);
  *s++ = ratio(turn_overs_, rules_.max_turn_overs > 0 ? rules_.max_turn_overs : 1);
  *s++ = rules_.ace_high ? 1.0f : 0.0f;
  *s++ = rules_.lay_off_through_sets ? 1.0f : 0.0f;
  *s++ = rules_.discard_to_go_out ? 1.0f : 0.0f;
  *s++ = rules_.go_out_next_turn ? 1.0f : 0.0f;
  *s++ = rules_.rummy_on_board ? 1.0f : 0.0f;
  *s++ = rules_.table_scoring ? 1.0f : 0.0f;
  if (rules_.match) {
    *s++ = ratio(deal_no_, rules_.max_deals);
    // Totals twice: against the target, clipped to [-1, 1] (the scale play
    // cares about), and exactly, against the most any total can reach.
    const double bound = max_total(rules_);
    for (int q = 0; q < n; ++q) {
      const double t = static_cast<double>(totals_[q]) / static_cast<double>(rules_.target);
      s[rel(q)] = static_cast<float>(t > 1.0 ? 1.0 : t < -1.0 ? -1.0 : t);
      s[n + rel(q)] = ratio(totals_[q], bound);
    }
  }
}

static_assert(HasObservationTensor<RummyGame>);

}  // namespace cardsim::rummy
