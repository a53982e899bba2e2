import CGtk

/// Frame-sized memory kept for the next frame. GSK's cairo renderer allocates an image as large
/// as the Perform canvas for every frame the canvas draws (the cairo node it paints into):
/// 32 MiB at 3840 × 2160. By default glibc gives a freed block that large back to the kernel
/// and maps a new one, zeroed page by page, in the next frame: a large part of each 4K fade
/// frame on a 2-core machine (docs/benchmark.md). Once the canvas draws under the
/// cairo renderer, blocks up to 32 MiB (glibc's largest setting) come from the heap and up to
/// 256 MiB freed at its top stay there for the next frame. The setting is the process's: when
/// Perform closes, what was kept goes back to the system, and freed memory goes back again as
/// it does by default (blocks up to 32 MiB still come from the heap, as glibc's own sliding
/// threshold would have them after a few).
enum FrameMemory {
    private static var kept = false

    static func keepForNextFrame() {
        guard !kept else { return }
        kept = true
        mallopt(M_MMAP_THRESHOLD, 32 << 20)
        mallopt(M_TRIM_THRESHOLD, 256 << 20)
    }

    /// Perform is over.
    static func giveBack() {
        guard kept else { return }
        kept = false
        // glibc's default trim threshold.
        mallopt(M_TRIM_THRESHOLD, 128 << 10)
        malloc_trim(0)
    }
}
