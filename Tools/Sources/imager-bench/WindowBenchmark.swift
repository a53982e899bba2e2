import Foundation
import ImagerCore

/// The window's figures: Imager's real window, run by `imager-bench-window` over a database
/// of N chordsets given on its command line, next to `adw_floor` (a bare libadwaita window)
/// launched the same way in the same run. Both print what they measured on GLib's monotonic
/// clock, and their peak memory (see Tools/Floors/gtk_floor.c for the protocol).
struct WindowBenchmark {
    /// imager-bench-window (Sources/imager-bench-window).
    var imagerProgram: String
    /// adw_floor: the floor of every window figure.
    var floorProgram: String
    /// gtk_floor: the same window without libadwaita, launched beside it to show what
    /// libadwaita itself costs a launch.
    var plainFloorProgram: String?
    /// fade_floor: the floor of the Perform figures (PerformBenchmark.swift).
    var fadeFloorProgram: String?
    /// Both programs inherit the rest of the environment (DISPLAY, GSK_RENDERER) from bench.sh.
    var timeoutSeconds: Double = 300

    struct Launch {
        var firstFrameMilliseconds: Double
        /// Imager only: until every chordset is in memory (a large list paints its first
        /// page first and reads the rest on another thread). The floor window has no list.
        var listCompleteMilliseconds: Double?
        var peakRSSMiB: Double
    }

    /// Medians over the launches.
    struct Launches {
        var imager: Launch
        var floor: Launch
        var plainFloor: Launch?
    }

    struct Script {
        /// "add", "rename", "delete", "undo": median total and median frame part, milliseconds.
        var edits: [String: (total: Double, frame: Double)]
        /// The edits that painted nothing within the script's timeout (in any cycle): their
        /// figure is the timeout's.
        var timedOut: Set<String> = []
        var scroll: Scroll
        /// Dragging a lumi in the chord editor; nil when the script did not drag.
        var drag: Drag?
        /// The peak memory at the end of the script (scroll and drag included).
        var peakRSSMiB: Double?
    }

    struct Drag {
        var frames: Int
        /// The editor's frames, before-paint to after-paint, milliseconds.
        var medianWork: Double
        var longestWork: Double
        /// The main window's frames meanwhile (its cell shows every move).
        var longestListWork: Double
        /// Editor frames more than 1.5 intervals of 60 Hz after the one before.
        var late: Int
    }

    struct Scroll {
        var frames: Int
        /// Milliseconds from the frame's before-paint to its after-paint.
        var medianWork: Double
        var p95Work: Double
        var longestWork: Double
        /// Frame-clock time between consecutive frames, milliseconds.
        var medianInterval: Double
        /// Frames that came more than 1.5 intervals of 60 Hz after the one before.
        var late: Int
    }

    /// Launches Imager and the floor window alternately, each `repetitions` times, after one
    /// untimed launch of each (it starts the session bus's services and warms the file cache).
    func launches(dataHome: URL, repetitions: Int, warmUp: Bool) throws -> Launches {
        var imager: [Launch] = [], floor: [Launch] = [], plainFloor: [Launch] = []
        if warmUp {
            _ = try launch(imagerProgram, imagerArguments(dataHome, mode: "first-frame"), mode: "first-frame", dataHome: dataHome)
            _ = try launch(floorProgram, ["window"], mode: "first-frame", dataHome: dataHome)
            if let plainFloorProgram { _ = try launch(plainFloorProgram, ["window"], mode: "first-frame", dataHome: dataHome) }
        }
        for _ in 0..<repetitions {
            imager.append(try launch(imagerProgram, imagerArguments(dataHome, mode: "first-frame"), mode: "first-frame",
                                     dataHome: dataHome))
            floor.append(try launch(floorProgram, ["window"], mode: "first-frame", dataHome: dataHome))
            if let plainFloorProgram {
                plainFloor.append(try launch(plainFloorProgram, ["window"], mode: "first-frame", dataHome: dataHome))
            }
        }
        func medianLaunch(_ launches: [Launch]) -> Launch {
            Launch(firstFrameMilliseconds: median(launches.map(\.firstFrameMilliseconds))!,
                   listCompleteMilliseconds: median(launches.compactMap(\.listCompleteMilliseconds)),
                   peakRSSMiB: median(launches.map(\.peakRSSMiB))!)
        }
        return Launches(imager: medianLaunch(imager), floor: medianLaunch(floor),
                        plainFloor: plainFloor.isEmpty ? nil : medianLaunch(plainFloor))
    }

