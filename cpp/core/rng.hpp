// The seeded generator. Game i of a run with seed s draws from a stream keyed
// by (s, i) alone, so a run's results never depend on threads or sharding.
//
// The exact algorithm is part of the product's contract (docs/architecture.md):
// the pure-Python reference re-implements it so that both deal identical cards.
//   key     = mix(mix(s) ^ i)      mix = SplitMix64's finaliser of (x + golden)
//   state   = four successive SplitMix64 outputs from key
//   next()  = xoshiro256**
//   next32() = the low half of a fresh next(), then its high half
//   below(n) = Lemire's multiply-and-reject, unbiased: on next32() for n <= 2^32
//              (half the generator work for shuffles), else on next()
//   shuffle = Fisher-Yates from the back: for k = n-1..1 swap(a[k], a[below(k+1)])
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace cardsim {

inline constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

constexpr std::uint64_t splitmix_mix(std::uint64_t x) {
  std::uint64_t z = x + kGolden;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(std::uint64_t key) {
    std::uint64_t x = key;
    for (auto& w : s_) {
      w = splitmix_mix(x);
      x += kGolden;
    }
  }

  static Rng for_game(std::uint64_t seed, std::uint64_t index) {
    return Rng(splitmix_mix(splitmix_mix(seed) ^ index));
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  std::uint32_t next32() {
    if (has_half_) {
      has_half_ = false;
      return static_cast<std::uint32_t>(half_ >> 32);
    }
    half_ = next();
    has_half_ = true;
    return static_cast<std::uint32_t>(half_);
  }

  // Uniform in [0, n), n >= 1.
  std::uint64_t below(std::uint64_t n) {
    if (n <= (std::uint64_t{1} << 32)) return below_small(n);
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<unsigned __int128>(next()) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  template <class T>
  void shuffle(T* first, std::size_t n) {
    // On a local copy: cards are bytes, and a byte store may alias anything,
    // so on *this every swap would reload and store the whole state.
    Rng g = *this;
    // below(k) with its test of k's size made once for the whole deck.
    if (n <= (std::uint64_t{1} << 32)) {
      for (std::size_t k = n; k > 1; --k) {
        const auto j = static_cast<std::size_t>(g.below_small(k));
        std::swap(first[k - 1], first[j]);
      }
    } else {
      for (std::size_t k = n; k > 1; --k) {
        const auto j = static_cast<std::size_t>(g.below(k));
        std::swap(first[k - 1], first[j]);
      }
    }
    *this = g;
  }

 private:
  // below(n) for n <= 2^32, which shuffle calls directly (its n is checked
  // once). Always inlined, so below() compiles as if the body stood in it:
  // a plain call changed how the games' play loops inlined below().
  [[gnu::always_inline]] inline std::uint64_t below_small(std::uint64_t n) {
    std::uint64_t m = static_cast<std::uint64_t>(next32()) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const auto threshold = static_cast<std::uint32_t>((std::uint64_t{1} << 32) % n);
      while (low < threshold) {
        m = static_cast<std::uint64_t>(next32()) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return m >> 32;
  }

  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
  std::uint64_t half_ = 0;
  bool has_half_ = false;
};

}  // namespace cardsim
