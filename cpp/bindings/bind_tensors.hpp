// The tensor surface: a game with an exact observation tensor
// (HasObservationTensor, core/game.hpp) gets observation_tensor on its states.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "bindings/convert.hpp"
#include "bindings/py_state.hpp"
#include "core/game.hpp"

namespace cardsim::py_bind {

// Other games compile without one and their Python classes lack the two names.

// The out= buffer of observation_tensor: a writeable, C-contiguous 1-D
// float32 numpy array of the tensor's size, else TypeError / ValueError.
inline float* tensor_buffer(py::handle out, int size) {
  if (!py::isinstance<py::array>(out)) throw WrongType("out must be a numpy array, got " + type_name_of(out));
  auto a = py::reinterpret_borrow<py::array>(out);
  if (!a.dtype().is(py::dtype::of<float>()))
    throw WrongType("out must have dtype float32, got " + py::str(a.dtype()).cast<std::string>());
  if (a.ndim() != 1 || a.shape(0) != size)
    throw InvalidArgument("out must have shape (" + std::to_string(size) + ",), got " +
                          py::str(out.attr("shape")).cast<std::string>());
  if (!(a.flags() & py::array::c_style)) throw InvalidArgument("out must be C-contiguous");
  if (!a.writeable()) throw InvalidArgument("out must be writeable");
  return static_cast<float*>(a.mutable_data());
}

template <class G, class GameCls, class StateCls>
void bind_observation_tensor(GameCls& game_cls, StateCls& state_cls) {
  using S = PyState<G>;
  game_cls.def_property_readonly(
      "observation_tensor_shape", [](const G& g) { return py::make_tuple(g.observation_tensor_size()); },
      "The shape of observation_tensor, fixed for this configuration (docs/rules/<game>.md).");
  state_cls.def(
      "observation_tensor",
      [](const S& s, py::handle player, py::object out) {
        const int p = player_from_py(player, s.game->num_players());
        const int size = s.game->observation_tensor_size();
        if (out.is_none()) {
          py::array_t<float> fresh(size);
          s.state.observation_tensor(p, fresh.mutable_data());
          return fresh;
        }
        s.state.observation_tensor(p, tensor_buffer(out, size));
        return py::reinterpret_borrow<py::array_t<float>>(out);  // the same object, checked
      },
      py::arg("player"), py::arg("out") = py::none(),
      "What seat `player` may see, as a 1-D float32 array of observation_tensor_shape (layout in "
      "docs/rules/<game>.md). out= writes into that array instead and returns it; a wrong type, dtype, "
      "shape or layout is a TypeError / ValueError and leaves it untouched.");
}

}  // namespace cardsim::py_bind
