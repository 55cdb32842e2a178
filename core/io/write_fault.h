// write_fault.h — for tests: make the next atomic write (core/io/safetensors.h, write_file_atomic) fail at a chosen
// stage, as a full disk, a failing fsync or a failing rename would. On any failure write_file_atomic removes its
// temporary file, leaves the target byte for byte as it was, and returns an Error naming the target and the reason.
#pragma once

#include <cstdint>

namespace gb {

// The next write_file_atomic (of any path, once) fails at this stage with errno err — Write after after_bytes
// bytes reached the temporary file (a disk that fills up), Flush at fsync, Rename at the rename.
enum class WriteFault { None, Write, Flush, Rename };
void inject_write_fault(WriteFault where, int err, uint64_t after_bytes = 0);

}  // namespace gb
