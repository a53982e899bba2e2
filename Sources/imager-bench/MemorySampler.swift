import Foundation

/// The most memory the process holds while `body` runs, above what it held when it began:
/// another thread reads the resident size from /proc/self/statm every 2 ms. (getrusage's
/// maxrss is a peak over the whole process life, so it cannot separate one phase from the
/// phases before it.)
func peakResidentGrowthMiB(_ body: () throws -> Void) rethrows -> Double {
    let sampler = MemorySampler()
    let before = MemorySampler.residentBytes()
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

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func start() {
        lock.withLock {
            running = true
            highest = Self.residentBytes()
        }
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                let now = Self.residentBytes()
                lock.withLock { highest = max(highest, now) }
                usleep(2_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    func stop() {
        let now = Self.residentBytes()
        lock.withLock {
            running = false
            highest = max(highest, now)
        }
    }
}
