import Foundation

/// CLOCK_MONOTONIC in microseconds: the clock GLib's g_get_monotonic_time() reads, so a
/// time taken here before a launch and one printed by the launched window compare directly.
func monotonicMicroseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
}

/// Runs `body` and returns how long it took, in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let started = monotonicMicroseconds()
    try body()
    return Double(monotonicMicroseconds() - started) / 1000
}

func median(_ values: [Double]) -> Double? {
    percentile(values, 0.5)
}

/// The value below which `fraction` of the samples fall (nearest rank; the median of an
/// even count is the mean of the middle two).
func percentile(_ values: [Double], _ fraction: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    if fraction == 0.5 {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
