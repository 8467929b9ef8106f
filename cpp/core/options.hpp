// Game options: a name -> value map from the caller, and the spec of each option
// a game declares (core/declaration.hpp, whose OptionReader checks the one
// against the other).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "core/errors.hpp"

namespace cardsim {

using OptionValue = std::variant<bool, std::int64_t, std::string, std::vector<std::string>>;
using OptionMap = std::map<std::string, OptionValue>;

struct OptionSpec {
  std::string name;
  OptionValue default_value;
  std::string doc;
  std::int64_t min = 0, max = 0;     // ints only
  std::vector<std::string> choices;  // strings only
};

inline const char* type_name(const OptionValue& v) {
  switch (v.index()) {
    case 0: return "bool";
    case 1: return "int";
    case 2: return "str";
    default: return "list of str";
  }
}

}  // namespace cardsim
