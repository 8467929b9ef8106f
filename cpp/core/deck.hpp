// Decks: the multiset of cards a game uses, checked explicit deals, and the
// canonical order that a seeded shuffle starts from.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/card.hpp"
#include "core/errors.hpp"
#include "core/rng.hpp"

namespace cardsim {

// How many copies of each card kind a game's full deck holds.
struct DeckSpec {
  std::array<int, kNumCardKinds> copies{};

  static DeckSpec packs(int n, int jokers = 0) {
    DeckSpec d;
    for (int c = 0; c < 52; ++c) d.copies[c] = n;
    d.copies[kJoker] = jokers;
    return d;
  }
  int size() const {
    int n = 0;
    for (int k : copies) n += k;
    return n;
  }
  // Card kinds in id order, each repeated as often as the deck holds it.
  std::vector<Card> canonical() const {
    std::vector<Card> out;
    out.reserve(static_cast<std::size_t>(size()));
    for (int c = 0; c < kNumCardKinds; ++c)
      for (int k = 0; k < copies[c]; ++k) out.push_back(static_cast<Card>(c));
    return out;
  }
};

inline std::string times(int n) { return n == 1 ? "once" : std::to_string(n) + " times"; }

// Parses and checks an explicit deal against the game's deck, naming the
// first problem found: a card that cannot be read, the wrong count, or a card
// held more (or fewer) times than the game uses it.
inline std::vector<Card> parse_deck(const std::vector<std::string>& texts, const DeckSpec& spec,
                                    const std::string& game) {
  std::vector<Card> deck;
  deck.reserve(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    try {
      deck.push_back(parse_card(texts[i]));
    } catch (const InvalidArgument& e) {
      throw InvalidArgument("deck position " + std::to_string(i) + ": " + e.what());
    }
  }
  if (static_cast<int>(deck.size()) != spec.size())
    throw InvalidArgument(game + " needs a deck of " + std::to_string(spec.size()) + " cards, got " +
                          std::to_string(deck.size()));
  std::array<int, kNumCardKinds> seen{};
  for (Card c : deck) ++seen[c];
  // Report the most telling problem first: a stranger, then a duplicate, then a gap.
  for (int c = 0; c < kNumCardKinds; ++c)
    if (seen[c] && !spec.copies[c])
      throw InvalidArgument(game + " does not use " + card_to_string(static_cast<Card>(c)) +
                            ", but the deck holds it");
  for (int pass = 0; pass < 2; ++pass)
    for (int c = 0; c < kNumCardKinds; ++c)
      if (pass == 0 ? seen[c] > spec.copies[c] : seen[c] < spec.copies[c])
        throw InvalidArgument("the deck holds " + card_to_string(static_cast<Card>(c)) + " " +
                              times(seen[c]) + ", " + game + " uses it " + times(spec.copies[c]));
  return deck;
}

inline std::vector<Card> shuffled_deck(const DeckSpec& spec, Rng& rng) {
  auto deck = spec.canonical();
  rng.shuffle(deck.data(), deck.size());
  return deck;
}

}  // namespace cardsim