    private func launch(_ program: String, _ arguments: [String], mode: String, dataHome: URL) throws -> Launch {
        let result = try run(program, arguments, mode: mode, dataHome: dataHome)
        guard let painted = result.values("first-frame").first?.first.flatMap(Int64.init) else {
            throw BenchError("\(program) printed no first-frame line:\n\(result.errors.suffix(2000))")
        }
        guard let peak = result.values("peak-rss-kib").first?.first.flatMap(Double.init) else {
            throw BenchError("\(program) printed no peak-rss-kib line")
        }
        let complete = result.values("list-complete").first?.first.flatMap(Int64.init)
        return Launch(firstFrameMilliseconds: Double(painted - result.launchedAt) / 1000,
                      listCompleteMilliseconds: complete.map { Double($0 - result.launchedAt) / 1000 },
                      peakRSSMiB: peak / 1024)
    }

    /// The scripted edits and the scroll, in Imager and in the floor's list of `count` rows.
    func script(dataHome: URL, count: Int, editCycles: Int, scrollFrames: Int) throws -> (imager: Script, floor: Script) {
        let extra = ["IMAGER_BENCH_EDIT_CYCLES": "\(editCycles)", "IMAGER_BENCH_SCROLL_FRAMES": "\(scrollFrames)"]
        let imager = try run(imagerProgram, imagerArguments(dataHome, mode: "script"), mode: "script",
                             dataHome: dataHome, extra: extra)
        let floor = try run(floorProgram, ["list", "\(count)"], mode: "script", dataHome: dataHome, extra: extra)
        return (try parseScript(imager, program: imagerProgram), try parseScript(floor, program: floorProgram))
    }

    /// Imager over the corpus with lumis: no edits, the scroll, then `dragFrames` frames of
    /// dragging a lumi in the chord editor. The scroll's floor is the plain list's from
    /// `script` (it does not change with lumis); the drag's is `gtk_floor canvas`, a drawing
    /// area of the canvas's size redrawn as often.
    func scriptWithLumis(dataHome: URL, scrollFrames: Int, dragFrames: Int) throws -> (imager: Script, floorDrag: Drag) {
        let extra = ["IMAGER_BENCH_EDIT_CYCLES": "0", "IMAGER_BENCH_SCROLL_FRAMES": "\(scrollFrames)",
                     "IMAGER_BENCH_DRAG_FRAMES": "\(dragFrames)"]
        let result = try run(imagerProgram, imagerArguments(dataHome, mode: "script"), mode: "script",
                             dataHome: dataHome, extra: extra)
        var script = try parseScript(result, program: imagerProgram)
        guard script.drag != nil else { throw BenchError("imager-bench-window reported no drag frames:\n\(result.errors.suffix(2000))") }
        script.peakRSSMiB = result.values("peak-rss-kib").first?.first.flatMap(Double.init).map { $0 / 1024 }
        let floor = try run(floorProgram, ["canvas"], mode: "script", dataHome: dataHome, extra: extra)
        guard !floor.values("done").isEmpty, let floorDrag = Self.drag(floor) else {
            throw BenchError("gtk_floor canvas did not finish its drag:\n\(floor.errors.suffix(2000))")
        }
        return (script, floorDrag)
    }

