import Foundation
import ImagerCore

/// The controllers' figures: the performance of `PerformBenchmark` in the Perform view at
/// 1920 × 1080, its chords played from outside instead of by key, at the same pace
/// (`imager-bench-window --mode perform-osc` and `--mode perform-midi`): each `/imager/chord i`
/// message sent to Imager's OSC port on the loopback address, or each note sent through a
/// JACK server into `Imager:midi_in`, timed from just before it was sent to the end of the
/// first frame painted that shows its chord, on CLOCK_MONOTONIC (g_get_monotonic_time()) in
/// the window's process, which sends them.
/// The latency figures: chords struck one at a time in the Perform view at 1920 × 1080, each
/// once the chord before it has shown and the window has painted nothing for 40 ms, as a
/// performer's single strikes on a quiet stage (imager-bench-window with
/// IMAGER_BENCH_PERFORM_STRIKES): by key (`--mode perform`), by `/imager/chord i` to Imager's
/// OSC port on the loopback address (`--mode perform-osc`), or by a note through a JACK server
/// into `Imager:midi_in` (`--mode perform-midi`), each timed from the key press or from just
/// before the message was sent to the end of the first frame painted that shows its chord, on
/// CLOCK_MONOTONIC (g_get_monotonic_time()) in the window's process, which sends them.
///
/// Each run has a config folder of its own with perform.ini's `fade-seconds=0`, so the first
/// frame that shows a chord shows it whole, and `safe-light=false`, since safe light delays a
/// chord that would flash on purpose, which is no latency (docs/decisions.md, "Latency").
extension WindowBenchmark {
    enum Striker: String {
        case key = "key"
        case osc = "OSC"
        case midi = "MIDI through JACK"

        var mode: String {
            switch self {
            case .key: "perform"
            case .osc: "perform-osc"
            case .midi: "perform-midi"
            }
        }
    }

    struct StrikeLatency {
        var striker: Striker
        /// Milliseconds from each strike to the first frame that shows its chord.
        var times: [Double]
        /// The same times in two parts: until that frame began (the chord rendered, and a
        /// message's way to Imager), and the frame itself.
        var untilFrame: [Double]
        var frames: [Double]
        /// Messages whose chord had not shown a second after they were sent.
        var timedOut: Int
        var struck: Int
        /// Strikes struck again because JACK reported an xrun just after their note (a
        /// cycle a client missed, whose MIDI is lost): the server's loss, not Imager's.
        var struckAgain = 0
    }

    /// A chord on screen within one frame at 60 Hz at the 99th percentile, and as steady as a
    /// performer can rely on: the 99th percentile less than 3 ms above the median.
    static let strikeP99Goal = 16.7
    static let strikeSpreadGoal = 3.0

