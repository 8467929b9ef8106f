// Bare C++ play-outs of every game through the batch runner, one thread:
//   cardsim_bench [games_per_game] [policy]
// Prints games/s and actions/s per game. Run under
//   valgrind --tool=callgrind cardsim_bench 2000
// for instruction counts that do not depend on machine load (bench/speed/bench_callgrind.py).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "games/all_games.hpp"
#include "runner/runner.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  const std::uint64_t games = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
  const std::string policy = argc > 2 ? argv[2] : "random";
  const std::string only = argc > 3 ? argv[3] : "";
  for_each_game([&](const std::string& name, const auto& game) {
    if (!only.empty() && name != only) return;
    Summary summary(game.num_players());
    const auto t0 = std::chrono::steady_clock::now();
    run_batch(game, 1, 0, games, plan_for(game, {policy}), 1, summary, BatchOutput{});
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto actions = static_cast<double>(summary.moves.sum);
    std::printf("%s games %llu seconds %.6f games_per_s %.0f actions_per_s %.0f actions %.0f\n", name.c_str(),
                static_cast<unsigned long long>(games), s, static_cast<double>(games) / s, actions / s,
                actions);
  });
}
