// tsan_libstdcxx.h — force-included in ThreadSanitizer builds (GLASSBOX_TSAN, cmake/GlassboxFlags.cmake).
//
// libstdc++ 12's shared_ptr frees the last reference on a fast path that reads both counts with one 64-bit load;
// ThreadSanitizer does not see that load order the earlier releases on other threads, and reports the object's
// destruction as racing with every earlier use (a result made on a worker, read on the GUI thread, freed by
// whichever lets go last). libstdc++ marks those points with _GLIBCXX_SYNCHRONIZATION_HAPPENS_BEFORE/AFTER for
// race detectors (its manual: "Data Race Hunting"); here they become ThreadSanitizer's annotations.
#pragma once

#ifdef __cplusplus
extern "C" {
#endif
void AnnotateHappensBefore(const char* file, int line, const volatile void* addr);
void AnnotateHappensAfter(const char* file, int line, const volatile void* addr);
#ifdef __cplusplus
}
#endif

#define _GLIBCXX_SYNCHRONIZATION_HAPPENS_BEFORE(A) AnnotateHappensBefore(__FILE__, __LINE__, (const volatile void*)(A))
#define _GLIBCXX_SYNCHRONIZATION_HAPPENS_AFTER(A) AnnotateHappensAfter(__FILE__, __LINE__, (const volatile void*)(A))
