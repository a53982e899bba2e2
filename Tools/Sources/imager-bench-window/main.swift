import Foundation
import ImagerCore
import ImagerTestSupport

// imager-bench-window: Imager's real window over a store given on the command line (never
// the user's), driven by WindowScript. packaging/bench.sh runs it through imager-bench
// (Sources/imager-bench/WindowBenchmark.swift); it is not installed with Imager.

let usage = "usage: imager-bench-window --database PATH --mode first-frame|script|perform|perform-output|watch"
var database: URL?
var mode: WindowScript.Mode?
var remaining = CommandLine.arguments.dropFirst()
while let flag = remaining.popFirst() {
    switch flag {
    case "--database": database = remaining.popFirst().map { URL(fileURLWithPath: $0) }
    case "--mode": mode = remaining.popFirst().flatMap(WindowScript.Mode.init(rawValue:))
    default:
        FileHandle.standardError.write(Data("imager-bench-window: unknown option \(flag)\n\(usage)\n".utf8))
        exit(2)
    }
}
guard let database, let mode else {
    FileHandle.standardError.write(Data("imager-bench-window: --database and --mode are required\n\(usage)\n".utf8))
    exit(2)
}
// GtkApplication sees no options of ours.
exit(WindowDriver.run(arguments: [CommandLine.arguments[0]], database: database, seed: DataFiles.seedURL()) { window in
    switch mode {
    case .perform: PerformScript.start(window: window, onOutput: false)
    case .performOutput: PerformScript.start(window: window, onOutput: true)
    case .watch: SyncWatch.start(window: window)
    default: WindowScript.start(window: window, mode: mode)
    }
})
