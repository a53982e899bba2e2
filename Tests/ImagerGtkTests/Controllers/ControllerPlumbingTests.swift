import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import ImagerTestSupport
import XCTest

/// Controller actions on a real window: a chord opens Perform and plays, brightness and the
/// master level dim the canvas with the blackout, a chordset by number jumps, T taps the
/// tempo, and actions posted from another thread arrive on the main loop, bounded.
@MainActor
final class ControllerPlumbingTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("controllers-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// Safe light is off: the chordsets' colours are random, and it would rightly hold back a
    /// chord that flashes, which is not what these tests are about.
    private func window() throws -> MainWindow {
        PerformSettings.save(FadeTime(seconds: 0), to: folder.appendingPathComponent("perform.ini").path)
        PerformSettings.save(safeLight: false, to: folder.appendingPathComponent("perform.ini").path)
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.performSettingsPath = folder.appendingPathComponent("perform.ini").path
        window.list.select(position: 1)
        pump(seconds: 0.05)
        return window
    }

    private var now: Double { Double(g_get_monotonic_time()) / 1_000_000 }

    func testAChordOpensPerformOnTheSelectedChordsetAndOtherActionsWaitForIt() async throws {
        let window = try window()
        window.handle(.nextChord, at: now)
        window.handle(.master(level: 0.5), at: now)
        XCTAssertNil(window.performance, "only a chord opens Perform")
        window.handle(.play(slot: 4), at: now)
        let view = try XCTUnwrap(window.performance)
        XCTAssertEqual(view.accessibleName, "Ocean, chord 5 of 8")
        XCTAssertEqual(view.canvas.blackness, 0, "the master level sent while closed did nothing")
    }

    func testBrightnessAndMasterDimTheCanvasAndTheBlackoutCoversBoth() async throws {
        let window = try window()
        window.handle(.play(slot: 2, brightness: 0.5), at: now)
        let view = try XCTUnwrap(window.performance)
        XCTAssertEqual(view.canvas.blackness, 0.5, accuracy: 1e-9)
        window.handle(.master(level: 0.5), at: now)
        XCTAssertEqual(view.canvas.blackness, 0.75, accuracy: 1e-9)
        window.handle(.blackout(true), at: now)
        view.finishFade()
        XCTAssertEqual(view.canvas.blackness, 1)
        XCTAssertEqual(view.accessibleName, "Blackout")
        window.handle(.blackout(false), at: now)
        view.finishFade()
        XCTAssertEqual(view.canvas.blackness, 0.75, accuracy: 1e-9, "back to the dimmed chord, not full")
        window.handle(.play(slot: 3), at: now)
        window.handle(.master(level: 1), at: now)
        XCTAssertEqual(view.canvas.blackness, 0, "a chord at full velocity and full master")
    }

    func testAChordsetByNumberJumpsKeepingTheChordAndFadeTimeIsSetAndStored() async throws {
        let window = try window()
        window.handle(.play(slot: 6), at: now)
        let view = try XCTUnwrap(window.performance)
        window.handle(.chordset(index: 2), at: now)
        XCTAssertEqual(view.accessibleName, "Forest, chord 7 of 8")
        window.handle(.chordset(index: 9), at: now)
        XCTAssertEqual(view.accessibleName, "Forest, chord 7 of 8", "past the end: nothing")
        window.handle(.previousChordset, at: now)
        XCTAssertEqual(view.accessibleName, "Ocean, chord 7 of 8")
        window.handle(.fade(seconds: 0.8), at: now)
        XCTAssertEqual(view.state.fadeTime, FadeTime(seconds: 0.8))
        XCTAssertEqual(PerformSettings.loadFadeTime(from: window.performSettingsPath), FadeTime(seconds: 0.8))
    }

    func testTTapsTheTempoAndTheStripShowsIt() async throws {
        let window = try window()
        window.handle(.play(slot: 0), at: now)
        let view = try XCTUnwrap(window.performance)
        // One reading of the clock: `now` reads it anew each time.
        let start = now
        var times = [0.0, 0.5, 1.0, 1.5].map { $0 + start }
        view.now = { times.first ?? 0 }
        for _ in 0..<4 {
            XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_t)))
            times.removeFirst()
        }
        XCTAssertEqual(view.tempo.bpm, 120, accuracy: 1e-6)
        XCTAssertEqual(String(cString: gtk_label_get_text(cgtk_label(view.strip.tempoLabel))), "120 BPM")
        window.handle(.tempo(bpm: 90), at: now)
        XCTAssertEqual(String(cString: gtk_label_get_text(cgtk_label(view.strip.tempoLabel))), "90 BPM")
    }

    func testWithTheFadeTimeInBeatsTheFadeFollowsTheTempo() async throws {
        let window = try window()
        FollowTempoSettings.save(FadeBeats.one, to: window.performSettingsPath)
        window.handle(.play(slot: 0), at: now)
        let view = try XCTUnwrap(window.performance)
        XCTAssertEqual(view.state.fadeTime, FadeTime(seconds: 0.5), "one beat at the standard 120 BPM")
        window.handle(.tempo(bpm: 60), at: now)
        XCTAssertEqual(view.state.fadeTime, FadeTime(seconds: 1))
        XCTAssertEqual(gtk_range_get_value(cgtk_range(view.strip.fadeScale)), 1, "the strip's slider follows")
    }

    func testActionsPostedFromAnotherThreadArriveBoundedOnTheMainLoop() async throws {
        let box = Applied()
        let input = ControllerInput { timed in box.actions.append(timed.action) }
        let done = DispatchSemaphore(value: 0)
        Thread {
            for index in 0..<100_000 { input.post(index % 2 == 0 ? .tap : .master(level: Double(index % 100) / 100)) }
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertTrue(pump(until: { !box.actions.isEmpty }))
        pump(seconds: 0.1)
        XCTAssertLessThanOrEqual(box.actions.count, 100_000)
        XCTAssertGreaterThan(input.inbox.droppedCount + input.inbox.coalescedCount, 0, "a flood is trimmed, not queued")
        XCTAssertEqual(box.actions.last, .master(level: 0.99), "the last level sent is the one applied")
    }
}

@MainActor
private final class Applied {
    var actions: [ControllerAction] = []
}
