// Stopping a long batch early (Ctrl-C from Python). The batch loops ask an
// Interrupt between blocks of games, never per move, so a run that is not
// interrupted pays one clock read per block. Only the thread that built the
// Interrupt (the caller's, which a binding may let take the GIL) runs the
// caller's poll, and at most once per interval; the poll stops the run by
// throwing. The loop that called it then stops every worker at its next
// block and rethrows that exception once they have all stopped.
#pragma once

#include <chrono>
#include <functional>
#include <thread>
#include <utility>

namespace cardsim {

class Interrupt {
 public:
  using Clock = std::chrono::steady_clock;
  // A fraction of the second a user waits after Ctrl-C, and far above the
  // cost of a poll (the binding's takes the GIL once).
  static constexpr Clock::duration kInterval = std::chrono::milliseconds(20);

  Interrupt() = default;  // never interrupts
  explicit Interrupt(std::function<void()> poll)
      : poll_(std::move(poll)), owner_(std::this_thread::get_id()), last_(Clock::now()) {}

  // Throws whatever the poll throws; a no-op on other threads.
  void check() {
    if (!poll_ || std::this_thread::get_id() != owner_) return;
    const Clock::time_point now = Clock::now();
    if (now - last_ < kInterval) return;
    last_ = now;
    poll_();
  }

 private:
  std::function<void()> poll_;
  std::thread::id owner_;
  Clock::time_point last_{};
};

}  // namespace cardsim
