// The policies a batch run can play with. Shared by the runner and by games
// that drive their own play-out (a simultaneous game's timed simulator).
#pragma once

#include <string>

#include "core/errors.hpp"

namespace cardsim {

enum class Policy { Random, Greedy, First };

inline Policy parse_policy(const std::string& name) {
  if (name == "random") return Policy::Random;
  if (name == "greedy") return Policy::Greedy;
  if (name == "first") return Policy::First;
  throw InvalidArgument("unknown policy '" + name + "' (known: random, greedy, first)");
}

}  // namespace cardsim
