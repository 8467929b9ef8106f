// Writing an observation tensor: a flat float32 vector laid out block by
// block (docs/rules/<game>.md, "Observation tensor"). Game-neutral.
//
// TensorWriter walks the output once, front to back, so that every entry is
// written exactly once and a layout reads in the code in the order the docs
// list it. Nothing here allocates: a game's observation_tensor can run in the
// batch loops.
#pragma once

#include <algorithm>
#include <cstddef>

#include "core/card.hpp"

namespace cardsim {

// A card plane: one entry per card kind, 52 cards in canonical order (clubs
// A..K, diamonds, hearts, spades) then the joker.
inline constexpr int kCardPlane = kNumCardKinds;  // 53

// x / d rounded once to float: the reference divides in double and rounds the
// same way, so that both give the same float for every count.
template <class X, class D>
inline float ratio(X x, D d) {
  return static_cast<float>(static_cast<double>(x) / static_cast<double>(d));
}

class TensorWriter {
 public:
  explicit TensorWriter(float* out) : start_(out), at_(out) {}

  // Entries written so far (the next block's offset).
  std::ptrdiff_t offset() const { return at_ - start_; }

  // One number. Fractions are worked out in double and rounded once to
  // float, so an encoder in any language that does the same gets the same bits.
  void value(double v) { *at_++ = static_cast<float>(v); }
  void flag(bool b) { *at_++ = b ? 1.0f : 0.0f; }
  // n entries, entry i set to 1 (none when i is outside [0, n)).
  void one_hot(int i, int n) {
    std::fill(at_, at_ + n, 0.0f);
    if (i >= 0 && i < n) at_[i] = 1.0f;
    at_ += n;
  }
  // n zeros (an absent seat's block, say).
  void zeros(int n) {
    std::fill(at_, at_ + n, 0.0f);
    at_ += n;
  }
  // n zeros to fill by hand: returns where they start (for a block a game
  // lays out its own way).
  float* block(int n) {
    float* b = at_;
    zeros(n);
    return b;
  }
  // A card plane holding one card (kNoCard: an empty place, all zero).
  void card(Card c) { one_hot(c == kNoCard ? -1 : static_cast<int>(c), kCardPlane); }
  // A card plane counting the cards of a range (1 each; a card held twice, in
  // a two-pack game, counts 2).
  template <class Range>
  void cards(const Range& range) {
    std::fill(at_, at_ + kCardPlane, 0.0f);
    for (Card c : range) at_[c] += 1.0f;
    at_ += kCardPlane;
  }
  // Card planes of a list's order: the k-th card (from 0) of the range gets
  // (k + 1) / scale, a card not in it 0. The set and its order in 53 entries
  // per layer, for a pile whose order is open (scale: the most cards it can
  // hold). With several packs a card can be in a pile more than once: its
  // j-th copy goes to layer j (layers: copies of a card in the game).
  template <class Range>
  void card_order(const Range& range, int scale, int layers = 1) {
    std::fill(at_, at_ + layers * kCardPlane, 0.0f);
    int k = 0;
    for (Card c : range) {
      const auto v = static_cast<float>(static_cast<double>(++k) / scale);
      for (int j = 0; j < layers; ++j)
        if (at_[j * kCardPlane + c] == 0.0f) {
          at_[j * kCardPlane + c] = v;
          break;
        }
    }
    at_ += layers * kCardPlane;
  }
  // Ordered places: `slots` card planes, the i-th holding range[i] (the rest
  // empty). For a list whose order the player may act on, such as a hand
  // addressed by index.
  template <class Range>
  void card_slots(const Range& range, int slots) {
    std::fill(at_, at_ + slots * kCardPlane, 0.0f);
    int i = 0;
    for (Card c : range) {
      if (i == slots) break;
      at_[i * kCardPlane + c] = 1.0f;
      ++i;
    }
    at_ += slots * kCardPlane;
  }

 private:
  float* start_;
  float* at_;
};

}  // namespace cardsim
