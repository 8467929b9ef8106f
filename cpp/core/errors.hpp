// Typed exceptions for bad input. The core never aborts: every misuse a caller
// can commit ends in one of these, and the bindings map them to Python types.
#pragma once

#include <stdexcept>
#include <string>

namespace cardsim {

// A bad value: unknown game or option, malformed deck, bad seed. -> ValueError
struct InvalidArgument : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A value of the wrong kind (an option that wants an int given a string). -> TypeError
struct WrongType : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// An action that is out of range or not legal in this state. The state is
// unchanged when this is thrown. -> cardsim.IllegalActionError (a ValueError)
struct IllegalAction : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace cardsim
