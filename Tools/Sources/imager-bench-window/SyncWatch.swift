import CGtk
import Foundation
import ImagerCore
import ImagerGLib
import ImagerTestSupport

/// `--mode watch`: the open window on the second machine of the Syncthing figure
/// (Tools/Scripts/sync_window.py). The window syncs as it always does (LiveSync); this only
/// watches. It prints `ready <µs>` after the first painted frame, then, after each painted
/// frame, `title-shown <µs> <title>` for every chordset whose title starts with
/// IMAGER_BENCH_WATCH_PREFIX and was not shown before. Times are g_get_monotonic_time (the
/// same clock as Python's time.monotonic). It quits after IMAGER_BENCH_WATCH_COUNT titles
/// (default 3), or after two minutes.
@MainActor
final class SyncWatch {
    private let window: WindowDriver
    private let prefix: String
    private let wanted: Int
    private var ready = false
    private var shown = Set<String>()

    static func start(window: WindowDriver) {
        let watch = SyncWatch(window: window)
        guard let clock = gtk_widget_get_frame_clock(window.widget) else {
            Signal.connect(window.widget, "map") {
                guard let clock = gtk_widget_get_frame_clock(window.widget) else { return }
                Signal.connect(clock, "after-paint") { watch.afterPaint() }
            }
            return
        }
        Signal.connect(clock, "after-paint") { watch.afterPaint() }
    }

    private init(window: WindowDriver) {
        self.window = window
        let environment = ProcessInfo.processInfo.environment
        prefix = environment["IMAGER_BENCH_WATCH_PREFIX"] ?? "Synced "
        wanted = environment["IMAGER_BENCH_WATCH_COUNT"].flatMap(Int.init) ?? 3
        MainLoop.repeating(milliseconds: 120_000) { [window] in
            FileHandle.standardError.write(Data("imager-bench-window: watched for two minutes; quitting\n".utf8))
            window.quit()
            return false
        }
    }

    private func afterPaint() {
        let now = g_get_monotonic_time()
        if !ready {
            ready = true
            report("ready \(now)")
        }
        for chordset in window.controller.chordsets where chordset.title.hasPrefix(prefix) && !shown.contains(chordset.title) {
            shown.insert(chordset.title)
            report("title-shown \(now) \(chordset.title)")
        }
        if shown.count >= wanted { window.quit() }
    }

    private func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
