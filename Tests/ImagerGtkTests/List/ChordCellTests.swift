import CAdw
import CGtk
import Foundation
import ImagerCore
import ImagerDrawing
import ImagerGLib
@testable import ImagerGtk
import XCTest

/// A list cell draws its chord through the chord painter: its colour, and its lumis when the
/// list is given some, in the light and the dark style.
@MainActor
final class ChordCellTests: GtkTestCase {
    /// A white dot in the middle of a cell (radius 9 of the cell's 36 pixels) and a black
    /// square in its top-left quarter.
    private let dot = Lumi(shape: .circle, x: 0.5, y: 0.5, size: 0.5, color: RGBAColor(red: 255, green: 255, blue: 255))
    private let corner = Lumi(shape: .square, x: 0.25, y: 0.25, size: 0.2, color: RGBAColor(red: 0, green: 0, blue: 0))

    private func lumis(inSlot slot: Int, _ lumis: [Lumi]) -> ChordsetLumis {
        var all = ChordsetLumis()
        all[slot] = lumis
        return all
    }

    /// Rebinds every row through the list's `lumisOf`, as a bind would.
    private func refreshRows(_ window: MainWindow) {
        for row in window.list.boundRows { window.list.refresh(row) }
        pump(seconds: 0.1)
    }

    /// What GTK paints for `widget` now, rendered to an image with cairo.
    private func picture(of widget: Widget) -> ChordImage {
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

    private func setDarkStyle(_ dark: Bool) {
        // As the desktop's dark style does: through libadwaita's style manager.
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(),
                                           dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_DEFAULT)
        pump(seconds: 0.2)
    }

    func testACellGivenLumisDrawsThemOverItsColour() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let chordset = window.controller.chordsets[0]
        window.list.lumisOf = { [dot, corner] id in
            id == chordset.id ? self.lumis(inSlot: 2, [dot, corner]) : .none
        }
        refreshRows(window)
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        let background = chordset.color(at: 2)
        // Random chords are opaque, so the window behind does not show through.
        XCTAssertEqual(background.alpha, 255)

        let cell = picture(of: row.cells[2].widget)
        XCTAssertEqual(cell.pixelWidth, 36)
        XCTAssertEqual(cell.pixel(x: 18, y: 18), dot.color, "the dot in the middle")
        XCTAssertEqual(cell.pixel(x: 9, y: 9), corner.color, "the square in the top-left quarter")
        XCTAssertEqual(cell.pixel(x: 5, y: 18), background, "the chord's colour beside the dot")
        XCTAssertEqual(cell.pixel(x: 28, y: 28), background, "the chord's colour below it")
        // Its neighbours have no lumis: their middle is their colour.
        XCTAssertEqual(picture(of: row.cells[1].widget).pixel(x: 18, y: 18), chordset.color(at: 1))
        XCTAssertEqual(row.cells[2].lumis, [dot, corner])
    }

    func testACellWhoseLumisAreGoneShowsItsColourAgain() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.list.lumisOf = { [dot] _ in self.lumis(inSlot: 0, [dot]) }
        refreshRows(window)
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        XCTAssertEqual(picture(of: row.cells[0].widget).pixel(x: 18, y: 18), dot.color)

        window.list.lumisOf = { _ in .none }
        refreshRows(window)

        let color = window.controller.chordsets[0].color(at: 0)
        XCTAssertEqual(picture(of: row.cells[0].widget).pixel(x: 18, y: 18), color)
    }

    func testLumisLookTheSameInTheDarkStyleAndOnlyTheOutlineChanges() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.list.lumisOf = { [dot] _ in self.lumis(inSlot: 4, [dot]) }
        refreshRows(window)
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        let light = picture(of: row.cells[4].widget)

        setDarkStyle(true)
        defer { setDarkStyle(false) }
        let dark = picture(of: row.cells[4].widget)

        XCTAssertEqual(dark.pixel(x: 18, y: 18), dot.color)
        XCTAssertEqual(dark.pixel(x: 18, y: 18), light.pixel(x: 18, y: 18))
        // The outline runs along the top edge: the text colour, faint, so darker over the
        // chord in the light style than in the dark one.
        let lightEdge = light.pixel(x: 18, y: 0), darkEdge = dark.pixel(x: 18, y: 0)
        XCTAssertLessThan(Int(lightEdge.red) + Int(lightEdge.green) + Int(lightEdge.blue),
                          Int(darkEdge.red) + Int(darkEdge.green) + Int(darkEdge.blue))
    }
    /// A fast scroll brings a page of new cells per frame; past the frame's render budget a
    /// cell shows its plain colour, and reads and draws its lumis on a following frame.
    func testACellPastTheFramesRenderBudgetShowsItsColourThenItsLumis() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        let cell = row.cells[3]
        let color = window.controller.chordsets[0].color(at: 3)
        let clock = try XCTUnwrap(gtk_widget_get_frame_clock(cell.widget))
        // In the next frame, the budget is spent before the cells are drawn ("before-paint"
        // comes in every frame; "layout" only in frames that lay something out).
        var starving = true
        var starvedFrame: (lumis: [Lumi]?, middle: RGBAColor)?
        Signal.connect(clock, "before-paint") {
            guard starving else { return }
            _ = ChordRenderBudget.allows(frame: gdk_frame_clock_get_frame_counter(clock))
            _ = ChordRenderBudget.charge { usleep(useconds_t(ChordRenderBudget.perFrame * 1.5 * 1_000_000)) }
        }
        Signal.connect(clock, "after-paint") {
            guard starving else { return }
            starving = false
            starvedFrame = (cell.lumis, self.picture(of: cell.widget).pixel(x: 18, y: 18))
        }
        window.list.lumisOf = { [dot] _ in self.lumis(inSlot: 3, [dot]) }
        window.list.refresh(row)

        XCTAssertTrue(pump(until: { starvedFrame != nil }))
        XCTAssertNil(starvedFrame?.lumis, "no time left: the lumis are not even read")
        XCTAssertEqual(starvedFrame?.middle, color, "no time left: the colour alone")
        XCTAssertTrue(pump(until: { cell.lumis == [self.dot] }), "a later frame reads the lumis")
        pump(seconds: 0.1)
        XCTAssertEqual(picture(of: cell.widget).pixel(x: 18, y: 18), dot.color, "and draws them")
    }

    /// GTK binds many more rows than it shows (about 200); only the rows it draws read their
    /// lumis, so a fast scroll does not query the store for rows nobody sees.
    func testOnlyRowsThatAreDrawnReadTheirLumis() async throws {
        let window = makeWindow(try makeController(titles: (0..<300).map { "Chordset \($0)" }))
        var reads: Set<UUID> = []
        window.list.lumisOf = { [dot] id in
            reads.insert(id)
            return self.lumis(inSlot: 0, [dot])
        }
        for row in window.list.boundRows { window.list.refresh(row) }
        pump(seconds: 0.3)

        let bound = window.list.boundRows
        XCTAssertGreaterThan(bound.count, 40, "GTK binds rows off screen")
        let top = try XCTUnwrap(bound.first?.chordsetID)
        XCTAssertTrue(reads.contains(top), "the top row is on screen and reads its lumis")
        XCTAssertLessThan(reads.count, bound.count / 2, "rows off screen read nothing")
        XCTAssertEqual(bound.first?.cells[0].lumis, [dot])
    }
}
