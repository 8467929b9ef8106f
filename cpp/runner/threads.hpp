// Starting a pool's threads so that a thread that fails to start is an error,
// not std::terminate. std::thread's constructor throws std::system_error when
// the process is out of memory or over its thread limit (RLIMIT_NPROC, a
// container's pid limit, an address-space cap), and a vector of joinable
// threads that unwinds past them ends the process.
#pragma once

#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace cardsim {

// -> RuntimeError in Python, with the message below.
struct ThreadStartError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Starts threads 1 .. count-1 (the caller is thread 0), thread t running
// make(t)'s callable. If one fails to start, stop() tells the started ones to
// finish, they are joined, and ThreadStartError says how many started.
template <class Make, class Stop>
void start_threads(std::vector<std::thread>& pool, int count, Make&& make, Stop&& stop) {
  pool.reserve(static_cast<std::size_t>(count > 1 ? count - 1 : 0));
  for (int t = 1; t < count; ++t) {
    try {
      pool.emplace_back(make(t));
    } catch (const std::system_error& e) {
      stop();
      for (auto& th : pool) th.join();
      pool.clear();
      throw ThreadStartError("could not start thread " + std::to_string(t + 1) + " of " +
                             std::to_string(count) + " (" + e.what() +
                             "): the process is out of memory or over its thread limit; ask for "
                             "fewer threads");
    }
  }
}

}  // namespace cardsim
