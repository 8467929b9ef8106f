// Typed exceptions for bad input. The core never aborts: every misuse a caller
// can commit ends in one of these, and the bindings map them to Python types.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

namespace cardsim {

// The base of the typed errors. It keeps the whole message: what() is a C
// string, which ends at the first NUL, and a message may quote input that
// holds one (a game name such as "rummy\0junk"). Readers that can take the
// length (the Python binding) use message().
class Error : public std::invalid_argument {
 public:
  explicit Error(const std::string& message)
      : std::invalid_argument(message), message_(std::make_shared<const std::string>(message)) {}
  explicit Error(const char* message) : Error(std::string(message)) {}

  // Every byte of the message, NULs included.
  const std::string& message() const noexcept { return *message_; }

 private:
  std::shared_ptr<const std::string> message_;  // shared: copying an exception must not throw
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
