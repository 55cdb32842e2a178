// Counts heap allocations of glassbox-cli by interposing malloc, calloc, realloc and the aligned ones
// (posix_memalign, aligned_alloc, memalign: oneDNN's buffers); glibc's own versions do the work. operator new and
// Eigen's aligned allocations come through here too.
#include "alloc_count.h"

#include <atomic>
#include <cerrno>
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
void* __libc_memalign(size_t, size_t);
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
int posix_memalign(void** out, size_t alignment, size_t n) {
  if (alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  void* p = __libc_memalign(alignment, n);
  if (!p && n > 0) return ENOMEM;
  *out = p;
  return 0;
}
void* aligned_alloc(size_t alignment, size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_memalign(alignment, n);
}
void* memalign(size_t alignment, size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_memalign(alignment, n);
}
}
#endif
