// hmm_draw.h — what both HMMs (hmm.cpp, hmm_gmm.cpp) draw their random starts and samples with. Internal to the
// family's folder.
#pragma once

#include "core/rng.h"
#include "core/tensor.h"

#include <cmath>
#include <optional>

namespace gb::hmm_detail {

// Each column of m drawn from Dirichlet(1) (exponential entries, normalised), row by row in the file's order: far
// enough from uniform that EM breaks the states' symmetry in its first iterations, every entry positive (EM cannot
// leave a 0).
template <class M> void dirichlet_columns(M& m, Rng& rng) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index col = 0; col < m.cols(); ++col) m(r, col) = float(1e-3 - std::log(1.0 - rng.uniform()));
  for (Eigen::Index col = 0; col < m.cols(); ++col) m.col(col) /= m.col(col).sum();
}

// An index drawn from a column of probabilities (its sum need not be exactly 1).
template <class V> int draw(const V& dist, Rng& rng) {
  const double u = rng.uniform() * double(dist.sum());
  double acc = 0;
  for (Eigen::Index k = 0; k < dist.size(); ++k) {
    acc += double(dist[k]);
    if (u < acc) return int(k);
  }
  return int(dist.size() - 1);
}

// The first column of m that is not a distribution (an entry below 0, or a sum off 1 by more than 10⁻³).
struct BadColumn {
  int column;
  double sum, min;
};
inline std::optional<BadColumn> bad_column(const MatF& m) {
  for (Eigen::Index j = 0; j < m.cols(); ++j) {
    const double s = m.col(j).cast<double>().sum(), lo = double(m.col(j).minCoeff());
    if (!(lo >= 0) || !(std::abs(s - 1.0) <= 1e-3)) return BadColumn{int(j), s, lo};
  }
  return std::nullopt;
}

}  // namespace gb::hmm_detail
