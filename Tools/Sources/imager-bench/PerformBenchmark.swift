import Foundation

/// The Perform figures: a scripted performance in the Perform view at 1920 × 1080, run by
/// `imager-bench-window --mode perform` (Sources/imager-bench-window/PerformScript.swift), and
/// the same in Perform's output window, full screen on the display's monitor at 3840 × 2160
/// (`--mode perform-output`): chord changes with 0.15 s cross-fades, half of them
/// interrupting a fade. Every frame in which the canvas drew is measured through the
/// GdkFrameClock, and each key from its press to the end of the first frame painted after it.
extension WindowBenchmark {
    struct Performance {
        /// "window" or "output window": where the picture was.
        var place: String
        var width: Int, height: Int
        var changes: Int
        var frames: Int
        /// Milliseconds from before-paint to after-paint.
        var medianWork: Double
        var p95Work: Double
        var maxWork: Double
        /// Frames whose work, or whose distance from the frame before, passed `lateAfter`.
        var late: Int
        /// How often a chord was drawn into the canvas's layers, and how many layers were made.
        var chordRenders: Int
        var layersMade: Int
        /// Milliseconds from a key press to the end of the first frame that shows its chord.
        var keyToFrameMedian: Double
        var keyToFrameP99: Double
        var keys: Int
    }

    /// The goals (docs/benchmark.md): a median frame under 8 ms, none later than 25 ms.
    static let performMedianGoal = 8.0
    static let lateAfter = 25.0

    /// `onOutput`: in the output window, full screen on the display's monitor.
    func performance(dataHome: URL, changes: Int, onOutput: Bool = false) throws -> Performance {
        let mode = onOutput ? "perform-output" : "perform"
        let result = try run(imagerProgram, imagerArguments(dataHome, mode: mode), mode: mode,
                             dataHome: dataHome, extra: ["IMAGER_BENCH_PERFORM_CHANGES": "\(changes)"])
        return try Self.performance(result, program: "imager-bench-window", place: onOutput ? "output window" : "window")
    }

    /// The floor of the same performance: `fade_floor` (Tools/Floors/fade_floor.c), a bare GTK
    /// window of the same size cross-fading between two pictures drawn beforehand, on the
    /// same keys; full screen on the display's monitor for the output window's.
    func fadeFloor(like imager: Performance, dataHome: URL) throws -> Performance {
        guard let program = fadeFloorProgram else { throw BenchError("no fade_floor to measure Perform's floor with") }
        let arguments = imager.place == "output window" ? ["fullscreen"] : ["\(imager.width)", "\(imager.height)"]
        let result = try run(program, arguments, mode: "perform", dataHome: dataHome,
                             extra: ["IMAGER_BENCH_PERFORM_CHANGES": "\(imager.changes)"])
        let floor = try Self.performance(result, program: "fade_floor", place: imager.place)
        guard floor.width == imager.width, floor.height == imager.height else {
            throw BenchError("fade_floor drew at \(floor.width)×\(floor.height), Imager at \(imager.width)×\(imager.height)")
        }
        return floor
    }

    /// What imager-bench-window and fade_floor print about a performance (the same lines).
    private static func performance(_ result: ChildProcess.Result, program: String, place: String) throws -> Performance {
        guard !result.values("done").isEmpty, let size = result.values("perform-size").first, size.count >= 2,
              let end = result.values("perform-end").first, end.count >= 3 else {
            throw BenchError("\(program) did not finish its performance:\n\(result.errors.suffix(2000))")
        }
        let frames = result.values("perform-frame").compactMap { fields -> (Double, Double)? in
            guard fields.count >= 2, let work = Double(fields[0]), let interval = Double(fields[1]) else { return nil }
            return (work / 1000, interval / 1000)
        }
        guard !frames.isEmpty else { throw BenchError("\(program) reported no Perform frames") }
        let work = frames.map(\.0)
        let keys = result.values("perform-input").compactMap { $0.first.flatMap(Double.init) }.map { $0 / 1000 }
        guard !keys.isEmpty else { throw BenchError("\(program) reported no Perform keys") }
        return Performance(place: place, width: Int(size[0]) ?? 0, height: Int(size[1]) ?? 0, changes: Int(end[0]) ?? 0,
                           frames: frames.count, medianWork: median(work)!, p95Work: percentile(work, 0.95)!,
                           maxWork: work.max()!,
                           late: frames.filter { $0.0 > Self.lateAfter || $0.1 > Self.lateAfter }.count,
                           chordRenders: Int(end[1]) ?? 0, layersMade: Int(end[2]) ?? 0,
                           keyToFrameMedian: median(keys)!, keyToFrameP99: percentile(keys, 0.99)!, keys: keys.count)
    }
}

extension ResultTable {
    /// N is the number of chord changes. A smoke run's figures are not judged. `floor`, when
    /// measured, is fade_floor's same performance: its figures and Imager's ratio to them
    /// beside the goals, which stay absolute (a frame is a frame, whatever the floor).
    mutating func addPerformance(_ figures: WindowBenchmark.Performance, floor: WindowBenchmark.Performance?, judged: Bool) {
        let count = figures.changes
        let scene = "perform \(figures.width)×\(figures.height) (\(figures.place))"
        func timed(_ name: String, _ value: (WindowBenchmark.Performance) -> Double, count: Int, goal: String = "",
                   met: Bool? = nil) {
            add(.init(figure: "\(scene): \(name)", count: count, imager: formatMilliseconds(value(figures)),
                      floor: floor.map { formatMilliseconds(value($0)) } ?? "",
                      ratio: floor.map { formatRatio(value(figures), value($0)) } ?? "", goal: goal, met: met))
        }
        timed("frame work, median", \.medianWork, count: count,
              goal: String(format: "< %.0f ms", WindowBenchmark.performMedianGoal),
              met: judged ? figures.medianWork < WindowBenchmark.performMedianGoal : nil)
        timed("frame work, 95th percentile", \.p95Work, count: count)
        timed("frame work, longest", \.maxWork, count: count)
        add(.init(figure: "\(scene): frames later than 25 ms", count: count,
                  imager: "\(figures.late) of \(figures.frames)", floor: floor.map { "\($0.late) of \($0.frames)" } ?? "",
                  ratio: "", goal: "none", met: judged ? figures.late == 0 : nil))
        add(.init(figure: "\(scene): chords rendered, layers made", count: count,
                  imager: "\(figures.chordRenders), \(figures.layersMade)", floor: "", ratio: ""))
        // Keys while fades run wait for the frame clock's next frame, 0 to 16.7 ms at 60 Hz:
        // shown, not judged (the goal is judged on keys struck alone, `addStrikeLatency`).
        timed("key during fades to first frame, median", \.keyToFrameMedian, count: figures.keys)
        timed("key during fades to first frame, 99th percentile", \.keyToFrameP99, count: figures.keys)
    }
}
