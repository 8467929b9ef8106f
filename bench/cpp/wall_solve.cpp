// The Wall's solver on chosen deals of a seeded run, for measuring what a
// change to the search does: verdict and positions per deal, every winning
// line replayed through the state API. Node limits only, so the output is a
// function of the build, the seed and the deals (not of the machine's load).
//
//   cmake --build build/bench --target cardsim_wall_solve   (configured with -DCARDSIM_BENCH=ON)
//   build/bench/cardsim_wall_solve NODE_LIMIT SEED FIRST COUNT [threads=1] [table_entries=2097152] [quiet]
//   build/bench/cardsim_wall_solve NODE_LIMIT SEED list 248,1943,2413 [threads=1] [table_entries=...]
//
// One line per deal ("deal verdict nodes length cpu-seconds"), then a summary;
// CPU time is the thread's own (the machine is shared, wall time is not).
#include <time.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.hpp"
#include "games/the_wall/the_wall.hpp"
#include "solver/the_wall.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s NODE_LIMIT SEED FIRST COUNT | list D1,D2,.. [threads] [table]\n",
                 argv[0]);
    return 2;
  }
  const std::int64_t limit = std::strtoll(argv[1], nullptr, 10);
  const std::uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  std::vector<std::uint64_t> deals;
  if (std::strcmp(argv[3], "list") == 0) {
    for (const char* p = argv[4]; *p;) {
      char* end;
      deals.push_back(std::strtoull(p, &end, 10));
      p = *end ? end + 1 : end;
    }
  } else {
    const std::uint64_t first = std::strtoull(argv[3], nullptr, 10);
    const std::uint64_t count = std::strtoull(argv[4], nullptr, 10);
    for (std::uint64_t i = 0; i < count; ++i) deals.push_back(first + i);
  }
  const int threads = argc > 5 ? std::atoi(argv[5]) : 1;
  const std::int64_t table = argc > 6 ? std::strtoll(argv[6], nullptr, 10) : std::int64_t{1} << 21;
  const bool quiet = argc > 7 && std::strcmp(argv[7], "quiet") == 0;  // only deals above 100,000 positions
  const the_wall::TheWallGame game({});
  struct Row {
    solver::Verdict v;
    std::int64_t nodes;
    std::size_t length;
    double seconds;
    bool replayed;
  };
  std::vector<Row> rows(deals.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    std::vector<Card> deck;
    for (std::size_t k; (k = next.fetch_add(1)) < deals.size();) {
      Rng rng = Rng::for_game(seed, deals[k]);
      game.random_deck(rng, deck);
      auto state = game.deal(deck);
      solver::Limits limits;
      limits.node_limit = limit;
      limits.table_entries = table;
      timespec t0, t1;
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
      const solver::Solution s = solver::solve_the_wall(state, limits);
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
      const double cpu =
          static_cast<double>(t1.tv_sec - t0.tv_sec) + 1e-9 * static_cast<double>(t1.tv_nsec - t0.tv_nsec);
      bool ok = true;
      if (s.outcome == solver::Verdict::Win) {
        for (Action a : s.actions) {
          if (!state.why_illegal(a).empty()) {
            ok = false;
            break;
          }
          state.apply(a);
        }
        ok = ok && state.outcome().winners == 1;
      }
      rows[k] = Row{s.outcome, s.nodes, s.actions.size(), cpu, ok};
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  const char* names[] = {"loss", "win", "unknown"};
  int count[3] = {0, 0, 0}, bad = 0;
  std::int64_t nodes = 0;
  double seconds = 0;
  std::string unknown;
  for (std::size_t k = 0; k < deals.size(); ++k) {
    const Row& r = rows[k];
    ++count[static_cast<int>(r.v)];
    bad += !r.replayed;
    nodes += r.nodes;
    seconds += r.seconds;
    if (quiet && r.nodes < 100000 && r.v == solver::Verdict::Win) {
    } else {
      std::printf("%llu %s %lld %zu %.3f%s\n", static_cast<unsigned long long>(deals[k]),
                  names[static_cast<int>(r.v)], static_cast<long long>(r.nodes), r.length, r.seconds,
                  r.replayed ? "" : " BAD-LINE");
    }
    if (r.v == solver::Verdict::Unknown) unknown += std::to_string(deals[k]) + ",";
  }
  std::printf(
      "# limit=%lld seed=%llu deals=%zu win=%d loss=%d unknown=%d bad_lines=%d nodes=%lld "
      "cpu_seconds=%.1f nodes/cpu_s=%.0f\n# unknown: %s\n",
      static_cast<long long>(limit), static_cast<unsigned long long>(seed), deals.size(), count[1], count[0],
      count[2], bad, static_cast<long long>(nodes), seconds,
      seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0, unknown.c_str());
  return bad ? 1 : 0;
}
