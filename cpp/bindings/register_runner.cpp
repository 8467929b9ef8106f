// The batch runner's Python face: the exact, mergeable Summary.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/convert.hpp"
#include "bindings/registry.hpp"
#include "bindings/whole_object.hpp"
#include "core/policy.hpp"
#include "runner/summary.hpp"

namespace cardsim::py_bind {

namespace {

py::int_ int128_to_py(Int128 v) {
  const auto hi = static_cast<std::int64_t>(v >> 64);
  const auto lo = static_cast<std::uint64_t>(v);
  return py::int_(py::int_(hi).attr("__lshift__")(64).attr("__or__")(py::int_(lo)));
}

Int128 int128_from_py(py::handle h) {
  py::int_ v = py::reinterpret_borrow<py::int_>(h);
  const auto hi = v.attr("__rshift__")(64).cast<std::int64_t>();
  const auto lo = v.attr("__and__")(py::int_(~0ULL)).cast<std::uint64_t>();
  return (static_cast<Int128>(hi) << 64) | lo;
}

py::dict moments_state(const Moments& m) {
  py::dict d;
  d["n"] = m.n;
  d["sum"] = int128_to_py(m.sum);
  d["sum_sq"] = int128_to_py(m.sum_sq);
  d["min"] = m.min;
  d["max"] = m.max;
  return d;
}

Moments moments_from(const py::dict& d) {
  Moments m;
  m.n = d["n"].cast<std::uint64_t>();
  m.sum = int128_from_py(d["sum"]);
  m.sum_sq = int128_from_py(d["sum_sq"]);
  m.min = d["min"].cast<std::int64_t>();
  m.max = d["max"].cast<std::int64_t>();
  return m;
}

py::dict summary_state(const Summary& s) {
  py::dict d;
  d["num_players"] = s.num_players;
  d["games"] = s.games;
  d["draws"] = s.draws;
  d["no_winner"] = s.no_winner;
  d["truncated"] = s.truncated;
  // None when the game has no stalemate rule, so a zero means "never happened".
  d["stalemates"] = s.counts_stalemates ? py::object(py::int_(s.stalemates)) : py::object(py::none());
  d["voids"] = s.counts_voids ? py::object(py::int_(s.voids)) : py::object(py::none());
  py::list wins, score, hist;
  for (int p = 0; p < s.num_players; ++p) {
    wins.append(s.wins[p]);
    score.append(moments_state(s.score[p]));
    py::list counts;
    for (auto c : s.score_hist[p].counts) counts.append(c);
    hist.append(py::make_tuple(s.score_hist[p].lo, counts));
  }
  d["wins"] = wins;
  d["score"] = score;
  d["score_hist"] = hist;
  d["moves"] = moments_state(s.moves);
  return d;
}

Summary summary_from(const py::dict& d) {
  try {
    Summary s(d["num_players"].cast<int>());
    if (s.num_players < 1 || s.num_players > kMaxPlayers) throw InvalidArgument("bad num_players");
    s.games = d["games"].cast<std::uint64_t>();
    s.draws = d["draws"].cast<std::uint64_t>();
    s.no_winner = d["no_winner"].cast<std::uint64_t>();
    s.truncated = d["truncated"].cast<std::uint64_t>();
    // Absent in states written before stalemates were counted.
    if (d.contains("stalemates") && !d["stalemates"].is_none()) {
      s.stalemates = d["stalemates"].cast<std::uint64_t>();
      s.counts_stalemates = true;
    }
    if (d.contains("voids") && !d["voids"].is_none()) {
      s.voids = d["voids"].cast<std::uint64_t>();
      s.counts_voids = true;
    }
    auto wins = d["wins"].cast<py::list>();
    auto score = d["score"].cast<py::list>();
    auto hist = d["score_hist"].cast<py::list>();
    if (wins.size() != static_cast<std::size_t>(s.num_players) || score.size() != wins.size() ||
        hist.size() != wins.size())
      throw InvalidArgument("per-player lists have the wrong length");
    for (int p = 0; p < s.num_players; ++p) {
      s.wins[p] = wins[p].cast<std::uint64_t>();
      s.score[p] = moments_from(score[p].cast<py::dict>());
      auto h = hist[p].cast<py::tuple>();
      s.score_hist[p].lo = h[0].cast<std::int64_t>();
      s.score_hist[p].counts = h[1].cast<std::vector<std::uint64_t>>();
    }
    s.moves = moments_from(d["moves"].cast<py::dict>());
    return s;
  } catch (const py::error_already_set& e) {
    throw InvalidArgument(std::string("not a summary state: ") + e.what());
  } catch (const py::cast_error& e) {
    throw InvalidArgument(std::string("not a summary state: ") + e.what());
  }
}

py::dict moments_view(const Moments& m) { return moments_state(m); }

// A parsed spec as the dict parse_policy_spec has always returned.
py::dict spec_dict(const PolicySpec& p) {
  py::dict d;
  d["kind"] = policy_name(p.kind);
  if (p.is_search()) {
    d["budget"] = p.budget;
    d["rollout"] = policy_name(p.rollout);
    d["sees"] = p.sees_all ? "all" : "rules";
    if (p.kind == Policy::Ismcts) {
      d["c"] = p.c;
      d["prior"] = p.prior;
    }
  }
  return d;
}

// The spec's text in one canonical form: parsing it gives the same PolicySpec.
std::string spec_text(const PolicySpec& p) {
  std::string out = policy_name(p.kind);
  if (!p.is_search()) return out;
  if (p.budget_given) out += ":" + std::to_string(p.budget);
  const auto num = [](double x) { return py::repr(py::float_(x)).cast<std::string>(); };
  if (p.kind == Policy::Ismcts) out += ":c=" + num(p.c) + ":prior=" + num(p.prior);
  return out + ":rollout=" + policy_name(p.rollout) + ":sees=" + (p.sees_all ? "all" : "rules");
}

// Pickled as its fields, so that a worker process gets the parsed spec back
// without parsing text again; each field is checked as the parser checks it.
py::tuple spec_state(const PolicySpec& p) {
  return py::make_tuple(static_cast<int>(p.kind), p.budget, p.budget_given, p.c, static_cast<int>(p.rollout),
                        p.prior, p.sees_all);
}

PolicySpec spec_from_state(const py::tuple& t) {
  const auto bad = [] { return InvalidArgument("not a policy spec state"); };
  if (t.size() != 7) throw bad();
  PolicySpec p;
  try {
    const int kind = t[0].cast<int>(), rollout = t[4].cast<int>();
    if (kind < 0 || kind >= static_cast<int>(kPolicyNames.size())) throw bad();
    if (rollout < 0 || rollout >= static_cast<int>(kPolicyNames.size()) ||
        is_search_kind(static_cast<Policy>(rollout)))
      throw bad();
    p.kind = static_cast<Policy>(kind);
    if (!p.is_search()) return p;  // a simple kind has no parameters: the parser's defaults
    p.budget = t[1].cast<int>();
    p.budget_given = t[2].cast<bool>();
    p.rollout = static_cast<Policy>(rollout);
    p.sees_all = t[6].cast<bool>();
    if (p.kind == Policy::Ismcts) {
      p.c = t[3].cast<double>();
      p.prior = t[5].cast<double>();
    }
  } catch (const py::cast_error&) {
    throw bad();
  }
  if (p.budget < 1 || p.budget > kMaxSearchBudget || !(p.c >= 0 && p.c <= 100) ||
      !(p.prior >= 0 && p.prior < 1))
    throw bad();
  return p;
}

bool same_spec(const PolicySpec& a, const PolicySpec& b) { return spec_state(a).equal(spec_state(b)); }

}  // namespace

void register_runner(py::module_& m) {
  // The grammar's kinds, from the one C++ list: Python reads them here.
  py::list kinds, search;
  for (std::size_t i = 0; i < kPolicyNames.size(); ++i) {
    kinds.append(kPolicyNames[i]);
    if (is_search_kind(static_cast<Policy>(i))) search.append(kPolicyNames[i]);
  }
  m.attr("POLICY_KINDS") = py::tuple(kinds);
  m.attr("SEARCH_POLICY_KINDS") = py::tuple(search);
  // A policy spec parsed once, by the one parser, and handed to the runners as
  // such: the C++ entry points take these (a str converts through the parser).
  py::class_<PolicySpec> spec_cls(m, "PolicySpec",
                                  "A parsed policy spec (docs/strategy.md): what the C++ runners receive.");
  construct_whole(spec_cls);
  spec_cls
      .def(py::init([](const std::string& spec) { return parse_policy_spec(spec); }), py::arg("spec"),
           "Parses `spec`; ValueError if malformed.")
      .def_static(
          "parse",
          [](const std::string& spec, const std::string& where) { return parse_policy_spec(spec, where); },
          py::arg("spec"), py::arg("where") = "",
          "Parses `spec`; ValueError, prefixed by `where`, if malformed.")
      .def_property_readonly(
          "kind", [](const PolicySpec& p) { return policy_name(p.kind); }, "The kind: random, greedy, ...")
      .def_property_readonly("searching", &PolicySpec::is_search, "Whether it is a search player.")
      .def_property_readonly("text", &spec_text,
                             "The spec in canonical form (parsing it gives an equal PolicySpec).")
      .def("to_dict", &spec_dict, "The parsed fields, as parse_policy_spec returns them.")
      .def("__eq__",
           [](const PolicySpec& a, py::handle b) {
             return py::isinstance<PolicySpec>(b) && same_spec(a, b.cast<const PolicySpec&>());
           })
      .def("__hash__", [](const PolicySpec& p) { return py::hash(spec_state(p)); })
      .def("__repr__", [](const PolicySpec& p) { return "PolicySpec('" + spec_text(p) + "')"; })
      .def(
          "__reduce__",
          [](const PolicySpec& p) {
            // Through the module-level constructor, never __new__ (whole_object.hpp).
            static PyObject* restore =
                py::object(py::module_::import("cardsim._core").attr("_restore_policy_spec")).release().ptr();
            return py::make_tuple(py::handle(restore), py::make_tuple(spec_state(p)));
          },
          "Pickles as cardsim._core._restore_policy_spec(fields): no text is parsed again.");
  py::implicitly_convertible<py::str, PolicySpec>();
  m.def(
      "_restore_policy_spec", [](const py::tuple& state) { return spec_from_state(state); }, py::arg("state"),
      "Internal: a PolicySpec from its pickled fields.");
  m.def(
      "parse_policy_spec",
      [](const std::string& spec, const std::string& where) {
        return spec_dict(parse_policy_spec(spec, where));
      },
      py::arg("spec"), py::arg("where") = "",
      "The parsed form of a policy spec (kind, and budget, rollout, sees, c, prior for search players); "
      "ValueError, "
      "prefixed by `where`, if malformed.");
  py::class_<Summary> cls(m, "Summary", "Exact streaming totals of a batch run; merge() adds another run's.");
  construct_whole(cls);
  cls.def(py::init([](int players) {
            if (players < 1 || players > kMaxPlayers)
              throw InvalidArgument("num_players must be in [1, " + std::to_string(kMaxPlayers) + "]");
            return Summary(players);
          }),
          py::arg("num_players"))
      .def_readonly("num_players", &Summary::num_players, "Seats in the game.")
      .def_readonly("games", &Summary::games, "Games counted.")
      .def_readonly("draws", &Summary::draws, "Games drawn.")
      .def_readonly("no_winner", &Summary::no_winner,
                    "Games nobody won that were not draws (lost patiences, truncations).")
      .def_readonly("truncated", &Summary::truncated, "Games stopped by the move cap.")
      .def_property_readonly(
          "stalemates",
          [](const Summary& s) {
            return s.counts_stalemates ? py::object(py::int_(s.stalemates)) : py::object(py::none());
          },
          "Rounds ended by a stalemate (Racing Demon); None for games without a stalemate rule.")
      .def_property_readonly(
          "voids",
          [](const Summary& s) {
            return s.counts_voids ? py::object(py::int_(s.voids)) : py::object(py::none());
          },
          "Games that ended void (Rummy's void deal: terminal, no winner, not a truncation); None for "
          "games without such an end.")
      .def_property_readonly(
          "wins",
          [](const Summary& s) {
            return std::vector<std::uint64_t>(s.wins.begin(), s.wins.begin() + s.num_players);
          },
          "Games won by each seat (alone or with its side).")
      .def_property_readonly(
          "score",
          [](const Summary& s) {
            py::list l;
            for (int p = 0; p < s.num_players; ++p) l.append(moments_view(s.score[p]));
            return l;
          },
          "Per seat: exact n, sum, sum_sq, min and max of the final scores.")
      .def_property_readonly(
          "moves", [](const Summary& s) { return moments_view(s.moves); },
          "Exact n, sum, sum_sq, min and max of the actions per game.")
      .def(
          "score_histogram",
          [](const Summary& s, int player) {
            if (player < 0 || player >= s.num_players) throw InvalidArgument("player out of range");
            const Histogram& h = s.score_hist[player];
            py::array_t<std::int64_t> values(static_cast<py::ssize_t>(h.counts.size()));
            py::array_t<std::uint64_t> counts(static_cast<py::ssize_t>(h.counts.size()));
            for (std::size_t i = 0; i < h.counts.size(); ++i) {
              values.mutable_data()[i] = h.lo + static_cast<std::int64_t>(i);
              counts.mutable_data()[i] = h.counts[i];
            }
            return py::make_tuple(values, counts);
          },
          py::arg("player") = 0, "(values, counts) of the player's final scores.")
      .def(
          "merge",
          [](Summary& s, const Summary& o) {
            if (s.num_players != o.num_players)
              throw InvalidArgument("cannot merge summaries of different player counts");
            s.merge(o);
          },
          "Adds another run's totals (exact, associative and commutative).")
      .def("to_state", &summary_state, "A plain, exact, JSON-safe dict of the totals.")
      .def_static("from_state",
                  [](py::handle d) {
                    if (!PyDict_Check(d.ptr())) throw WrongType("summary state must be a dict");
                    return summary_from(py::reinterpret_borrow<py::dict>(d));
                  })
      .def(
          "__reduce__",
          [](const Summary& s) {
            // Through the module-level constructor, never __new__ (whole_object.hpp).
            static PyObject* restore =
                py::object(py::module_::import("cardsim._core").attr("_restore_summary")).release().ptr();
            return py::make_tuple(py::handle(restore), py::make_tuple(summary_state(s)));
          },
          "Pickles as cardsim._core._restore_summary(state).");
  m.def(
      "_restore_summary",
      [](py::handle d) {
        if (!PyDict_Check(d.ptr())) throw WrongType("summary state must be a dict");
        return summary_from(py::reinterpret_borrow<py::dict>(d));
      },
      py::arg("state"),
      "Internal: a Summary from its pickled state; the constructor Summary pickles through.");
}

CARDSIM_REGISTRAR(kRunnerOrder, register_runner);

}  // namespace cardsim::py_bind
