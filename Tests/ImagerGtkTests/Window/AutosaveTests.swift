import Foundation
import CGtk
import GRDB
import ImagerCore
@testable import ImagerGtk
import XCTest

@MainActor
final class AutosaveTests: GtkTestCase {
    func testLosingFocusSavesExactlyOnce() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.controller.add(title: "Ocean")
        let before = window.autosave.saveCount

        window.activityChanged(isActive: true)
        window.activityChanged(isActive: false)
        window.activityChanged(isActive: false)

        XCTAssertEqual(window.autosave.saveCount, before + 1)
        XCTAssertFalse(window.controller.hasUnsavedChanges)
    }

    func testGainingFocusDoesNotSave() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let before = window.autosave.saveCount

        window.activityChanged(isActive: true)

        XCTAssertEqual(window.autosave.saveCount, before)
    }

    func testLosingTheRealFocusToAnotherWindowSaves() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.controller.add(title: "Ocean")
        XCTAssertTrue(pump(until: { gtk_window_is_active(cgtk_window(window.window)) != 0 }),
                      "precondition: the shown window has the focus")
        let before = window.autosave.saveCount

        // Another toplevel takes the focus; the window hears it through notify::is-active.
        let other = gtk_window_new()!
        defer { gtk_window_destroy(cgtk_window(other)) }
        gtk_window_present(cgtk_window(other))
        XCTAssertTrue(pump(until: { gtk_window_is_active(cgtk_window(window.window)) == 0 }),
                      "the other window should take the focus")
        pump(seconds: 0.05)

        XCTAssertEqual(window.autosave.saveCount, before + 1)
        XCTAssertFalse(window.controller.hasUnsavedChanges)
    }

    func testATitleBeingTypedIsCommittedBeforeSaving() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        row.title.startEditing()
        row.title.replaceEnteredText("Hot")

        window.activityChanged(isActive: true)
        window.activityChanged(isActive: false)

        XCTAssertEqual(window.controller.chordsets[0].title, "Hot")
        XCTAssertFalse(window.controller.hasUnsavedChanges)
    }

    func testClosingTheWindowSaves() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.controller.add(title: "Ocean")
        let before = window.autosave.saveCount

        XCTAssertTrue(window.finish(again: {}))

        XCTAssertEqual(window.autosave.saveCount, before + 1)
        XCTAssertFalse(window.controller.hasUnsavedChanges)
    }

    func testAFailedSaveShowsTheBannerKeepsTheChangesAndKeepsTheWindowOpen() async throws {
        let unwritable = StoreError.notWritable(path: "/nowhere/imager.sqlite", reason: "permission denied")
        let controller = ChordsetController(initial: [], reopening: { () throws(StoreError) -> ChordsetStore in
            throw unwritable
        })
        let window = makeWindow(controller)
        controller.add(title: "Kept")

        var closed = 0
        XCTAssertFalse(window.finish(again: { closed += 1 }), "a close after a failed save should keep the window open")

        XCTAssertTrue(window.banner.isShown)
        XCTAssertEqual(window.banner.message, "\(unwritable.description) Your changes are kept.")
        XCTAssertTrue(controller.hasUnsavedChanges)
        XCTAssertEqual(controller.chordsets.map(\.title), ["Kept"])
        XCTAssertNotNil(window.closeConfirmation, "closing asks before losing the edits")
        // A second close (or Ctrl+Q) asks again; it never goes ahead on its own.
        XCTAssertFalse(window.finish(again: { closed += 1 }))
        XCTAssertEqual(closed, 0)
        XCTAssertTrue(controller.hasUnsavedChanges)
    }

    func testCloseWithoutSavingAsksWithCancelAsTheDefaultAndOnlyItsButtonCloses() async throws {
        let unwritable = StoreError.notWritable(path: "/nowhere/imager.sqlite", reason: "permission denied")
        let controller = ChordsetController(initial: [], reopening: { () throws(StoreError) -> ChordsetStore in
            throw unwritable
        })
        let window = makeWindow(controller)
        controller.add(title: "One")
        controller.add(title: "Two")
        var closed = 0
        XCTAssertFalse(window.finish(again: { closed += 1 }))
        let dialog = try XCTUnwrap(window.closeConfirmation)
        let texts = allLabels(in: dialog)
        XCTAssertTrue(texts.contains("Close Without Saving?"), "\(texts)")
        XCTAssertTrue(texts.contains { $0.contains("2 chordsets have changes") }, "\(texts)")

        // Cancel keeps everything.
        pump(seconds: 0.3)
        OpenMessages.press("Cancel", in: dialog)
        pump(seconds: 0.5)  // a button activated shows itself pressed a moment, then clicks
        XCTAssertNil(window.closeConfirmation)
        XCTAssertEqual(closed, 0)

        XCTAssertFalse(window.finish(again: { closed += 1 }))
        let again = try XCTUnwrap(window.closeConfirmation)
        pump(seconds: 0.3)
        OpenMessages.press("Close Without Saving", in: again)
        pump(seconds: 0.5)
        XCTAssertEqual(closed, 1, "Close Without Saving closes")
        XCTAssertTrue(window.finish(again: { closed += 1 }), "and the close then goes ahead")
    }

    func testAnEditIsSavedAfterTwoQuietSecondsWhileTheWindowKeepsTheFocus() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let before = window.autosave.saveCount
        window.controller.add(title: "Typed")
        XCTAssertTrue(window.autosave.isScheduled)
        pump(seconds: 1.0)
        XCTAssertEqual(window.autosave.saveCount, before, "not before the quiet time")
        pump(seconds: 1.5)
        XCTAssertEqual(window.autosave.saveCount, before + 1)
        XCTAssertFalse(window.controller.hasUnsavedChanges)
    }

    func testASaveThatMeetsAnotherWritersLockIsRetriedWithoutWaiting() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("imager.sqlite")
        let store = try ChordsetStore.open(at: url)
        try store.waitsForOtherWriters(false)
        let window = makeWindow(try ChordsetController(store: store))
        window.controller.add(title: "Waiting")

        var holdsLock = Configuration()
        holdsLock.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: url.path, configuration: holdsLock)
        try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let started = Date()
        guard case let .failed(error) = window.autosave.save() else { return XCTFail("saved through a held lock") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the main loop must not wait for the lock")
        XCTAssertTrue(error.isBusy)
        XCTAssertTrue(window.autosave.isScheduled, "a retry is scheduled")
        XCTAssertTrue(window.controller.hasUnsavedChanges)

        try other.inDatabase { db in try db.execute(sql: "COMMIT") }
        XCTAssertTrue(pump(until: { !window.controller.hasUnsavedChanges }, seconds: 3))
        XCTAssertEqual(try store.loadAll().map(\.title), ["Waiting"])
        XCTAssertFalse(window.banner.isShown)
    }

    private func allLabels(in widget: Widget) -> [String] {
        var texts: [String] = []
        if gtk_widget_get_name(widget).map({ String(cString: $0) }) == "GtkLabel" {
            texts.append(String(cString: gtk_label_get_text(cgtk_label(widget))))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            texts += allLabels(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }

    func testRegainingFocusPicksUpWhatAnotherProcessSaved() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("imager.sqlite")
        let window = makeWindow(try ChordsetController(store: ChordsetStore.open(at: url)))
        window.activityChanged(isActive: true)
        window.activityChanged(isActive: false)

        // Another process (say `imager --import`) adds a chordset while the window is in the background.
        let other = try ChordsetController(store: ChordsetStore.open(at: url))
        other.add(title: "Imported Elsewhere")
        other.save()
        window.activityChanged(isActive: true)
        pump(seconds: 0.1)

        XCTAssertEqual(window.controller.chordsets.map(\.title), ["Imported Elsewhere"])
        XCTAssertEqual(window.list.model.count, 1)
        XCTAssertEqual(shownTitles(window), [0: "Imported Elsewhere"])
    }
}
