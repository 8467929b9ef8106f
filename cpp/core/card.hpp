// Cards and their text form.
//
// A card is one byte: suit * 13 + (rank - 1) for the 52 ordinary cards, with
// suits ordered C, D, H, S, and kJoker (52) for a joker. Games with several
// packs simply hold the same byte more than once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/errors.hpp"

namespace cardsim {

using Card = std::uint8_t;

inline constexpr Card kJoker = 52;
inline constexpr int kNumCardKinds = 53;  // 52 ordinary cards and the joker
inline constexpr Card kNoCard = 0xFF;

inline constexpr char kRankChars[] = "A23456789TJQK";
inline constexpr char kSuitChars[] = "CDHS";

constexpr Card make_card(int rank, int suit) {  // rank 1..13, suit 0..3
  return static_cast<Card>(suit * 13 + rank - 1);
}
constexpr int rank_of(Card c) { return c % 13 + 1; }
constexpr int suit_of(Card c) { return c / 13; }
constexpr bool is_red(Card c) { return suit_of(c) == 1 || suit_of(c) == 2; }
constexpr bool is_joker(Card c) { return c == kJoker; }

inline std::string card_to_string(Card c) {
  if (c == kJoker) return "JK";
  if (c >= kJoker) return "??";
  return std::string{kRankChars[rank_of(c) - 1], kSuitChars[suit_of(c)]};
}

// Reads "TH", "10h", "jk" (any case); kNoCard for anything else.
inline Card try_parse_card(std::string_view text) {
  auto upper = [](char ch) { return static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 32 : ch); };
  std::string t;
  for (char ch : text) t.push_back(upper(ch));
  if (t == "JK") return kJoker;
  if (t.size() == 3 && t[0] == '1' && t[1] == '0') t = std::string{'T', t[2]};
  if (t.size() == 2) {
    std::string_view ranks{kRankChars}, suits{kSuitChars};
    auto r = ranks.find(t[0]);
    auto s = suits.find(t[1]);
    if (r != std::string_view::npos && s != std::string_view::npos)
      return make_card(static_cast<int>(r) + 1, static_cast<int>(s));
  }
  return kNoCard;
}

// Accepts "TH", "10h", "jk"; anything else throws InvalidArgument naming the text.
inline Card parse_card(std::string_view text) {
  const Card c = try_parse_card(text);
  if (c == kNoCard)
    throw InvalidArgument("unknown card '" + std::string(text) +
                          "' (expected rank A23456789TJQK or 10, then suit CDHS, or JK)");
  return c;
}

// Action texts write cards as card_to_string does ("TH", "JK"); a reader may spell
// them any way a deck accepts ("10h", "jk"). Rewrites each word (a run of letters
// and digits) that reads as a card into that form; other words are kept as they are.
inline std::string canonical_card_words(std::string_view text) {
  const auto word_char = [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
  };
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!word_char(text[i])) {
      out += text[i++];
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && word_char(text[j])) ++j;
    const std::string_view word = text.substr(i, j - i);
    const Card c = try_parse_card(word);
    out += c == kNoCard ? std::string(word) : card_to_string(c);
    i = j;
  }
  return out;
}

}  // namespace cardsim
