// A vectorised learning environment: N games of one configuration, stepped
// together. One step applies the learner's action in every game and plays the
// other seats with built-in policies until the learner must act again or the
// game ends, writing observation tensors, legal-action masks, rewards and end
// flags into buffers allocated once (docs/embedding.md, "VectorEnv").
//
// Generic over the state contract; a game takes part once it has an exact
// observation tensor (HasObservationTensor, core/game.hpp). Nothing here is
// game-specific.
//
// Determinism: episode j of env k is dealt, and its opponents play, from
//   Rng::for_game(env_stream_seed(seed, k), j)
// alone, so results never depend on the thread count or on the other envs.
//
// Autoreset is Gymnasium's NEXT_STEP: the step that ends an episode returns
// its final observation, with a mask of every action, since the next step
// accepts any (so a masked softmax never divides by zero); that step ignores
// the env's action and returns the first observation of its next episode, with
// reward 0 and both end flags false.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/card.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/interrupt.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "runner/threads.hpp"

namespace cardsim {

// The key of env k's stream family in a run with `seed`: the same mixing as
// game k of a batch run, so env k's episode j draws from
// Rng::for_game(env_stream_seed(seed, k), j).
constexpr std::uint64_t env_stream_seed(std::uint64_t seed, std::uint64_t k) {
  return splitmix_mix(splitmix_mix(seed) ^ k);
}

enum class RewardKind { Win, Score };

struct VectorEnvConfig {
  int num_envs = 1;
  int seat = 0;  // the learner's seat; kSelfPlay: every seat is a learner
  std::array<Policy, kMaxPlayers> opponents{};
  std::uint64_t seed = 0;
  int threads = 1;
  RewardKind reward = RewardKind::Win;
};

inline constexpr int kSelfPlay = -1;

// Each finished game's return per seat under reward="win". One player: 1 for
// a win, else 0. Several: the w winners share +1 (each 1/w) and the others
// share -1 (each -1/(n-w)); a draw, a truncation, nobody winning or everybody
// winning gives 0 to all. The Gymnasium single env uses the same rule.
inline float win_return(Outcome o, bool truncated, int n, int p) {
  const bool won = o.winners >> p & 1;
  if (n == 1) return won ? 1.0f : 0.0f;
  const int w = __builtin_popcount(o.winners);
  if (o.draw || truncated || w == 0 || w == n) return 0.0f;
  return won ? 1.0f / static_cast<float>(w) : -1.0f / static_cast<float>(n - w);
}

// A fixed set of threads that run chunk c of a job for c in [0, T). The
// caller runs chunk 0; a step wakes the others with one atomic increment.
class ChunkPool {
 public:
  explicit ChunkPool(int threads) : threads_(threads) {
    start_threads(
        workers_, threads_, [this](int c) { return [this, c] { work(c); }; },
        [this] {
          stop_.store(true);
          generation_.fetch_add(1);
          generation_.notify_all();
        });
  }
  ChunkPool(const ChunkPool&) = delete;
  ChunkPool& operator=(const ChunkPool&) = delete;
  ~ChunkPool() {
    stop_.store(true);
    generation_.fetch_add(1);
    generation_.notify_all();
    for (auto& t : workers_) t.join();
  }

  int threads() const { return threads_; }

  // Runs fn(c) for every chunk; rethrows the first exception any chunk threw.
  // `stop` (if given) is raised once a chunk has failed, so that the others'
  // searches end early. With `interrupt`, the calling thread, once its own
  // chunk is done, polls it while it waits for the others (chunks that long are
  // searches, which only the calling thread's own chunk polls), and a poll
  // that throws fails the job as a chunk would.
  template <class F>
  void run(F& fn, Interrupt* interrupt = nullptr, std::atomic<bool>* stop = nullptr) {
    failure_ = nullptr;
    stop_job_ = stop;
    job_ = &fn;
    call_ = [](void* f, int c) { (*static_cast<F*>(f))(c); };
    pending_.store(threads_ - 1);
    generation_.fetch_add(1);
    generation_.notify_all();
    guarded(0);
    bool polling = interrupt != nullptr;
    for (int spin = 0; pending_.load() != 0; ++spin) {
      if (spin < 4096) continue;
      if (polling) {
        polling = poll_while_waiting(*interrupt);
        continue;
      }
      const int left = pending_.load();
      if (left != 0) pending_.wait(left);
    }
    stop_job_ = nullptr;
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  // The first failure is kept, and only then is `stop` raised: a chunk that
  // stops because of it never takes its place.
  void fail(std::exception_ptr e) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!failure_) failure_ = std::move(e);
    if (stop_job_) stop_job_->store(true);
  }

