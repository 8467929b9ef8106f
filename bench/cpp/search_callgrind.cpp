// Search players through the batch runner on one thread, for instruction
// counts under callgrind (repeatable whatever else the machine is doing): where
// an ismcts or pimc iteration goes (state copies, resample_hidden, move
// generation, the greedy, the tree walk). One game per binary, chosen at build
// time as in batch_callgrind.cpp; CMake builds code9, rummy and
// hole_in_the_wall with -DCARDSIM_BENCH=ON.
//
//   cardsim_search_code9 [games=2] [spec=ismcts] [seed=2026]
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/code9.cg build/cardsim_search_code9 2
//   callgrind_annotate --inclusive=yes /tmp/code9.cg | head -40
//
// Every seat plays the spec. It prints the moves and a checksum of every
// game's scores, so that two builds can be checked to play the same games.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include GAME_HEADER
#include "default_game.hpp"
#include "runner/runner.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2;
  const PolicySpec spec = parse_policy_spec(argc > 2 ? argv[2] : "ismcts");
  const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 2026;
  const auto game = default_game<GAME_CLASS>(GAME_DECLARATION());
  const int players = game.num_players();
  BatchPlan plan;
  for (int p = 0; p < players; ++p) plan.policies.push_back(spec);
  Summary summary(players);
  std::vector<std::int32_t> scores(n * static_cast<std::uint64_t>(players));
  std::vector<std::int32_t> moves(n);
  BatchOutput out;
  out.scores = scores.data();
  out.moves = moves.data();
  run_batch(game, seed, 0, n, plan, 1, summary, out);
  std::uint64_t check = 1469598103934665603ull;  // FNV-1a over scores and moves
  for (std::int32_t v : scores) check = (check ^ static_cast<std::uint32_t>(v)) * 1099511628211ull;
  for (std::int32_t v : moves) check = (check ^ static_cast<std::uint32_t>(v)) * 1099511628211ull;
  std::printf("%s games=%llu moves=%lld check=%016llx\n", game.name().c_str(),
              static_cast<unsigned long long>(summary.games), static_cast<long long>(summary.moves.sum),
              static_cast<unsigned long long>(check));
  return 0;
}
