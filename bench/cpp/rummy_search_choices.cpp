// Where a search player leaves greedy in two-player Rummy: seat 0 searches
// with the given spec, seat 1 plays greedy; at each of seat 0's decisions with
// a choice, the greedy move and the searched move are classed (draw from the
// stock, take the discard, meld, lay off, discard) and counted in pairs. Used
// to read why a search player loses (docs/strategy.md, "Rummy").
//
//   cardsim_rummy_search_choices [spec=ismcts] [deals=40] [seed=7]
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "games/rummy/rummy.hpp"
#include "runner/search_players.hpp"

using namespace cardsim;
using namespace cardsim::rummy;

namespace {

std::string kind_of(Action a) {
  if (a == kDrawStock) return "stock";
  if (a == kTakeDiscard) return "take discard";
  if (a < kDiscardBase) return "other";
  if (a < kRunBase) return "discard";
  if (a < kLayOffBase) return "meld";
  return "lay off";
}

}  // namespace

int main(int argc, char** argv) {
  const PolicySpec spec = parse_policy_spec(argc > 1 ? argv[1] : "ismcts");
  const int deals = argc > 2 ? std::atoi(argv[2]) : 40;
  const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 7;
  const RummyGame game(OptionMap{});
  SearchWorkspace<RummyGame> ws;
  std::vector<Card> deck;
  std::map<std::string, std::array<int, 2>> count;  // greedy kind -> searched kind: decisions, same move
  for (int i = 0; i < deals; ++i) {
    Rng rng = Rng::for_game(seed, static_cast<std::uint64_t>(i));
    game.random_deck(rng, deck);
    RummyState s = game.deal(deck);
    RummyState::ActionList legal;
    while (!s.is_terminal()) {
      if (s.current_player() < 0) break;  // not reached; tells the compiler the seat is valid
      s.legal_actions(legal);
      const Action greedy = game.greedy_action(s, legal, rng);
      Action a = greedy;
      if (s.current_player() == 0 && legal.size() > 1) {
        a = search_action(game, s, legal, spec, rng, ws);
        auto& c = count[kind_of(greedy) + " -> " + kind_of(a)];
        ++c[0];
        c[1] += a == greedy;
      }
      s.apply(a);
    }
  }
  std::printf("greedy -> searched: decisions (same move)\n");
  for (const auto& [k, c] : count) std::printf("%-28s %6d (%d)\n", k.c_str(), c[0], c[1]);
}
