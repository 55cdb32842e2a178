// tensor.h — matrix types and the column convention of the seeds.
//
// A sequence of n tokens is a d_e × n matrix: one column per token. Eigen stores matrices column-major, so the
// vector of a token is contiguous in memory. A batch of B sequences padded to length T is a d_e × (B·T) matrix:
// sequence b occupies columns b·T … b·T + T − 1.
//
// Everything numeric in the core is templated on the scalar T: float for training and display, double for the
// finite-difference gradient checks. Only those two are instantiated.
#pragma once

#include <Eigen/Dense>

#include <cstdio>
#include <cstdlib>

namespace gb {

template <class T> using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;  // column-major
template <class T> using Vec = Eigen::Matrix<T, Eigen::Dynamic, 1>;
template <class T> using MatRef = Eigen::Ref<Mat<T>>;
template <class T> using CMatRef = Eigen::Ref<const Mat<T>>;

using MatF = Mat<float>;
using VecF = Vec<float>;
using MatD = Mat<double>;

}  // namespace gb

// Programmer errors (a shape mismatch, an index out of range) stop with the expression and the place. User errors
// never come here: they travel back as gb::Error values.
#define GB_ASSERT(cond, msg)                                                                             \
  do {                                                                                                   \
    if (!(cond)) {                                                                                       \
      std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", __FILE__, __LINE__, #cond, msg);       \
      std::abort();                                                                                      \
    }                                                                                                    \
  } while (0)
