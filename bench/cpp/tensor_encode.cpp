// Observation tensor encode time per call, bare C++ (no Python):
//   tensor_encode [games] [reps] [only]
// For every configuration of games/all_games.hpp whose game has an observation
// tensor: play `games` random games (seeds 0..games-1, stream game 0 each),
// keep every state met (at most 20,000), then time observation_tensor for every
// seat of every kept state, `reps` times over. Prints one JSON object per line:
// wall-clock and thread CPU time per call (on a shared machine the CPU time is
// the steadier figure: it does not count the time other jobs hold the core).
#include <time.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/all_games.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 200;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 20;
  const std::string only = argc > 3 ? argv[3] : "";
  for_each_game([&](const std::string& name, const auto& game) {
    if constexpr (requires { game.observation_tensor_size(); }) {
      if (!only.empty() && name != only) return;
      using State = typename std::decay_t<decltype(game)>::State;
      std::vector<State> states;
      std::vector<Card> deck;
      typename State::ActionList legal;
      for (int g = 0; g < games && states.size() < 20000; ++g) {
        Rng rng = Rng::for_game(static_cast<std::uint64_t>(g), 0);
        game.random_deck(rng, deck);
        State s = game.deal(deck);
        for (int step = 0; step < 400 && !s.is_terminal() && states.size() < 20000; ++step) {
          states.push_back(s);
          s.legal_actions(legal);
          s.apply(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
        }
        states.push_back(s);
      }
      const int n = game.num_players();
      const auto size = static_cast<std::size_t>(game.observation_tensor_size());
      std::vector<float> out(size, NAN);
      double check = 0;
      const auto cpu_now = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
      };
      const double c0 = cpu_now();
      const auto t0 = std::chrono::steady_clock::now();
      for (int r = 0; r < reps; ++r)
        for (const State& s : states)
          for (int p = 0; p < n; ++p) {
            s.observation_tensor(p, out.data());
            check += static_cast<double>(out[static_cast<std::size_t>(r) % size]);
          }
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const double cpu = cpu_now() - c0;
      const double calls = static_cast<double>(reps) * static_cast<double>(states.size()) * n;
      std::printf(
          "{\"config\": \"%s\", \"tensor_size\": %zu, \"states\": %zu, \"calls\": %.0f, \"ns_per_call\": "
          "%.1f, "
          "\"cpu_ns_per_call\": %.1f, \"check\": %.3f}\n",
          name.c_str(), size, states.size(), calls, 1e9 * secs / calls, 1e9 * cpu / calls, check);
    }
  });
}
