// Batch runs in which some seats are played by the caller (a Python policy
// that chooses for many games at once; docs/strategy.md, "Your own policy").
//
// The run holds a wave of at most `capacity` plays in flight, each in a slot
// of preallocated buffers. Built-in seats play inside C++ (on T threads, from
// each game's own stream) until every game in the wave waits on a caller seat
// or has ended. Then, one group at a time (a caller policy at one seat), the
// caller gets the observation tensors and legal-action masks of every game of
// the group, returns one action per game, and the batch checks them all
// before applying any. A finished play frees its slot for the next one.
//
// Results are exactly the batch runner's (runner.hpp): play q is deal
// first + q / R under rotation q % R (R rotations), dealt from
// Rng::for_game(seed, deal) as play_one deals it; every rotation starts from
// the stream as dealing left it; built-in and search seats draw from that
// stream as play_turns has them draw, and a caller seat draws nothing. So a
// caller that copies `first` reproduces a `first` run, and a deterministic
// caller gives the same results for any thread count, capacity or split of
// the range. Which games share a group depends on the capacity alone (slots
// are refilled in slot order), never on the thread count.
//
// Generic over the state contract: nothing here is game-specific. A game that
// drives its own play-out (HasPlayOut: a timed race decides who acts) takes
// part when the play-out can stop for a caller's choice and resume
// (HasResumablePlayOut): a caller seat then chooses among its own actions,
// when the play-out asks, and the play-out's draws stay play_out's.
//
// Ctrl-C: next_group and act take the caller's Interrupt, which the search
// seats poll as the batch runner's do (every kPollEvery iterations, on the
// calling thread), and which the calling thread polls while it waits for the
// pool's other threads. Whatever stops a call half way (an interrupt, a
// search's error) leaves games half played: the batch is then stopped, and
// every later call raises.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/interrupt.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "runner/runner.hpp"
#include "runner/search_players.hpp"
#include "runner/summary.hpp"
#include "runner/vector_env.hpp"

namespace cardsim {

namespace policy_batch_detail {
struct NoPlayOut {
  std::int64_t moves = 0;
};
template <class G, bool = HasResumablePlayOut<G>>
struct PlayOutOf {
  using type = NoPlayOut;
};
template <class G>
struct PlayOutOf<G, true> {
  using type = typename G::PlayOut;
};
}  // namespace policy_batch_detail

template <class G>
class PolicyBatch {
 public:
  using State = typename G::State;
  static constexpr bool kResumable = HasResumablePlayOut<G>;
  static constexpr bool kTurns = !HasPlayOut<G>;

