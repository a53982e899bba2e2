import Foundation
import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

final class AutosaveTests: GtkTestCase {
    func testLosingFocusSavesExactlyOnce() throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.controller.add(title: "Ocean")
        let before = window.autosave.saveCount

        window.activityChanged(isActive: true)
        window.activityChanged(isActive: false)
        window.activityChanged(isActive: false)

        XCTAssertEqual(window.autosave.saveCount, before + 1)
        XCTAssertFalse(window.controller.hasUnsavedChanges)
    }

    func testGainingFocusDoesNotSave() throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let before = window.autosave.saveCount

        window.activityChanged(isActive: true)

        XCTAssertEqual(window.autosave.saveCount, before)
    }

    func testRealFocusNotificationSavesWhenTheWindowIsNotActive() throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.activityChanged(isActive: true)
        let before = window.autosave.saveCount

        // The handler reads the window's real state; under Xvfb without a window manager
        // the window never had the focus, so a notification means "lost it".
        if gtk_window_is_active(cgtk_window(window.window)) == 0 {
            g_object_notify(cgtk_object(window.window), "is-active")
            XCTAssertEqual(window.autosave.saveCount, before + 1)
        }
    }

    func testATitleBeingTypedIsCommittedBeforeSaving() throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let row = try XCTUnwrap(window.list.boundRow(at: 0))
        row.title.startEditing()
        row.title.replaceEnteredText("Hot")

        window.activityChanged(isActive: true)
        window.activityChanged(isActive: false)

        XCTAssertEqual(window.controller.chordsets[0].title, "Hot")
        XCTAssertFalse(window.controller.hasUnsavedChanges)
    }

    func testClosingTheWindowSaves() throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        window.controller.add(title: "Ocean")
        let before = window.autosave.saveCount

        XCTAssertTrue(window.finish())

        XCTAssertEqual(window.autosave.saveCount, before + 1)
        XCTAssertFalse(window.controller.hasUnsavedChanges)
    }

    func testAFailedSaveShowsTheBannerKeepsTheChangesAndKeepsTheWindowOpenOnce() throws {
        let unwritable = StoreError.notWritable(path: "/nowhere/imager.sqlite", reason: "permission denied")
        let controller = ChordsetController(initial: [], reopening: { () throws(StoreError) -> ChordsetStore in
            throw unwritable
        })
        let window = makeWindow(controller)
        controller.add(title: "Kept")

        XCTAssertFalse(window.finish(), "the first close after a failed save should keep the window open")

        XCTAssertTrue(window.banner.isShown)
        XCTAssertEqual(window.banner.message, "\(unwritable.description) Your changes are kept.")
        XCTAssertTrue(controller.hasUnsavedChanges)
        XCTAssertEqual(controller.chordsets.map(\.title), ["Kept"])
        XCTAssertTrue(window.finish(), "a second close goes ahead")
    }

    func testRegainingFocusPicksUpWhatAnotherProcessSaved() throws {
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