  void guarded(int c) {
    try {
      call_(job_, c);
    } catch (...) {
      fail(std::current_exception());
    }
  }

  // A millisecond's nap between polls (the interrupt's own interval is 20 ms).
  // False once the poll has thrown: the job is failing, and is only waited for.
  bool poll_while_waiting(Interrupt& interrupt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    try {
      interrupt.check();
    } catch (...) {
      fail(std::current_exception());
      return false;
    }
    return true;
  }

  void work(int c) {
    std::uint64_t seen = 0;
    for (;;) {
      for (int spin = 0; generation_.load() == seen; ++spin)
        if (spin >= 4096) generation_.wait(seen);
      seen = generation_.load();
      if (stop_.load()) return;
      guarded(c);
      if (pending_.fetch_sub(1) == 1) pending_.notify_one();
    }
  }

  int threads_;
  std::vector<std::thread> workers_;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<int> pending_{0};
  std::atomic<bool> stop_{false};
  void* job_ = nullptr;
  void (*call_)(void*, int) = nullptr;
  std::mutex mutex_;
  std::exception_ptr failure_;
  std::atomic<bool>* stop_job_ = nullptr;  // run's `stop`, for the job in flight
};

template <class G>
class VectorEnv {
 public:
  using State = typename G::State;
  static constexpr bool kSimultaneous = HasSeatActions<State>;

  VectorEnv(std::shared_ptr<const G> game, const VectorEnvConfig& config)
      : game_(std::move(game)),
        config_(config),
        n_(config.num_envs),
        players_(game_->num_players()),
        actions_(game_->num_actions()),
        obs_size_(game_->observation_tensor_size()),
        reward_width_(config.seat == kSelfPlay ? players_ : 1) {
    if (n_ < 1) throw InvalidArgument("num_envs must be at least 1, got " + std::to_string(n_));
    if (config.threads < 1)
      throw InvalidArgument("threads must be at least 1, got " + std::to_string(config.threads));
    if (config.seat != kSelfPlay && (config.seat < 0 || config.seat >= players_))
      throw InvalidArgument("seat " + std::to_string(config.seat) + " is out of range [0, " +
                            std::to_string(players_) + ")");
    if (config.seat == kSelfPlay && kSimultaneous)
      throw InvalidArgument(
          game_->name() +
          " is played simultaneously: self-play (seat=None) needs one player to move at a time");
    const auto un = static_cast<std::size_t>(n_);
    envs_.resize(un);
    obs_.assign(un * static_cast<std::size_t>(obs_size_), 0.0f);
    mask_.assign(un * static_cast<std::size_t>(actions_), 0);
    reward_.assign(un * static_cast<std::size_t>(reward_width_), 0.0f);
    terminated_.assign(un, 0);
    truncated_.assign(un, 0);
    current_.assign(un, kTerminalPlayer);
    final_scores_.assign(un * static_cast<std::size_t>(players_), 0);
    episode_.assign(un, 0);
    staged_.assign(un, 0);
    forfeit_.assign(un, 0);
    for (int k = 0; k < n_; ++k)
      envs_[static_cast<std::size_t>(k)].family =
          env_stream_seed(config_.seed, static_cast<std::uint64_t>(k));
    pool_ = std::make_unique<ChunkPool>(std::min(config.threads, n_));
  }

  // One caller at a time. A Claim is held for the whole of a reset, or of a
  // step and the check before it; a second caller meanwhile gets InUse at
  // once rather than waiting, since two threads driving one env would
  // interleave each other's episodes in whatever order they came (and, before
  // this guard, crashed the chunk pool, which runs one job at a time).
  class Claim {
   public:
    explicit Claim(VectorEnv& env) : env_(env) {
      if (env_.busy_.exchange(true, std::memory_order_acquire))
        throw InUse(
            "this VectorEnv is in use by another thread: reset and step it from one thread at a "
            "time, or give each thread its own env");
    }
    Claim(const Claim&) = delete;
    Claim& operator=(const Claim&) = delete;
    ~Claim() { env_.busy_.store(false, std::memory_order_release); }

   private:
    VectorEnv& env_;
  };

