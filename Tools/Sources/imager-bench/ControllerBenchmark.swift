import Foundation
import ImagerCore

/// The controllers' figures: the performance of `PerformBenchmark` in the Perform view at
/// 1920 × 1080, its chords played from outside instead of by key, at the same pace
/// (`imager-bench-window --mode perform-osc` and `--mode perform-midi`): each `/imager/chord i`
/// message sent to Imager's OSC port on the loopback address, or each note sent through a
/// JACK server into `Imager:midi_in`, timed from just before it was sent to the end of the
/// first frame painted that shows its chord, on CLOCK_MONOTONIC (g_get_monotonic_time()) in
/// the window's process, which sends them.
extension WindowBenchmark {
    enum Controller: String {
        case osc = "OSC"
        case midi = "MIDI through JACK"

        var mode: String { self == .osc ? "perform-osc" : "perform-midi" }
    }

    struct ControllerLatency {
        var controller: Controller
        /// Milliseconds from each message to the first frame that shows its chord.
        var times: [Double]
        /// Messages whose chord had not shown a second after they were sent.
        var timedOut: Int
        var sent: Int
    }

    /// A chord on screen within one frame at 60 Hz at the 99th percentile, and as steady as a
    /// performer can rely on: the 99th percentile less than 3 ms above the median.
    static let controllerP99Goal = 16.7
    static let controllerSpreadGoal = 3.0

    /// `changes` chords played by `controller`. Its settings go in a config folder of its own
    /// (`configHome`, made fresh): for OSC, `perform.ini` enables the server on a free port of
    /// the loopback address, as Preferences would; for MIDI, `jackServer` names the server
    /// (JACK_DEFAULT_SERVER) that Imager and the sender meet on.
    func controllerLatency(dataHome: URL, changes: Int, controller: Controller, configHome: URL,
                           jackServer: String?) throws -> ControllerLatency {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: configHome)
        let settings = configHome.appendingPathComponent(StoreLocation.appID, isDirectory: true)
        try fileManager.createDirectory(at: settings, withIntermediateDirectories: true)
        var extra = ["IMAGER_BENCH_PERFORM_CHANGES": "\(changes)", "XDG_CONFIG_HOME": configHome.path]
        switch controller {
        case .osc:
            let port = try Self.freeLoopbackPort()
            try "[OSC]\nenabled=true\nport=\(port)\nlisten=local\n"
                .write(to: settings.appendingPathComponent("perform.ini"), atomically: true, encoding: .utf8)
            extra["IMAGER_BENCH_OSC_PORT"] = "\(port)"
        case .midi:
            guard let jackServer else { throw BenchError("no JACK server to send MIDI through") }
            extra["JACK_DEFAULT_SERVER"] = jackServer
            extra["JACK_NO_START_SERVER"] = "1"
            extra["JACK_NO_AUDIO_RESERVATION"] = "1"
        }
        let result = try run(imagerProgram, imagerArguments(dataHome, mode: controller.mode), mode: controller.mode,
                             dataHome: dataHome, extra: extra)
        if let error = result.values("perform-error").first {
            throw BenchError("imager-bench-window (\(controller.mode)): \(error.joined(separator: " "))")
        }
        guard !result.values("done").isEmpty, let end = result.values("perform-end").first, let sent = end.first.flatMap(Int.init) else {
            throw BenchError("imager-bench-window did not finish its \(controller.rawValue) performance:\n\(result.errors.suffix(2000))")
        }
        let times = result.values("perform-input").compactMap { $0.first.flatMap(Double.init) }.map { $0 / 1000 }
        return ControllerLatency(controller: controller, times: times, timedOut: result.values("perform-input-timeout").count,
                                 sent: sent)
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
    /// The median, the 99th percentile and the spread between them of one controller's
    /// figures, in the Perform view at 1920 × 1080; N is the number of messages. A message
    /// whose chord never showed makes all three a failure, not a number. A smoke run's
    /// figures are not judged.
    mutating func addControllerLatency(_ figures: WindowBenchmark.ControllerLatency, judged: Bool) {
        let scene = "perform \(PerformScene.width)×\(PerformScene.height) (window): \(figures.controller.rawValue) to first frame"
        let p99Goal = String(format: "≤ %.1f ms", WindowBenchmark.controllerP99Goal)
        let spreadGoal = String(format: "< %.0f ms", WindowBenchmark.controllerSpreadGoal)
        guard figures.timedOut == 0, let median = median(figures.times), let p99 = percentile(figures.times, 0.99) else {
            let shown = "timed out (\(figures.timedOut) of \(figures.sent))"
            addFailure(.init(figure: "\(scene), median", count: figures.sent, imager: shown, floor: "", ratio: ""), failure: nil)
            addFailure(.init(figure: "\(scene), 99th percentile", count: figures.sent, imager: shown, floor: "", ratio: "", goal: p99Goal),
                       failure: nil)
            addFailure(.init(figure: "\(scene), spread (99th percentile − median)", count: figures.sent, imager: shown, floor: "",
                             ratio: "", goal: spreadGoal),
                       failure: "\(scene): \(figures.timedOut) of \(figures.sent) chords did not show within a second of their message, so the figures are no measurement")
            return
        }
        let spread = p99 - median
        add(.init(figure: "\(scene), median", count: figures.times.count, imager: formatMilliseconds(median), floor: "", ratio: ""))
        add(.init(figure: "\(scene), 99th percentile", count: figures.times.count, imager: formatMilliseconds(p99), floor: "",
                  ratio: "", goal: p99Goal, met: judged ? p99 <= WindowBenchmark.controllerP99Goal : nil))
        add(.init(figure: "\(scene), spread (99th percentile − median)", count: figures.times.count, imager: formatMilliseconds(spread),
                  floor: "", ratio: "", goal: spreadGoal, met: judged ? spread < WindowBenchmark.controllerSpreadGoal : nil))
    }

    /// A controller that could not be measured at all (no JACK server): one row saying why, a
    /// failure of the run.
    mutating func addControllerUnavailable(_ controller: WindowBenchmark.Controller, reason: String) {
        let scene = "perform \(PerformScene.width)×\(PerformScene.height) (window): \(controller.rawValue) to first frame"
        addFailure(.init(figure: "\(scene), 99th percentile", count: nil, imager: "not measured: \(reason)", floor: "", ratio: "",
                         goal: String(format: "≤ %.1f ms", WindowBenchmark.controllerP99Goal)),
                   failure: "\(scene) was not measured: \(reason)")
    }
}

/// The size of the Perform view in the window's performances (imager-bench-window's
/// `PerformScript.width` and `height`).
enum PerformScene {
    static let width = 1920, height = 1080
}
