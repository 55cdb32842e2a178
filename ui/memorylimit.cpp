#include "memorylimit.h"

#include "core/train/memory.h"
#include "errortext.h"

#include <QSettings>

#include <algorithm>
#ifdef _OPENMP
#include <omp.h>
#endif

qint64 MemoryLimit::capBytes() {
  const qint64 mb = QSettings().value(QStringLiteral("limits/memoryMB"), 0).toLongLong();
  return mb > 0 ? mb * 1024 * 1024 : 0;
}

QString MemoryLimit::modelProblem(const gb::Config& c) {
  if (c.heads <= 0 || c.d_e % c.heads != 0 || c.validate()) return {};  // another problem comes first
  if (auto e = gb::check_memory(gb::ErrorCode::PlanMemory, gb::model_memory(c).total(), capBytes()))
    return tr("Too large to build: %1").arg(errorText(*e));
  return {};
}

QString MemoryLimit::runProblem(const gb::Config& c, const gb::TrainOptions& o, const std::vector<gb::Example>& data) {
  int longest_x = 0, longest_z = 0;
  for (const gb::Example& e : data) {
    longest_x = std::max(longest_x, int(e.x.size()));
    longest_z = std::max(longest_z, int(e.z.size()));
  }
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  if (auto e = gb::check_memory(gb::ErrorCode::PlanMemory, gb::training_bytes(c, o, threads, longest_x, longest_z),
                                capBytes()))
    return errorText(*e);
  return {};
}