  // The memory one env takes: its state and generator, and its rows of every
  // buffer (the deck buffer, a few hundred bytes at most, is left out). The
  // binding multiplies it by num_envs to refuse a size before allocating it.
  static std::size_t bytes_per_env(const G& game, bool self_play) {
    const auto players = static_cast<std::size_t>(game.num_players());
    const std::size_t rewards = self_play ? players : 1;
    return sizeof(Env) + static_cast<std::size_t>(game.observation_tensor_size()) * sizeof(float) +
           static_cast<std::size_t>(game.num_actions()) + rewards * sizeof(float) + 2 +
           (1 + players) * sizeof(std::int32_t) + sizeof(std::int64_t);
  }

  int num_envs() const { return n_; }
  int observation_size() const { return obs_size_; }
  int reward_width() const { return reward_width_; }
  const G& game() const { return *game_; }
  const VectorEnvConfig& config() const { return config_; }
  bool started() const { return started_; }

  // The buffers, overwritten in place by reset and step.
  float* observations() { return obs_.data(); }
  std::uint8_t* masks() { return mask_.data(); }
  float* rewards() { return reward_.data(); }
  std::uint8_t* terminated() { return terminated_.data(); }
  std::uint8_t* truncated() { return truncated_.data(); }
  std::int32_t* current_player() { return current_.data(); }
  std::int32_t* final_scores() { return final_scores_.data(); }
  std::int64_t* episodes() { return episode_.data(); }
  const State* state(int k) const {
    return envs_[static_cast<std::size_t>(k)].state ? &*envs_[static_cast<std::size_t>(k)].state : nullptr;
  }

  // Starts episode 0 of every env from `seed` (the seed of the whole run).
  void reset(std::uint64_t seed) {
    config_.seed = seed;
    for_chunks([this, seed](int k) {
      envs_[static_cast<std::size_t>(k)].family = env_stream_seed(seed, static_cast<std::uint64_t>(k));
      begin(k, 0);
    });
    started_ = true;
  }

  // Restarts the envs k with mask[k] set (every env when mask is null): from
  // episode 0 of seeds[k] (env k then draws from env_stream_seed(seeds[k], k),
  // so seeds all equal to s give reset(s)), or with seeds null from each one's
  // next episode. The other envs and their outputs are left as they are.
  void reset_envs(const std::uint8_t* mask, const std::uint64_t* seeds) {
    for_chunks([this, mask, seeds](int k) {
      if (mask && !mask[k]) return;
      Env& e = envs_[static_cast<std::size_t>(k)];
      if (seeds) {
        e.family = env_stream_seed(seeds[k], static_cast<std::uint64_t>(k));
        begin(k, 0);
      } else {
        begin(k, started_ ? episode_[static_cast<std::size_t>(k)] + 1 : 0);
      }
    });
    started_ = true;
  }

  // Starts the next episode of every env, whether or not its last one ended.
  void reset_next() {
    for_chunks([this](int k) { begin(k, started_ ? episode_[static_cast<std::size_t>(k)] + 1 : 0); });
    started_ = true;
  }

  // Buffers of num_envs entries that the binding copies the caller's actions
  // and forfeit flags into, under a Claim and before it releases the GIL: check()
  // and step() then read memory no other thread can write. Owned here so that a
  // step allocates nothing.
  std::int64_t* staged_actions() { return staged_.data(); }
  std::uint8_t* staged_forfeit() { return forfeit_.data(); }

  // Every env's action is checked before any is applied: "" if all are
  // acceptable, else the first problem, naming the env. An env whose episode
  // ended at the last step ignores its action (any in-range id).
  // Envs with forfeit[k] set are not checked: step() ends their episodes.
  std::string check(const std::int64_t* actions, const std::uint8_t* forfeit = nullptr) const {
    if (!started_) return "call reset() before step()";
    for (int k = 0; k < n_; ++k) {
      const std::int64_t a = actions[k];
      if (a < 0 || a >= actions_)
        return "env " + std::to_string(k) + ": action " + std::to_string(a) + " is out of range [0, " +
               std::to_string(actions_) + ")";
      const auto& e = envs_[static_cast<std::size_t>(k)];
      if (e.done || (forfeit && forfeit[k])) continue;
      if (!mask_[static_cast<std::size_t>(k) * static_cast<std::size_t>(actions_) +
                 static_cast<std::size_t>(a)]) {
        std::string why = e.state->why_illegal(static_cast<Action>(a));
        if (why.empty()) why = "it is not the learner's action";
        return "env " + std::to_string(k) + ": action " + std::to_string(a) + " (" +
               e.state->action_to_string(static_cast<Action>(a)) + ") is illegal: " + why;
      }
    }
    return "";
  }

