// The checked entry point for untrusted actions: what Python and the C++
// tests call. The runner, which only ever plays legal ids, calls apply().
#pragma once

#include <string>

#include "core/errors.hpp"
#include "core/game.hpp"

namespace cardsim {

// Throws IllegalAction, leaving the state untouched, unless `a` is in range and legal.
template <class State>
void apply_checked(State& state, long long a, int num_actions) {
  if (a < 0 || a >= num_actions)
    throw IllegalAction("action " + std::to_string(a) + " is out of range [0, " +
                        std::to_string(num_actions) + ")");
  const auto action = static_cast<Action>(a);
  const std::string why = state.why_illegal(action);
  if (!why.empty()) throw IllegalAction("illegal action " + std::to_string(a) + ": " + why);
  state.apply(action);
}

}  // namespace cardsim
