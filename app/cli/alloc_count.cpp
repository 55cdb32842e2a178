// Counts heap allocations of glassbox-cli by interposing malloc, calloc and realloc (glibc's own versions do the
// work). operator new and Eigen's aligned allocations both come through here.
#include "alloc_count.h"

#include <atomic>
#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
// AddressSanitizer owns malloc; counting is off (allocation_count() stays 0).
static std::atomic<long long> g_allocations{0};
namespace gbcli {
long long allocation_count() { return g_allocations.load(std::memory_order_relaxed); }
}  // namespace gbcli
#else
extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
}

static std::atomic<long long> g_allocations{0};

namespace gbcli {
long long allocation_count() { return g_allocations.load(std::memory_order_relaxed); }
}  // namespace gbcli

extern "C" {
void* malloc(size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(n);
}
void* calloc(size_t n, size_t s) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(n, s);
}
void* realloc(void* p, size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(p, n);
}
}
#endif