  // Precondition: check(actions, forfeit) returned "". Allocates nothing. An
  // env with forfeit[k] set (an illegal action under illegal="penalty") does not
  // act: its episode ends there, terminated, with reward 0 (the caller gives
  // the penalty), and the next step starts its next one.
  void step(const std::int64_t* actions, const std::uint8_t* forfeit = nullptr) {
    for_chunks([this, actions, forfeit](int k) {
      Env& e = envs_[static_cast<std::size_t>(k)];
      if (forfeit && forfeit[k] && !e.done) {
        e.done = true;
        std::fill_n(reward_.data() + static_cast<std::size_t>(k) * static_cast<std::size_t>(reward_width_),
                    reward_width_, 0.0f);
        write(k, e, true);
        return;
      }
      step_one(k, static_cast<Action>(actions[k]));
    });
  }

 private:
  struct Env {
    std::optional<State> state;
    Rng rng{0};
    std::uint64_t family = 0;  // env_stream_seed of the seed this env was last reset from
    std::vector<Card> deck;    // reused: after the first deal, dealing allocates nothing
    Scores last{};             // scores at the learner's last decision (reward="score")
    int last_learner = 0;      // who the last observation was for
    bool done = true;
  };

  template <class F>
  void for_chunks(F&& per_env) {
    const int t = pool_->threads();
    auto job = [&](int c) {
      const int lo = static_cast<int>(static_cast<std::int64_t>(n_) * c / t);
      const int hi = static_cast<int>(static_cast<std::int64_t>(n_) * (c + 1) / t);
      for (int k = lo; k < hi; ++k) per_env(k);
    };
    pool_->run(job);
  }

  // The seat whose decision is pending: the learner's seat, or in self-play
  // whoever is to move. Terminal: the last learner.
  int learner(const Env& e) const {
    if (config_.seat != kSelfPlay) return config_.seat;
    const int cp = e.state->current_player();
    return cp >= 0 ? cp : e.last_learner;
  }

  template <class List>
  void seat_legal(const State& s, int p, List& out) const {
    s.legal_actions_for(p, out);
  }

  bool learner_can_act(const State& s) const {
    if (s.is_terminal()) return false;
    if (config_.seat == kSelfPlay) return true;
    if constexpr (kSimultaneous) {
      typename State::PlayerActions mine;
      seat_legal(s, config_.seat, mine);
      return !mine.empty();
    } else {
      return s.current_player() == config_.seat;
    }
  }

  template <class List>
  Action choose(const State& s, Policy policy, const List& legal, Rng& rng) const {
    return simple_action(policy, *game_, s, legal, rng);
  }

  // Opponent seat p acts once, if it can.
  void opponent_moves(Env& e, int p) const {
    State& s = *e.state;
    if constexpr (kSimultaneous) {
      typename State::PlayerActions legal;
      seat_legal(s, p, legal);
      if (legal.empty()) return;
      s.apply(choose(s, config_.opponents[static_cast<std::size_t>(p)], legal, e.rng));
    } else {
      typename State::ActionList legal;
      s.legal_actions(legal);
      s.apply(choose(s, config_.opponents[static_cast<std::size_t>(p)], legal, e.rng));
    }
  }

  // Opponents play until the learner can act or the game ends. At a
  // simultaneous point a ready opponent is drawn uniformly from the stream.
  void advance(Env& e) const {
    State& s = *e.state;
    while (!s.is_terminal() && !learner_can_act(s)) {
      if constexpr (kSimultaneous) {
        std::array<int, kMaxPlayers> ready{};
        int count = 0;
        typename State::PlayerActions legal;
        for (int p = 0; p < players_; ++p) {
          if (p == config_.seat) continue;
          seat_legal(s, p, legal);
          if (!legal.empty()) ready[static_cast<std::size_t>(count++)] = p;
        }
        if (count == 0) throw InvalidArgument(game_->name() + ": nobody can move in a game that is not over");
        const int who = count == 1
                            ? ready[0]
                            : ready[static_cast<std::size_t>(e.rng.below(static_cast<std::uint64_t>(count)))];
        opponent_moves(e, who);
      } else {
        const int cp = s.current_player();
        if (cp < 0) break;  // unreachable: a game in play has a player to move
        opponent_moves(e, cp);
      }
    }
  }

