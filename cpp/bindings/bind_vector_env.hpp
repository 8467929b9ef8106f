// The vectorised environment's Python face, bound once for every game that
// has an exact observation tensor (bind_game calls this behind a feature
// check, so games without one compile and simply lack `_vector_env`).
// cardsim.VectorEnv (python/cardsim/vector.py) wraps it for Gymnasium.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings/convert.hpp"
#include "bindings/whole_object.hpp"
#include "core/errors.hpp"
#include "core/policy.hpp"
#include "runner/vector_env.hpp"

namespace cardsim::py_bind {

// A numpy view of a buffer the env owns; `owner` keeps the env alive. Views
// are read-only so that a caller cannot edit the masks that step() checks.
template <class T>
py::array buffer_view(py::handle owner, T* data, std::vector<py::ssize_t> shape,
                      const char* dtype = nullptr) {
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t stride = static_cast<py::ssize_t>(sizeof(T));
  for (std::size_t i = shape.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= shape[i];
  }
  py::dtype dt = dtype ? py::dtype(dtype) : py::dtype::of<T>();
  py::array arr(dt, shape, strides, data, owner);
  arr.attr("setflags")(py::arg("write") = false);
  return arr;
}

// One flag per env from a bool numpy array of shape (num_envs,), copied into `out`.
inline void env_flags_into(py::handle h, int num_envs, const char* what, std::uint8_t* out) {
  if (!py::isinstance<py::array>(h) || py::reinterpret_borrow<py::array>(h).dtype().kind() != 'b')
    throw WrongType(std::string(what) + " must be a bool array, got " + type_name_of(h));
  auto arr = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(h);
  if (!arr || arr.ndim() != 1 || arr.shape(0) != num_envs)
    throw InvalidArgument(std::string(what) + " must have shape (" + std::to_string(num_envs) + ",)");
  // Read once per flag: a bool array's bytes may be other than 0 and 1.
  for (int k = 0; k < num_envs; ++k) out[static_cast<std::size_t>(k)] = arr.data()[k] ? 1 : 0;
}

// The same flags as a new vector (reset_envs' mask, outside the step path).
inline std::vector<std::uint8_t> env_flags(py::handle h, int num_envs, const char* what) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(num_envs));
  env_flags_into(h, num_envs, what, out.data());
  return out;
}

template <class G>
VectorEnvConfig vector_config(const G& g, py::handle num_envs, py::handle seat, py::handle opponents,
                              py::handle seed, py::handle threads, py::handle reward) {
  VectorEnvConfig c;
  if (!is_integer(num_envs)) throw WrongType("num_envs must be an int, got " + type_name_of(num_envs));
  const long long n = clamp_int(num_envs);
  if (n < 1 || n > (1 << 24))
    throw InvalidArgument("num_envs must be in [1, 2**24], got " + std::to_string(n));
  c.num_envs = static_cast<int>(n);
  if (seat.is_none()) {
    c.seat = kSelfPlay;
  } else {
    if (!is_integer(seat)) throw WrongType("seat must be an int or None, got " + type_name_of(seat));
    const long long s = clamp_int(seat);
    if (s < 0 || s >= g.num_players())
      throw InvalidArgument("seat " + std::to_string(s) + " is out of range [0, " +
                            std::to_string(g.num_players()) + ")");
    c.seat = static_cast<int>(s);
  }
  if (!is_integer(threads)) throw WrongType("threads must be an int, got " + type_name_of(threads));
  const long long t = clamp_int(threads);
  if (t < 1 || t > 256) throw InvalidArgument("threads must be in [1, 256], got " + std::to_string(t));
  c.threads = static_cast<int>(t);
  c.seed = seed_from_py(seed);
  if (!PyUnicode_Check(reward.ptr())) throw WrongType("reward must be a str, got " + type_name_of(reward));
  const auto r = reward.cast<std::string>();
  if (r == "win") {
    c.reward = RewardKind::Win;
  } else if (r == "score") {
    c.reward = RewardKind::Score;
  } else {
    throw InvalidArgument("reward must be 'win' or 'score', got '" + r + "'");
  }
  // One policy name for every seat, or one per seat.
  std::vector<std::string> names;
  if (PyUnicode_Check(opponents.ptr())) {
    names.assign(static_cast<std::size_t>(g.num_players()), opponents.cast<std::string>());
  } else if (PyList_Check(opponents.ptr()) || PyTuple_Check(opponents.ptr())) {
    for (auto item : py::reinterpret_borrow<py::sequence>(opponents)) {
      if (!PyUnicode_Check(item.ptr()))
        throw WrongType("opponents must be policy names (str), got " + type_name_of(item));
      names.push_back(item.cast<std::string>());
    }
    if (names.size() != static_cast<std::size_t>(g.num_players()))
      throw InvalidArgument("opponents must name one policy per seat (" + std::to_string(g.num_players()) +
                            "), got " + std::to_string(names.size()));
  } else {
    throw WrongType("opponents must be a policy name or a list of one per seat, got " +
                    type_name_of(opponents));
  }
  for (std::size_t p = 0; p < names.size(); ++p) {
    // Opponents play inside step(): the search players would make a step cost
    // seconds, so only the simple policies are offered here.
    const PolicySpec spec = parse_policy_spec(names[p], "opponents[" + std::to_string(p) + "]: ");
    if (spec.is_search())
      throw InvalidArgument("opponents[" + std::to_string(p) + "]: '" + names[p] +
                            "' is a search player; VectorEnv opponents are random, greedy or first");
    c.opponents[p] = spec.kind;
  }
  return c;
}