    /// The `drag-frame` lines, if any.
    private static func drag(_ result: ChildProcess.Result) -> Drag? {
        let frames = result.values("drag-frame").compactMap { fields -> (Double, Double)? in
            guard fields.count >= 2, let work = Double(fields[0]), let interval = Double(fields[1]) else { return nil }
            return (work / 1000, interval / 1000)
        }
        guard !frames.isEmpty else { return nil }
        let listWork = result.values("drag-list-frame").compactMap { $0.first.flatMap(Double.init) }.map { $0 / 1000 }
        return Drag(frames: frames.count, medianWork: median(frames.map(\.0))!, longestWork: frames.map(\.0).max()!,
                    longestListWork: listWork.max() ?? 0, late: frames.filter { $0.1 > 1.5 * 1000 / 60 }.count)
    }

    /// The window's own store, named on its command line: the one StoreBenchmark filled.
    func imagerArguments(_ dataHome: URL, mode: String) -> [String] {
        ["--database", StoreLocation.databaseURL(environment: ["XDG_DATA_HOME": dataHome.path]).path, "--mode", mode]
    }

    func run(_ program: String, _ arguments: [String], mode: String, dataHome: URL,
                     extra: [String: String] = [:]) throws -> ChildProcess.Result {
        // The floor takes its mode from IMAGER_BENCH; both get private XDG folders, so nothing
        // either program (or GTK) writes lands in the user's.
        var environment = ["XDG_DATA_HOME": dataHome.path]
        // A fresh config folder: no remembered window size, so both windows open at 760×640.
        environment["XDG_CONFIG_HOME"] = dataHome.deletingLastPathComponent().appendingPathComponent("config").path
        environment["IMAGER_BENCH"] = mode
        environment.merge(extra) { _, new in new }
        let name = (program as NSString).lastPathComponent
        return try ChildProcess(executable: program, arguments: arguments, environment: environment,
                                timeoutSeconds: timeoutSeconds).run().checked("\(name) (\(mode))")
    }

    private func parseScript(_ result: ChildProcess.Result, program: String) throws -> Script {
        guard !result.values("done").isEmpty else {
            throw BenchError("\(program) did not finish its script:\n\(result.errors.suffix(2000))")
        }
        var samples: [String: [(Double, Double)]] = [:]
        for fields in result.values("edit") where fields.count >= 3 {
            guard let total = Double(fields[1]), let frame = Double(fields[2]) else { continue }
            samples[fields[0], default: []].append((total / 1000, frame / 1000))
        }
        let edits = samples.mapValues { values in
            (total: median(values.map(\.0))!, frame: median(values.map(\.1))!)
        }
        let frames = result.values("scroll-frame").compactMap { fields -> (Double, Double)? in
            guard fields.count >= 2, let work = Double(fields[0]), let interval = Double(fields[1]) else { return nil }
            return (work / 1000, interval / 1000)
        }
        guard !frames.isEmpty else { throw BenchError("\(program) reported no scroll frames") }
        let work = frames.map(\.0), intervals = frames.map(\.1)
        let late = { (intervals: [Double]) in intervals.filter { $0 > 1.5 * 1000 / 60 }.count }
        let timedOut = Set(result.values("edit-timeout").compactMap(\.first))
        return Script(edits: edits, timedOut: timedOut, scroll: Scroll(
            frames: frames.count, medianWork: median(work)!, p95Work: percentile(work, 0.95)!,
            longestWork: work.max()!, medianInterval: median(intervals)!, late: late(intervals)), drag: Self.drag(result))
    }
}

/// What imager-bench-window's script does that the table names (kept equal to `WindowScript`'s).
enum WindowScriptFigures {
    /// The rows "delete-selected" selects before pressing Delete.
    static let selectedForDelete = 1_000
    /// How long an edit may paint nothing before the script forces a frame and reports it.
    static let editTimeoutMilliseconds = 1000
}
