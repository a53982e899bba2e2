import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// The Sync dialog lists the other computers from the folder, which anyone may have filled:
/// a huge `device.txt` is not read, and a device folder that is a link is not followed.
@MainActor
final class SyncDialogUntrustedFolderTests: GtkTestCase {
    func testTheDialogOpensAtOnceBesideAHugeNameFileAndALinkedDeviceFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-sync-gtk-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let devices = folder.appendingPathComponent("imager-sync")
        let honest = devices.appendingPathComponent("00000000000000a1")
        let huge = devices.appendingPathComponent("00000000000000a2")
        for directory in [honest, huge] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        try SyncFolder.deviceFileContents(name: "Laptop").write(to: honest.appendingPathComponent("device.txt"))
        let hugeFile = huge.appendingPathComponent("device.txt")
        FileManager.default.createFile(atPath: hugeFile.path, contents: Data("name\tHuge\n".utf8))
        let handle = try FileHandle(forWritingTo: hugeFile)
        try handle.truncate(atOffset: 1 << 30)   // sparse: a gigabyte that takes no disk
        try handle.close()
        try FileManager.default.createSymbolicLink(atPath: devices.appendingPathComponent("00000000000000a3").path,
                                                   withDestinationPath: honest.path)

        let controller = try makeController(titles: ["One"])
        let window = makeWindow(controller)
        let store = try XCTUnwrap(window.syncStore)
        try store.setSyncFolder(folder.path)
        let started = Date()
        activate(.sync, in: window)
        let dialog = try XCTUnwrap(window.syncDialog)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        let peers = String(cString: gtk_label_get_text(cgtk_label(dialog.peersLabel))).split(separator: "\n")
        XCTAssertEqual(peers.count, 2, "\(peers)")
        XCTAssertTrue(peers[0].hasPrefix("Laptop"), "\(peers)")
        XCTAssertTrue(peers[1].hasPrefix("A computer without a name (00000000000000a2)"), "\(peers)")
        dialog.close()
        pump(seconds: 0.1)
    }
}
