import Foundation
import ImagerCore
import ImagerTestSupport

// imager-bench-window: Imager's real window over a store given on the command line (never
// the user's), driven by WindowScript. packaging/bench.sh runs it through imager-bench
// (Sources/imager-bench/WindowBenchmark.swift); it is not installed with Imager.

let usage = "usage: imager-bench-window --database PATH --mode first-frame|script|perform|perform-output|perform-osc|perform-midi|watch"
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
    case .performOSC:
        let port = ProcessInfo.processInfo.environment["IMAGER_BENCH_OSC_PORT"].flatMap(Int.init) ?? 0
        guard let sender = OSCChordSender(port: port) else {
            FileHandle.standardOutput.write(Data("perform-error no OSC port in IMAGER_BENCH_OSC_PORT\n".utf8))
            return window.quit()
        }
        PerformScript.start(window: window, onOutput: false, input: .controller(sender))
    case .performMIDI:
        switch MidiChordSender.open() {
        case let .success(sender): PerformScript.start(window: window, onOutput: false, input: .controller(sender))
        case let .failure(error):
            FileHandle.standardOutput.write(Data("perform-error MIDI through JACK: \(error)\n".utf8))
            window.quit()
        }
    case .watch: SyncWatch.start(window: window)
    default: WindowScript.start(window: window, mode: mode)
    }
})
