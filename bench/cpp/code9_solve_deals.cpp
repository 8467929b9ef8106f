// Code 9 solitaire's solver deal by deal, one line per deal, for comparing two
// builds of the solver on the same deals (docs/solvers.md, "Code 9 solitaire").
// Deal i is the deal `cardsim solve code9_solitaire --seed S` solves as deal i
// (Rng::for_game and random_deck, as in solver/batch.hpp), with the CLI's
// table size; under a node limit the output depends on nothing else.
//
//   cmake --build build/bench --target cardsim_code9_solve_deals   (configured with -DCARDSIM_BENCH=ON)
//   build/bench/cardsim_code9_solve_deals SEED FIRST COUNT NODE_LIMIT [FILE OF DEAL NUMBERS]
//
// Prints: deal, outcome (1 win, 2 unknown), optimal score (0 if unknown), proven
// lower bound (0 if won), nodes, seconds, the bound at the deal's root.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

#include "core/rng.hpp"
#include "solver/code9.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s SEED FIRST COUNT NODE_LIMIT [DEALS_FILE]\n", argv[0]);
    return 2;
  }
  const std::uint64_t seed = std::strtoull(argv[1], nullptr, 10);
  const std::uint64_t first = std::strtoull(argv[2], nullptr, 10);
  const std::uint64_t count = std::strtoull(argv[3], nullptr, 10);
  std::vector<std::uint64_t> deals;
  if (argc > 5) {
    std::ifstream in(argv[5]);
    for (std::uint64_t d; in >> d;) deals.push_back(d);
  } else {
    for (std::uint64_t i = first; i < first + count; ++i) deals.push_back(i);
  }
  const code9::Code9Game game(OptionMap{}, true);
  solver::Limits limits;
  limits.node_limit = std::strtoll(argv[4], nullptr, 10);
  limits.table_entries = std::int64_t{1} << 21;  // the Python default (DEFAULT_TABLE_ENTRIES)
  std::vector<Card> deck;
  long long nodes = 0;
  int won = 0;
  for (const std::uint64_t i : deals) {
    Rng rng = Rng::for_game(seed, i);
    game.random_deck(rng, deck);
    const auto state = game.deal(deck);
    const solver::Solution s = solver::solve_code9_solitaire(state, limits);
    const solver::Code9Adapter adapter(state.suit_of_player(0));
    std::printf("%llu %d %d %d %lld %.3f %d\n", static_cast<unsigned long long>(i),
                static_cast<int>(s.outcome), s.score, s.bound, static_cast<long long>(s.nodes), s.seconds,
                adapter.lower_bound(state));
    std::fflush(stdout);
    nodes += s.nodes;
    won += s.outcome == solver::Verdict::Win;
  }
  std::fprintf(stderr, "won %d of %zu, nodes %lld\n", won, deals.size(), nodes);
  return 0;
}
