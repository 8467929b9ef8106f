// The C++ test suite: invariant-checked random and greedy play-outs of every
// game, plus core checks. Each game adds one entry to kSuites below.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "code9_greedy_checks.hpp"
#include "core/card.hpp"
#include "core/deck.hpp"
#include "core/rng.hpp"
#include "games/all_games.hpp"
#include "invariants.hpp"
#include "policy_batch_checks.hpp"
#include "runner/perft.hpp"
#include "search_checks.hpp"
#include "solver_checks.hpp"
#include "vector_env_checks.hpp"

using namespace cardsim;
using cardsim::testing::check_playouts;
using cardsim::testing::expect;

namespace {

// The per-pack deal helpers: each 52-card segment is a whole pack, shuffled
// on its own from card-id order, in turn from one stream; explicit decks of
// packs are counted first, then checked pack by pack.
void pack_checks() {
  Rng a = Rng::for_game(5, 9), b = Rng::for_game(5, 9);
  std::vector<Card> deck;
  shuffled_packs(3, a, deck);
  expect(deck.size() == 156, "three packs of 52");
  for (int k = 0; k < 3; ++k) {
    std::array<Card, 52> pack;
    for (int c = 0; c < 52; ++c) pack[c] = static_cast<Card>(c);
    b.shuffle(pack.data(), 52);
    expect(std::equal(pack.begin(), pack.end(), deck.begin() + 52 * k), "each pack shuffled in turn");
  }
  std::vector<std::string> texts;
  for (Card c : deck) texts.push_back(card_to_string(c));
  expect(parse_packs(texts, 3, "g") == deck, "packs read back");
  const auto error = [&](const std::vector<std::string>& t, int packs, const PackWords& words) {
    try {
      parse_packs(t, packs, "g", words);
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::vector<std::string> short_deck(texts.begin(), texts.end() - 1);
  expect(error(short_deck, 3, kSeatPacks) ==
             "g needs a deck of 156 cards (each player's 52, one after another), got 155",
         "a short deck of packs is named with its layout");
  std::vector<std::string> twice = texts;
  twice[52] = twice[53];
  expect(error(twice, 3, {" with x", "one per deal", "deal"}).find("g (deal 1's pack)") != std::string::npos,
         "a bad pack is named by its owner");
  expect(error(short_deck, 3, {" with x", "one per deal", "deal"}).starts_with("g with x needs"),
         "the count error names the condition");
}

// perft: a count past 64 bits is refused, not wrapped; a negative depth is
// refused; depth 0 is the root; every line of the first ply is one leaf.
void perft_checks() {
  const auto throws = [](auto&& f) {
    try {
      f();
    } catch (const InvalidArgument&) {
      return true;
    }
    return false;
  };
  const rummy::RummyGame g({});
  Rng rng = Rng::for_game(0, 0);
  std::vector<Card> deck;
  g.random_deck(rng, deck);
  const auto root = g.deal(deck);
  PerftCounts full{~std::uint64_t{0}, 0, 0};
  expect(throws([&] { full.add_leaf(root); }), "perft refuses a count past 2**64 - 1");
  expect(full.playing == ~std::uint64_t{0}, "a refused leaf leaves the counts as they were");
  expect(throws([&] { perft(root, -1); }), "perft refuses a negative depth");
  expect(perft(root, 0) == PerftCounts{1, 0, 0}, "depth 0 counts the root");
  rummy::RummyGame::State::ActionList legal;
  root.legal_actions(legal);
  expect(perft(root, 1).total() == legal.size(), "depth 1 counts the legal actions");
  // One of the published tables (docs/testing.md): Rummy from seed 0.
  expect(perft(root, 5) == PerftCounts{1814, 0, 0}, "rummy's published count at depth 5");
}

void core_checks() {
  for (int c = 0; c < kNumCardKinds; ++c)
    expect(parse_card(card_to_string(static_cast<Card>(c))) == c, "card text round trip");
  expect(parse_card("10h") == parse_card("TH"), "10 reads as T");
  bool threw = false;
  try {
    parse_card("1H");
  } catch (const InvalidArgument&) {
    threw = true;
  }
  expect(threw, "bad card text throws");
  // The generator's first outputs are part of the contract (the reference matches them).
  Rng a = Rng::for_game(0, 0), b = Rng::for_game(0, 0), c = Rng::for_game(0, 1);
  expect(a.next() == b.next(), "same stream, same numbers");
  expect(a.next() != c.next(), "different games, different streams");
  Rng r = Rng::for_game(7, 3);
  for (std::uint64_t n = 1; n < 100; ++n) expect(r.below(n) < n, "below(n) < n");
  std::vector<Card> deck = DeckSpec::packs(2, 2).canonical();
  r.shuffle(deck.data(), deck.size());
  std::array<int, kNumCardKinds> seen{};
  for (Card x : deck) ++seen[x];
  for (int k = 0; k < 52; ++k) expect(seen[k] == 2, "shuffle keeps the multiset");
  expect(seen[kJoker] == 2, "shuffle keeps the jokers");
  pack_checks();
  perft_checks();
}

}  // namespace

int main(int argc, char** argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;  // more games for deep local runs
  // "test_games SCALE K N" runs every N-th suite from the K-th: ctest runs the shards in parallel.
  const int shard = argc > 2 ? std::atoi(argv[2]) : 0;
  const int shards = argc > 3 ? std::max(1, std::atoi(argv[3])) : 1;
  std::vector<std::pair<std::string, std::function<void()>>> suites = {
      {"core", core_checks},
      {"solvers", cardsim::testing::solver_checks},
      {"code9 greedy", [scale] { cardsim::testing::code9_greedy_checks(scale); }}};
  for_each_game([&](const std::string& name, auto game) {
    suites.emplace_back(name, [game, scale] {
      // A match deals again and again: a quarter as many matches cover about
      // as many deals (and keep the sanitized suite's slowest shard short).
      const int n = game.traits().match ? scale : 4 * scale;
      check_playouts(game, 11, 5 * n, Policy::Random);
      check_playouts(game, 12, 5 * n, Policy::Greedy);
      if constexpr (HasObservationTensor<decltype(game)>) {
        cardsim::testing::check_vector_env(game, 13, 10 * n);
        cardsim::testing::check_policy_batch(game, 14, static_cast<std::uint64_t>(2 * n));
      }
    });
  });
  // Search players get suites of their own, so that the shards share them.
  for_each_game([&](const std::string& name, auto game) {
    suites.emplace_back(name + " search", [game, scale] {
      cardsim::testing::check_pimc_rule(game);
      cardsim::testing::check_search(game, 15, static_cast<std::uint64_t>(2 * scale));
    });
  });
  int failed = 0, ran = 0;
  for (std::size_t i = 0; i < suites.size(); ++i) {
    if (static_cast<int>(i) % shards != shard) continue;
    ++ran;
    const auto& [name, run] = suites[i];
    try {
      run();
      std::printf("ok   %s\n", name.c_str());
    } catch (const cardsim::testing::Failure& f) {
      std::printf("FAIL %s: %s\n", name.c_str(), f.what.c_str());
      ++failed;
    } catch (const std::exception& e) {
      std::printf("FAIL %s: unexpected exception: %s\n", name.c_str(), e.what());
      ++failed;
    }
  }
  std::printf("%d passed, %d failed\n", ran - failed, failed);
  return failed ? 1 : 0;
}
