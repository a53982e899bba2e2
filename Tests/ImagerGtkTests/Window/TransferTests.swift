import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Import and export from the window run on another thread: the main
/// loop keeps turning while they work, and the result arrives in one step.
@MainActor
final class TransferTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("TransferTests-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func fileStoreWindow(titles: [String]) throws -> (MainWindow, ChordsetStore) {
        let store = try ChordsetStore.open(at: folder.appendingPathComponent("imager.sqlite"))
        try store.append(titles.enumerated().map { Chordset.random(title: $1, position: Double($0)) })
        try store.waitsForOtherWriters(false)
        return (makeWindow(try ChordsetController(store: store)), store)
    }

    func testAnImportRunsOffTheMainLoopAndArrivesInOneStep() async throws {
        let (window, store) = try fileStoreWindow(titles: ["Warm"])
        let file = folder.appendingPathComponent("three.json")
        try ChordsetDocument.encode((0..<3).map { Chordset.random(title: "In \($0)") }).write(to: file)
        var changes: [ListChange] = []
        let follow = window.controller.listChanged
        window.controller.listChanged = { change in changes.append(change); follow(change) }

        window.importChordsets(from: file.path)
        XCTAssertNotNil(window.transfer, "the import is running")
        XCTAssertEqual(window.controller.count, 1, "nothing is shown before the import is done")
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))

        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Warm", "In 0", "In 1", "In 2"])
        XCTAssertEqual(changes, [.inserted(index: 1, count: 3)], "one step")
        XCTAssertEqual(window.toast.message, "Imported 3 chordsets")
        XCTAssertEqual(try store.counts().chordsets, 4, "stored by the import itself")
        XCTAssertFalse(window.controller.hasUnsavedChanges)
        window.controller.undo()
        XCTAssertEqual(window.controller.count, 1)
    }

    func testARefusedFileStoresNothing() async throws {
        let (window, store) = try fileStoreWindow(titles: ["Warm"])
        let file = folder.appendingPathComponent("bad.json")
        try Data(#"{"version": 1, "chordsets": [{"title": "Short", "chords": []}]}"#.utf8).write(to: file)
        window.importChordsets(from: file.path)
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))
        XCTAssertEqual(window.controller.count, 1)
        XCTAssertEqual(try store.counts().chordsets, 1)
    }

    func testAnExportIsWrittenWholeOffTheMainLoop() async throws {
        let (window, _) = try fileStoreWindow(titles: ["Warm", "Ocean"])
        let target = folder.appendingPathComponent("out.json").path
        window.exportChordsets(to: target)
        XCTAssertTrue(pump(until: { window.transfer == nil }, seconds: 10))
        let read = try ChordsetDocument.read(contentsOf: URL(fileURLWithPath: target))
        XCTAssertEqual(read.chordsets.map(\.title), ["Warm", "Ocean"])
        XCTAssertEqual(window.toast.message, "Exported 2 chordsets")
    }

    func testACancelledImportLeavesTheStoreUntouched() async throws {
        let store = try ChordsetStore.open(at: folder.appendingPathComponent("cancel.sqlite"))
        let file = folder.appendingPathComponent("many.json")
        try ChordsetDocument.encode((0..<3000).map { Chordset.random(title: "Row \($0)") }).write(to: file)
        let cancellation = Cancellation()
        var asked = 0
        // Cancel once the store has started writing: the rows written so far roll back.
        XCTAssertThrowsError(try TransferJobs.importFile(file, into: store, alsoTaken: [], after: nil,
                                                         cancellation: cancellation) { fraction in
            asked += 1
            if fraction > 0.5 { cancellation.cancel() }
        }) { error in
            XCTAssertEqual(error as? TransferJobs.Failure, .cancelled)
        }
        XCTAssertGreaterThan(asked, 2)
        XCTAssertEqual(try store.counts().chordsets, 0)
    }
}
