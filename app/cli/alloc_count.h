// alloc_count.h — the number of heap allocations so far (the CLI replaces the global operator new to count them),
// so the benchmark can show that a training step allocates nothing once warm.
#pragma once

namespace gbcli {
long long allocation_count();
}
