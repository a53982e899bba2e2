import Foundation
import Testing
@testable import ImagerCore

/// The folder of this user's own that files handed to other programs go to (the drag files):
/// made 0700, never through a link, never another user's, closed to others before use.
@Suite struct PrivateFolderTests {
    func temporaryBase() throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("imager-private-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return base
    }

    func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func missingLevelsAreMadeForThisUserAlone() throws {
        let base = try temporaryBase()
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = try PrivateFolder.prepare(["imager", "drag"], under: base)
        #expect(folder.path == base.appendingPathComponent("imager/drag").path)
        #expect(try mode(base.appendingPathComponent("imager")) == 0o700)
        #expect(try mode(folder) == 0o700)
    }

    @Test func aLevelThatIsALinkIsRefusedAndNothingIsMadeWhereItPoints() throws {
        let base = try temporaryBase()
        let elsewhere = try temporaryBase()
        defer {
            try? FileManager.default.removeItem(at: base)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try FileManager.default.createSymbolicLink(at: base.appendingPathComponent("imager"), withDestinationURL: elsewhere)
        #expect(throws: PrivateFolder.Refusal(path: base.appendingPathComponent("imager").path, reason: "it is a symbolic link")) {
            try PrivateFolder.prepare(["imager", "drag"], under: base)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func aFileInThePlaceOfAFolderIsRefused() throws {
        let base = try temporaryBase()
        defer { try? FileManager.default.removeItem(at: base) }
        FileManager.default.createFile(atPath: base.appendingPathComponent("imager").path, contents: Data())
        #expect(throws: PrivateFolder.Refusal(path: base.appendingPathComponent("imager").path, reason: "it is not a folder")) {
            try PrivateFolder.prepare(["imager"], under: base)
        }
    }

    @Test func ourFolderThatOthersCanWriteToIsClosedToThem() throws {
        let base = try temporaryBase()
        defer { try? FileManager.default.removeItem(at: base) }
        let open = base.appendingPathComponent("imager")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
        #expect(chmod(open.path, 0o777) == 0)
        _ = try PrivateFolder.prepare(["imager"], under: base)
        #expect(try mode(open) == 0o700)
    }

    @Test(.enabled(if: geteuid() == 0, "giving a folder to another user needs root"))
    func anotherUsersFolderIsRefusedAndLeftAsItWas() throws {
        let base = try temporaryBase()
        defer { try? FileManager.default.removeItem(at: base) }
        let theirs = base.appendingPathComponent("imager")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        #expect(chmod(theirs.path, 0o777) == 0)
        #expect(chown(theirs.path, 65534, 65534) == 0)
        #expect(throws: PrivateFolder.Refusal(path: theirs.path, reason: "it belongs to another user")) {
            try PrivateFolder.prepare(["imager"], under: base)
        }
        #expect(try mode(theirs) == 0o777)
    }

    /// A sticky folder open to everyone (as /tmp is) is shared by design: closing it would
    /// break every other program and user that works in it, so it is refused, left as it was.
    @Test func aSharedStickyFolderIsRefusedAndLeftOpen() throws {
        let base = try temporaryBase()
        defer { try? FileManager.default.removeItem(at: base) }
        let shared = base.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        #expect(chmod(shared.path, 0o1777) == 0)
        #expect(throws: PrivateFolder.Refusal(path: shared.path, reason: "it is a folder shared with other users")) {
            try PrivateFolder.prepare(["shared", "imager"], under: base)
        }
        #expect(try mode(shared) == 0o1777)
        #expect(!FileManager.default.fileExists(atPath: shared.appendingPathComponent("imager").path))
    }
}
