// The game a callgrind driver measures: the one CMake names by GAME_CLASS and
// GAME_DECLARATION (read off each game's header, so a new game has its targets with
// no list to edit), in its default configuration. A class serving two declarations
// (Clock and its duel, Code 9 and its solitaire) is told which.
#pragma once

#include <type_traits>

#include "core/declaration.hpp"
#include "core/options.hpp"

namespace cardsim {

template <class G>
G default_game(const GameDeclaration& declaration) {
  if constexpr (std::is_constructible_v<G, const OptionMap&, const GameDeclaration&>)
    return G(OptionMap{}, declaration);
  else
    return G(OptionMap{});
}

}  // namespace cardsim
