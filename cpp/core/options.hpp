// Game options: a name -> value map from the caller, read by each game through
// an OptionReader that checks type and range, fills defaults, and refuses any
// name the game does not know. The specs it records drive `cardsim games`.
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

class OptionReader {
 public:
  OptionReader(const OptionMap& given, std::string game) : given_(given), game_(std::move(game)) {}

  bool get_bool(const std::string& name, bool def, const std::string& doc) {
    specs_.push_back({name, def, doc, 0, 0, {}});
    return std::get<bool>(take(name, OptionValue{def}));
  }

  std::int64_t get_int(const std::string& name, std::int64_t def, std::int64_t lo, std::int64_t hi,
                       const std::string& doc) {
    specs_.push_back({name, def, doc, lo, hi, {}});
    auto v = std::get<std::int64_t>(take(name, OptionValue{def}));
    if (v < lo || v > hi)
      throw InvalidArgument(game_ + " option '" + name + "' must be between " + std::to_string(lo) + " and " +
                            std::to_string(hi) + ", got " + std::to_string(v));
    return v;
  }

  std::string get_choice(const std::string& name, const std::string& def,
                         const std::vector<std::string>& choices, const std::string& doc) {
    specs_.push_back({name, def, doc, 0, 0, choices});
    auto v = std::get<std::string>(take(name, OptionValue{def}));
    for (const auto& c : choices)
      if (c == v) return v;
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "'" : ", '") + c + "'";
    throw InvalidArgument(game_ + " option '" + name + "' must be one of " + list + ", got '" + v + "'");
  }

  // A free-form string the game parses itself (and reports errors in).
  std::string get_str(const std::string& name, const std::string& def, const std::string& doc) {
    specs_.push_back({name, def, doc, 0, 0, {}});
    return std::get<std::string>(take(name, OptionValue{def}));
  }

  std::vector<std::string> get_list(const std::string& name, const std::string& doc) {
    specs_.push_back({name, std::vector<std::string>{}, doc, 0, 0, {}});
    return std::get<std::vector<std::string>>(take(name, OptionValue{std::vector<std::string>{}}));
  }

  // Call once every option is read: any name left over is unknown.
  void finish() const {
    for (const auto& [name, value] : given_) {
      bool known = false;
      for (const auto& s : specs_) known = known || s.name == name;
      if (!known) {
        std::string list;
        for (const auto& s : specs_) list += (list.empty() ? "" : ", ") + s.name;
        throw InvalidArgument("unknown option '" + name + "' for " + game_ +
                              (list.empty() ? " (it takes no options)" : " (known: " + list + ")"));
      }
    }
  }

  const OptionMap& resolved() const { return resolved_; }
  const std::vector<OptionSpec>& specs() const { return specs_; }

 private:
  OptionValue take(const std::string& name, OptionValue def) {
    auto it = given_.find(name);
    OptionValue v = it == given_.end() ? def : it->second;
    if (v.index() != def.index())
      throw WrongType(game_ + " option '" + name + "' must be " + type_name(def) + ", got " + type_name(v));
    resolved_[name] = v;
    return v;
  }

  const OptionMap& given_;
  std::string game_;
  OptionMap resolved_;
  std::vector<OptionSpec> specs_;
};

}  // namespace cardsim
