import Foundation

/// What to run, from the command line that packaging/bench.sh builds.
struct BenchOptions {
    var sizes = [10, 1_000, 10_000, 100_000]
    var smoke = false
    /// Only the picture figures: no store, import or window, so the slow part of a full run
    /// is not paid to look at them.
    var picturesOnly = false
    /// Only the sync figures, in process: no window.
    var syncOnly = false
    /// Only the Perform figures (keys, OSC and MIDI; the window's, and the output window's
    /// beside its floor), over a small store of their own: no store, import or list figures.
    var performOnly = false
    /// The JACK server (its name, for JACK_DEFAULT_SERVER) that the MIDI figures are sent
    /// through; nil when there is none, and the MIDI figures fail saying why.
    var jackServer: String?
    var jackMissing = "no JACK server was given (--jack-server)"
    /// Where sqlite_floor and gtk_floor were compiled.
    var floorDirectory = ""
    /// imager-bench-window, Imager's window over the benchmark's store; nil skips the window's figures.
    var imagerProgram: String?
    var workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("imager-bench-\(getpid())")
    /// Leaves the databases in place afterwards, to look into a figure.
    var keep = false
    /// Where the table goes besides standard output (bench.sh prints it from there, away
    /// from what the D-Bus session's services print).
    var outputPath: String?

    static let usage = """
        usage: imager-bench --floors DIR [--window PATH] [--sizes 10,1000,10000,100000] [--smoke] [--pictures-only] [--sync-only] [--perform-only] [--jack-server NAME | --no-jack REASON] [--work-dir DIR] [--keep] [--output FILE]
          --floors DIR    where packaging/bench.sh compiled sqlite_floor and gtk_floor
          --window PATH   imager-bench-window, for the window's figures (needs a display)
          --sizes LIST    numbers of chordsets, comma-separated
          --smoke         one repetition, short scripts: checks that the benchmark works
          --pictures-only only the chordset-from-a-photo figures
          --sync-only     only the sync figures (in process, no window)
          --perform-only  only the Perform figures: at 1920 × 1080 and in the output window beside
                          its floor, fade_floor; keys, OSC and MIDI to the first frame, beside
                          fade_floor's strikes (needs --window)
          --jack-server NAME  the running JACK server (JACK_DEFAULT_SERVER) to send MIDI through
          --no-jack REASON    there is none, and why: the MIDI figures fail saying so
          --work-dir DIR  where the databases go (default: a new folder in the temp dir)
          --keep          leave the databases there afterwards
          --output FILE   write the table to FILE instead of standard output
        """

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw BenchError("\(flag) needs a value\n\(Self.usage)") }
            return next
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--sizes":
                let list = try value(flag).split(separator: ",").map { Int($0.replacingOccurrences(of: "_", with: "")) }
                guard !list.isEmpty, list.allSatisfy({ ($0 ?? 0) > 0 }) else { throw BenchError("--sizes takes positive numbers") }
                sizes = list.map { $0! }.sorted()
            case "--smoke": smoke = true
            case "--pictures-only": picturesOnly = true
            case "--sync-only": syncOnly = true
            case "--perform-only": performOnly = true
            case "--jack-server": jackServer = try value(flag)
            case "--no-jack": jackMissing = try value(flag)
            case "--keep": keep = true
            case "--output": outputPath = try value(flag)
            case "--floors": floorDirectory = try value(flag)
            case "--window": imagerProgram = try value(flag)
            case "--work-dir": workDirectory = URL(fileURLWithPath: try value(flag), isDirectory: true)
            case "--help", "-h": throw BenchError(Self.usage)
            default: throw BenchError("unknown option \(flag)\n\(Self.usage)")
            }
        }
        guard !floorDirectory.isEmpty else { throw BenchError("--floors is required\n\(Self.usage)") }
        guard [picturesOnly, syncOnly, performOnly].filter({ $0 }).count <= 1 else {
            throw BenchError("--pictures-only, --sync-only and --perform-only exclude each other")
        }
        guard !performOnly || imagerProgram != nil else { throw BenchError("--perform-only needs --window\n\(Self.usage)") }
    }

    /// Repetitions of each store figure: fewer where one takes seconds.
    func storeRepetitions(_ count: Int) -> Int {
        smoke ? 1 : count <= 1_000 ? 7 : count <= 10_000 ? 5 : 3
    }

    var renameRepetitions: Int { smoke ? 1 : 25 }

    /// Each photo read this many times: fewer than the store's figures, as one read of 50
    /// megapixels is a large part of a second.
    var pictureRepetitions: Int { smoke ? 1 : 5 }

    /// Launches of each window per N. Seven, also at 100,000 where each launch waits for the
    /// whole list: on a loaded machine one slow launch of either program would move a median
    /// of three, and with it the ratio, from one run to the next.
    var launchRepetitions: Int { smoke ? 1 : 7 }

    /// Chord changes in each Perform performance.
    var performChanges: Int { smoke ? 20 : 200 }

    var editCycles: Int { smoke ? 1 : 5 }
    var scrollFrames: Int { smoke ? 30 : 1_000 }
    /// Frames of dragging a lumi in the chord editor: four seconds at 60 Hz.
    var dragFrames: Int { smoke ? 10 : 240 }
}
