// Typed exceptions for bad input. The core never aborts: every misuse a caller
// can commit ends in one of these, and the bindings map them to Python types.
#pragma once

#include <stdexcept>
#include <string>

namespace cardsim {

// A message as the typed errors keep it: control characters (C0 but newline
// and tab, DEL, and C1 written in UTF-8) become \xNN. Messages quote input (a
// game name, a card's text) that may hold a NUL, where what(), a C string,
// would end, or a terminal's escape sequences. Out of line and cold: it runs
// only on a throw, and must not weigh on the inlining of the moves that can
// throw (measured with callgrind).
[[gnu::cold, gnu::noinline]] inline std::string printable(const std::string& message) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  text.reserve(message.size());
  auto escape = [&](unsigned char b) {
    text += "\\x";
    text += kHex[b >> 4];
    text += kHex[b & 15];
  };
  for (std::size_t i = 0; i < message.size(); ++i) {
    const auto b = static_cast<unsigned char>(message[i]);
    const auto next = static_cast<unsigned char>(i + 1 < message.size() ? message[i + 1] : '\0');
    if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f) {
      escape(b);
    } else if (b == 0xc2 && next >= 0x80 && next <= 0x9f) {  // U+0080..U+009F
      escape(next);
      ++i;
    } else {
      text += static_cast<char>(b);
    }
  }
  return text;
}

// The base of the typed errors: what() holds the whole message, escaped.
struct Error : std::invalid_argument {
  [[gnu::cold, gnu::noinline]] explicit Error(const std::string& message)
      : std::invalid_argument(printable(message)) {}
  [[gnu::cold, gnu::noinline]] explicit Error(const char* message) : Error(std::string(message)) {}
};

// A bad value: unknown game or option, malformed deck, bad seed. -> ValueError
struct InvalidArgument : Error {
  using Error::Error;
};

// A value of the wrong kind (an option that wants an int given a string). -> TypeError
struct WrongType : Error {
  using Error::Error;
};

// An action that is out of range or not legal in this state. The state is
// unchanged when this is thrown. -> cardsim.IllegalActionError (a ValueError)
struct IllegalAction : Error {
  using Error::Error;
};

// Thrown by an object that one thread is using when another calls it
// (cardsim.VectorEnv). -> RuntimeError
struct InUse : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace cardsim
