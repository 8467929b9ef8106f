// A vector with its capacity fixed at compile time, living inline in its
// owner: move generation and play-outs reuse it without touching the heap.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace cardsim {

template <class T, std::size_t N>
class StaticVector {
 public:
  using value_type = T;

  constexpr void push_back(const T& v) {
    // Capacities are sized from the rules' maxima; overflowing one is a bug in
    // the game, which we would rather see loudly in a debug build.
#ifndef NDEBUG
    if (size_ >= N) __builtin_trap();
#endif
    data_[size_++] = v;
  }
  constexpr void pop_back() { --size_; }
  constexpr void clear() { size_ = 0; }
  constexpr std::size_t size() const { return size_; }
  constexpr void resize(std::size_t n) { size_ = static_cast<Size>(n); }
  constexpr bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return N; }
  constexpr T& operator[](std::size_t i) { return data_[i]; }
  constexpr const T& operator[](std::size_t i) const { return data_[i]; }
  constexpr T& back() { return data_[size_ - 1]; }
  constexpr const T& back() const { return data_[size_ - 1]; }
  constexpr T& front() { return data_[0]; }
  constexpr const T& front() const { return data_[0]; }
  constexpr T* begin() { return data_.data(); }
  constexpr T* end() { return data_.data() + size_; }
  constexpr const T* begin() const { return data_.data(); }
  constexpr const T* end() const { return data_.data() + size_; }
  constexpr void erase_at(std::size_t i) {
    for (std::size_t k = i + 1; k < size_; ++k) data_[k - 1] = data_[k];
    --size_;
  }
  constexpr void insert_at(std::size_t i, const T& v) {
    for (std::size_t k = size_; k > i; --k) data_[k] = data_[k - 1];
    data_[i] = v;
    ++size_;
  }

  // Only the live elements take part, so two equal game states compare equal
  // whatever stale values sit past the end.
  friend constexpr bool operator==(const StaticVector& a, const StaticVector& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i)
      if (!(a.data_[i] == b.data_[i])) return false;
    return true;
  }

 private:
  // Small lists (a pile, a hand) keep a one-byte size so states stay compact.
  using Size = std::conditional_t<(N < 256), std::uint8_t, std::uint32_t>;
  std::array<T, N> data_{};
  Size size_ = 0;
};

}  // namespace cardsim
