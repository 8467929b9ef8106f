// One game configuration through the batch runner on one thread, for instruction
// counts under callgrind: one game per binary, as in the bindings (one registrar
// per translation unit), so that the counts are not skewed by other games' code.
//
//   cmake --build build/bench --target cardsim_batch_rummy   (configured with -DCARDSIM_BENCH=ON;
//   one target cardsim_batch_<game> per game, GAME_HEADER, GAME_CLASS and GAME_DECLARATION set by
//   CMakeLists.txt from the game's header) valgrind --tool=callgrind --callgrind-out-file=/tmp/rummy.cg
//   build/bench/cardsim_batch_rummy 2000 random
//
// Arguments: games (from game 0 of seed 42), then "random" (default) or "greedy".
// The run is given an Interrupt with an empty poll, as the Python binding gives
// its own, so that the counts include asking it between blocks.
// Build the same file against two checkouts to compare a change.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include GAME_HEADER
#include "default_game.hpp"
#include "runner/runner.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000;
  const Policy kind = argc > 2 && std::string(argv[2]) == "greedy" ? Policy::Greedy : Policy::Random;
  const auto game = default_game<GAME_CLASS>(GAME_DECLARATION());
  BatchPlan plan;
  for (int p = 0; p < game.num_players(); ++p) plan.policies.push_back(PolicySpec{kind});
  Summary summary(game.num_players());
  Interrupt interrupt([] {});
  run_batch(game, 42, 0, n, plan, 1, summary, BatchOutput{}, &interrupt);
  std::printf("games=%llu moves=%lld\n", static_cast<unsigned long long>(summary.games),
              static_cast<long long>(summary.moves.sum));
  return 0;
}
