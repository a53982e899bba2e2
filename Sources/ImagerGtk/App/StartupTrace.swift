import CGtk
import Foundation

/// With IMAGER_TRACE_STARTUP set, prints `trace <step> <g_get_monotonic_time()>` on stderr at
/// each start-up step, so a slow launch of the real product can be taken apart against
/// packaging/bench.sh's clock. It stays in the product because it only prints: it reads
/// and writes nothing, and changes nothing the window does.
enum StartupTrace {
    nonisolated static let enabled = ProcessInfo.processInfo.environment["IMAGER_TRACE_STARTUP"] != nil

    static func mark(_ step: @autoclosure () -> String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("trace \(step()) \(g_get_monotonic_time())\n".utf8))
    }
}
