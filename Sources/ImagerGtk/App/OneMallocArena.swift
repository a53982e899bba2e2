import CGtk

/// Every thread of the window's process allocates from one malloc arena. By default glibc
/// gives each new thread that allocates an arena of its own (up to eight per core: about 15
/// in a window that has run a while), and what a thread frees stays in its arena for the
/// threads that use that arena. Imager's work off the main thread is occasional (the rest of
/// the list after the first page, the search's folding, a snapshot's reads for an undo, a
/// sync round, GLib's and GRDB's own threads), so those arenas mostly hold memory nobody
/// reuses: at 100,000 chordsets about 2.6 MiB of the window's resident memory at launch and
/// as much after a scroll over the lumis (docs/benchmark.md). With one arena a block one
/// thread frees serves the next that allocates; small blocks still come from each thread's
/// own cache without a lock, and the launch and the edits measure the same either way.
/// Set before the application starts any thread: an arena, once a thread has it, stays.
enum OneMallocArena {
    static func shareIt() {
        mallopt(M_ARENA_MAX, 1)
    }
}
