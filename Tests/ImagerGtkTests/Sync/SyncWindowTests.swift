import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Main menu → Sync…, and another computer's changes arriving in the open window.
@MainActor
final class SyncWindowTests: GtkTestCase {
    /// A fresh sync folder, removed after the test.
    private func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-sync-gtk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    private func label(_ widget: Widget) -> String {
        String(cString: gtk_label_get_text(cgtk_label(widget)))
    }

    /// After a first-page start, sync's connection is opened with the rest of the list, not
    /// before the first frame; Sync… waits for it too.
    func testAfterAFirstPageStartSyncWaitsForTheWholeList() async throws {
        let store = ChordsetStore.inMemory()
        let filling = try ChordsetController(store: store)
        try filling.importChordsets((0..<100).map { Chordset.random(title: "Chordset \($0)", position: Double($0)) })
        filling.save()
        let controller = try ChordsetController(store: store, firstPage: 20)
        XCTAssertTrue(controller.isLoadingRest)
        let window = makeWindow(controller)
        XCTAssertNil(window.liveSync)
        XCTAssertNil(window.syncStore)
        XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(window.window), WindowAction.sync.name), 0)

        controller.finishLoadingNow()
        window.listLoaded()
        pump(seconds: 0.1)
        XCTAssertNotNil(window.liveSync)
        XCTAssertNotNil(window.syncStore)
        XCTAssertNotEqual(g_action_group_get_action_enabled(OpaquePointer(window.window), WindowAction.sync.name), 0)
    }

    func testTheSyncDialogChoosesAFolderNamesThisComputerAndStops() async throws {
        let folder = try makeFolder()
        let controller = try makeController(titles: ["One", "Two"])
        let window = makeWindow(controller)
        activate(.sync, in: window)
        let dialog = try XCTUnwrap(window.syncDialog)
        XCTAssertTrue(label(dialog.explanationLabel).hasPrefix("To have the same chordsets on all your computers, choose a folder"),
                      label(dialog.explanationLabel))
        XCTAssertTrue(label(dialog.folderLabel).hasPrefix("Not syncing"))
        XCTAssertEqual(gtk_widget_get_sensitive(dialog.stopButton), 0)

        dialog.choose(folder: folder.path)
        XCTAssertEqual(label(dialog.folderLabel), folder.path)
        XCTAssertEqual(label(dialog.explanationLabel),
                       "Share this folder with your other computers with Syncthing, Nextcloud or any folder sync.")
        XCTAssertEqual(gtk_widget_get_sensitive(dialog.stopButton), 1)
        let store = try XCTUnwrap(window.syncStore)
        XCTAssertEqual(try store.syncSettings().folder, folder.path)

        gtk_editable_set_text(cgtk_editable(UnsafeMutableRawPointer(dialog.nameEntry)), "Studio")
        XCTAssertEqual(try store.syncSettings().name, "Studio")
        // The round the choice started publishes under that name.
        let device = try store.syncSettings().device
        let nameFile = folder.appendingPathComponent("imager-sync/\(device)/device.txt")
        let rounds = SyncRounds(try XCTUnwrap(window.liveSync))
        XCTAssertTrue(pump(until: { rounds.look() > 1 }, seconds: 5))
        XCTAssertEqual(SyncFolder(root: folder).name(of: device), "Studio", "device.txt: \(String(describing: try? String(contentsOf: nameFile, encoding: .utf8)))")

        // Another computer appears once it has written to the folder.
        let other = ChordsetStore.inMemory()
        try other.setSyncFolder(folder.path)
        try other.setSyncName("Laptop")
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        dialog.refresh()
        XCTAssertTrue(label(dialog.peersLabel).hasPrefix("Laptop — last wrote "), label(dialog.peersLabel))

        gtk_widget_activate(dialog.stopButton)
        pump(seconds: 0.4)
        XCTAssertNil(try store.syncSettings().folder)
        XCTAssertTrue(label(dialog.folderLabel).hasPrefix("Not syncing"))
        dialog.close()
        pump(seconds: 0.1)
        XCTAssertNil(window.syncDialog)
    }

    func testTheSyncDialogShowsNoLabelWithoutWordsBeforeAFolderIsChosen() async throws {
        let controller = try makeController(titles: ["One"])
        let window = makeWindow(controller)
        activate(.sync, in: window)
        let dialog = try XCTUnwrap(window.syncDialog)
        pump(seconds: 0.1)
        for labelWidget in [dialog.explanationLabel, dialog.folderLabel, dialog.peersLabel, dialog.statusLabel]
        where gtk_widget_get_visible(labelWidget) != 0 {
            XCTAssertFalse(label(labelWidget).isEmpty, "a label without words is shown, which a screen reader meets unnamed")
        }
        dialog.close()
        pump(seconds: 0.1)
    }

    func testARenameOnAnotherComputerAppearsInTheOpenWindow() async throws {
        let folder = try makeFolder()
        let controller = try makeController(titles: ["Alpha", "Beta", "Gamma"])
        let window = makeWindow(controller)
        let store = try XCTUnwrap(window.syncStore)
        try store.setSyncFolder(folder.path)
        let liveSync = try XCTUnwrap(window.liveSync)
        let started = SyncRounds(liveSync)
        XCTAssertTrue(pump(until: { started.look() > 0 && liveSync.lastSummary != nil }, seconds: 5))

        // The other computer: its own database, the same folder (as Syncthing keeps it).
        let other = ChordsetStore.inMemory()
        try other.setSyncFolder(folder.path)
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        let otherController = try ChordsetController(store: other)
        XCTAssertEqual(otherController.chordsets.map(\.title), ["Alpha", "Beta", "Gamma"])
        let beta = otherController.chordsets[1].id
        otherController.rename(id: beta, to: "Beta, renamed elsewhere")
        _ = otherController.save()
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()

        // An edit in progress here, unsaved: it stays.
        controller.setColor(RGBAColor(hex: "#102030")!, slot: 2, of: controller.chordsets[0].id)
        let arrived = pump(until: { controller.chordsets.first { $0.id == beta }?.title == "Beta, renamed elsewhere" },
                           seconds: 3)
        XCTAssertTrue(arrived, "the rename did not reach the open window within 3 s")
        pump(seconds: 0.2)
        XCTAssertEqual(shownTitles(window)[1], "Beta, renamed elsewhere")
        XCTAssertEqual(controller.chordsets[0].color(at: 2).hex, "#102030")
        // Local undo undoes the local edit, not the other computer's rename.
        controller.undo()
        XCTAssertEqual(controller.chordsets.map(\.title), ["Alpha", "Beta, renamed elsewhere", "Gamma"])
    }

    func testTheWatchedFolderBringsAChangeWithoutWaitingForThePoll() async throws {
        let folder = try makeFolder()
        let controller = try makeController(titles: ["Alpha", "Beta"])
        let window = makeWindow(controller)
        let store = try XCTUnwrap(window.syncStore)
        try store.setSyncFolder(folder.path)
        let liveSync = try XCTUnwrap(window.liveSync)
        liveSync.stop()
        liveSync.pollMilliseconds = 60_000
        liveSync.start()
        let device = try store.syncSettings().device
        let own = SyncFolder(root: folder).directory(of: device).path
        XCTAssertTrue(pump(until: { liveSync.watchedPaths.contains(own) }, seconds: 5), "\(liveSync.watchedPaths)")

        let other = ChordsetStore.inMemory()
        try other.setSyncFolder(folder.path)
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        // The other computer's folder is new: the watch picks it up with the round it starts.
        let otherDevice = try other.syncSettings().device
        XCTAssertTrue(pump(until: { liveSync.watchedPaths.contains(SyncFolder(root: folder).directory(of: otherDevice).path) },
                           seconds: 3), "\(liveSync.watchedPaths)")
        let otherController = try ChordsetController(store: other)
        let beta = try XCTUnwrap(otherController.chordsets.first { $0.title == "Beta" }).id
        otherController.rename(id: beta, to: "Beta, seen by the watch")
        _ = otherController.save()
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        XCTAssertTrue(pump(until: { controller.chordsets.first { $0.id == beta }?.title == "Beta, seen by the watch" },
                           seconds: 2), "the change waited for the minute-long poll")
    }

    func testAChordsetEditedHereShowsTheOtherComputersChangeOnceSaved() async throws {
        let folder = try makeFolder()
        let controller = try makeController(titles: ["Alpha", "Beta"])
        let window = makeWindow(controller)
        let store = try XCTUnwrap(window.syncStore)
        try store.setSyncFolder(folder.path)
        let liveSync = try XCTUnwrap(window.liveSync)
        XCTAssertTrue(pump(until: { liveSync.lastSummary != nil }, seconds: 5))
        let other = ChordsetStore.inMemory()
        try other.setSyncFolder(folder.path)
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        let alpha = controller.chordsets[0].id

        // Here: a colour of Alpha, not saved yet. There: Alpha renamed, synced.
        controller.setColor(RGBAColor(hex: "#405060")!, slot: 5, of: alpha)
        let otherController = try ChordsetController(store: other)
        otherController.rename(id: alpha, to: "Alpha, renamed elsewhere")
        _ = otherController.save()
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        let rounds = SyncRounds(liveSync)
        XCTAssertTrue(pump(until: { rounds.look() > 1 }, seconds: 5))
        XCTAssertEqual(controller.chordsets[0].color(at: 5).hex, "#405060", "the unsaved edit was lost")

        window.autosave.save()
        XCTAssertEqual(controller.chordsets[0].title, "Alpha, renamed elsewhere")
        XCTAssertEqual(controller.chordsets[0].color(at: 5).hex, "#405060")
        XCTAssertEqual(try store.loadAll()[0].title, "Alpha, renamed elsewhere")
        // And the other computer gets the colour.
        XCTAssertTrue(pump(until: { rounds.look() > 3 }, seconds: 5))
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        XCTAssertEqual(try other.loadAll()[0].color(at: 5).hex, "#405060")
        XCTAssertEqual(try other.loadAll()[0].title, "Alpha, renamed elsewhere")
    }
}
