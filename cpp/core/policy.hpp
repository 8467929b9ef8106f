// The policies a batch run can play with, one per seat. Shared by the runner
// and by games that drive their own play-out (a simultaneous game's timed race).
//
// A policy is named by a spec (docs/strategy.md):
//   random | greedy | first
//   pimc[:N][:key=value...]     keys: rollout=greedy|random|first, sees=rules|all
//   ismcts[:N][:key=value...]   keys: c=<exploration constant>, prior=<favourite's share>,
//                               rollout=greedy|random|first, sees=rules|all
// N is the budget: playouts per legal action (pimc) or iterations per decision
// (ismcts); without it the documented default applies: the game's own when it
// declares one (core/game.hpp, HasDefaultSearchBudget), else the shared one below.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"

namespace cardsim {

// Seats a policy list can fill: game.hpp's kMaxPlayers (checked there; this
// header comes first, as game.hpp's contract names SeatPolicies).
inline constexpr int kMaxPolicySeats = 8;

enum class Policy : std::uint8_t { Random, Greedy, First, Pimc, Ismcts };

// The spec name of each kind, in Policy's order: the one list of the grammar's
// kinds (the bindings hand it to Python).
inline constexpr std::array<const char*, 5> kPolicyNames = {"random", "greedy", "first", "pimc", "ismcts"};
inline const char* policy_name(Policy p) { return kPolicyNames[static_cast<std::size_t>(p)]; }
inline constexpr bool is_search_kind(Policy p) { return p == Policy::Pimc || p == Policy::Ismcts; }

inline constexpr int kDefaultPimcBudget = 10;     // playouts per legal action
inline constexpr int kDefaultIsmctsBudget = 200;  // iterations per decision
inline constexpr double kDefaultUct = 1.0;
inline constexpr double kDefaultPrior = 0.5;  // the rollout policy's share of the PUCT prior
inline constexpr int kMaxSearchBudget = 1000000;

// One parsed spec. Plain data: the per-step dispatch reads `kind` only.
struct PolicySpec {
  Policy kind = Policy::Random;
  int budget = 0;                   // search players only
  bool budget_given = false;        // N was named; else a game may declare its own default
  double c = kDefaultUct;           // ismcts only
  Policy rollout = Policy::Greedy;  // search players' playouts
  double prior = kDefaultPrior;     // ismcts only; 0: plain UCB1, every action expanded in turn
  // sees=all: the search never redeals, so it plays on the true hidden cards.
  // No fair player can do that; it measures how much hidden information costs.
  bool sees_all = false;
  bool is_search() const { return kind == Policy::Pimc || kind == Policy::Ismcts; }
};

namespace policy_detail {

inline std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  for (;;) {
    const std::size_t end = text.find(sep, pos);
    out.push_back(text.substr(pos, end == std::string::npos ? std::string::npos : end - pos));
    if (end == std::string::npos) return out;
    pos = end + 1;
  }
}

inline bool all_digits(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;
  for (char ch : s)
    if (ch < '0' || ch > '9') return false;
  return true;
}

inline Policy simple_kind(const std::string& name, const std::string& where) {
  if (name == "random") return Policy::Random;
  if (name == "greedy") return Policy::Greedy;
  if (name == "first") return Policy::First;
  throw InvalidArgument(where + "unknown policy '" + name +
                        "' (known: random, greedy, first, pimc[:N], ismcts[:N])");
}

}  // namespace policy_detail

