import CAdw
import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Base for tests that drive real GTK widgets. XCTest runs tests one at a time on the main
/// thread, which is where GTK must be used; the tests pump GLib's main loop themselves.
@MainActor
class GtkTestCase: XCTestCase {
    private(set) static var application: UnsafeMutablePointer<GtkApplication>?
    /// The windows the running test opened; static, so tearDown (nonisolated) need not send `self`.
    private static var windows: [MainWindow] = []

    // XCTest declares these nonisolated; it calls them, like the tests, on the main thread.
    override func setUpWithError() throws {
        try super.setUpWithError()
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else {
            throw XCTSkip("GTK tests need a display; run them under `xvfb-run -a dbus-run-session`.")
        }
        try MainActor.assumeIsolated {
            if Self.application == nil {
                guard gtk_init_check() != 0 else { throw XCTSkip("GTK could not open the display.") }
                // What the app's AdwApplication does at startup: libadwaita's stylesheet and style manager.
                adw_init()
                // NON_UNIQUE: tests must not find (or become) a running Imager.
                let application = gtk_application_new("io.github.imagerproject.Imager.Tests", G_APPLICATION_NON_UNIQUE)!
                g_application_register(cgtk_gapplication(application), nil, nil)
                Stylesheet.install()
                Self.application = application
            }
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            // Every frame of every window a test opened drew each row with its own chordset.
            for check in Self.frameChecks {
                if let problem = check.take() { XCTFail("the list drew a row that is not its chordset's: \(problem)") }
                check.stop()
            }
            Self.frameChecks.removeAll()
            Self.destroyWindows()
        }
        super.tearDown()
    }

    /// The after-paint check of each window the running test opened (`EveryFrameCheck`).
    private static var frameChecks: [EveryFrameCheck] = []

    /// The check running on `window`'s frames, for tests that look at it themselves.
    func frameCheck(of window: MainWindow) -> EveryFrameCheck? {
        Self.frameChecks.first { $0.window === window }
    }

    /// A controller over an in-memory store holding `titles`, in order.
    func makeController(titles: [String]) throws -> ChordsetController {
        let store = ChordsetStore.inMemory()
        let controller = try ChordsetController(store: store)
        let chordsets = titles.enumerated().map { index, title in
            Chordset.random(title: title, position: Double(index))
        }
        try controller.importChordsets(chordsets)
        // Start from a clean history and nothing unsaved, as after opening a real store.
        controller.save()
        return try ChordsetController(store: store)
    }

    /// A shown window over `controller`, laid out, with its first rows bound.
    func makeWindow(_ controller: ChordsetController) -> MainWindow {
        let window = MainWindow(application: Self.application!, controller: controller, remembersSize: false)
        Self.windows.append(window)
        window.present()
        Self.frameChecks.append(EveryFrameCheck(window: window))
        pump(seconds: 0.3)
        return window
    }

    func activate(_ action: WindowAction, in window: MainWindow) {
        g_action_group_activate_action(OpaquePointer(window.window), action.name, nil)
        pump(seconds: 0.1)
    }

    private static func destroyWindows() {
        for window in windows { gtk_window_destroy(cgtk_window(window.window)) }
        windows.removeAll()
        runLoop(seconds: 0.05)
    }

    /// Runs the main loop for a while, so layout, binding and idle work happen.
    func pump(seconds: Double) {
        Self.runLoop(seconds: seconds)
    }

    private static func runLoop(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2000)
        } while Date() < deadline
    }

    /// Runs the main loop until `condition` holds or `seconds` pass.
    @discardableResult
    func pump(until condition: () -> Bool, seconds: Double = 3) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() >= deadline { return false }
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2000)
        }
        return true
    }

    /// The titles the bound rows show, by position.
    func shownTitles(_ window: MainWindow) -> [Int: String] {
        var titles: [Int: String] = [:]
        for row in window.list.boundRows { titles[row.position!] = row.title.text }
        return titles
    }
}
