/*
 * CMalloc: glibc's count of heap bytes in use, for the benchmark's memory figures
 * (Sources/imager-bench/MemorySampler.swift). Not used by Imager itself.
 */
#ifndef IMAGER_CMALLOC_SHIM_H
#define IMAGER_CMALLOC_SHIM_H

#include <malloc.h>
#include <stddef.h>

/* Bytes allocated and not freed: small blocks in use plus mmapped ones. */
static inline size_t cmalloc_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

#endif
