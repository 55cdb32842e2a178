// progress.h — how long work in the core reports how far it is, and how it is told to stop.
#pragma once

#include <cstdint>
#include <functional>

namespace gb {

// Called now and then with work done and total (bytes, pairs, merges); return false to cancel (loading and
// preparing then fail with "loading was cancelled", saving with "saving was cancelled").
using Progress = std::function<bool(uint64_t done, uint64_t total)>;

}  // namespace gb
