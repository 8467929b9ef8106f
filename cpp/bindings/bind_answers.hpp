// The lockstep checker's read of a state (cardsim.testing): every answer it
// compares at a step, in one call. Read one method at a time, a step costs the
// checker a dozen calls through pybind11's dispatcher plus a numpy array per
// tensor, more than the answers themselves; here the core builds them all at
// once, and compares the candidate's arrays with its own in place, byte for
// byte, without making either array.
#pragma once

#include <pybind11/pybind11.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "bindings/convert.hpp"
#include "bindings/py_state.hpp"
#include "core/game.hpp"

namespace cardsim::py_bind {

// What `_answers(what)` adds beyond its first four (whose turn, legal ids,
// terminal, scores): the bits of `what`, in the order the answers come. The
// Python side (cardsim/testing/lockstep.py) names the same bits.
enum AnswerBit : int {
  kAnswerTruncated = 1,
  kAnswerDraw = 2,
  kAnswerWinners = 4,
  kAnswerTexts = 8,
  kAnswerDict = 16,
  kAnswerObservations = 32,
  kAnswerMask = 64,
  kAnswerTensors = 128,
};

// Whether `obj` exports a C-contiguous 1-D buffer of `n` items of struct
// format `format` whose bytes are those at `data`. Anything else (no buffer, a
// strided view, another dtype) is false: the checker then looks field by
// field, where an array of another kind may still pass.
inline bool same_buffer(py::handle obj, const void* data, std::size_t n, const char* format,
                        std::size_t itemsize) {
  Py_buffer view;
  // Without PyBUF_STRIDES the exporter must give a C-contiguous buffer or refuse.
  if (PyObject_GetBuffer(obj.ptr(), &view, PyBUF_ND | PyBUF_FORMAT) != 0) {
    PyErr_Clear();
    return false;
  }
  const bool same = view.ndim == 1 && view.shape[0] == static_cast<Py_ssize_t>(n) &&
                    view.itemsize == static_cast<Py_ssize_t>(itemsize) && view.format &&
                    std::string_view(view.format) == format && std::memcmp(view.buf, data, n * itemsize) == 0;
  PyBuffer_Release(&view);
  return same;
}

template <class G, class StateCls>
void bind_answers(StateCls& state_cls, const Hooks<G>& hooks) {
  using S = PyState<G>;
  using State = typename G::State;
  state_cls.def(
      "_answers",
      [hooks](const S& s, int what, py::handle theirs) {
        const int players = s.game->num_players();
        typename State::ActionList legal;
        s.state.legal_actions(legal);
        py::list ids = owned_list(actions_to_py(legal));
        py::list plain;
        plain.append(py::int_(s.state.current_player()));
        plain.append(ids);
        plain.append(py::bool_(s.state.is_terminal()));
        plain.append(scores_to_py(s.state.scores(), players));
        if (what & kAnswerTruncated) plain.append(py::bool_(s.state.is_truncated()));
        if (what & (kAnswerDraw | kAnswerWinners)) {
          const Outcome outcome = s.state.outcome();
          if (what & kAnswerDraw) plain.append(py::bool_(outcome.draw));
          if (what & kAnswerWinners) plain.append(winners_to_py(outcome, players));
        }
        if (what & kAnswerTexts) {
          py::list texts(legal.size());
          for (std::size_t i = 0; i < legal.size(); ++i)
            texts[i] = py::str(s.state.action_to_string(legal[i]));
          plain.append(texts);
        }
        if (what & kAnswerDict) plain.append(dict_with_seed(hooks, s));
        if (what & kAnswerObservations)
          for (auto o : all_observations(hooks, s)) plain.append(o);
        // The candidate's arrays, in order: the mask if asked, then each seat's tensor.
        // The core's own go into buffers kept per thread: nothing is allocated per step.
        const auto given = py::reinterpret_borrow<py::sequence>(theirs);
        const std::size_t count = py::len(given);
        std::size_t next = 0;
        bool arrays_equal = true;
        auto take = [&]() -> py::object {
          if (next >= count)
            throw InvalidArgument("arrays holds " + std::to_string(count) +
                                  " items, fewer than what asks: the mask (bit 64), then each seat's tensor "
                                  "(bit 128)");
          return given[next++];
        };
        if (what & kAnswerMask) {
          thread_local std::vector<char> mask;
          mask.assign(static_cast<std::size_t>(s.game->num_actions()), 0);
          for (Action a : legal) mask[static_cast<std::size_t>(a)] = 1;
          arrays_equal = same_buffer(take(), mask.data(), mask.size(), "?", 1);
        }
        if constexpr (HasObservationTensor<G>) {
          if (what & kAnswerTensors) {
            thread_local std::vector<float> buf;
            buf.resize(static_cast<std::size_t>(s.game->observation_tensor_size()));
            for (int p = 0; p < players && arrays_equal; ++p) {
              s.state.observation_tensor(p, buf.data());
              arrays_equal = same_buffer(take(), buf.data(), buf.size(), "f", sizeof(float));
            }
          }
        }
        return py::make_tuple(plain, py::bool_(arrays_equal));
      },
      py::arg("what"), py::arg("arrays"),
      "Internal, for cardsim.testing: (answers, same) at once. answers: current_player(), "
      "legal_actions(), is_terminal(), scores(), then as the bits of `what` ask (1 is_truncated, 2 "
      "is_draw, 4 winners, 8 action_to_string of each legal action, 16 to_dict, 32 every seat's "
      "observation). same: whether `arrays` (a sequence) holds, as C-contiguous 1-D buffers of the "
      "same dtype and bytes, legal_action_mask() if bit 64 asks and each seat's observation_tensor "
      "if bit 128 does.");
}

}  // namespace cardsim::py_bind