    /// `strikes` chords struck by `striker`. Its settings go in a config folder of its own
    /// (`configHome`, made fresh); for OSC, `perform.ini` also enables the server on a free
    /// port of the loopback address, as Preferences would; for MIDI, `jackServer` names the
    /// server (JACK_DEFAULT_SERVER) that Imager and the sender meet on.
    func strikeLatency(dataHome: URL, strikes: Int, striker: Striker, configHome: URL,
                       jackServer: String?) throws -> StrikeLatency {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: configHome)
        let settings = configHome.appendingPathComponent(StoreLocation.appID, isDirectory: true)
        try fileManager.createDirectory(at: settings, withIntermediateDirectories: true)
        var extra = ["IMAGER_BENCH_PERFORM_STRIKES": "\(strikes)", "XDG_CONFIG_HOME": configHome.path]
        var ini = "[perform]\nfade-seconds=0\nsafe-light=false\n"
        switch striker {
        case .key:
            break
        case .osc:
            let port = try Self.freeLoopbackPort()
            ini += "\n[OSC]\nenabled=true\nport=\(port)\nlisten=local\n"
            extra["IMAGER_BENCH_OSC_PORT"] = "\(port)"
        case .midi:
            guard let jackServer else { throw BenchError("no JACK server to send MIDI through") }
            extra["JACK_DEFAULT_SERVER"] = jackServer
            extra["JACK_NO_START_SERVER"] = "1"
            extra["JACK_NO_AUDIO_RESERVATION"] = "1"
        }
        try ini.write(to: settings.appendingPathComponent("perform.ini"), atomically: true, encoding: .utf8)
        let result = try run(imagerProgram, imagerArguments(dataHome, mode: striker.mode), mode: striker.mode,
                             dataHome: dataHome, extra: extra)
        if let error = result.values("perform-error").first {
            throw BenchError("imager-bench-window (\(striker.mode), strikes): \(error.joined(separator: " "))")
        }
        guard !result.values("done").isEmpty else {
            throw BenchError("imager-bench-window did not finish its strikes by \(striker.rawValue):\n\(result.errors.suffix(2000))")
        }
        return Self.strikes(in: result, by: striker, struck: strikes)
    }

    /// What imager-bench-window and fade_floor print about strikes (the same lines).
    private static func strikes(in result: ChildProcess.Result, by striker: Striker, struck: Int) -> StrikeLatency {
        let times = result.values("perform-strike").compactMap { $0.first.flatMap(Double.init) }.map { $0 / 1000 }
        let parts = result.values("perform-strike-parts").compactMap { fields -> (Double, Double)? in
            guard fields.count >= 2, let until = Double(fields[0]), let frame = Double(fields[1]) else { return nil }
            return (until / 1000, frame / 1000)
        }
        return StrikeLatency(striker: striker, times: times, untilFrame: parts.map(\.0), frames: parts.map(\.1),
                             timedOut: result.values("perform-input-timeout").count, struck: struck,
                             struckAgain: result.values("perform-strike-lost-in-transport").count)
    }

    /// The floor of the strikes: `fade_floor` (Tools/Floors/fade_floor.c) in a bare GTK window
    /// of the Perform view's size, cutting between two pictures drawn beforehand, `strikes`
    /// times, each on the same quiet window and timed the same way as Imager's keys. It draws
    /// nothing but each strike's frame, and has no message to receive: the floor of every
    /// striker's figures, what this machine's GTK and X server take to show a picture at all.
    func strikeFloor(dataHome: URL, strikes: Int) throws -> StrikeLatency {
        guard let program = fadeFloorProgram else { throw BenchError("no fade_floor to measure the strikes' floor with") }
        let result = try run(program, ["\(PerformScene.width)", "\(PerformScene.height)"], mode: "perform", dataHome: dataHome,
                             extra: ["IMAGER_BENCH_PERFORM_STRIKES": "\(strikes)"])
        guard !result.values("done").isEmpty else {
            throw BenchError("fade_floor did not finish its strikes:\n\(result.errors.suffix(2000))")
        }
        let floor = Self.strikes(in: result, by: .key, struck: strikes)
        guard floor.times.count == strikes else { throw BenchError("fade_floor reported \(floor.times.count) of \(strikes) strikes") }
        return floor
    }

    /// A UDP port on 127.0.0.1 that nothing uses now: bound to port 0, the kernel's choice read
    /// back, then closed for Imager to bind.
    static func freeLoopbackPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard socket >= 0 else { throw BenchError("no UDP socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard found else { throw BenchError("no free UDP port on 127.0.0.1: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

extension ResultTable {
    /// The median, the 99th percentile and the spread between them of one striker's figures,
    /// in the Perform view at 1920 × 1080; N is the number of strikes. A chord that never
    /// showed makes all three a failure, not a number. A smoke run's figures are not judged.
    mutating func addStrikeLatency(_ figures: WindowBenchmark.StrikeLatency, floor: WindowBenchmark.StrikeLatency?, judged: Bool) {
        let floorStats = floor.flatMap { floor in
            median(floor.times).flatMap { middle in percentile(floor.times, 0.99).map { (median: middle, p99: $0) } }
        }
        let scene = "perform \(PerformScene.width)×\(PerformScene.height) (window): \(figures.striker.rawValue) struck alone to first frame"
        let p99Goal = String(format: "≤ %.1f ms", WindowBenchmark.strikeP99Goal)
        let spreadGoal = String(format: "< %.0f ms", WindowBenchmark.strikeSpreadGoal)
        guard figures.timedOut == 0, figures.times.count == figures.struck,
              let median = median(figures.times), let p99 = percentile(figures.times, 0.99) else {
            let shown = "\(figures.struck - figures.times.count) of \(figures.struck) never shown"
            addFailure(.init(figure: "\(scene), median", count: figures.struck, imager: shown, floor: "", ratio: ""), failure: nil)
            addFailure(.init(figure: "\(scene), 99th percentile", count: figures.struck, imager: shown, floor: "", ratio: "", goal: p99Goal),
                       failure: nil)
            addFailure(.init(figure: "\(scene), spread (99th percentile − median)", count: figures.struck, imager: shown, floor: "",
                             ratio: "", goal: spreadGoal),
                       failure: "\(scene): \(figures.struck - figures.times.count) of \(figures.struck) chords did not show within a second, so the figures are no measurement")
            return
        }
        let spread = p99 - median
        let floorMedian = floorStats?.median, floorP99 = floorStats?.p99
        let floorSpread = floorStats.map { $0.p99 - $0.median }
        func floorColumns(_ imager: Double, _ floor: Double?) -> (floor: String, ratio: String) {
            guard let floor else { return ("", "") }
            return (formatMilliseconds(floor), formatRatio(imager, floor))
        }
        let medianFloor = floorColumns(median, floorMedian), p99Floor = floorColumns(p99, floorP99)
        let spreadFloor = floorColumns(spread, floorSpread)
        add(.init(figure: "\(scene), median", count: figures.times.count, imager: formatMilliseconds(median),
                  floor: medianFloor.floor, ratio: medianFloor.ratio))
        add(.init(figure: "\(scene), 99th percentile", count: figures.times.count, imager: formatMilliseconds(p99),
                  floor: p99Floor.floor, ratio: p99Floor.ratio, goal: p99Goal, met: judged ? p99 <= WindowBenchmark.strikeP99Goal : nil))
        add(.init(figure: "\(scene), spread (99th percentile − median)", count: figures.times.count, imager: formatMilliseconds(spread),
                  floor: spreadFloor.floor, ratio: spreadFloor.ratio, goal: spreadGoal,
                  met: judged ? spread < WindowBenchmark.strikeSpreadGoal : nil))
        addStrikeParts(figures, floor: floor, scene: scene)
        if figures.striker == .midi {
            add(.init(figure: "\(scene): struck again, the note lost in a JACK xrun", count: figures.times.count,
                      imager: "\(figures.struckAgain)", floor: "", ratio: ""))
        }
    }

    /// Where a strike's time goes, shown and not judged: until its frame begins, and the frame.
    private mutating func addStrikeParts(_ figures: WindowBenchmark.StrikeLatency, floor: WindowBenchmark.StrikeLatency?,
                                         scene: String) {
        func both(_ times: [Double]) -> String {
            guard let middle = median(times), let p99 = percentile(times, 0.99) else { return "" }
            return "\(formatMilliseconds(middle)) / \(formatMilliseconds(p99))"
        }
        for (part, times, floorTimes) in [("until its frame begins", figures.untilFrame, floor?.untilFrame ?? []),
                                          ("its frame", figures.frames, floor?.frames ?? [])] where !times.isEmpty {
            add(.init(figure: "\(scene): \(part), median / 99th percentile", count: times.count,
                      imager: both(times), floor: both(floorTimes), ratio: ""))
        }
    }

    /// A striker that could not be measured at all (no JACK server): one row saying why, a
    /// failure of the run.
    mutating func addStrikeUnavailable(_ striker: WindowBenchmark.Striker, reason: String) {
        let scene = "perform \(PerformScene.width)×\(PerformScene.height) (window): \(striker.rawValue) struck alone to first frame"
        addFailure(.init(figure: "\(scene), 99th percentile", count: nil, imager: "not measured: \(reason)", floor: "", ratio: "",
                         goal: String(format: "≤ %.1f ms", WindowBenchmark.strikeP99Goal)),
                   failure: "\(scene) was not measured: \(reason)")
    }
}

/// The size of the Perform view in the window's performances (imager-bench-window's
/// `PerformScript.width` and `height`).
enum PerformScene {
    static let width = 1920, height = 1080
}