  // Deals episode j of env k (skipping any episode that ends before the
  // learner's first decision: its index is used up) and writes the outputs.
  void begin(int k, std::int64_t j) {
    Env& e = envs_[static_cast<std::size_t>(k)];
    const std::uint64_t family = e.family;
    for (int tries = 0;; ++tries, ++j) {
      if (tries == 1000) throw InvalidArgument(game_->name() + ": the learner's seat never gets a decision");
      e.rng = Rng::for_game(family, static_cast<std::uint64_t>(j));
      game_->random_deck(e.rng, e.deck);
      e.state.emplace(game_->deal(e.deck));
      advance(e);
      if (!e.state->is_terminal()) break;
    }
    episode_[static_cast<std::size_t>(k)] = j;
    e.done = false;
    if (config_.reward == RewardKind::Score) e.last = e.state->scores();
    std::fill_n(reward_.data() + static_cast<std::size_t>(k) * static_cast<std::size_t>(reward_width_),
                reward_width_, 0.0f);
    write(k, e);
  }

  void step_one(int k, Action a) {
    Env& e = envs_[static_cast<std::size_t>(k)];
    if (e.done) {
      begin(k, episode_[static_cast<std::size_t>(k)] + 1);
      return;
    }
    State& s = *e.state;
    s.apply(a);
    if constexpr (kSimultaneous) {
      // The others react once, in seat order, to the learner's move.
      for (int p = 0; p < players_ && !s.is_terminal(); ++p)
        if (p != config_.seat) opponent_moves(e, p);
    }
    advance(e);
    float* r = reward_.data() + static_cast<std::size_t>(k) * static_cast<std::size_t>(reward_width_);
    const bool over = s.is_terminal();
    const int first = config_.seat == kSelfPlay ? 0 : config_.seat;
    if (config_.reward == RewardKind::Score) {
      const Scores now = s.scores();
      for (int i = 0; i < reward_width_; ++i)
        r[i] = static_cast<float>(now[static_cast<std::size_t>(first + i)] -
                                  e.last[static_cast<std::size_t>(first + i)]);
      e.last = now;
    } else if (over) {
      const Outcome o = s.outcome();
      const bool trunc = s.is_truncated();
      for (int i = 0; i < reward_width_; ++i) r[i] = win_return(o, trunc, players_, first + i);
    } else {
      std::fill_n(r, reward_width_, 0.0f);
    }
    e.done = over;
    write(k, e);
  }

  // Observation, mask, current player, end flags and final scores of env k;
  // `forfeited`: the episode ends here though the game is not over.
  void write(int k, Env& e, bool forfeited = false) {
    const State& s = *e.state;
    const auto uk = static_cast<std::size_t>(k);
    const int who = learner(e);
    e.last_learner = who;
    s.observation_tensor(who, obs_.data() + uk * static_cast<std::size_t>(obs_size_));
    std::uint8_t* m = mask_.data() + uk * static_cast<std::size_t>(actions_);
    const bool over = forfeited || s.is_terminal();
    // At an ending every id is shown legal: the next step accepts any of them.
    std::memset(m, over ? 1 : 0, static_cast<std::size_t>(actions_));
    if (!over) {
      if constexpr (kSimultaneous) {
        typename State::PlayerActions legal;
        seat_legal(s, who, legal);
        for (Action a : legal) m[a] = 1;
      } else {
        typename State::ActionList legal;
        s.legal_actions(legal);
        for (Action a : legal) m[a] = 1;
      }
    }
    current_[uk] = over ? kTerminalPlayer : who;
    const bool trunc = over && !forfeited && s.is_truncated();
    truncated_[uk] = trunc;
    terminated_[uk] = over && !trunc;
    std::int32_t* fs = final_scores_.data() + uk * static_cast<std::size_t>(players_);
    if (over) {
      const Scores sc = s.scores();
      for (int p = 0; p < players_; ++p) fs[p] = sc[static_cast<std::size_t>(p)];
    } else {
      std::fill_n(fs, players_, 0);
    }
  }

  std::shared_ptr<const G> game_;
  VectorEnvConfig config_;
  int n_, players_, actions_, obs_size_, reward_width_;
  bool started_ = false;
  std::vector<Env> envs_;
  std::vector<float> obs_;
  std::vector<std::uint8_t> mask_;
  std::vector<float> reward_;
  std::vector<std::uint8_t> terminated_, truncated_;
  std::vector<std::int32_t> current_, final_scores_;
  std::vector<std::int64_t> episode_;
  // The binding's copies of the caller's actions and forfeit flags (see staged_actions).
  std::vector<std::int64_t> staged_;
  std::vector<std::uint8_t> forfeit_;
  std::unique_ptr<ChunkPool> pool_;
  std::atomic<bool> busy_{false};  // see Claim
};

}  // namespace cardsim
