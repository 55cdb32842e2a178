// resident.h — this process's resident memory (the second field of /proc/self/statm, in pages), for the tests
// that bound it: the monkey's log and peak, the New → Build cycles. 0 where /proc is not there.
#pragma once

#include <cstdio>

#include <unistd.h>

inline long long residentMB() {
  long long pages = 0, resident = 0;
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  const int got = std::fscanf(f, "%lld %lld", &pages, &resident);
  std::fclose(f);
  if (got != 2) return 0;
  return resident * static_cast<long long>(sysconf(_SC_PAGESIZE)) / (1024 * 1024);
}
