// Determinisation's shared step: the cards at a set of places a player cannot
// see are dealt afresh among those same places. Each game's
// State::resample_hidden lists the places (its own rules decide which cards a
// player has seen); this does the uniform redeal, allocation-free.
#pragma once

#include <cstddef>

#include "core/card.hpp"
#include "core/rng.hpp"
#include "core/static_vector.hpp"

namespace cardsim {

template <std::size_t N>
class HiddenPlaces {
 public:
  void add(Card& place) { places_.push_back(&place); }
  std::size_t size() const { return places_.size(); }

  // A uniform permutation of the cards among the places: every arrangement
  // of the same cards (as a multiset) is equally likely.
  void redeal(Rng& rng) {
    StaticVector<Card, N> cards;
    for (Card* p : places_) cards.push_back(*p);
    rng.shuffle(cards.begin(), cards.size());
    for (std::size_t i = 0; i < places_.size(); ++i) *places_[i] = cards[i];
  }

 private:
  StaticVector<Card*, N> places_;
};

}  // namespace cardsim