  // `plan.policies[j]` is the built-in policy j, or a placeholder where
  // caller[j] is set (policy j is then the caller's). Output rows as in
  // run_batch: row q holds play q (out.by_policy is unused: with
  // `by_policy`, per-policy totals are kept and merge_into adds them).
  PolicyBatch(std::shared_ptr<const G> game, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
              const BatchPlan& plan, const std::vector<bool>& caller, int threads, int capacity,
              const BatchOutput& out, bool by_policy)
      : game_(std::move(game)),
        plan_(plan),
        seed_(seed),
        first_(first),
        players_(game_->num_players()),
        actions_(game_->num_actions()),
        obs_size_(game_->observation_tensor_size()),
        rotations_(plan.rotations()),
        plays_(count * static_cast<std::uint64_t>(plan.rotations())),
        out_(out),
        keep_by_policy_(by_policy) {
    out_.by_policy = nullptr;
    check_plan(*game_, plan_);
    if (static_cast<int>(caller.size()) != players_)
      throw InvalidArgument("expected one caller flag per seat (" + std::to_string(players_) + "), got " +
                            std::to_string(caller.size()));
    int callers = 0;
    for (int j = 0; j < players_; ++j) {
      caller_[static_cast<std::size_t>(j)] = caller[static_cast<std::size_t>(j)];
      if (!caller[static_cast<std::size_t>(j)]) {
        searching_ = searching_ || plan_.policies[static_cast<std::size_t>(j)].is_search();
        continue;
      }
      ++callers;
      if constexpr (!kTurns && !kResumable) {
        throw InvalidArgument("seat " + std::to_string(j) + ": " + game_->name() +
                              " is played simultaneously by its own timed race, which decides who acts "
                              "when; Python policies need turns (use built-in policies for this game)");
      }
    }
    if (callers == 0) throw InvalidArgument("no seat is played by a Python policy (use the batch runner)");
    if (threads < 1) throw InvalidArgument("threads must be at least 1, got " + std::to_string(threads));
    if (capacity < 1) throw InvalidArgument("capacity must be at least 1, got " + std::to_string(capacity));
    for (int r = 0; r < rotations_; ++r) {
      seatings_[static_cast<std::size_t>(r)] = seat_policies(plan_.policies, r);
      for (int p = 0; p < players_; ++p)
        caller_seat_[static_cast<std::size_t>(r)][static_cast<std::size_t>(p)] =
            caller_[static_cast<std::size_t>(policy_at(p, r))];
    }
    const auto slots = static_cast<std::size_t>(
        std::min<std::uint64_t>(static_cast<std::uint64_t>(capacity), std::max<std::uint64_t>(plays_, 1)));
    slots_.resize(slots);
    rows_.resize(slots);
    row_game_.assign(slots, 0);
    staged_.assign(slots, 0);
    obs_.assign(slots * static_cast<std::size_t>(obs_size_), 0.0f);
    mask_.assign(slots * static_cast<std::size_t>(actions_), 0);
    const int t = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), slots));
    pool_ = std::make_unique<ChunkPool>(t);
    ctx_.resize(static_cast<std::size_t>(t));
    for (PlayContext<G>& ctx : ctx_) ctx.search.stop = &stop_;
    for (int c = 0; c < t; ++c) {
      summary_.emplace_back(players_);
      summary_.back().counts_stalemates = HasStalemate<State>;
      summary_.back().counts_voids = HasVoidEnd<State>;
      by_policy_.emplace_back(players_);
    }
  }

  int capacity() const { return static_cast<int>(slots_.size()); }
  int observation_size() const { return obs_size_; }
  const G& game() const { return *game_; }
  std::uint64_t plays() const { return plays_; }
  std::uint64_t finished() const { return finished_.load(); }
  bool done() const { return finished_.load() == plays_; }
  // True once a call was stopped half way (see the header): every call raises.
  bool stopped() const { return stopped_; }
  static constexpr const char* kStoppedMessage =
      "this run was stopped half way (Ctrl-C or an error in a built-in seat): its games are half played; "
      "start a new run";

  // The buffers of the pending group: row i (i < rows()) is a game waiting on
  // the group's seat. Overwritten by next_group.
  const float* observations() const { return obs_.data(); }
  const std::uint8_t* masks() const { return mask_.data(); }
  const std::uint64_t* row_games() const { return row_game_.data(); }
  int rows() const { return pending_ ? static_cast<int>(group_size_) : 0; }
  int group_policy() const { return group_policy_; }
  int group_seat() const { return group_seat_; }
  int rotations() const { return rotations_; }

  // The policy index sitting at seat p under rotation r (runner.hpp's rule).
  int policy_at(int p, int r) const { return (p + r) % players_; }

  // Plays built-in seats until every game in flight waits on a caller seat,
  // then gathers the next non-empty group (caller policy j at seat p, in
  // round-robin order) into the buffers. Returns false once every play has
  // ended. Precondition: no group pending. `interrupt` (if given) is polled
  // inside search seats' searches; what it throws stops the batch.
  bool next_group(Interrupt* interrupt = nullptr) {
    if (stopped_) throw InvalidArgument(kStoppedMessage);
    if (pending_) throw InvalidArgument("a group is pending: call act() first");
    return playing(interrupt, [this] { return gather(); });
  }

  // Capacity entries that the binding copies the caller's actions into before it
  // checks them and releases the GIL: check() and act() then read memory that no
  // Python code can write. Owned here so that a group allocates nothing.
  std::int64_t* staged_actions() { return staged_.data(); }

  // "" if every action of the pending group is legal, else the first problem,
  // naming the game (deal index, and rotation when rotating); the caller
  // names the seat and policy.
  std::string check(const std::int64_t* actions) const {
    if (stopped_) return kStoppedMessage;
    if (!pending_) return "no group is pending: call next_group() first";
    for (std::size_t row = 0; row < group_size_; ++row) {
      const std::int64_t a = actions[row];
      const Slot& s = slots_[rows_[row]];
      // Text is built only for a refused action: checking allocates nothing.
      const auto where = [&] { return "game " + game_label(s) + ": "; };
      if (a < 0 || a >= actions_)
        return where() + "action " + std::to_string(a) + " (row " + std::to_string(row) +
               ") is out of range [0, " + std::to_string(actions_) + ")";
      if (!mask_[row * static_cast<std::size_t>(actions_) + static_cast<std::size_t>(a)]) {
        std::string why = s.state->why_illegal(static_cast<Action>(a));
        if (why.empty()) why = "it is not legal here";
        return where() + "action " + std::to_string(a) + " (" +
               s.state->action_to_string(static_cast<Action>(a)) + ", row " + std::to_string(row) +
               ") is illegal: " + why;
      }
    }
    return "";
  }

  // Precondition: check(actions) returned "". Applies every action of the
  // pending group, then plays on each game up to its next caller decision,
  // polling `interrupt` (if given) as next_group does.
  void act(const std::int64_t* actions, Interrupt* interrupt = nullptr) {
    if (stopped_) throw InvalidArgument(kStoppedMessage);
    playing(interrupt, [this, actions] {
      over_rows([this, actions](std::size_t row, int c) {
        Slot& s = slots_[rows_[row]];
        if constexpr (kResumable) {
          game_->resume_play_out(s.play_out, static_cast<Action>(actions[row]));
        } else {
          s.state->apply(static_cast<Action>(actions[row]));
          ++s.moves;
        }
        s.waiting = kFree;
        advance(s, c);
      });
      pending_ = false;
    });
  }

  // Adds the finished plays' totals (by seat, and by policy when given).
  void merge_into(Summary& summary, Summary* by_policy) const {
    for (const Summary& s : summary_) summary.merge(s);
    if (by_policy && keep_by_policy_)
      for (const Summary& s : by_policy_) by_policy->merge(s);
  }

 private:
  static constexpr int kFree = -1;  // an empty slot, or one whose play ended

  // Runs fn with `interrupt` set for the searches of this call; anything it
  // throws stops the batch for good (games may be half played).
  template <class F>
  auto playing(Interrupt* interrupt, F&& fn) -> decltype(fn()) {
    struct Scope {
      PolicyBatch& b;
      Scope(PolicyBatch& batch, Interrupt* in) : b(batch) { b.set_interrupt(in); }
      Scope(const Scope&) = delete;
      Scope& operator=(const Scope&) = delete;
      ~Scope() { b.set_interrupt(nullptr); }
    } scope(*this, interrupt);
    try {
      return fn();
    } catch (...) {
      stopped_ = true;
      throw;
    }
  }

  void set_interrupt(Interrupt* interrupt) {
    interrupt_ = interrupt;
    for (PlayContext<G>& ctx : ctx_) ctx.search.interrupt = interrupt;
  }

  // next_group's work: plays built-in seats, then gathers the next group.
  bool gather() {
    fill();
    const int groups = players_ * players_;
    for (int tries = 0; tries < groups; ++tries) {
      const int g = (last_group_ + 1 + tries) % groups;
      const int j = g / players_, p = g % players_;
      if (!caller_[static_cast<std::size_t>(j)]) continue;
      group_size_ = 0;
      for (std::size_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (s.waiting == p && policy_at(p, s.rotation) == j) rows_[group_size_++] = i;
      }
      if (group_size_ == 0) continue;
      last_group_ = g;
      group_policy_ = j;
      group_seat_ = p;
      pending_ = true;
      over_rows([this](std::size_t row, int) { write_row(row); });
      return true;
    }
    if (!done()) throw InvalidArgument(game_->name() + ": games in flight but none waits on a caller seat");
    return false;
  }

  struct Slot {
    std::optional<State> state;
    typename policy_batch_detail::PlayOutOf<G>::type play_out{};
    Rng rng{0};
    std::uint64_t play = 0;
    int rotation = 0;
    std::int64_t moves = 0;
    int waiting = kFree;  // the caller seat this game waits on
  };

  std::string game_label(const Slot& s) const {
    const std::uint64_t deal = first_ + s.play / static_cast<std::uint64_t>(rotations_);
    return std::to_string(deal) + (rotations_ > 1 ? " (rotation " + std::to_string(s.rotation) + ")" : "");
  }

  // Below this many rows a group runs on the calling thread: waking the pool
  // costs more than the work, and far more on a busy machine, where the tail
  // of a run (a few long games left) would otherwise wait on the scheduler.
  static constexpr std::size_t kMinParallelRows = 64;

  // Runs fn(row, chunk) for every row of the pending group on the pool.
  template <class F>
  void over_rows(F&& fn) {
    const std::size_t n = group_size_;
    if (n < kMinParallelRows || pool_->threads() == 1) {
      for (std::size_t row = 0; row < n; ++row) fn(row, 0);
      return;
    }
    const int t = pool_->threads();
    auto job = [&](int c) {
      const std::size_t lo = n * static_cast<std::size_t>(c) / static_cast<std::size_t>(t);
      const std::size_t hi = n * static_cast<std::size_t>(c + 1) / static_cast<std::size_t>(t);
      for (std::size_t row = lo; row < hi; ++row) fn(row, c);
    };
    // Only a search makes a row long enough that the caller must poll while it
    // waits (the pool then naps between polls); other groups wait as before.
    pool_->run(job, searching_ ? interrupt_ : nullptr, &stop_);
  }

  // Deals free slots the next plays, in slot order, and plays each up to its
  // first caller decision; a play that ends before one frees its slot again.
  void fill() {
    for (;;) {
      group_size_ = 0;
      for (std::size_t i = 0; i < slots_.size() && next_play_ < plays_; ++i) {
        Slot& s = slots_[i];
        if (s.waiting != kFree) continue;
        s.play = next_play_++;
        rows_[group_size_++] = i;
      }
      if (group_size_ == 0) return;
      over_rows([this](std::size_t row, int c) { start(slots_[rows_[row]], c); });
    }
  }

  void start(Slot& s, int c) {
    PlayContext<G>& ctx = ctx_[static_cast<std::size_t>(c)];
    const auto rot = static_cast<std::uint64_t>(rotations_);
    s.rotation = static_cast<int>(s.play % rot);
    s.rng = Rng::for_game(seed_, first_ + s.play / rot);
    game_->random_deck(s.rng, ctx.deck);
    s.state.emplace(game_->deal(ctx.deck));
    if constexpr (kResumable) s.play_out = game_->start_play_out();
    s.moves = 0;
    s.waiting = kFree;
    advance(s, c);
  }

  // Built-in seats play from the game's stream, exactly as play_turns does,
  // until a caller seat is to move (the slot waits) or the game ends (it is
  // recorded and the slot freed).
  void advance(Slot& s, int c) {
    if constexpr (kResumable) {
      advance_play_out(s, c);
    } else if constexpr (kTurns) {
      advance_turns(s, c);
    } else {
      // Unreachable: the constructor refuses such games (no turns, no resumable play-out).
      (void)s, (void)c;
      throw InvalidArgument(game_->name() + " is played by its own play-out");
    }
  }

  // The game's play-out runs until a caller seat must choose or the game ends.
  void advance_play_out(Slot& s, int c) {
    const SeatPolicies& seats = seatings_[static_cast<std::size_t>(s.rotation)];
    const bool* callers = caller_seat_[static_cast<std::size_t>(s.rotation)].data();
    // Without search seats, run_play_out_searching is run_play_out itself.
    int p;
    if constexpr (CanSearchRace<G>) {
      p = run_play_out_searching(*game_, *s.state, s.play_out, seats, callers, s.rng,
                                 ctx_[static_cast<std::size_t>(c)].search);
    } else {
      p = game_->run_play_out(*s.state, s.play_out, seats, callers, s.rng);
    }
    if (p >= 0) {
      s.waiting = p;
      return;
    }
    if (out_.times)
      game_->play_out_times(s.play_out, out_.times + s.play * static_cast<std::uint64_t>(players_));
    finish(s, s.play_out.moves, c);
  }

  void advance_turns(Slot& s, int c) {
    State& state = *s.state;
    const SeatPolicies& seats = seatings_[static_cast<std::size_t>(s.rotation)];
    const auto& callers = caller_seat_[static_cast<std::size_t>(s.rotation)];
    typename State::ActionList legal;
    while (!state.is_terminal()) {
      const int cp = state.current_player();
      if (cp < 0 || cp >= players_)
        throw InvalidArgument(game_->name() + ": no seat is to move in a game that is not over");
      if (callers[static_cast<std::size_t>(cp)]) {
        s.waiting = cp;
        return;
      }
      state.legal_actions(legal);
      const PolicySpec& spec = seats[cp];
      Action a;
      if (spec.is_search()) {
        a = legal.size() > 1 ? search_action_outlined(*game_, state, legal, spec, s.rng,
                                                      ctx_[static_cast<std::size_t>(c)].search)
                             : legal[0];
      } else {
        a = simple_action(spec.kind, *game_, state, legal, s.rng);
      }
      state.apply(a);
      ++s.moves;
    }
    finish(s, s.moves, c);
  }

  // Records a finished play and frees its slot.
  void finish(Slot& s, std::int64_t moves, int c) {
    const State& state = *s.state;
    record_play(*game_, state, s.rotation, moves, summary_[static_cast<std::size_t>(c)],
                keep_by_policy_ ? &by_policy_[static_cast<std::size_t>(c)] : nullptr, out_, s.play);
    s.waiting = kFree;
    finished_.fetch_add(1, std::memory_order_relaxed);
  }

  // Observation of the group's seat and its legal-action mask, into row `row`.
  void write_row(std::size_t row) {
    const Slot& s = slots_[rows_[row]];
    row_game_[row] = first_ + s.play / static_cast<std::uint64_t>(rotations_);
    s.state->observation_tensor(group_seat_, obs_.data() + row * static_cast<std::size_t>(obs_size_));
    std::uint8_t* m = mask_.data() + row * static_cast<std::size_t>(actions_);
    std::memset(m, 0, static_cast<std::size_t>(actions_));
    if constexpr (kResumable) {
      typename State::PlayerActions legal;
      s.state->legal_actions_for(group_seat_, legal);
      for (Action a : legal) m[a] = 1;
    } else {
      typename State::ActionList legal;
      s.state->legal_actions(legal);
      for (Action a : legal) m[a] = 1;
    }
  }

  std::shared_ptr<const G> game_;
  BatchPlan plan_;
  std::uint64_t seed_, first_;
  int players_, actions_, obs_size_, rotations_;
  std::uint64_t plays_;
  BatchOutput out_;
  bool keep_by_policy_;
  std::array<bool, kMaxPlayers> caller_{};
  std::array<SeatPolicies, kMaxPlayers> seatings_{};
  std::array<std::array<bool, kMaxPlayers>, kMaxPlayers> caller_seat_{};
  std::vector<Slot> slots_;
  std::vector<std::size_t> rows_;  // the pending group's (or the refill's) slots
  std::vector<std::uint64_t> row_game_;
  std::vector<std::int64_t> staged_;  // see staged_actions
  std::vector<float> obs_;
  std::vector<std::uint8_t> mask_;
  std::size_t group_size_ = 0;
  bool pending_ = false;
  int last_group_ = -1, group_policy_ = -1, group_seat_ = -1;
  std::uint64_t next_play_ = 0;
  std::atomic<std::uint64_t> finished_{0};
  std::unique_ptr<ChunkPool> pool_;
  std::vector<PlayContext<G>> ctx_;
  bool searching_ = false;          // some built-in seat is a search player
  Interrupt* interrupt_ = nullptr;  // the current call's, if any
  std::atomic<bool> stop_{false};   // raised when a pool thread failed: the others' searches end
  bool stopped_ = false;            // a call stopped half way: see kStoppedMessage
  std::vector<Summary> summary_, by_policy_;
};

}  // namespace cardsim
