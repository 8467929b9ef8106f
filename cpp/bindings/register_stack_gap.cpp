// Stack Gap Wall Builder: its dict form, observation, and a test hook that
// loads a position (docs/rules/stack_gap.md, "State as a dict").
#include "bindings/bind_game.hpp"
#include "games/stack_gap/stack_gap.hpp"
#include "solver/stack_gap.hpp"  // its solver, bound through SolverTraits

namespace cardsim::py_bind {

using stack_gap::StackGapGame;
using stack_gap::StackGapState;

namespace {

void write_wall(const StackGapState& s, auto& w) {
  w.begin_list();
  for (int level = 1; level <= stack_gap::kLevels; ++level) {
    w.begin_list();
    for (int slot = stack_gap::kLevelStart[level - 1]; slot < stack_gap::kLevelStart[level]; ++slot) {
      if (!s.filled(slot)) {
        w.none();
        continue;
      }
      w.begin_dict();
      w.key(CARDSIM_KEY("card"));
      w.card(s.wall_card(slot));
      w.key(CARDSIM_KEY("value"));
      w.integer(s.wall_value(slot));
      w.end();
    }
    w.end();
  }
  w.end();
}

// The parts both forms end with: the open rubble piles, the scores, the ending.
void write_rubble_to_end(const StackGapState& s, auto& w) {
  w.key(CARDSIM_KEY("rubble"));
  w.per_seat(s.num_players(), [&](int p) { w.cards(s.rubble(p)); });
  w.key(CARDSIM_KEY("scores"));
  w.per_seat(s.num_players(), [&](int p) { w.integer(s.points(p)); });
  w.key(CARDSIM_KEY("ending"));
  if (s.is_terminal()) {
    w.text(stack_gap::ending_name(s.ending()));
  } else {
    w.none();
  }
  w.key(CARDSIM_KEY("ended_by"));
  w.int_or_none(s.ended_by());
}

void write_state(const StackGapState& s, auto& w) {
  w.key(CARDSIM_KEY("current_player"));
  w.integer(s.current_player());
  w.key(CARDSIM_KEY("wall"));
  write_wall(s, w);
  w.key(CARDSIM_KEY("hands"));
  w.per_seat(s.num_players(), [&](int p) { w.cards(s.hand(p)); });
  w.key(CARDSIM_KEY("draw_pile"));  // bottom first, as every pile in a dict: the last card is the top
  w.cards(s.draw_pile());
  write_rubble_to_end(s, w);
}

// Hands are hidden from the other player and the draw pile from everyone;
// the wall, the rubble piles (discards are made face up) and scores are open.
void write_observation(const StackGapState& s, int player, auto& w) {
  w.key(CARDSIM_KEY("player"));
  w.integer(player);
  w.key(CARDSIM_KEY("current_player"));
  w.integer(s.current_player());
  w.key(CARDSIM_KEY("wall"));
  write_wall(s, w);
  w.key(CARDSIM_KEY("hand"));
  w.cards(s.hand(player));
  w.key(CARDSIM_KEY("hand_sizes"));
  w.per_seat(s.num_players(), [&](int p) { w.integer(static_cast<long long>(s.hand(p).size())); });
  w.key(CARDSIM_KEY("draw_pile_size"));
  w.integer(static_cast<long long>(s.draw_pile().size()));
  write_rubble_to_end(s, w);
}

py::object item(const py::dict& d, const char* key) {
  if (!d.contains(key)) throw InvalidArgument(std::string("position lacks '") + key + "'");
  return d[key];
}

py::list list_of(py::handle h, const std::string& what, std::size_t size) {
  if (!PyList_Check(h.ptr())) throw WrongType(what + " must be a list, got " + type_name_of(h));
  py::list l = py::reinterpret_borrow<py::list>(h);
  if (size != 0 && l.size() != size)
    throw InvalidArgument(what + " must hold " + std::to_string(size) + " entries, got " +
                          std::to_string(l.size()));
  return l;
}

template <std::size_t N>
StaticVector<Card, N> cards_of(py::handle h, const std::string& what) {
  const auto texts = strings_from_py(h, what);
  if (texts.size() > N)
    throw InvalidArgument(what + " holds at most " + std::to_string(N) + " cards, got " +
                          std::to_string(texts.size()));
  StaticVector<Card, N> out;
  for (const auto& t : texts) out.push_back(parse_card(t));
  return out;
}

int int_of(py::handle h, const std::string& what, long long lo, long long hi) {
  if (!is_integer(h)) throw WrongType(what + " must be an int, got " + type_name_of(h));
  const long long v = clamp_int(h);
  if (v < lo || v > hi)
    throw InvalidArgument(what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi));
  return static_cast<int>(v);
}

// Builds a position from its dict form (ending None). For tests of endings
// that no deal reaches, such as an emptied draw pile. It checks shapes and
// cards, not that the position could arise in play.
StackGapState position_from_py(int num_players, py::handle h) {
  if (!PyDict_Check(h.ptr())) throw WrongType("a position must be a dict, got " + type_name_of(h));
  const py::dict d = py::reinterpret_borrow<py::dict>(h);
  if (!item(d, "ending").is_none()) throw InvalidArgument("only a position in play can be loaded");
  const auto np = static_cast<std::size_t>(num_players);

  std::array<Card, stack_gap::kSlots> wall_card{};
  std::array<std::int8_t, stack_gap::kSlots> wall_value{};
  wall_card.fill(kNoCard);
  const py::list levels = list_of(item(d, "wall"), "wall", stack_gap::kLevels);
  for (int level = 1; level <= stack_gap::kLevels; ++level) {
    const py::list row = list_of(levels[static_cast<std::size_t>(level - 1)],
                                 "wall level " + std::to_string(level), static_cast<std::size_t>(6 - level));
    for (int k = 0; k < 6 - level; ++k) {
      py::handle cell = row[static_cast<std::size_t>(k)];
      if (cell.is_none()) continue;
      if (!PyDict_Check(cell.ptr())) throw WrongType("a wall slot must be None or a dict");
      const py::dict c = py::reinterpret_borrow<py::dict>(cell);
      const int slot = stack_gap::kLevelStart[level - 1] + k;
      const py::object card_text = item(c, "card");
      if (!PyUnicode_Check(card_text.ptr())) throw WrongType("a wall card must be a str");
      wall_card[slot] = parse_card(card_text.cast<std::string>());
      wall_value[slot] = static_cast<std::int8_t>(int_of(item(c, "value"), "a wall value", 1, 13));
    }
  }
  std::array<StaticVector<Card, stack_gap::kHandSize>, 2> hands{};
  std::array<StaticVector<Card, stack_gap::kRubbleLimit>, 2> rubble{};
  std::array<std::int32_t, 2> points{};
  const py::list hl = list_of(item(d, "hands"), "hands", np);
  const py::list rl = list_of(item(d, "rubble"), "rubble", np);
  const py::list sl = list_of(item(d, "scores"), "scores", np);
  for (std::size_t p = 0; p < np; ++p) {
    hands[p] = cards_of<stack_gap::kHandSize>(hl[p], "a hand");
    rubble[p] = cards_of<stack_gap::kRubbleLimit>(rl[p], "a rubble pile");
    if (rubble[p].size() >= stack_gap::kRubbleLimit)
      throw InvalidArgument("a third rubble card ends the game");
    points[p] = int_of(sl[p], "a score", 0, 1000);
  }
  // Bottom first, as the dict lists it and as the state keeps it.
  const auto draw = cards_of<stack_gap::kMaxDeck>(item(d, "draw_pile"), "draw_pile");
  const int current = int_of(item(d, "current_player"), "current_player", 0, num_players - 1);
  if (hands[static_cast<std::size_t>(current)].empty())
    throw InvalidArgument("the player to move must hold a card");
  return StackGapState(num_players, wall_card, wall_value, hands, draw, rubble, points, current);
}

}  // namespace

void register_stack_gap(py::module_& m) {
  Hooks<StackGapGame> hooks;
  hooks.write_dict = [](const StackGapState& s, auto& w) { write_state(s, w); };
  hooks.write_observation = [](const StackGapState& s, int p, auto& w) { write_observation(s, p, w); };
  bind_game<StackGapGame>(m, "StackGap", hooks);

  // Test hook (not part of the contract): replace the position. Pickling the
  // state afterwards still replays its deal and history, not this position.
  auto cls = py::reinterpret_borrow<py::class_<PyState<StackGapGame>>>(m.attr("StackGapState"));
  cls.def("_set_position", [](PyState<StackGapGame>& s, py::handle position) {
    s.state = position_from_py(s.game->num_players(), position);
  });

  register_game<StackGapGame>(stack_gap::stack_gap_declaration(),
                              [](const OptionMap& o) { return std::make_shared<StackGapGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_stack_gap);

}  // namespace cardsim::py_bind