template <class G>
void bind_vector_env(py::module_& m, const std::string& prefix, py::class_<G, std::shared_ptr<G>>& game_cls) {
  using V = VectorEnv<G>;
  py::class_<V> cls(m, (prefix + "VectorEnv").c_str(),
                    "Internal: N games stepped together in C++ (use cardsim.VectorEnv).");
  refuse_new(cls);
  cls.def_property_readonly("num_envs", &V::num_envs)
      .def_property_readonly("observation_size", &V::observation_size)
      .def_property_readonly("reward_width", &V::reward_width)
      .def_property_readonly("seed", [](const V& v) { return v.config().seed; })
      .def_property_readonly("threads", [](const V& v) { return v.config().threads; })
      .def(
          "_buffers",
          [](py::object self) {
            V& v = self.cast<V&>();
            const py::ssize_t n = v.num_envs(), np = v.game().num_players();
            py::dict d;
            d["obs"] = buffer_view(self, v.observations(), {n, v.observation_size()});
            d["action_mask"] = buffer_view(self, v.masks(), {n, v.game().num_actions()}, "bool");
            d["reward"] = v.reward_width() == 1 ? buffer_view(self, v.rewards(), {n})
                                                : buffer_view(self, v.rewards(), {n, v.reward_width()});
            d["terminated"] = buffer_view(self, v.terminated(), {n}, "bool");
            d["truncated"] = buffer_view(self, v.truncated(), {n}, "bool");
            d["current_player"] = buffer_view(self, v.current_player(), {n});
            d["final_scores"] = buffer_view(self, v.final_scores(), {n, np});
            d["episode"] = buffer_view(self, v.episodes(), {n});
            return d;
          },
          "Read-only numpy views of the env's buffers, which reset and step overwrite in place.")
      .def(
          "reset",
          [](V& v, py::handle seed) {
            const typename V::Claim claim(v);
            if (seed.is_none()) {
              py::gil_scoped_release release;
              v.reset_next();
            } else {
              const std::uint64_t s = seed_from_py(seed);
              py::gil_scoped_release release;
              v.reset(s);
            }
          },
          py::arg("seed") = py::none(),
          "Starts episode 0 of every env from seed, or with None each env's next episode. RuntimeError if "
          "another thread is resetting or stepping this env.")
      .def(
          "reset_envs",
          [](V& v, py::handle mask, py::handle seeds) {
            const auto n = static_cast<std::size_t>(v.num_envs());
            std::vector<std::uint8_t> m;
            if (!mask.is_none()) m = env_flags(mask, v.num_envs(), "reset_mask");
            std::vector<std::uint64_t> s;
            if (!seeds.is_none()) {
              if (!PyList_Check(seeds.ptr()) && !PyTuple_Check(seeds.ptr()))
                throw WrongType("seed must be an int, a list of ints or None, got " + type_name_of(seeds));
              auto seq = py::reinterpret_borrow<py::sequence>(seeds);
              if (seq.size() != n)
                throw InvalidArgument("seed lists one seed per env (" + std::to_string(n) + "), got " +
                                      std::to_string(seq.size()));
              for (auto item : seq) s.push_back(seed_from_py(item));
            }
            py::gil_scoped_release release;
            v.reset_envs(m.empty() ? nullptr : m.data(), s.empty() ? nullptr : s.data());
          },
          py::arg("mask") = py::none(), py::arg("seeds") = py::none(),
          "Restarts the envs the mask selects (all if None): from episode 0 of one seed per env, or "
          "with seeds None from each one's next episode.")
      .def(
          "step",
          [](V& v, py::handle actions, py::handle forfeit) {
            // From here to the end of the step: the check must see the states the step plays,
            // and no other caller may write the staged copies.
            const typename V::Claim claim(v);
            const auto n = static_cast<std::size_t>(v.num_envs());
            std::int64_t* a = v.staged_actions();
            copy_actions(actions, a, n, v.game().num_actions(),
                         [](std::size_t k) { return "env " + std::to_string(k) + ": "; });
            std::uint8_t* fp = nullptr;
            if (!forfeit.is_none()) {
              fp = v.staged_forfeit();
              env_flags_into(forfeit, v.num_envs(), "forfeit", fp);
            }
            const std::string problem = v.check(a, fp);
            if (!problem.empty()) throw IllegalAction(problem);
            py::gil_scoped_release release;
            v.step(a, fp);
          },
          py::arg("actions"), py::arg("forfeit") = py::none(),
          "Copies the actions (any integer array-like of shape (num_envs,)) and checks every env's action in "
          "the copy, then plays them all (GIL released). Raises before changing anything; "
          "RuntimeError if another thread is resetting or stepping this env.");

  game_cls.def(
      "_vector_env_bytes", [](const G& g, bool self_play) { return V::bytes_per_env(g, self_play); },
      py::arg("self_play"), "Internal: the bytes one env of cardsim.VectorEnv takes.");
  game_cls.def(
      "_vector_env",
      [](const std::shared_ptr<G>& g, py::handle num_envs, py::handle seat, py::handle opponents,
         py::handle seed, py::handle threads, py::handle reward) {
        return std::make_unique<V>(g, vector_config(*g, num_envs, seat, opponents, seed, threads, reward));
      },
      py::arg("num_envs"), py::arg("seat"), py::arg("opponents"), py::arg("seed"), py::arg("threads"),
      py::arg("reward"), "Internal: the C++ vector env behind cardsim.VectorEnv.");
}

}  // namespace cardsim::py_bind
