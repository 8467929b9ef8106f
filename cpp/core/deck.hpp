// Decks: the multiset of cards a game uses, checked explicit deals, and the
// canonical order that a seeded shuffle starts from.
#pragma once

#include <array>
#include <string>
#include <string_view>
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

// Decks of one 52-card pack per seat (or per deal), one pack after another.
// Each pack is shuffled on its own from canonical order, in turn from one
// stream, so that every segment is a whole pack. Always inlined: the batch
// runner deals with it once per game, and a call costs short games (Clock)
// several percent (measured with callgrind).
[[gnu::always_inline]] inline void shuffled_packs(int packs, Rng& rng, std::vector<Card>& deck) {
  deck.resize(static_cast<std::size_t>(52 * packs));
  for (int k = 0; k < packs; ++k) {
    Card* pack = deck.data() + 52 * k;
    for (int c = 0; c < 52; ++c) pack[c] = static_cast<Card>(c);
    rng.shuffle(pack, 52);
  }
}

// Match play: a game whose state deals its own later deals folds the first
// deck into a key and shuffles deal k from (key, k), so that an explicit deck
// and a seeded deal go on alike and the reference can repeat every deal.
inline std::uint64_t fold_deck_key(const std::vector<Card>& deck) {
  std::uint64_t key = 0;
  for (Card c : deck) key = splitmix_mix(key ^ c);
  return key;
}

// Deal `number` of a match: `packs` whole packs into `out`, each shuffled from
// canonical order in turn from the stream of (key, number).
inline void later_deal(std::uint64_t key, int number, int packs, Card* out) {
  Rng rng(splitmix_mix(key ^ static_cast<std::uint64_t>(number)));
  for (int k = 0; k < packs; ++k) {
    Card* pack = out + 52 * k;
    for (int c = 0; c < 52; ++c) pack[c] = static_cast<Card>(c);
    rng.shuffle(pack, 52);
  }
}

// How the errors about a deck of packs name its parts: the count error reads
// "<game><whole> needs a deck of N cards (<layout>), got M" and a bad pack is
// "<game> (<owner> k's pack)".
struct PackWords {
  std::string_view whole;
  std::string_view layout;
  std::string_view owner;
};
inline constexpr PackWords kSeatPacks{"", "each player's 52, one after another", "player"};

// Parses and checks an explicit deal of `packs` whole packs, one after
// another: the count first, then each pack on its own (a lone pack is named
// after the game alone).
inline std::vector<Card> parse_packs(const std::vector<std::string>& texts, int packs,
                                     const std::string& game, const PackWords& words = kSeatPacks) {
  const auto expected = static_cast<std::size_t>(52 * packs);
  if (texts.size() != expected)
    throw InvalidArgument(game + std::string(words.whole) + " needs a deck of " + std::to_string(expected) +
                          " cards" + (packs > 1 ? " (" + std::string(words.layout) + ")" : "") + ", got " +
                          std::to_string(texts.size()));
  std::vector<Card> deck;
  deck.reserve(expected);
  for (int k = 0; k < packs; ++k) {
    const std::vector<std::string> pack(texts.begin() + 52 * k, texts.begin() + 52 * (k + 1));
    const auto cards = parse_deck(
        pack, DeckSpec::packs(1),
        packs == 1 ? game : game + " (" + std::string(words.owner) + " " + std::to_string(k) + "'s pack)");
    deck.insert(deck.end(), cards.begin(), cards.end());
  }
  return deck;
}

}  // namespace cardsim
