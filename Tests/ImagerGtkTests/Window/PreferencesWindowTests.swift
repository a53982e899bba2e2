import CAdw
import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Main menu → Preferences: Perform's fade time and fade curve, shown as stored and stored as
/// changed, and the ones Perform then plays with.
@MainActor
final class PreferencesWindowTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("preferences-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private var settingsPath: String { folder.appendingPathComponent("perform.ini").path }

    private func isEnabled(_ action: WindowAction, in window: MainWindow) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window), action.name) != 0
    }

    private func openPreferences(_ window: MainWindow) throws -> PreferencesWindow {
        activate(.preferences, in: window)
        let preferences = try XCTUnwrap(window.preferencesWindow, "the action opens the window")
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(preferences.fadeTimeButton) != 0 }), "the fade time shows")
        return preferences
    }

    func testTheFadeTimeShowsWhatIsStoredAndAChangeIsWhatPerformPlaysWith() async throws {
        PerformSettings.save(FadeTime(seconds: 0.4), to: settingsPath)
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        window.performSettingsPath = settingsPath
        let preferences = try openPreferences(window)
        let spin = cgtk_spin_button(preferences.fadeTimeButton)
        XCTAssertEqual(gtk_spin_button_get_value(spin), 0.4, accuracy: 1e-9)
        XCTAssertEqual(gtk_window_get_title(cgtk_window(preferences.window)).map { String(cString: $0) }, "Preferences")

        gtk_spin_button_set_value(spin, 1.25)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: settingsPath).seconds, 1.25, accuracy: 1e-9, "stored at once")
        preferences.close()
        XCTAssertTrue(pump(until: { window.preferencesWindow == nil }), "closing lets it go")

        window.list.select(position: 0)
        pump(seconds: 0.05)
        activate(.perform, in: window)
        let view = try XCTUnwrap(window.performance)
        XCTAssertEqual(view.state.fadeTime.seconds, 1.25, accuracy: 1e-9)
    }

    func testAFadeTimeChangedInPerformShowsTheNextTimePreferencesOpens() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.performSettingsPath = settingsPath
        window.list.select(position: 0)
        pump(seconds: 0.05)
        activate(.perform, in: window)
        let view = try XCTUnwrap(window.performance)
        XCTAssertFalse(isEnabled(.preferences, in: window), "Perform's own keys change the fade time there")
        view.handleKey(UInt32(GDK_KEY_bracketright))
        let chosen = view.state.fadeTime.seconds
        XCTAssertNotEqual(chosen, FadeTime.standard.seconds)
        view.handleKey(UInt32(GDK_KEY_Escape))
        XCTAssertTrue(pump(until: { window.performance == nil }))

        let preferences = try openPreferences(window)
        XCTAssertEqual(gtk_spin_button_get_value(cgtk_spin_button(preferences.fadeTimeButton)), chosen, accuracy: 1e-9)
    }

    func testTheFadeCurveShowsWhatIsStoredAndAChangeIsStoredBesideTheFadeTime() async throws {
        PerformSettings.save(FadeTime(seconds: 0.6), to: settingsPath)
        PerformSettings.save(FadeCurve.cut, to: settingsPath)
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.performSettingsPath = settingsPath
        let preferences = try openPreferences(window)
        XCTAssertEqual(preferences.selectedCurve, .cut)

        preferences.selectCurve(.linear)
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: settingsPath), .linear, "stored at once")
        XCTAssertEqual(PerformSettings.loadFadeTime(from: settingsPath).seconds, 0.6, "beside the fade time")
        gtk_spin_button_set_value(cgtk_spin_button(preferences.fadeTimeButton), 1)
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: settingsPath), .linear, "a new fade time keeps the curve")
        preferences.close()
        XCTAssertTrue(pump(until: { window.preferencesWindow == nil }))

        window.list.select(position: 0)
        pump(seconds: 0.05)
        activate(.perform, in: window)
        XCTAssertEqual(window.performance?.state.fadeCurve, .linear)
    }

    func testTheOutputListsTheMonitorsAndKeepsARememberedOneThatIsNotConnected() async throws {
        PerformSettings.save(PerformOutput.monitor(connector: "DP-9"), to: settingsPath)
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.performSettingsPath = settingsPath
        let preferences = try openPreferences(window)
        let row = preferences.outputRow
        let connected = PerformMonitors().connectors
        XCTAssertEqual(row.choices, [.thisWindow] + connected.map { .monitor(connector: $0) } + [.monitor(connector: "DP-9")])
        XCTAssertEqual(row.selected, .monitor(connector: "DP-9"), "the remembered monitor shows, though unplugged")
        XCTAssertEqual(PerformSettings.loadOutput(from: settingsPath), .monitor(connector: "DP-9"), "and is not forgotten")

        adw_combo_row_set_selected(UnsafeMutableRawPointer(row.row).assumingMemoryBound(to: AdwComboRow.self), 0)
        XCTAssertEqual(PerformSettings.loadOutput(from: settingsPath), .thisWindow, "This Window is stored at once")
        let connector = try XCTUnwrap(connected.first, "Xvfb has a monitor")
        adw_combo_row_set_selected(UnsafeMutableRawPointer(row.row).assumingMemoryBound(to: AdwComboRow.self), 1)
        XCTAssertEqual(PerformSettings.loadOutput(from: settingsPath), .monitor(connector: connector))
        preferences.close()
    }
}

/// Preferences' Safe Light switch: on by default, stored in perform.ini, a warning when off,
/// and what Perform then plays with.
@MainActor
final class SafeLightPreferenceTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("safe-light-preference-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private var settingsPath: String { folder.appendingPathComponent("perform.ini").path }

    func testSafeLightIsOnUntilTurnedOffWithAWarningAndPerformFollows() async throws {
        XCTAssertTrue(PerformSettings.loadSafeLight(from: settingsPath), "on with no file")
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.performSettingsPath = settingsPath
        activate(.preferences, in: window)
        let preferences = try XCTUnwrap(window.preferencesWindow)
        let safeLight = preferences.safeLight
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(safeLight.toggle) != 0 }), "the switch shows")
        XCTAssertTrue(safeLight.isOn)
        XCTAssertFalse(safeLight.subtitle.contains("seizure"))

        gtk_switch_set_active(OpaquePointer(safeLight.toggle), 0)
        XCTAssertFalse(PerformSettings.loadSafeLight(from: settingsPath), "stored at once")
        let text = try String(contentsOfFile: settingsPath, encoding: .utf8)
        XCTAssertTrue(text.contains("[perform]") && text.contains("safe-light=false"), text)
        XCTAssertTrue(safeLight.subtitle.contains("trigger seizures"), "turned off, it warns: \(safeLight.subtitle)")
        XCTAssertEqual(gtk_widget_has_css_class(safeLight.row, "warning"), 1)
        preferences.close()
        XCTAssertTrue(pump(until: { window.preferencesWindow == nil }))

        window.list.select(position: 0)
        pump(seconds: 0.05)
        activate(.perform, in: window)
        XCTAssertEqual(window.performance?.safeLight.isOn, false, "Perform plays without it")
        window.performance?.handleKey(UInt32(GDK_KEY_Escape))
        pump(seconds: 0.1)

        try "[perform]\nsafe-light=maybe\n".write(toFile: settingsPath, atomically: true, encoding: .utf8)
        XCTAssertTrue(PerformSettings.loadSafeLight(from: settingsPath), "a broken value leaves it on")
        activate(.perform, in: window)
        XCTAssertEqual(window.performance?.safeLight.isOn, true)
    }
}