// Parses one spec; `where` prefixes every error (e.g. "seat 1: ").
inline PolicySpec parse_policy_spec(const std::string& text, const std::string& where = "") {
  using namespace policy_detail;
  const auto parts = split(text, ':');
  const std::string& name = parts[0];
  PolicySpec spec;
  if (name != "pimc" && name != "ismcts") {
    spec.kind = simple_kind(name, where);
    if (parts.size() > 1)
      throw InvalidArgument(where + "policy '" + name + "' takes no parameters, got '" + text + "'");
    return spec;
  }
  spec.kind = name == "pimc" ? Policy::Pimc : Policy::Ismcts;
  spec.budget = spec.kind == Policy::Pimc ? kDefaultPimcBudget : kDefaultIsmctsBudget;
  const auto bad = [&](const std::string& why) {
    return InvalidArgument(where + "bad policy '" + text + "': " + why);
  };
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos) {
      if (i != 1) throw bad("the budget N must come first, right after '" + name + ":'");
      if (!all_digits(part) || std::stol(part) < 1 || std::stol(part) > kMaxSearchBudget)
        throw bad("the budget must be an integer in [1, " + std::to_string(kMaxSearchBudget) + "], got '" +
                  part + "'");
      spec.budget = static_cast<int>(std::stol(part));
      spec.budget_given = true;
      continue;
    }
    const std::string key = part.substr(0, eq), value = part.substr(eq + 1);
    if (key == "rollout") {
      if (value != "random" && value != "greedy" && value != "first")
        throw bad("rollout must be random, greedy or first, got '" + value + "'");
      spec.rollout = simple_kind(value, where);
    } else if (key == "sees") {
      if (value != "rules" && value != "all") throw bad("sees must be rules or all, got '" + value + "'");
      spec.sees_all = value == "all";
    } else if ((key == "c" || key == "prior") && spec.kind == Policy::Ismcts) {
      // c in [0, 100]; prior in [0, 1): the favourite's share, below 1 so
      // that every action keeps some prior and can still be tried.
      std::size_t used = 0;
      double x = -1;
      try {
        x = std::stod(value, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      const bool ok = key == "c" ? x >= 0 && x <= 100 : x >= 0 && x < 1;
      if (used != value.size() || value.empty() || !ok)
        throw bad(key == "c" ? "c must be a number in [0, 100], got '" + value + "'"
                             : "prior must be a number in [0, 1), got '" + value + "'");
      (key == "c" ? spec.c : spec.prior) = x;
    } else {
      throw bad("unknown key '" + key + "' (known: " +
                std::string(spec.kind == Policy::Ismcts ? "c, prior, rollout, sees" : "rollout, sees") + ")");
    }
  }
  return spec;
}

// The policies of every seat of one game. `seat_of_policy`/`policy_of_seat`
// map between seats and the run's policy list (a rotation moves them).
struct SeatPolicies {
  int num_players = 0;
  bool uniform_simple = false;  // every seat plays the same random/greedy/first
  std::array<PolicySpec, kMaxPolicySeats> seat{};
  const PolicySpec& operator[](int p) const { return seat[static_cast<std::size_t>(p)]; }
  bool any_search() const {
    for (int p = 0; p < num_players; ++p)
      if (seat[static_cast<std::size_t>(p)].is_search()) return true;
    return false;
  }
};

// A run's policies, already parsed: one for every seat, or one per seat.
inline std::vector<PolicySpec> seat_list(std::vector<PolicySpec> specs, int players) {
  if (specs.size() != 1 && static_cast<int>(specs.size()) != players)
    throw InvalidArgument("expected one policy, or one per seat (" + std::to_string(players) + "), got " +
                          std::to_string(specs.size()));
  while (static_cast<int>(specs.size()) < players) specs.push_back(specs[0]);
  return specs;
}

// One name for every seat, or one per seat; errors name the seat.
inline std::vector<PolicySpec> parse_policies(const std::vector<std::string>& names, int players) {
  if (names.size() != 1 && static_cast<int>(names.size()) != players)
    throw InvalidArgument("expected one policy, or one per seat (" + std::to_string(players) + "), got " +
                          std::to_string(names.size()));
  std::vector<PolicySpec> out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out.push_back(parse_policy_spec(names[i], names.size() == 1 ? "" : "seat " + std::to_string(i) + ": "));
  return seat_list(std::move(out), players);
}

// Seat p plays policies[(p + rotation) % n]: rotation 0 is the given order.
inline SeatPolicies seat_policies(const std::vector<PolicySpec>& policies, int rotation) {
  SeatPolicies s;
  s.num_players = static_cast<int>(policies.size());
  for (int p = 0; p < s.num_players; ++p)
    s.seat[static_cast<std::size_t>(p)] = policies[static_cast<std::size_t>((p + rotation) % s.num_players)];
  s.uniform_simple = !s.any_search();
  for (int p = 1; p < s.num_players; ++p)
    s.uniform_simple = s.uniform_simple && s.seat[p].kind == s.seat[0].kind;
  return s;
}

// A uniform choice among the legal actions. A forced move draws nothing from
// the stream: that keeps no-choice games (Clock) at full speed and changes no
// distribution.
template <class L, class R>
auto random_action(const L& legal, R& rng) {
  return legal.size() == 1 ? legal[0] : legal[static_cast<std::size_t>(rng.below(legal.size()))];
}

// A single built-in choice (random, greedy, first) from a list of legal actions.
template <class G, class S, class L, class R>
auto simple_action(Policy kind, const G& game, const S& state, const L& legal, R& rng) {
  switch (kind) {
    case Policy::Random: return random_action(legal, rng);
    case Policy::Greedy: return game.greedy_action(state, legal, rng);
    default: return legal[0];
  }
}

}  // namespace cardsim
