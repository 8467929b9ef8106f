// Code 9's greedy against a plain restatement of what it computes: every
// legal action of many play-out positions is valued by copying the state,
// playing the action and running a textbook Dijkstra for the lowest card's
// way off the grid. The greedy patches the position and reuses searches
// instead (cpp/games/code9/code9.hpp), so any slip in those shortcuts shows
// here as a different value, choice or random draw.
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/code9/code9.hpp"
#include "invariants.hpp"

namespace cardsim::testing {

namespace code9_plain {

using code9::Code9Game;
using code9::Code9State;

// The cost of our card of `rank` entering each place: 1 empty or a lower
// foreign card, 3 one of our own cards, 5 a foreign card it cannot take.
inline int step_cost(const Code9State& s, int place, int suit, int rank) {
  const Card c = s.at(place);
  if (c == kNoCard) return 1;
  if (suit_of(c) == suit) return 3;
  return rank_of(c) < rank ? 1 : 5;
}

inline int exit_cost(const Code9State& s, int suit, int rank) {
  std::array<int, code9::kPlaces> dist;
  std::array<bool, code9::kPlaces> done{};
  dist.fill(INT_MAX);
  dist[static_cast<std::size_t>(s.place_of(suit, rank))] = 0;
  for (;;) {
    int best = -1;
    for (int p = 0; p < code9::kPlaces; ++p)
      if (!done[p] && dist[p] != INT_MAX && (best < 0 || dist[p] < dist[best])) best = p;
    if (code9::on_edge(best)) return dist[best];
    done[best] = true;
    for (int k = 0; k < 4; ++k) {
      const int q = code9::neighbour(best, k);
      if (q >= 0 && !done[q]) dist[q] = std::min(dist[q], dist[best] + step_cost(s, q, suit, rank));
    }
  }
}

// The greedy's value of playing `a`, read off the position after it.
inline int value(const Code9State& s, Action a) {
  const int me = s.current_player();
  const int suit = s.suit_of_player(me);
  const code9::Move m = code9::decode(a);
  Card victim = kNoCard;
  if (!m.pass && m.step != code9::kOff) victim = s.at(s.place_of(suit, m.rank) + code9::kStep[m.step]);
  Code9State after = s;
  after.apply(a);
  if (after.winner() == me) return 1'000'000;
  if (after.winner() >= 0) return -1'000'000;
  int gone = 0, low = 0;
  for (int r = code9::kRanks; r >= 1; --r) {
    if (after.place_of(suit, r) == code9::kNowhere)
      ++gone;
    else
      low = r;
  }
  int v = 10'000 * gone - (low ? 100 * exit_cost(after, suit, low) : 0);
  if (victim != kNoCard) v += s.owner_of_suit(suit_of(victim)) >= 0 ? -20 : 5;
  return v;
}

// The highest value, ties broken by reservoir sampling in list order.
inline Action choice(const Code9State& s, const Code9State::ActionList& legal, Rng& rng) {
  if (legal.size() == 1) return legal[0];
  int best = INT_MIN;
  Action chosen = legal[0];
  std::uint64_t ties = 0;
  for (Action a : legal) {
    const int v = value(s, a);
    if (v > best) {
      best = v;
      chosen = a;
      ties = 1;
    } else if (v == best && rng.below(++ties) == 0) {
      chosen = a;
    }
  }
  return chosen;
}

// Compares every position from `s` to the end of the game, random and
// greedy moves in turn by `greedy`.
inline void check_line(const Code9Game& game, Code9State s, Rng& rng, bool greedy, const std::string& where) {
  Code9State::ActionList legal;
  while (!s.is_terminal()) {
    s.legal_actions(legal);
    for (Action a : legal)
      expect(game.greedy_value(s, a) == value(s, a),
             where + " move " + std::to_string(s.moves()) + ": greedy values " + s.action_to_string(a) + " " +
                 std::to_string(game.greedy_value(s, a)) + ", plainly " + std::to_string(value(s, a)));
    Rng plain = rng;
    const Action a = game.greedy_action(s, legal, rng);
    expect(a == choice(s, legal, plain) && plain.next() == Rng(rng).next(),
           where + " move " + std::to_string(s.moves()) + ": greedy and plain choices or draws differ");
    // Greedy play reaches the end game; random play the crowded, odd positions.
    s.apply(greedy ? a : legal[static_cast<std::size_t>(rng.below(legal.size()))]);
  }
}

inline void check_game(const Code9Game& game, std::uint64_t seed, int games) {
  std::vector<Card> deck;
  for (int i = 0; i < games; ++i) {
    Rng rng = Rng::for_game(seed, static_cast<std::uint64_t>(i));
    game.random_deck(rng, deck);
    check_line(game, game.deal(deck), rng, i % 2 == 1, game.name() + " deal " + std::to_string(i));
  }
}

// Play-outs seldom reach the special rule with a 9 to take: a deal where
// clubs (player 0) start under it, their 9 next to diamonds' 9 (taking it
// hands player 1 the win) and their 8 next to a neutral 9.
inline void check_special_rule(int lines) {
  const Code9Game game({}, false);
  const std::vector<std::string> grid = {"AD", "8H", "8D", "7D", "2D", "3D",  //
                                         "8S", "2C", "6C", "3C", "7H", "4D",  //
                                         "9S", "7C", "AC", "8C", "9H", "5D",  //
                                         "6D", "4C", "9C", "5C", "6S", "AH",  //
                                         "2H", "7S", "9D", "6H", "3H", "4H",  //
                                         "5H", "AS", "2S", "3S", "4S", "5S"};
  const Code9State s = game.deal(game.parse_deck(grid));
  Code9State::ActionList legal;
  s.legal_actions(legal);
  bool takes_nine = false;
  for (Action a : legal) takes_nine = takes_nine || value(s, a) == -1'000'000;
  expect(takes_nine, "the special-rule deal offers clubs the diamonds' 9");
  for (int i = 0; i < lines; ++i) {
    Rng rng = Rng::for_game(25, static_cast<std::uint64_t>(i));
    check_line(game, s, rng, i % 2 == 1, "special-rule deal, line " + std::to_string(i));
  }
}

}  // namespace code9_plain

inline void code9_greedy_checks(int scale) {
  using code9::Code9Game;
  code9_plain::check_game(Code9Game({}, true), 21, 20 * scale);
  code9_plain::check_game(Code9Game({}, false), 22, 20 * scale);
  code9_plain::check_game(Code9Game({{"players", OptionValue{std::int64_t{3}}}}, false), 23, 10 * scale);
  code9_plain::check_game(Code9Game({{"players", OptionValue{std::int64_t{4}}}}, false), 24, 10 * scale);
  code9_plain::check_special_rule(4 * scale);
}

}  // namespace cardsim::testing
