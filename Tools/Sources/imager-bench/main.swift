import Foundation

// imager-bench: Imager's benchmark (docs/benchmark.md). packaging/bench.sh compiles the C
// floors, builds this, and runs it under Xvfb; it prints one markdown table on standard
// output and its progress on standard error. The exit status says whether the benchmark worked: goals that
// are not met are reported in the table, not as a failure; a figure that hit its timeout
// (an edit that painted nothing) is no measurement, and fails the run with a FAILED line.

do {
    let options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    let table = try BenchmarkRun(options: options).run()
    if let path = options.outputPath {
        try (table.markdown + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    } else {
        print(table.markdown)
    }
    // A figure that hit its timeout measured nothing: the run fails, smoke or not.
    if !table.failures.isEmpty {
        FileHandle.standardError.write(Data(table.failures.map { $0 + "\n" }.joined().utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("imager-bench: \(error)\n".utf8))
    exit(1)
}
