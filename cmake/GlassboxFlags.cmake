# Compiler flags for our own targets: warnings are errors, speed by default, sanitizers on request.
add_library(glassbox_flags INTERFACE)
target_compile_options(glassbox_flags INTERFACE -Wall -Wextra -Wpedantic -Werror)
# GCC 12 reports false -Wrestrict errors inside libstdc++'s std::string operator+ at -O2 and above
# (GCC bug 105651): not our code, and nothing to fix in it.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(glassbox_flags INTERFACE -Wno-restrict)
endif()

if(NOT GLASSBOX_PORTABLE)
  include(CheckCXXCompilerFlag)
  check_cxx_compiler_flag(-march=native GLASSBOX_HAS_MARCH_NATIVE)
  if(GLASSBOX_HAS_MARCH_NATIVE)
    # AVX2/FMA where the machine has them: Eigen's matrix products are 2.5–3.5× faster.
    target_compile_options(glassbox_flags INTERFACE -march=native)
    # GCC 12 reports false "may be used uninitialized" inside its own avx512fintrin.h when Eigen's AVX-512
    # kernels are inlined (a known compiler bug, not our code). On processors with AVX-512 BF16/VBMI2 (Zen 4)
    # -march=native turns the same false report into "is used uninitialized" (`__m512 __Y = __Y;` in
    # _mm512_undefined_ps, GCC bug 105593, fixed in GCC 13): both are silenced before GCC 13.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      target_compile_options(glassbox_flags INTERFACE -Wno-maybe-uninitialized)
      if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        target_compile_options(glassbox_flags INTERFACE -Wno-uninitialized)
      endif()
    endif()
  endif()
endif()

# The sanitizer builds keep line tables only (-g1, after the build type's -g): their reports still name file and line,
# and the build is a fraction of the size (with full debug information every test binary of the ASan build weighed
# 300-400 MB, the build 7.6 GB, and CI once ran out of disk building ThreadSanitizer's after it).
if(GLASSBOX_SANITIZE OR GLASSBOX_TSAN)
  target_compile_options(glassbox_flags INTERFACE -g1)
endif()

if(GLASSBOX_SANITIZE)
  target_compile_options(glassbox_flags INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
                                                  -fno-sanitize-recover=undefined)
  target_link_options(glassbox_flags INTERFACE -fsanitize=address,undefined)
  # GCC 12 with the sanitizers' instrumentation reports false warnings in its own headers and in libstdc++
  # (uninitialized in avx512fintrin.h, array bounds, string overflows, null dereferences on checked paths)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(glassbox_flags INTERFACE -Wno-uninitialized -Wno-maybe-uninitialized -Wno-array-bounds
                           -Wno-stringop-overflow -Wno-stringop-overread -Wno-null-dereference
                           -Wno-alloc-size-larger-than -Wno-format-truncation)
  endif()
endif()

if(GLASSBOX_TSAN)
  if(GLASSBOX_SANITIZE OR GLASSBOX_OPENMP)
    message(FATAL_ERROR "GLASSBOX_TSAN needs GLASSBOX_SANITIZE=OFF and GLASSBOX_OPENMP=OFF (libgomp is not instrumented)")
  endif()
  # (with -fsanitize=thread GCC 12 also reports a false "is used uninitialized" inside avx512fintrin.h)
  target_compile_options(glassbox_flags INTERFACE -fsanitize=thread -fno-omit-frame-pointer
                                                  $<$<CXX_COMPILER_ID:GNU>:-Wno-uninitialized>)
  # libstdc++'s own happens-before marks (shared_ptr's last release) made visible to ThreadSanitizer
  target_compile_options(glassbox_flags INTERFACE
                         "SHELL:-include ${CMAKE_CURRENT_LIST_DIR}/tsan_libstdcxx.h")
  target_link_options(glassbox_flags INTERFACE -fsanitize=thread)
endif()

# libFuzzer builds (scripts/fuzz.sh): our code instrumented for coverage, with ASan and UBSan; the fuzz targets
# link the fuzzer itself (fuzz/CMakeLists.txt).
if(GLASSBOX_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GLASSBOX_FUZZ needs clang (CXX=clang++): libFuzzer is part of clang")
  endif()
  target_compile_options(glassbox_flags INTERFACE -fsanitize=fuzzer-no-link,address,undefined
                                                  -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(glassbox_flags INTERFACE -fsanitize=address,undefined)
endif()

# Without OpenMP its pragmas are plain loops; GCC would warn about each one.
if(NOT GLASSBOX_OPENMP)
  target_compile_options(glassbox_flags INTERFACE -Wno-unknown-pragmas)
endif()
