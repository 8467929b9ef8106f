// No bound object exists without its C++ part. pybind11's own __new__ only
// allocates an instance; a method called on it before __init__ (plain
// cls.__new__(cls), or a pickle cut before its state) would read memory that
// holds no object. Every bound class gets one of the two __new__ below instead,
// and pickles through a module-level constructor (__reduce__), never __new__.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace cardsim::py_bind {

namespace py = pybind11;

namespace whole_object_detail {

// For a class with a Python constructor: __new__ runs __init__ at once, so the
// object is whole or is not made. (type's __call__ then calls __init__ again,
// which pybind11 ignores for an object already built.)
extern "C" inline PyObject* built_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  PyObject* self = py::detail::pybind11_object_new(type, args, kwargs);
  if (self == nullptr) return nullptr;
  if (type->tp_init(self, args, kwargs) < 0) {
    Py_DECREF(self);
    return nullptr;
  }
  return self;
}

// For a class that only C++ makes (states, games, envs): __new__ refuses.
extern "C" inline PyObject* refused_new(PyTypeObject* type, PyObject*, PyObject*) {
  const std::string msg = std::string(type->tp_name) +
                          " cannot be created directly: get one from cardsim.make(...) (a game, "
                          "then game.new_game() for a state)";
  PyErr_SetString(PyExc_TypeError, msg.c_str());
  return nullptr;
}

// cls.__new__(sub, ...): the slot of `sub`, as Python's own wrapper calls it. Put
// in each class's dict, so that cls.__new__ finds this class's slot and not the
// pybind11 base's.
extern "C" inline PyObject* new_entry(PyObject* self, PyObject* args, PyObject* kwargs) {
  const Py_ssize_t n = PyTuple_GET_SIZE(args);
  PyObject* sub = n > 0 ? PyTuple_GET_ITEM(args, 0) : nullptr;
  if (sub == nullptr || !PyType_Check(sub) ||
      !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(sub), reinterpret_cast<PyTypeObject*>(self))) {
    PyErr_Format(PyExc_TypeError, "%s.__new__(X): X must be a subtype of %s",
                 reinterpret_cast<PyTypeObject*>(self)->tp_name,
                 reinterpret_cast<PyTypeObject*>(self)->tp_name);
    return nullptr;
  }
  PyObject* rest = PyTuple_GetSlice(args, 1, n);
  if (rest == nullptr) return nullptr;
  auto* type = reinterpret_cast<PyTypeObject*>(sub);
  PyObject* out = type->tp_new(type, rest, kwargs);
  Py_DECREF(rest);
  return out;
}

inline PyMethodDef new_entry_def = {"__new__",
                                    reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(new_entry)),
                                    METH_VARARGS | METH_KEYWORDS, "Creates the object whole, or refuses."};

inline void set_new(py::handle cls, newfunc f) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  type->tp_new = f;
  PyObject* entry = PyCFunction_NewEx(&new_entry_def, cls.ptr(), nullptr);
  if (entry == nullptr) throw py::error_already_set();
  // Straight into the dict: setattr would turn the slot back into a lookup.
  const int failed = PyDict_SetItemString(type->tp_dict, "__new__", entry);
  Py_DECREF(entry);
  if (failed) throw py::error_already_set();
  PyType_Modified(type);
}

}  // namespace whole_object_detail

// A class with py::init: constructed whole or not at all.
inline void construct_whole(py::handle cls) {
  whole_object_detail::set_new(cls, whole_object_detail::built_new);
}

// A class that Python may not construct at all.
inline void refuse_new(py::handle cls) {
  whole_object_detail::set_new(cls, whole_object_detail::refused_new);
}

}  // namespace cardsim::py_bind
