import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Export Palette… in a row's menu, and .gpl files through the window's import.
@MainActor
final class PaletteExportTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("PaletteExportTests-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// The row menu's items as (label, detailed action).
    private func rowMenuItems(_ window: MainWindow) -> [(String, String)] {
        let model = window.list.rowMenuModel
        return (0..<g_menu_model_get_n_items(model)).map { index in
            func text(_ attribute: String) -> String {
                guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil) else { return "" }
                defer { g_variant_unref(value) }
                return String(cString: g_variant_get_string(value, nil))
            }
            return (text("label"), text("action"))
        }
    }

    private func isEnabled(_ action: WindowAction, in window: MainWindow) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window), action.name) != 0
    }

    func testTheRowMenuOffersExportPaletteForTheSelectedChordset() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let items = rowMenuItems(window)
        XCTAssertTrue(items.contains { $0 == ("Export Palette…", "win.export-palette") }, "\(items)")

        window.list.select(position: 1)
        pump(seconds: 0.05)
        XCTAssertTrue(isEnabled(.exportPalette, in: window))
        XCTAssertEqual(window.list.selectedChordset?.title, "Ocean", "the action exports the selected row")
        window.list.showMenuForSelection()
        pump(seconds: 0.1)
    }

    func testExportPaletteWritesEachFormatWithTheChordsetAsShown() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let chordset = window.controller.chordsets[1]
        // An edit not yet saved is in the export: it is what the row shows.
        let edited = RGBAColor(red: 0x12, green: 0x34, blue: 0x56)
        window.controller.setColor(edited, slot: 3, of: chordset.id)

        let gpl = folder.appendingPathComponent("Ocean.GPL")
        window.exportPalette(of: chordset.id, to: gpl.path)
        XCTAssertTrue(pump(until: { window.toast.message == "Exported “Ocean” to “Ocean.GPL”" }, seconds: 10))
        let palette = try GimpPaletteReader.decode([UInt8](try Data(contentsOf: gpl)), file: gpl.path)
        XCTAssertEqual(palette.name, "Ocean")
        var expected = window.controller.chordsets[1].chords.map(\.color)
        for index in expected.indices { expected[index].alpha = 255 }
        XCTAssertEqual(palette.colors, expected)
        XCTAssertEqual(palette.colors[3], edited)

        let css = folder.appendingPathComponent("ocean.css")
        window.exportPalette(of: chordset.id, to: css.path)
        XCTAssertTrue(pump(until: { window.toast.message.hasSuffix("“ocean.css”") }, seconds: 10))
        XCTAssertTrue(try String(contentsOf: css, encoding: .utf8).contains("  --ocean-4: #123456;\n"))

        let svg = folder.appendingPathComponent("ocean.svg")
        window.exportPalette(of: chordset.id, to: svg.path)
        XCTAssertTrue(pump(until: { window.toast.message.hasSuffix("“ocean.svg”") }, seconds: 10))
        let text = try String(contentsOf: svg, encoding: .utf8)
        XCTAssertTrue(text.contains("<title>Ocean</title>"))
        XCTAssertTrue(text.contains("fill=\"#123456\""))
    }

    func testANameWithoutAPaletteExtensionWritesNothing() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let target = folder.appendingPathComponent("warm.txt")
        let before = window.toast.message
        window.exportPalette(of: window.controller.chordsets[0].id, to: target.path)
        pump(seconds: 0.3)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
        XCTAssertEqual(window.toast.message, before, "no success is claimed")
    }

    func testTheSuggestedNameIsTheTitleAsAGimpPalette() {
        XCTAssertEqual(MainWindow.paletteFileName(for: "Warm"), "Warm.gpl")
        XCTAssertEqual(MainWindow.paletteFileName(for: "Black/White"), "Black-White.gpl")
        XCTAssertEqual(MainWindow.paletteFileName(for: ".hidden"), "-hidden.gpl")
    }

    func testImportingAPaletteSaysItWasPadded() async throws {
        let store = try ChordsetStore.open(at: folder.appendingPathComponent("imager.sqlite"))
        try store.append([Chordset.random(title: "Warm")])
        try store.waitsForOtherWriters(false)
        let window = makeWindow(try ChordsetController(store: store))
        var text = "GIMP Palette\nName: Thirteen\nColumns: 4\n#\n"
        for index in 0..<13 { text += "\(index * 10) \(index * 5) \(index)\tc\(index)\n" }
        let file = folder.appendingPathComponent("thirteen.gpl")
        try Data(text.utf8).write(to: file)

        window.importChordsets(from: file.path)
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Thirteen 1", "Thirteen 2"])
        XCTAssertEqual(window.toast.message, "Imported 2 chordsets from 13 colours; the last was padded with its final colour")
        XCTAssertEqual(window.controller.chordsets[2].color(at: 7), RGBAColor(red: 120, green: 60, blue: 12))
        XCTAssertEqual(try store.counts().chordsets, 3)
    }

    func testARefusedPaletteStoresNothing() async throws {
        let store = try ChordsetStore.open(at: folder.appendingPathComponent("imager.sqlite"))
        try store.append([Chordset.random(title: "Warm")])
        try store.waitsForOtherWriters(false)
        let window = makeWindow(try ChordsetController(store: store))
        let file = folder.appendingPathComponent("bad.gpl")
        try Data("GIMP Palette\n1 2 3\n4 5 six\n".utf8).write(to: file)
        window.importChordsets(from: file.path)
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))
        XCTAssertEqual(window.controller.count, 1)
        XCTAssertEqual(try store.counts().chordsets, 1)
    }
}
