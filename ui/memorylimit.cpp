#include "memorylimit.h"

#include "core/model/params.h"
#include "core/train/memory.h"
#include "errortext.h"

#include <QSettings>

#include <algorithm>
#include <atomic>


namespace {
std::atomic<qint64> gReserved{0};  // the running work's estimates (workers end on their own threads)
std::atomic<qint64> gTraining{0};  // of which training runs'
}  // namespace

qint64 MemoryLimit::settingsCapBytes() {
  const qint64 mb = QSettings().value(QStringLiteral("limits/memoryMB"), 0).toLongLong();
  return mb > 0 ? mb * 1024 * 1024 : 0;
}

qint64 MemoryLimit::capBytes(bool replacingModel) {
  const qint64 cap = settingsCapBytes();
  const qint64 held = gReserved.load() - (replacingModel ? gTraining.load() : 0);
  return cap > 0 ? std::max<qint64>(1, cap - held) : 0;
}

MemoryLimit::Reservation MemoryLimit::reserve(qint64 bytes, Work kind) {
  bytes = std::max<qint64>(0, bytes);
  const bool training = kind == Work::Training;
  gReserved += bytes;
  if (training) gTraining += bytes;
  return Reservation(nullptr, [bytes, training](void*) {
    if (training) gTraining -= bytes;
    gReserved -= bytes;
  });
}

qint64 MemoryLimit::reservedBytes() { return gReserved.load(); }

QString MemoryLimit::modelProblem(const gb::Config& c) {
  if (c.heads <= 0 || c.d_e % c.heads != 0 || c.validate()) return {};  // another problem comes first
  if (auto e = gb::check_memory(gb::ErrorCode::PlanMemory, gb::model_memory(c).total(), capBytes(/*replacingModel=*/true)))
    return tr("Too large to build: %1").arg(errorText(*e));
  return {};
}

qint64 MemoryLimit::besideRunBytes(const gb::Config& c, const gb::TrainOptions& o) {
  const double copies = 1 + 2 + 4 + (o.opt.kind == gb::OptimizerKind::AdamW ? 4 : 0);
  const double bytes = copies * double(sizeof(float)) * double(gb::params_count(c));
  return bytes >= 9.0e18 ? qint64(9.0e18) : qint64(bytes);
}

qint64 MemoryLimit::capBytesReplacing(qint64 replacing) {
  const qint64 cap = settingsCapBytes();
  const qint64 held = std::max<qint64>(0, gReserved.load() - std::max<qint64>(0, replacing));
  return cap > 0 ? std::max<qint64>(1, cap - held) : 0;
}

QString MemoryLimit::runProblem(const gb::Config& c, const gb::TrainOptions& o, const std::vector<gb::Example>& data,
                                qint64 replacing) {
  // what plan_training will check (the one check, core/train/memory.h)
  if (auto e = gb::check_run_memory(c, o, data, capBytesReplacing(replacing), nullptr, besideRunBytes(c, o)))
    return errorText(*e);
  return {};
}

namespace {
QString problem(gb::ErrorCode code, qint64 bytes) {
  if (auto e = gb::check_memory(code, bytes, MemoryLimit::capBytes())) return errorText(*e);
  return {};
}
}  // namespace

QString MemoryLimit::decodingProblem(qint64 bytes) { return problem(gb::ErrorCode::DecodeMemory, bytes); }

QString MemoryLimit::traceProblem(qint64 bytes) { return problem(gb::ErrorCode::TraceMemory, bytes); }
