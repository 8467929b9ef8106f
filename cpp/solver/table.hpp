// A transposition table of fixed capacity: 128-bit keys, a 32-bit payload and
// a pin bit. Open addressing with a short probe window; when the window is
// full an unpinned entry is overwritten. Losing an entry only costs work
// (the position is searched again), never correctness, as long as pinned
// entries (positions on the current search path) stay: docs/solvers.md.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/errors.hpp"

namespace cardsim::solver {

struct Key {
  std::uint64_t a = 0, b = 0;
  bool operator==(const Key&) const = default;
};

// 64-bit mixing for building keys (SplitMix64's finaliser).
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

class BoundedTable {
 public:
  static constexpr int kWindow = 16;

  // Starts small and doubles while more than half full, up to the first power
  // of two >= max_entries; from then on it overwrites instead of growing.
  // The largest max_entries: 2**40 entries would take tens of terabytes, and
  // above 2**62 the doubling below would wrap to 0 and never end.
  static constexpr std::int64_t kMaxEntries = std::int64_t{1} << 40;

  explicit BoundedTable(std::int64_t max_entries) {
    if (max_entries < 1 || max_entries > kMaxEntries)
      throw InvalidArgument("table_entries must be in [1, 2**40], got " + std::to_string(max_entries));
    while (static_cast<std::int64_t>(max_cap_) < max_entries) max_cap_ <<= 1;
    resize(std::min<std::size_t>(4096, max_cap_));
  }

  // The payload stored for k, or nullptr.
  const std::uint32_t* find(const Key& k) const {
    const std::size_t h = home(k);
    for (int i = 0; i < kWindow; ++i) {
      const Slot& s = slots_[h + static_cast<std::size_t>(i)];
      if (!s.used) return nullptr;
      if (s.key == k) return &s.value;
    }
    return nullptr;
  }

  // Stores (or overwrites) k. Returns false only if every slot of the window is
  // pinned by another key: the entry is then not stored.
  bool put(const Key& k, std::uint32_t value, bool pinned) {
    if (2 * size_ > cap_mask_ && cap_mask_ + 1 < max_cap_) grow();
    const std::size_t h = home(k);
    Slot* victim = nullptr;
    for (int i = 0; i < kWindow; ++i) {
      Slot& s = slots_[h + static_cast<std::size_t>(i)];
      if (!s.used || s.key == k) {
        if (!s.used) ++size_;
        s = Slot{k, value, true, pinned};
        return true;
      }
      if (!s.pinned && !victim) victim = &s;
    }
    if (!victim) return false;
    *victim = Slot{k, value, true, pinned};
    ++evictions_;
    return true;
  }

  void unpin(const Key& k) {
    const std::size_t h = home(k);
    for (int i = 0; i < kWindow; ++i) {
      Slot& s = slots_[h + static_cast<std::size_t>(i)];
      if (!s.used) return;
      if (s.key == k) {
        s.pinned = false;
        return;
      }
    }
  }

  std::size_t size() const { return size_; }
  std::size_t evictions() const { return evictions_; }

 private:
  void resize(std::size_t cap) {
    cap_mask_ = cap - 1;
    slots_.assign(cap + kWindow, Slot{});
    size_ = 0;
  }
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    resize(2 * (cap_mask_ + 1));
    for (const Slot& s : old)
      if (s.used) put(s.key, s.value, s.pinned);
  }

  struct Slot {
    Key key;
    std::uint32_t value = 0;
    bool used = false;
    bool pinned = false;
  };
  // The window is found from mixed bits of the whole key: an exact encoding packs
  // fields that most positions of one search share into its low bits (Code 9:
  // the places of spades already off), and a window taken from those bits
  // crowds them together, to evict one another long before the table fills.
  std::size_t home(const Key& k) const {
    return static_cast<std::size_t>(mix64(k.a ^ mix64(k.b))) & cap_mask_;
  }

  std::vector<Slot> slots_;
  std::size_t cap_mask_ = 0;
  std::size_t max_cap_ = 1024;
  std::size_t size_ = 0;
  std::size_t evictions_ = 0;
};

}  // namespace cardsim::solver
