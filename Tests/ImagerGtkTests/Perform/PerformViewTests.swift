import CGtk
import Foundation
import ImagerCore
import ImagerDrawing
@testable import ImagerGtk
import ImagerTestSupport
import XCTest

/// The Perform view in a real window: entering with F5's action, keys to chords, fades that
/// a key interrupts, PageUp/PageDown through the list, and leaving back to the same row.
@MainActor
final class PerformViewTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("perform-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private var settingsPath: String { folder.appendingPathComponent("perform.ini").path }

    /// A window over `titles` with the row at `position` selected, then Perform opened.
    /// `safeLight: false` for a test that plays chords faster than safe light lets through:
    /// the chordsets' colours are random, and a fast run of them can flash.
    private func perform(_ titles: [String] = ["Warm", "Ocean", "Forest"], at position: Int = 0,
                         fadeSeconds: Double? = nil, safeLight: Bool = true) throws -> (MainWindow, PerformView) {
        if let fadeSeconds { PerformSettings.save(FadeTime(seconds: fadeSeconds), to: settingsPath) }
        if !safeLight { PerformSettings.save(safeLight: false, to: settingsPath) }
        let window = makeWindow(try makeController(titles: titles))
        window.performSettingsPath = settingsPath
        window.list.select(position: position)
        pump(seconds: 0.05)
        activate(.perform, in: window)
        let view = try XCTUnwrap(window.performance, "the Perform action opens the view")
        return (window, view)
    }

    private func name(_ view: PerformView) -> String { view.accessibleName }

    func testThePerformActionShowsTheSelectedChordsetsFirstChordFillingTheWindow() async throws {
        let (window, view) = try perform(at: 1)
        XCTAssertEqual(name(view), "Ocean, chord 1 of 8")
        XCTAssertEqual(window.headerBar?.isVisible, false, "the window's content becomes one large canvas")
        XCTAssertFalse(window.list.scrolledWindow.isVisible && gtk_widget_get_mapped(window.list.scrolledWindow) != 0)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        XCTAssertEqual(gtk_widget_get_width(view.canvas.widget), gtk_widget_get_width(window.modes))
        XCTAssertEqual(view.strip.cells.map { gtk_accessible_get_accessible_role(cgtk_accessible($0.widget)) },
                       Array(repeating: GTK_ACCESSIBLE_ROLE_BUTTON, count: 8))
        let ocean = window.controller.chordsets[1]
        XCTAssertEqual(view.strip.cells.map(\.color), ocean.chords.map(\.color),
                       "the strip shows the chordset's chords, named like the list's cells")
        activate(.renameChordset, in: window)
        XCTAssertNil(window.list.boundRows.first { $0.title.isEditing }, "list actions wait while performing")
    }

    func testWithNothingSelectedPerformPlaysTheRowWithTheFocusAndSelectsItForTheWayBack() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        window.performSettingsPath = settingsPath
        XCTAssertNil(window.list.selectedPosition, "nothing is selected at launch")
        window.list.focusRow(at: 2)
        XCTAssertTrue(pump(until: { window.list.hasFocus(at: 2) }))
        window.list.select(position: Int(UInt32.max))
        pump(seconds: 0.05)
        XCTAssertNil(window.list.selectedPosition)
        activate(.perform, in: window)
        let view = try XCTUnwrap(window.performance)
        XCTAssertEqual(name(view), "Forest, chord 1 of 8")
        view.handleKey(UInt32(GDK_KEY_Escape))
        pump(seconds: 0.2)
        XCTAssertEqual(window.list.selectedPosition, 2)
    }

    func testNumberKeysOnTheRowAndTheKeypadPlayChordsAndTheNameFollows() async throws {
        let (_, view) = try perform()
        for (key, expected) in [(GDK_KEY_3, 3), (GDK_KEY_KP_5, 5), (GDK_KEY_8, 8), (GDK_KEY_KP_1, 1), (GDK_KEY_KP_Up, 8)] {
            XCTAssertTrue(view.handleKey(UInt32(key)))
            XCTAssertEqual(name(view), "Warm, chord \(expected) of 8")
            XCTAssertEqual(view.state.current.slot, expected - 1)
        }
        XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_Left)))
        XCTAssertEqual(name(view), "Warm, chord 7 of 8")
        XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_Right)))
        XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_Right)), "Right on the last chord is still Perform's key")
        XCTAssertEqual(name(view), "Warm, chord 8 of 8")
        XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_space)))
        XCTAssertEqual(name(view), "Warm, chord 8 of 8")
        XCTAssertFalse(view.handleKey(UInt32(GDK_KEY_9)))
        XCTAssertFalse(view.handleKey(UInt32(GDK_KEY_3), modifiers: GDK_CONTROL_MASK), "Ctrl+3 is not Perform's")
        XCTAssertEqual(name(view), "Warm, chord 8 of 8")
    }

    func testAKeyDuringAFadeStartsFromWhatIsOnScreen() async throws {
        let (_, view) = try perform(fadeSeconds: 1, safeLight: false)
        var clock = 100.0
        view.now = { clock }
        pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 })
        XCTAssertTrue(pump(until: { view.canvas.isRenderedAhead }))
        let work = PerformWork(counting: view.canvas)
        view.handleKey(UInt32(GDK_KEY_2))
        XCTAssertEqual(view.canvas.opacity, 0, "the new chord starts invisible over the old one")
        clock += 0.5
        let onScreen = view.state.shown(at: clock)
        view.handleKey(UInt32(GDK_KEY_8))
        let fade = try XCTUnwrap(view.state.fade)
        XCTAssertEqual(fade.from, onScreen)
        XCTAssertEqual(fade.from.weight(of: ChordRef(chordsetID: view.state.current.chordsetID, slot: 0)), 0.5, accuracy: 1e-9)
        XCTAssertEqual(view.state.current.slot, 7)
        XCTAssertEqual(work.chordRenders, 0, "the chords were rendered ahead: none in a key press, none per frame")
    }

    func testAFadeRunsOnTheFrameClockAndEndsOnTheNewChord() async throws {
        // A second: long enough that a main loop held up for a while by a loaded machine still
        // paints more than one frame of it (a quarter of a second painted one, once, in CI).
        let (_, view) = try perform(fadeSeconds: 1)
        pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 })
        XCTAssertTrue(pump(until: { view.canvas.isRenderedAhead }))
        let work = PerformWork(counting: view.canvas)
        view.handleKey(UInt32(GDK_KEY_4))
        XCTAssertNotNil(view.state.fade)
        var seen: Set<Double> = []
        XCTAssertTrue(pump(until: {
            seen.insert(view.canvas.opacity)
            return view.state.fade == nil
        }, seconds: 3))
        XCTAssertEqual(view.canvas.opacity, 1)
        XCTAssertGreaterThan(seen.filter { $0 > 0 && $0 < 1 }.count, 1, "frames in between show the mix")
        XCTAssertEqual(work.chordRenders, 0, "rendered ahead, not per frame")
        for key in [GDK_KEY_1, GDK_KEY_2, GDK_KEY_3, GDK_KEY_4, GDK_KEY_5, GDK_KEY_6] {
            view.handleKey(UInt32(key))
            pump(seconds: 0.05)
        }
        XCTAssertEqual(work.chordRenders, 0)
        XCTAssertLessThanOrEqual(work.layersMade, 2, "interrupted fades compose into the same two layers, fade after fade")
    }

    func testPageDownAndPageUpMoveThroughTheListWithoutLeaving() async throws {
        let (window, view) = try perform(["Warm", "Ocean", "Forest"], at: 1)
        view.handleKey(UInt32(GDK_KEY_6))
        view.handleKey(UInt32(GDK_KEY_Page_Down))
        XCTAssertEqual(name(view), "Forest, chord 6 of 8")
        XCTAssertEqual(view.strip.cells.map(\.color), window.controller.chordsets[2].chords.map(\.color))
        XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_Page_Down)))
        XCTAssertEqual(name(view), "Forest, chord 6 of 8", "the last chordset is the end of the set list")
        view.handleKey(UInt32(GDK_KEY_Page_Up))
        view.handleKey(UInt32(GDK_KEY_Page_Up))
        XCTAssertEqual(name(view), "Warm, chord 6 of 8")
        XCTAssertNotNil(window.performance)
    }

    func testEscapeReturnsToTheSameRowAndScrollPosition() async throws {
        let titles = (1...80).map { "Set \($0)" }
        let window = makeWindow(try makeController(titles: titles))
        window.performSettingsPath = settingsPath
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))!
        gtk_adjustment_set_value(adjustment, 1500)
        pump(seconds: 0.2)
        let offset = gtk_adjustment_get_value(adjustment)
        XCTAssertGreaterThan(offset, 0)
        // A row on screen, a few down from the top.
        let rowHeight = gtk_adjustment_get_upper(adjustment) / Double(titles.count)
        let position = Int(offset / rowHeight) + 3
        window.list.select(position: position)
        pump(seconds: 0.05)
        activate(.perform, in: window)
        let view = try XCTUnwrap(window.performance)
        XCTAssertEqual(name(view), "Set \(position + 1), chord 1 of 8")
        view.handleKey(UInt32(GDK_KEY_5))
        view.handleKey(UInt32(GDK_KEY_Escape))
        pump(seconds: 0.3)
        XCTAssertNil(window.performance)
        XCTAssertEqual(window.headerBar?.isVisible, true)
        XCTAssertEqual(window.list.selectedPosition, position)
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), offset, accuracy: 0.5)
        let focus = try XCTUnwrap(gtk_root_get_focus(OpaquePointer(window.window)))
        XCTAssertEqual(window.list.boundRow(at: position).flatMap { gtk_widget_get_parent($0.widget) }, focus,
                       "the keyboard is back on the row")
    }

    func testLeavingAfterPageDownSelectsTheChordsetPerformedLast() async throws {
        let (window, view) = try perform(["Warm", "Ocean", "Forest"], at: 0)
        view.handleKey(UInt32(GDK_KEY_Page_Down))
        view.handleKey(UInt32(GDK_KEY_Escape))
        pump(seconds: 0.2)
        XCTAssertNil(window.performance)
        XCTAssertEqual(window.list.selectedPosition, 1)
    }

    /// Xvfb has no window manager, so the window's full-screen state does not change in
    /// these tests: they check what Perform asks for.
    func testF11TogglesFullScreenAndEscapeLeavesItToo() async throws {
        let (window, view) = try perform()
        XCTAssertEqual(window.performReturn?.wasFullScreen, false)
        view.handleKey(UInt32(GDK_KEY_F11))
        pump(until: { gtk_window_is_fullscreen(cgtk_window(window.window)) != 0 }, seconds: 1)
        view.handleKey(UInt32(GDK_KEY_Escape))
        XCTAssertTrue(pump(until: { gtk_window_is_fullscreen(cgtk_window(window.window)) == 0 }, seconds: 2),
                      "leaving Perform leaves full screen")
        XCTAssertNil(window.performance)
    }

    /// Leaving Perform brings back the full screen the window had before it, whatever F11
    /// did meanwhile (full screen from the window manager stays).
    func testLeavingPerformRestoresTheFullScreenOfBefore() {
        let notBefore = PerformReturn(chordsetID: UUID(), scrollOffset: 0, wasFullScreen: false)
        XCTAssertEqual(notBefore.fullScreenOnLeaving(isFullScreen: true), false)
        XCTAssertNil(notBefore.fullScreenOnLeaving(isFullScreen: false))
        let before = PerformReturn(chordsetID: UUID(), scrollOffset: 0, wasFullScreen: true)
        XCTAssertNil(before.fullScreenOnLeaving(isFullScreen: true))
        XCTAssertEqual(before.fullScreenOnLeaving(isFullScreen: false), true)
    }

    func testBracketsChangeTheFadeTimeWhichIsRemembered() async throws {
        let (window, view) = try perform(fadeSeconds: 0.6)
        XCTAssertEqual(view.state.fadeTime.seconds, 0.6)
        XCTAssertEqual(gtk_range_get_value(cgtk_range(view.strip.fadeScale)), 0.6, accuracy: 1e-9)
        view.handleKey(UInt32(GDK_KEY_bracketright))
        XCTAssertEqual(view.state.fadeTime.seconds, 0.8)
        XCTAssertEqual(gtk_range_get_value(cgtk_range(view.strip.fadeScale)), 0.8, accuracy: 1e-9)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: settingsPath).seconds, 0.8)
        view.handleKey(UInt32(GDK_KEY_bracketleft))
        view.handleKey(UInt32(GDK_KEY_bracketleft))
        XCTAssertEqual(PerformSettings.loadFadeTime(from: settingsPath).seconds, 0.4)
        gtk_range_set_value(cgtk_range(view.strip.fadeScale), 1.5)
        XCTAssertEqual(view.state.fadeTime.seconds, 1.5, "the slider sets it too")
        XCTAssertEqual(PerformSettings.loadFadeTime(from: settingsPath).seconds, 1.5)
        view.handleKey(UInt32(GDK_KEY_Escape))
        activate(.perform, in: window)
        XCTAssertEqual(window.performance?.state.fadeTime.seconds, 1.5, "the next Perform starts with it")
    }

    /// The canvas as it draws itself now, through its own snapshot.
    private func picture(of view: PerformView) -> ChordImage {
        let widget = view.canvas.widget
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        let paintable = gtk_widget_paintable_new(widget)
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        let node = gtk_snapshot_free_to_node(snapshot)
        defer {
            if let node { gsk_render_node_unref(node) }
            g_object_unref(UnsafeMutableRawPointer(paintable))
        }
        return ChordImage(width: Int(width), height: Int(height)) { cairo in
            if let node { gsk_render_node_draw(node, cairo) }
        }
    }

    private static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// A pixel near the canvas's corner and one in its middle, after the next frame (a
    /// widget waiting for its frame snapshots as nothing).
    private func samples(of view: PerformView) -> [RGBAColor] {
        pump(seconds: 0.05)
        let image = picture(of: view)
        return [image.pixel(x: 4, y: 4), image.pixel(x: image.pixelWidth / 2, y: image.pixelHeight / 2)]
    }

    private func liveColor(_ view: PerformView) throws -> RGBAColor {
        try XCTUnwrap(view.chordset).color(at: view.state.current.slot)
    }

    private let shift = GdkModifierType(rawValue: GDK_SHIFT_MASK.rawValue)

    func testTheChordsetsChordsAreRenderedAheadSoEachKeyShowsItsChordWithoutRendering() async throws {
        let (_, view) = try perform(fadeSeconds: 0, safeLight: false)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        XCTAssertTrue(pump(until: { view.canvas.isRenderedAhead }), "the chords are rendered between frames")
        let work = PerformWork(counting: view.canvas)
        let chordset = try XCTUnwrap(view.chordset)
        for slot in [4, 0, 7, 2, 6, 1, 5, 3] {
            XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_1) + UInt32(slot)))
            XCTAssertEqual(samples(of: view), [chordset.color(at: slot), chordset.color(at: slot)], "chord \(slot + 1)")
        }
        XCTAssertEqual(work.chordRenders, 0, "no key rendered its chord")
        XCTAssertEqual(work.layersMade, 0)
    }

    func testAChordChangedWhilePlayingShowsItsNewColourWhenPlayed() async throws {
        let (window, view) = try perform(fadeSeconds: 0, safeLight: false)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        XCTAssertTrue(pump(until: { view.canvas.isRenderedAhead }))
        let id = try XCTUnwrap(view.chordset).id
        let green = RGBAColor(red: 20, green: 200, blue: 40)
        // Chord 3 was rendered ahead in its old colour; the playing chord changes too.
        window.controller.setColor(green, slot: 2, of: id)
        window.controller.setColor(RGBAColor(red: 200, green: 30, blue: 30), slot: 0, of: id)
        XCTAssertEqual(samples(of: view).first, RGBAColor(red: 200, green: 30, blue: 30), "the chord playing is repainted")
        view.handleKey(UInt32(GDK_KEY_3))
        XCTAssertEqual(samples(of: view), [green, green], "chord 3 in its new colour, not the one rendered ahead")
    }

    func testPageDownRendersTheNextChordsetsChordsAhead() async throws {
        let (_, view) = try perform(fadeSeconds: 0, safeLight: false)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        XCTAssertTrue(pump(until: { view.canvas.isRenderedAhead }))
        view.handleKey(UInt32(GDK_KEY_Page_Down))
        XCTAssertEqual(name(view), "Ocean, chord 1 of 8")
        XCTAssertTrue(pump(until: { view.canvas.isRenderedAhead }))
        let work = PerformWork(counting: view.canvas)
        let ocean = try XCTUnwrap(view.chordset)
        view.handleKey(UInt32(GDK_KEY_6))
        XCTAssertEqual(samples(of: view).first, ocean.color(at: 5))
        XCTAssertEqual(work.chordRenders, 0)
    }

    func testRenderingAheadWaitsForAFadeToEnd() async throws {
        let (_, view) = try perform(fadeSeconds: 0.6, safeLight: false)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        XCTAssertTrue(pump(until: { view.canvas.isRenderedAhead }))
        let work = PerformWork(counting: view.canvas)
        view.handleKey(UInt32(GDK_KEY_Page_Down))
        XCTAssertNotNil(view.state.fade)
        pump(seconds: 0.3)
        XCTAssertNotNil(view.state.fade, "still fading")
        XCTAssertEqual(work.chordRenders, 1, "only the chord played is rendered while the fade's frames are painted")
        XCTAssertTrue(pump(until: { view.state.fade == nil }, seconds: 3))
        XCTAssertTrue(pump(until: { view.canvas.isRenderedAhead }))
        XCTAssertEqual(work.chordRenders, 8, "then the rest of the chordset, once")
    }

    func testBFadesTheCanvasToBlackOverTheFadeTimeAndBAgainBringsTheChordBack() async throws {
        let (_, view) = try perform(fadeSeconds: 0.4)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        pump(seconds: 0.1)
        let warm = try liveColor(view)
        XCTAssertNotEqual(warm, Self.black)
        XCTAssertEqual(samples(of: view).first, warm)

        XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_b)))
        XCTAssertTrue(view.state.isBlackedOut)
        XCTAssertEqual(name(view), "Blackout")
        XCTAssertEqual(gtk_toggle_button_get_active(cgtk_toggle_button(view.strip.blackoutButton)), 1,
                       "the Blackout toggle shows it")
        XCTAssertNotEqual(samples(of: view).first, Self.black, "a fade, not a cut")
        var between = false
        XCTAssertTrue(pump(until: {
            if view.canvas.blackness > 0 && view.canvas.blackness < 1 { between = true }
            return view.state.blackFade == nil
        }, seconds: 3))
        XCTAssertTrue(between, "frames in between show the chord darkening")
        XCTAssertEqual(samples(of: view), [Self.black, Self.black], "black after the fade time")

        view.handleKey(UInt32(GDK_KEY_b))
        XCTAssertFalse(view.state.isBlackedOut)
        XCTAssertEqual(name(view), "Warm, chord 1 of 8")
        XCTAssertEqual(gtk_toggle_button_get_active(cgtk_toggle_button(view.strip.blackoutButton)), 0)
        XCTAssertTrue(pump(until: { view.state.blackFade == nil }, seconds: 3))
        XCTAssertEqual(samples(of: view).first, warm, "the live chord is back")
    }

    func testShiftBCutsToBlackAtOnceAndAChordPlayedInTheDarkShowsWhenItEnds() async throws {
        let (_, view) = try perform(fadeSeconds: 2)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        pump(seconds: 0.1)
        XCTAssertTrue(view.handleKey(UInt32(GDK_KEY_B), modifiers: shift))
        XCTAssertEqual(view.canvas.blackness, 1)
        XCTAssertNil(view.state.blackFade)
        XCTAssertEqual(samples(of: view), [Self.black, Self.black], "black at once")
        XCTAssertEqual(name(view), "Blackout")

        view.handleKey(UInt32(GDK_KEY_5))
        view.finishFade()
        XCTAssertEqual(view.state.current.slot, 4)
        XCTAssertEqual(samples(of: view), [Self.black, Self.black], "a chord key does not light the stage")
        XCTAssertEqual(name(view), "Blackout")
        XCTAssertEqual(gtk_widget_has_css_class(view.strip.cells[4].widget, "playing"), 1, "the strip shows the live chord")

        view.handleKey(UInt32(GDK_KEY_B), modifiers: shift)
        XCTAssertEqual(samples(of: view).first, try liveColor(view), "Shift+B cuts back to the chord chosen in the dark")
        XCTAssertEqual(name(view), "Warm, chord 5 of 8")
    }

    func testTheBlackoutToggleBlacksOutAndBringsBack() async throws {
        let (_, view) = try perform(fadeSeconds: 0.1)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        let button = cgtk_toggle_button(view.strip.blackoutButton)
        gtk_toggle_button_set_active(button, 1)
        XCTAssertTrue(view.state.isBlackedOut)
        XCTAssertTrue(pump(until: { view.state.blackFade == nil }, seconds: 2))
        XCTAssertEqual(samples(of: view), [Self.black, Self.black])
        gtk_toggle_button_set_active(button, 0)
        XCTAssertFalse(view.state.isBlackedOut)
        XCTAssertTrue(pump(until: { view.state.blackFade == nil }, seconds: 2))
        XCTAssertEqual(samples(of: view).first, try liveColor(view))
    }

    func testTheCurveChooserSetsTheCurveWhichIsRemembered() async throws {
        PerformSettings.save(FadeCurve.cut, to: settingsPath)
        let (window, view) = try perform(fadeSeconds: 1, safeLight: false)
        let chooser = OpaquePointer(view.strip.curveChooser)
        XCTAssertEqual(view.state.fadeCurve, .cut, "Perform starts with the curve remembered")
        XCTAssertEqual(gtk_drop_down_get_selected(chooser), 2, "and the chooser shows it")
        view.handleKey(UInt32(GDK_KEY_3))
        XCTAssertNil(view.state.fade, "Cut plays at once whatever the fade time")

        gtk_drop_down_set_selected(chooser, 0)
        XCTAssertEqual(view.state.fadeCurve, .linear)
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: settingsPath), .linear)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: settingsPath).seconds, 1, "the fade time stays")
        view.handleKey(UInt32(GDK_KEY_4))
        XCTAssertEqual(view.state.fade?.curve, .linear)

        gtk_drop_down_set_selected(chooser, 1)
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: settingsPath), .smooth)
        view.handleKey(UInt32(GDK_KEY_Escape))
        activate(.perform, in: window)
        XCTAssertEqual(window.performance?.state.fadeCurve, .smooth, "the next Perform starts with it")
    }

    /// A click on a strip chord whose press GTK takes back before its release (`TakenBackPress`:
    /// on a busy machine, a motion GTK makes itself with no button down comes between them)
    /// plays that chord all the same.
    func testAClickOnAStripChordWhosePressGtkTakesBackPlaysIt() async throws {
        let (_, view) = try perform()
        let clicks = ClickGestureSignals.primaryClicks(on: view.strip.cells[5].widget)
        XCTAssertFalse(clicks.isEmpty)

        clicks.forEach { ClickGestureSignals.emitPress($0, "pressed", presses: 1) }
        clicks.forEach { ClickGestureSignals.emitCancel($0) }
        clicks.forEach { ClickGestureSignals.emitUnpairedRelease($0) }
        pump(seconds: 0.05)

        XCTAssertEqual(name(view), "Warm, chord 6 of 8")
    }

    func testTheStripPlaysAChordAndHidesAfterTwoSecondsWithoutMotion() async throws {
        let (_, view) = try perform()
        XCTAssertTrue(view.isStripShown, "shown when Perform opens")
        view.strip.onPlay(6)
        XCTAssertEqual(name(view), "Warm, chord 7 of 8")
        XCTAssertTrue(gtk_widget_has_css_class(view.strip.cells[6].widget, "playing") != 0)
        XCTAssertTrue(pump(until: { !view.isStripShown }, seconds: 3.5), "hidden after two quiet seconds")
        XCTAssertTrue(pump(until: { !view.stripRevealer.isVisible }, seconds: 2),
                      "and, once faded, hidden from screen readers too")
        XCTAssertFalse(view.handleKey(UInt32(GDK_KEY_Tab)), "Tab is left to GTK to move the focus")
        XCTAssertTrue(view.isStripShown, "but brings the strip back first, for the keyboard")
        XCTAssertTrue(view.stripRevealer.isVisible)
    }

    func testAChordOrBlackoutFromAKeyOrControllerTakesTheStripOffThePictureAtOnce() async throws {
        let (_, view) = try perform()
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.strip.widget) != 0 }), "shown when Perform opens")
        view.handleKey(UInt32(GDK_KEY_bracketright))
        XCTAssertTrue(view.isStripShown, "a setting's key leaves the strip up: it shows the fade time")
        view.handleKey(UInt32(GDK_KEY_3))
        XCTAssertEqual(name(view), "Warm, chord 3 of 8")
        XCTAssertFalse(view.isStripShown, "a chord's key takes the strip away")
        XCTAssertFalse(view.stripRevealer.isVisible, "at once: gone from the new chord's frame, not fading over it")
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.strip.widget) == 0 }))

        view.revealStrip()  // as the pointer's motion does
        XCTAssertTrue(view.stripRevealer.isVisible)
        view.apply(.master(level: 0.8), at: 0)
        XCTAssertTrue(view.isStripShown, "a controller's setting leaves the strip up")
        view.apply(.play(slot: 5, brightness: 1), at: 0)
        XCTAssertEqual(name(view), "Warm, chord 6 of 8")
        XCTAssertFalse(view.isStripShown, "a controller's note takes the strip away")
        XCTAssertFalse(view.stripRevealer.isVisible)

        view.revealStrip()
        view.apply(.blackout(true), at: 0)
        XCTAssertEqual(name(view), "Blackout")
        XCTAssertFalse(view.stripRevealer.isVisible, "a blackout takes the strip away: a black picture is black")
        view.apply(.blackout(false), at: 0)

        view.revealStrip()
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.strip.cells[1].widget) != 0 }))
        view.strip.onPlay(1)
        XCTAssertTrue(view.isStripShown, "a chord played on the strip itself leaves it up")
        gtk_widget_grab_focus(view.strip.cells[1].widget)
        pump(seconds: 0.05)
        view.handleKey(UInt32(GDK_KEY_5))
        XCTAssertEqual(name(view), "Warm, chord 5 of 8")
        XCTAssertTrue(view.isStripShown, "with the keyboard's focus in the strip, it stays where the focus is")
    }

    func testTheLiveChordsetsTitleShowsOnStartAndAfterPageDownThenFades() async throws {
        let (_, view) = try perform(["Warm", "Ocean", "Forest"], at: 0)
        XCTAssertTrue(view.chordsetTitle.isShown, "shown when Perform opens")
        XCTAssertEqual(view.chordsetTitle.text, "Warm")
        XCTAssertTrue(pump(until: { !view.chordsetTitle.isShown }, seconds: 3.5), "gone after two seconds")
        view.handleKey(UInt32(GDK_KEY_3))
        XCTAssertFalse(view.chordsetTitle.isShown, "a chord of the same chordset says nothing")
        view.handleKey(UInt32(GDK_KEY_Page_Down))
        XCTAssertTrue(view.chordsetTitle.isShown)
        XCTAssertEqual(view.chordsetTitle.text, "Ocean")
    }

    func testAChordPlayedFromAKeyOrControllerTakesTheTitleOffThePictureAtOnce() async throws {
        let (_, view) = try perform(["Warm", "Ocean", "Forest"], at: 0, safeLight: false)
        XCTAssertTrue(view.chordsetTitle.isShown, "shown when Perform opens")
        view.handleKey(UInt32(GDK_KEY_bracketleft))
        XCTAssertTrue(view.chordsetTitle.isShown, "a setting leaves it up")
        view.handleKey(UInt32(GDK_KEY_4))
        XCTAssertFalse(view.chordsetTitle.isShown, "the first chord played takes it away")
        XCTAssertFalse(view.chordsetTitle.widget.isVisible, "at once: not fading over the new chord")
        view.apply(.nextChordset, at: 0)
        XCTAssertTrue(view.chordsetTitle.isShown, "another chordset names itself")
        XCTAssertEqual(view.chordsetTitle.text, "Ocean")
        view.apply(.play(slot: 2, brightness: 1), at: 0)
        XCTAssertFalse(view.chordsetTitle.widget.isVisible, "a controller's chord takes it away too")
    }

    func testTheMousePointerHidesAfterTwoStillSecondsAndShowsWhenMoved() async throws {
        let (window, view) = try perform()
        // Set on the window, which the view fills: GTK applies it wherever the pointer rests.
        func cursorName() -> String? {
            gtk_widget_get_cursor(window.window).flatMap { gdk_cursor_get_name($0) }.map { String(cString: $0) }
        }
        XCTAssertNil(cursorName(), "shown as Perform opens")
        XCTAssertTrue(pump(until: { cursorName() == "none" }, seconds: 3.5), "hidden after two still seconds")
        view.handleKey(UInt32(GDK_KEY_Escape))
        XCTAssertNil(window.performance)
        XCTAssertNil(cursorName(), "shown again on leaving")
    }

    func testExportImageWritesTheEightChordsAsOnePNGStrip() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let chordset = window.controller.chordsets[0]
        let lumi = Lumi(shape: .square, x: 0.5, y: 0.5, size: 0.5, color: RGBAColor(red: 255, green: 255, blue: 255))
        XCTAssertNotNil(window.controller.setLumis([lumi], slot: 3, of: chordset.id))
        let url = folder.appendingPathComponent("Warm.png")
        var finished = false
        window.exportImage(of: chordset.id, to: url.path, side: 40) { finished = true }
        XCTAssertTrue(pump(until: { finished }, seconds: 5))
        let image = try ChordImage(contentsOfPNG: url)
        XCTAssertEqual(image.pixelWidth, 320)
        XCTAssertEqual(image.pixelHeight, 40)
        for slot in 0..<8 {
            XCTAssertEqual(image.pixel(x: slot * 40 + 4, y: 4), chordset.color(at: slot), "chord \(slot + 1)")
        }
        XCTAssertEqual(image.pixel(x: 3 * 40 + 20, y: 20), RGBAColor(red: 255, green: 255, blue: 255),
                       "the lumis are drawn too")
    }
}

