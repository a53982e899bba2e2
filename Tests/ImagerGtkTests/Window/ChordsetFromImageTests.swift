import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// New Chordset from Image… and files dropped on the window: the real action runs with the
/// chooser answered in place (`FileChooser.answering`).
@MainActor
final class ChordsetFromImageTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("ChordsetFromImageTests-\(UUID().uuidString)")

    /// Eight flat blocks of these colours, side by side.
    private let blockColors: [RGBAColor] = [
        RGBAColor(red: 0x1B, green: 0x26, blue: 0x3B), RGBAColor(red: 0x41, green: 0x5A, blue: 0x77),
        RGBAColor(red: 0x77, green: 0x8D, blue: 0xA9), RGBAColor(red: 0xE0, green: 0xE1, blue: 0xDD),
        RGBAColor(red: 0xC0, green: 0x48, blue: 0x5E), RGBAColor(red: 0xF6, green: 0xD1, blue: 0x4E),
        RGBAColor(red: 0x2E, green: 0x8B, blue: 0x57), RGBAColor(red: 0x8B, green: 0x45, blue: 0x13),
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// Writes the eight blocks as a `width` × `height` PNG with gdk-pixbuf.
    private func writeBlocks(_ name: String, width: Int = 160, height: Int = 40) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let color = blockColors[x * blockColors.count / width]
                let pixel = pixels + y * stride + x * 3
                pixel[0] = color.red; pixel[1] = color.green; pixel[2] = color.blue
            }
        }
        XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, nil), 0, "the test picture is written")
        return path
    }

    /// The texts of the labels in the messages now open.
    private func messageDialogTexts() -> [String] {
        OpenMessages.all().flatMap(OpenMessages.texts(of:))
    }

    private func closeMessageDialogs() {
        OpenMessages.closeAll()
        pump(seconds: 0.05)
    }

    /// The main menu's items, every section, as (label, detailed action).
    private func mainMenuItems(_ window: MainWindow) -> [(String, String)] {
        func items(of model: UnsafeMutablePointer<GMenuModel>) -> [(String, String)] {
            (0..<g_menu_model_get_n_items(model)).flatMap { index -> [(String, String)] in
                if let section = g_menu_model_get_item_link(model, index, "section") {
                    defer { g_object_unref(UnsafeMutableRawPointer(section)) }
                    return items(of: section)
                }
                func text(_ attribute: String) -> String {
                    guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil) else { return "" }
                    defer { g_variant_unref(value) }
                    return String(cString: g_variant_get_string(value, nil))
                }
                return [(text("label"), text("action"))]
            }
        }
        return items(of: cgtk_menu_model(UnsafeMutableRawPointer(window.menu.model)))
    }

    func testTheMainMenuOffersNewChordsetFromImage() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let items = mainMenuItems(window)
        XCTAssertTrue(items.contains { $0 == ("New Chordset from Image…", "win.new-from-image") }, "\(items)")
        XCTAssertNotEqual(g_action_group_get_action_enabled(OpaquePointer(window.window), "new-from-image"), 0)
    }

    func testTheActionAddsThePicturesChordsetSelectedAsOneUndoStep() async throws {
        let window = makeWindow(try makeController(titles: (1...30).map { "Row \($0)" }))
        let path = try writeBlocks("Harbour at dusk.png")
        var asked: [FileTransfer.Question] = []
        window.fileChooser = .answering { question in
            asked.append(question)
            return path
        }
        let before = window.controller.chordsets.map(\.id)

        activate(.chordsetFromImage, in: window)
        XCTAssertTrue(pump(until: { window.transfer == nil && window.controller.count == 31 }, seconds: 10))

        let filter = try XCTUnwrap(asked.first?.filters.first)
        XCTAssertEqual(filter.name, "Images")
        XCTAssertTrue(filter.mimeTypes.contains("image/png") && filter.mimeTypes.contains("image/jpeg"),
                      "gdk-pixbuf's formats: \(filter.mimeTypes)")
        let added = try XCTUnwrap(window.controller.chordsets.last)
        XCTAssertEqual(added.title, "Harbour at dusk", "the file's name without its extension")
        XCTAssertEqual(Set(added.chords.map(\.color)), Set(blockColors), "eight flat blocks come back exactly")
        XCTAssertEqual(window.list.selectedPosition, 30, "the new row is selected")
        XCTAssertEqual(window.list.selectedChordset?.id, added.id)
        XCTAssertTrue(pump(until: { window.list.boundRow(at: 30) != nil }, seconds: 3), "and scrolled to")
        XCTAssertEqual(window.toast.message, "New chordset from “Harbour at dusk.png”")

        XCTAssertEqual(window.controller.undoName, "Add “Harbour at dusk”")
        window.controller.undo()
        XCTAssertEqual(window.controller.chordsets.map(\.id), before, "one undo step takes it out")
        XCTAssertFalse(window.controller.canUndo)
    }

    func testAFileThatIsNotAPictureChangesNothingAndNamesTheFile() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let path = folder.appendingPathComponent("notes.png").path
        try Data("these are notes, not a picture\n".utf8).write(to: URL(fileURLWithPath: path))
        window.addChordset(fromPicture: path)
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))
        pump(seconds: 0.1)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "Ocean"])
        XCTAssertFalse(window.controller.canUndo)
        let texts = messageDialogTexts()
        XCTAssertTrue(texts.contains("Could not make a chordset from “notes.png”"), "\(texts)")
        let detail = try XCTUnwrap(texts.first { $0.hasPrefix("notes.png: is not a picture") }, "\(texts)")
        XCTAssertFalse(detail.contains(folder.path), "the file's name, not its whole path")
        closeMessageDialogs()
    }

    func testACancelledPictureAddsNothing() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let path = try writeBlocks("big.png", width: 2400, height: 1600)
        window.addChordset(fromPicture: path)
        window.transfer?.cancellation.cancel()
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm"])
        XCTAssertEqual(window.toast.message, "Cancelled; nothing was added")
    }

    func testDroppedFilesAreTakenByTheirExtension() async throws {
        XCTAssertEqual(MainWindow.DroppedFile(path: "/a/colours.json"), .chordsets)
        XCTAssertEqual(MainWindow.DroppedFile(path: "/a/Warm.GPL"), .chordsets)
        XCTAssertEqual(MainWindow.DroppedFile(path: "/a/photo.JPG"), .picture)
        XCTAssertEqual(MainWindow.DroppedFile(path: "/a/no-extension"), .picture)
    }

    func testDroppingSeveralFilesOpensTheFirstAndSaysSo() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let picture = try writeBlocks("blocks.png")
        let json = folder.appendingPathComponent("two.json")
        try ChordsetDocument.encode([Chordset.random(title: "In 1"), Chordset.random(title: "In 2")]).write(to: json)

        XCTAssertTrue(window.open(dropped: [picture, json.path]))
        XCTAssertTrue(pump(until: { window.transfer == nil && window.controller.count == 2 }, seconds: 10))
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "blocks"], "only the first file")
        XCTAssertEqual(window.toast.message,
                       "New chordset from “blocks.png” (first of 2 files dropped)")

        XCTAssertTrue(window.open(dropped: [json.path]))
        XCTAssertTrue(pump(until: { window.transfer == nil && window.controller.count == 4 }, seconds: 10))
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "blocks", "In 1", "In 2"], "a .json is imported")
        XCTAssertEqual(window.toast.message, "Imported 2 chordsets")
    }

    func testADropWhileAFileIsBeingReadIsRefused() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let path = try writeBlocks("blocks.png")
        window.addChordset(fromPicture: path)
        XCTAssertFalse(window.open(dropped: [path]))
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))
        pump(seconds: 0.1)
        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "blocks"], "the first one only")
    }
}
