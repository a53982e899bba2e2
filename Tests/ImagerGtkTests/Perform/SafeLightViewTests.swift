import CGtk
import Foundation
import ImagerCore
import ImagerDrawing
@testable import ImagerGtk
import XCTest

/// Safe light on the frames the Perform view actually draws: keys at 5 to 20 a second
/// between the darkest and the brightest chord, on a clock the test controls, every frame at
/// 60 Hz rendered through the canvas's own draw function, each frame's light measured from
/// its pixels, and the flashes counted in every one-second window.
@MainActor
final class SafeLightViewTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("safe-light-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private var settingsPath: String { folder.appendingPathComponent("perform.ini").path }

    private static let black = RGBAColor(red: 0, green: 0, blue: 0)
    private static let white = RGBAColor(red: 255, green: 255, blue: 255)
    private static let red = RGBAColor(red: 255, green: 0, blue: 0)

    /// Perform on a chordset whose chord 1 is `dark` and chord 2 `bright` (no lumis).
    private func perform(dark: RGBAColor, bright: RGBAColor, fadeSeconds: Double, safeLight: Bool) throws -> PerformView {
        PerformSettings.save(FadeTime(seconds: fadeSeconds), to: settingsPath)
        PerformSettings.save(safeLight: safeLight, to: settingsPath)
        let controller = try makeController(titles: ["Strobe"])
        let id = controller.chordsets[0].id
        controller.setColor(dark, slot: 0, of: id)
        controller.setColor(bright, slot: 1, of: id)
        for slot in 0..<2 { _ = controller.setLumis([], slot: slot, of: id) }
        let window = makeWindow(controller)
        window.performSettingsPath = settingsPath
        window.list.select(position: 0)
        pump(seconds: 0.05)
        activate(.perform, in: window)
        let view = try XCTUnwrap(window.performance)
        XCTAssertTrue(pump(until: { gtk_widget_get_mapped(view.canvas.widget) != 0 }))
        pump(seconds: 0.1)
        return view
    }

    /// The canvas as it draws itself now: its widget's own snapshot, the frame GTK renders,
    /// taken at once (a widget paintable would wait for the next frame, and a frame would run
    /// the view's tick on the real clock).
    private func picture(of view: PerformView) -> ChordImage {
        let widget = view.canvas.widget
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        let snapshot = gtk_snapshot_new()
        cgtk_widget_class_snapshot(widget, snapshot)
        let node = gtk_snapshot_free_to_node(snapshot)
        defer { if let node { gsk_render_node_unref(node) } }
        return ChordImage(width: Int(width), height: Int(height)) { cairo in
            if let node { gsk_render_node_draw(node, cairo) }
        }
    }

    /// A frame's light: the mean linear colour of pixels spread over the whole canvas.
    private func light(of image: ChordImage) -> ScreenLight {
        var red = 0.0, green = 0.0, blue = 0.0, count = 0.0
        for y in stride(from: 2, to: image.pixelHeight, by: 23) {
            for x in stride(from: 2, to: image.pixelWidth, by: 23) {
                let pixel = image.pixel(x: x, y: y)
                red += SRGB.linear(pixel.red)
                green += SRGB.linear(pixel.green)
                blue += SRGB.linear(pixel.blue)
                count += 1
            }
        }
        return ScreenLight(linearRed: red / count, green: green / count, blue: blue / count)
    }

    struct Drawn {
        var general = FlashTracker(kind: .general)
        var red = FlashTracker(kind: .red)
        var lights: [ScreenLight] = []
        var mostGeneral: Int { FlashTracker.mostTransitions(general.allTransitions.map(\.time)) }
        var mostRed: Int { FlashTracker.mostTransitions(red.allTransitions.map(\.time)) }
    }

    /// Keys 2 and 1 in turn, `perSecond` of them for three seconds, then two quiet seconds;
    /// every frame at 60 Hz drawn and measured.
    private func play(_ view: PerformView, perSecond: Double) -> Drawn {
        let keys = (0..<Int(perSecond * 3)).map { (0.5 + Double($0) / perSecond, $0 % 2 == 0 ? GDK_KEY_2 : GDK_KEY_1) }
        return play(view, keys: keys, seconds: 6)
    }

    /// `keys` pressed at their times (seconds from the start), every frame at 60 Hz drawn and
    /// measured for `seconds`.
    private func play(_ view: PerformView, keys: [(Double, Int32)], seconds: Int) -> Drawn {
        // Ahead of the real monotonic clock, which the view's frames ran on before.
        let origin = (Double(g_get_monotonic_time()) / 1_000_000).rounded(.up) + 10
        var clock = origin
        view.now = { clock }
        var next = 0
        var drawn = Drawn()
        for frame in 0...(60 * seconds) {
            let time = origin + Double(frame) / 60
            // Which keys come before this frame is decided on the times from the start, so it
            // is the same whatever the clock read when the test began: a key and a frame at
            // the same moment do not fall differently with the rounding of a larger origin.
            while next < keys.count, keys[next].0 <= Double(frame) / 60 {
                clock = origin + keys[next].0
                view.handleKey(UInt32(keys[next].1))
                next += 1
            }
            clock = time
            view.present(at: time)
            let light = light(of: picture(of: view))
            drawn.lights.append(light)
            drawn.general.feed(light, at: time)
            drawn.red.feed(light, at: time)
        }
        return drawn
    }

    private func lastChordArrived(_ view: PerformView, _ drawn: Drawn, perSecond: Double, bright: RGBAColor) {
        let lastSlot = Int(perSecond * 3) % 2 == 0 ? 0 : 1
        XCTAssertEqual(view.state.current.slot, lastSlot, "the last key's chord is the one playing")
        let expected = ScreenLight(lastSlot == 0 ? Self.black : bright)
        XCTAssertEqual(drawn.lights.last?.luminance ?? -1, expected.luminance, accuracy: 0.002,
                       "and it is what the last frame shows")
    }

    func testBlackAndWhiteKeysDrawAtMostThreeFlashesInAnySecond() async throws {
        for fade in [0.0, 0.15] {
            for perSecond in [5.0, 10, 15, 20] {
                let view = try perform(dark: Self.black, bright: Self.white, fadeSeconds: fade, safeLight: true)
                let drawn = play(view, perSecond: perSecond)
                XCTAssertGreaterThan(drawn.lights.map(\.luminance).max() ?? 0, 0.5, "the output lit up")
                XCTAssertLessThanOrEqual(drawn.mostGeneral, 6, "\(perSecond) keys a second, fade \(fade) s: at most three flashes in any second")
                lastChordArrived(view, drawn, perSecond: perSecond, bright: Self.white)
                if fade == 0 && perSecond >= 10 {
                    XCTAssertTrue(view.safeLightNotice.isShown, "the view says it slowed things down")
                    XCTAssertTrue(view.safeLightNotice.widget.isVisible)
                }
            }
        }
    }

    func testRedAndBlackKeysDrawNoRedFlash() async throws {
        for fade in [0.0, 0.15] {
            for perSecond in [5.0, 10, 15, 20] {
                let view = try perform(dark: Self.black, bright: Self.red, fadeSeconds: fade, safeLight: true)
                let drawn = play(view, perSecond: perSecond)
                XCTAssertGreaterThan(drawn.lights.map(\.redAmount).max() ?? 0, 150, "the output went red")
                XCTAssertLessThanOrEqual(drawn.mostRed, 1, "\(perSecond) keys a second, fade \(fade) s: no red flash")
                XCTAssertLessThanOrEqual(drawn.mostGeneral, 6)
                lastChordArrived(view, drawn, perSecond: perSecond, bright: Self.red)
            }
        }
    }

    /// A key for the chord already fading in, which safe light lets through, leaves the fade
    /// on screen as it was: the frames drawn are those drawn without it.
    func testAKeyForTheChordFadingInDrawsTheSameFade() async throws {
        let once = try perform(dark: Self.black, bright: Self.white, fadeSeconds: 1, safeLight: true)
        let plain = play(once, keys: [(0.5, GDK_KEY_2)], seconds: 2).lights.map(\.luminance)
        let twice = try perform(dark: Self.black, bright: Self.white, fadeSeconds: 1, safeLight: true)
        let again = play(twice, keys: [(0.5, GDK_KEY_2), (1, GDK_KEY_2)], seconds: 2).lights.map(\.luminance)
        XCTAssertEqual(twice.state.current.slot, 1)
        XCTAssertGreaterThan(plain.last ?? 0, 0.99, "the fade reached white")
        XCTAssertEqual(plain.count, again.count)
        for (frame, (expected, drawn)) in zip(plain, again).enumerated() {
            XCTAssertEqual(drawn, expected, accuracy: 0.005, "frame \(frame) (key again at frame 60)")
        }
    }

    /// The same keys with safe light turned off do flash too often: the counting above can fail.
    func testWithSafeLightOffTheSameKeysFlashTooOften() async throws {
        for perSecond in [10.0, 15, 20] {
            let view = try perform(dark: Self.black, bright: Self.white, fadeSeconds: 0, safeLight: false)
            let drawn = play(view, perSecond: perSecond)
            XCTAssertGreaterThan(drawn.mostGeneral, 6, "\(perSecond) keys a second")
            XCTAssertFalse(view.safeLightNotice.isShown)
            let red = try perform(dark: Self.black, bright: Self.red, fadeSeconds: 0, safeLight: false)
            XCTAssertGreaterThan(play(red, perSecond: perSecond).mostRed, 1, "\(perSecond) keys a second")
        }
    }

    /// A chord's light counts its lumis by the room they take: a large white lumi on black is
    /// far from black, a chord without lumis is its background alone.
    func testAChordsSwatchCountsItsLumisByTheirArea() async throws {
        let swatches = ChordSwatches()
        let chord = ChordRef(chordsetID: UUID(), slot: 0)
        let plain = swatches.swatch(of: chord, background: Self.black, lumis: [])
        XCTAssertEqual(plain.cells.count, 1)
        XCTAssertEqual(plain.light.luminance, 0)
        let lumi = Lumi(shape: .square, x: 0.5, y: 0.5, size: 1, color: Self.white)
        let lit = swatches.swatch(of: chord, background: Self.black, lumis: [lumi])
        XCTAssertEqual(lit.cells.count, ChordSwatches.columns * ChordSwatches.rows)
        // What the canvas paints at full size, measured the way the frames above are.
        let full = ChordImage(width: 640, height: 360) { cairo in
            ChordsetPicture.paintFilling(cairo, background: Self.black, lumis: [lumi], width: 640, height: 360)
        }
        let painted = light(of: full).luminance
        XCTAssertGreaterThan(painted, 0.1)
        XCTAssertEqual(lit.light.luminance, painted, accuracy: 0.03, "the small rendering is the screen's mean light")
        let small = swatches.swatch(of: chord, background: Self.black,
                                    lumis: [Lumi(shape: .square, x: 0.5, y: 0.5, size: 0.2, color: Self.white)])
        XCTAssertLessThan(small.light.luminance, lit.light.luminance / 4, "kept per chord until its lumis change")
    }
}