/// perform.ini, read with GKeyFile; no display needed.
final class PerformSettingsTests: XCTestCase {
    private var path: String!

    override func setUp() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("perform-\(UUID().uuidString).ini").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: path)
    }

    func testNoFileGivesTheStandardFade() {
        XCTAssertEqual(PerformSettings.loadFadeTime(from: path), .standard)
    }

    func testASavedFadeIsReadBack() {
        PerformSettings.save(FadeTime(seconds: 1.5), to: path)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: path).seconds, 1.5)
    }

    func testABrokenOrOutOfRangeFileIsClampedOrIgnored() throws {
        try "[perform]\nfade-seconds=abc\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: path), .standard)
        try "[perform]\nfade-seconds=9\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: path).seconds, 2)
        try "\u{0}not a key file".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: path), .standard)
    }

    func testNoFileGivesTheStandardCurve() {
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: path), .standard)
    }

    func testASavedCurveIsReadBackBesideTheFadeTimeAndNeitherErasesTheOther() throws {
        PerformSettings.save(FadeTime(seconds: 1.5), to: path)
        PerformSettings.save(FadeCurve.cut, to: path)
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: path), .cut)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: path).seconds, 1.5, "the curve's save keeps the fade time")
        PerformSettings.save(FadeTime(seconds: 0.4), to: path)
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: path), .cut, "the fade time's save keeps the curve")
        PerformSettings.save(FadeCurve.linear, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("fade-curve=linear"), text)
        XCTAssertTrue(text.contains("fade-seconds=0.4"), text)
    }

    func testAnUnknownCurveGivesTheStandardOne() throws {
        try "[perform]\nfade-seconds=1\nfade-curve=bouncy\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: path), .standard)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: path).seconds, 1)
        try "[perform]\nfade-curve=smooth\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(PerformSettings.loadFadeCurve(from: path), .smooth)
        XCTAssertEqual(PerformSettings.loadFadeTime(from: path), .standard, "a curve alone gives the standard fade time")
    }
}

