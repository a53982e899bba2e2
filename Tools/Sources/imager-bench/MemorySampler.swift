import CMalloc
import Foundation

/// The most heap memory in use while `body` runs, above what was in use when it began:
/// another thread reads glibc's count of allocated bytes (`mallinfo2`: small blocks in use
/// plus mmapped ones) every 2 ms. Not the resident size: after the phases before have freed
/// memory, malloc keeps it and hands it out again without the resident size growing, so a
/// phase late in the run would seem to cost nothing. (getrusage's maxrss is a peak over the
/// whole process life, which cannot separate one phase from those before it.)
func peakResidentGrowthMiB(_ body: () throws -> Void) rethrows -> Double {
    let sampler = MemorySampler()
    let before = MemorySampler.heapInUse()
    sampler.start()
    defer { sampler.stop() }
    try body()
    sampler.stop()
    return Double(max(0, sampler.peak - before)) / 1_048_576
}

private final class MemorySampler: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var highest = 0
    private var thread: Thread?

    var peak: Int { lock.withLock { highest } }

    static func heapInUse() -> Int {
        Int(cmalloc_heap_in_use())
    }

    func start() {
        lock.withLock {
            running = true
            highest = Self.heapInUse()
        }
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                let now = Self.heapInUse()
                lock.withLock { highest = max(highest, now) }
                usleep(2_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    func stop() {
        let now = Self.heapInUse()
        lock.withLock {
            running = false
            highest = max(highest, now)
        }
    }
}
