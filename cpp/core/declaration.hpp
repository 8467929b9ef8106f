// What a game is, declared once: one literal per registered game, beside its
// rules (as OpenSpiel's GameType is), holding every fact about the game that does
// not depend on a configuration. The game's constructor reads its options through
// it (OptionReader), its traits() start from it, its registrar registers it, and
// Python reads it back (cardsim.games()): nothing else states these facts.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"

namespace cardsim {

// Who may act at a decision point.
enum class Dynamics : std::uint8_t {
  kSequential,    // one seat at a time (current_player() is a seat)
  kSimultaneous,  // current_player() is kSimultaneousPlayer; an action id names its actor
};

inline const char* to_string(Dynamics d) {
  return d == Dynamics::kSequential ? "sequential" : "simultaneous";
}

struct GameDeclaration {
  std::string name;   // the registered name
  std::string title;  // one line: the game and its shape, as `cardsim games` shows it
  // Seats of a game without a `players` option; a game with one takes its
  // range and default from that option instead (so the two cannot differ).
  int fixed_players = 0;
  // Every option, in the order `cardsim games` lists them, with its type (that
  // of its default), default, range or choices, and meaning.
  std::vector<OptionSpec> options = {};  // none: a game without options
  Dynamics dynamics = Dynamics::kSequential;
  bool timed = false;  // batch runs race the players and report their finishing times
  // The number of action ids for a number of seats: a function because the seats
  // change it in some games (Racing Demon's ids name their actor); the game's
  // action encoding supplies the count, and num_actions() reads it from here.
  int (*num_actions)(int players) = nullptr;

  // The `players` option, or null.
  const OptionSpec* players_option() const {
    for (const auto& o : options)
      if (o.name == "players") return &o;
    return nullptr;
  }
  int min_players() const {
    const OptionSpec* p = players_option();
    return p ? static_cast<int>(p->min) : fixed_players;
  }
  int max_players() const {
    const OptionSpec* p = players_option();
    return p ? static_cast<int>(p->max) : fixed_players;
  }
  int default_players() const {
    const OptionSpec* p = players_option();
    return p ? static_cast<int>(std::get<std::int64_t>(p->default_value)) : fixed_players;
  }
};

// The option literals of a declaration (OptionSpec's fields, by kind).
inline OptionSpec int_option(std::string name, std::int64_t def, std::int64_t lo, std::int64_t hi,
                             std::string doc) {
  return {std::move(name), def, std::move(doc), lo, hi, {}};
}
inline OptionSpec bool_option(std::string name, bool def, std::string doc) {
  return {std::move(name), def, std::move(doc), 0, 0, {}};
}
inline OptionSpec choice_option(std::string name, std::string def, std::vector<std::string> choices,
                                std::string doc) {
  return {std::move(name), std::move(def), std::move(doc), 0, 0, std::move(choices)};
}
// A free-form string the game parses itself (and reports errors in).
inline OptionSpec str_option(std::string name, std::string def, std::string doc) {
  return {std::move(name), std::move(def), std::move(doc), 0, 0, {}};
}
inline OptionSpec list_option(std::string name, std::string doc) {
  return {std::move(name), std::vector<std::string>{}, std::move(doc), 0, 0, {}};
}

// Reads a caller's options against a declaration: each get_* takes the declared
// default, range or choices (so a constructor states none of them again), checks
// the given value's type and range, and records the value; finish() refuses any
// name the game does not declare. A constructor reads every option it declares:
// an option declared but never read, or read as another type, is the game's bug
// (std::logic_error), not the caller's.
class OptionReader {
 public:
  OptionReader(const OptionMap& given, const GameDeclaration& declaration)
      : given_(given), decl_(declaration) {}

  bool get_bool(const std::string& name) { return std::get<bool>(take(name, 0)); }

  std::int64_t get_int(const std::string& name) {
    const OptionSpec& spec = declared(name, 1);
    auto v = std::get<std::int64_t>(take(name, 1));
    if (v < spec.min || v > spec.max)
      throw InvalidArgument(decl_.name + " option '" + name + "' must be between " +
                            std::to_string(spec.min) + " and " + std::to_string(spec.max) + ", got " +
                            std::to_string(v));
    return v;
  }

  std::string get_choice(const std::string& name) {
    const OptionSpec& spec = declared(name, 2);
    auto v = std::get<std::string>(take(name, 2));
    for (const auto& c : spec.choices)
      if (c == v) return v;
    std::string list;
    for (const auto& c : spec.choices) list += (list.empty() ? "'" : ", '") + c + "'";
    throw InvalidArgument(decl_.name + " option '" + name + "' must be one of " + list + ", got '" + v + "'");
  }

  // A free-form string the game parses itself (and reports errors in).
  std::string get_str(const std::string& name) { return std::get<std::string>(take(name, 2)); }

  std::vector<std::string> get_list(const std::string& name) {
    return std::get<std::vector<std::string>>(take(name, 3));
  }

  // Call once every option is read: any name left over is unknown.
  void finish() const {
    for (const auto& s : decl_.options)
      if (!resolved_.count(s.name))
        throw std::logic_error(decl_.name + " declares option '" + s.name + "' but never reads it");
    for (const auto& [name, value] : given_) {
      if (resolved_.count(name)) continue;
      std::string list;
      for (const auto& s : decl_.options) list += (list.empty() ? "" : ", ") + s.name;
      throw InvalidArgument("unknown option '" + name + "' for " + decl_.name +
                            (list.empty() ? " (it takes no options)" : " (known: " + list + ")"));
    }
  }

  const OptionMap& resolved() const { return resolved_; }

 private:
  const OptionSpec& declared(const std::string& name, std::size_t kind) const {
    for (const auto& s : decl_.options)
      if (s.name == name) {
        if (s.default_value.index() != kind)
          throw std::logic_error(decl_.name + " reads option '" + name + "' as another type than declared");
        return s;
      }
    throw std::logic_error(decl_.name + " reads option '" + name + "', which it does not declare");
  }

  OptionValue take(const std::string& name, std::size_t kind) {
    const OptionValue& def = declared(name, kind).default_value;
    auto it = given_.find(name);
    OptionValue v = it == given_.end() ? def : it->second;
    if (v.index() != def.index())
      throw WrongType(decl_.name + " option '" + name + "' must be " + type_name(def) + ", got " +
                      type_name(v));
    resolved_[name] = v;
    return v;
  }

  const OptionMap& given_;
  const GameDeclaration& decl_;
  OptionMap resolved_;
};

}  // namespace cardsim
