import CAdw
import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import ImagerTestSupport
import XCTest

/// Perform's Output in a real window under Xvfb, whose one monitor (connector "screen") stands
/// for a second one: choosing it moves the canvas into "Imager Output" and makes the view the
/// control surface; choosing This Window, closing the output or leaving brings it back. The
/// two-monitor story (full screen on the second, unplugging it) is the end-to-end test's
/// (Tests/EndToEnd/test_output.py).
@MainActor
final class PerformStageTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("perform-output-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private var settingsPath: String { folder.appendingPathComponent("perform.ini").path }

    private func perform(output: PerformOutput? = nil) throws -> (MainWindow, PerformView, PerformStage) {
        if let output { PerformSettings.save(output, to: settingsPath) }
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.performSettingsPath = settingsPath
        window.list.select(position: 0)
        pump(seconds: 0.05)
        activate(.perform, in: window)
        let view = try XCTUnwrap(window.performance, "the Perform action opens the view")
        let stage = try XCTUnwrap(view.stage, "Perform has an Output")
        return (window, view, stage)
    }

    private func title(of window: Widget) -> String? {
        gtk_window_get_title(cgtk_window(window)).map { String(cString: $0) }
    }

    private var theMonitor: String {
        get throws { try XCTUnwrap(PerformMonitors().connectors.first, "Xvfb has a monitor") }
    }

    func testTheChooserListsThisWindowThenEachMonitorAndStartsInThisWindow() async throws {
        let (_, view, stage) = try perform()
        XCTAssertEqual(stage.chooser.choices.first, .thisWindow)
        XCTAssertEqual(stage.chooser.choices.dropFirst().map(\.connector), PerformMonitors().connectors)
        XCTAssertEqual(stage.output, .thisWindow)
        XCTAssertNil(stage.outputWindow)
        XCTAssertEqual(gtk_widget_get_parent(view.canvas.widget), view.widget, "the picture is in the view")
    }

    func testARememberedMonitorThatIsNotConnectedPlaysHereAndIsKept() async throws {
        let (_, _, stage) = try perform(output: .monitor(connector: "DP-9"))
        XCTAssertEqual(stage.output, .thisWindow)
        XCTAssertNil(stage.outputWindow)
        XCTAssertEqual(PerformSettings.loadOutput(from: settingsPath), .monitor(connector: "DP-9"),
                       "the choice is kept for the show where the monitor is there")
    }

    func testChoosingAMonitorMovesThePictureToImagerOutputAndTheViewBecomesTheControls() async throws {
        let (window, view, stage) = try perform()
        view.handleKey(UInt32(GDK_KEY_3))
        let connector = try theMonitor
        stage.choose(.monitor(connector: connector))
        let output = try XCTUnwrap(stage.outputWindow, "an output window opens")
        XCTAssertEqual(title(of: output.window), "Imager Output")
        XCTAssertEqual(gtk_widget_get_parent(view.canvas.widget), output.window, "the one canvas moved there")
        XCTAssertEqual(gtk_widget_get_parent(stage.surface.widget), view.widget, "the view shows the control surface")
        XCTAssertEqual(PerformSettings.loadOutput(from: settingsPath), .monitor(connector: connector), "remembered")
        XCTAssertEqual(stage.chooser.selected, .monitor(connector: connector))
        XCTAssertEqual(view.accessibleName, "Warm, chord 3 of 8", "the same chord plays on")
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(stage.surface.stopButton) != 0 }), "Stop shows")

        // The strip stays in sight on the control surface.
        view.hideStrip()
        pump(seconds: Double(PerformView.stripTimeout) / 1000 + 0.3)
        XCTAssertTrue(view.isStripShown, "the control surface's strip never hides")

        // Keys still play, and the surface follows.
        view.handleKey(UInt32(GDK_KEY_8))
        XCTAssertEqual(view.accessibleName, "Warm, chord 8 of 8")
        XCTAssertTrue(view.stripRevealer.isVisible, "a chord's key leaves the control surface's strip up")
        XCTAssertEqual(stage.surface.live.name, "Live: Warm, chord 8 of 8")
        XCTAssertEqual(stage.surface.next.name, "Next: Ocean, chord 1 of 8",
                       "after a chordset's last chord comes the next chordset's first")
        view.handleKey(UInt32(GDK_KEY_b), modifiers: GDK_SHIFT_MASK)
        XCTAssertEqual(stage.surface.live.name, "Live: Blackout")

        // Back to This Window: the canvas returns and the output window goes.
        stage.choose(.thisWindow)
        XCTAssertNil(stage.outputWindow)
        XCTAssertEqual(gtk_widget_get_parent(view.canvas.widget), view.widget)
        XCTAssertNil(gtk_widget_get_parent(stage.surface.widget))
        XCTAssertEqual(PerformSettings.loadOutput(from: settingsPath), .thisWindow)
        XCTAssertEqual(view.accessibleName, "Blackout", "the blackout carries over")
        _ = window
    }

    func testLeavingPerformClosesTheOutputWindow() async throws {
        let (window, view, stage) = try perform()
        stage.choose(.monitor(connector: try theMonitor))
        let output = try XCTUnwrap(stage.outputWindow)
        let outputWindow = output.window
        g_object_ref(outputWindow)
        defer { g_object_unref(outputWindow) }
        XCTAssertNotEqual(gtk_widget_get_visible(outputWindow), 0)
        stage.surface.onStop()
        XCTAssertNil(window.performance, "Stop leaves Perform")
        XCTAssertNil(stage.outputWindow)
        XCTAssertEqual(gtk_widget_get_visible(outputWindow), 0, "the output window is closed")
        _ = view
    }

    func testTheRememberedOutputOpensOnItsMonitorAtTheStart() async throws {
        let connector = try theMonitor
        let (_, view, stage) = try perform(output: .monitor(connector: connector))
        XCTAssertEqual(stage.output, .monitor(connector: connector))
        XCTAssertEqual(gtk_widget_get_parent(view.canvas.widget), stage.outputWindow?.window)
    }
}
