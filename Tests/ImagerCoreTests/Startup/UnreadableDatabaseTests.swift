import Foundation
import Testing
@testable import ImagerCore

@Suite struct UnreadableDatabaseTests {
    /// 2026-11-21 06:30:00 in the local time zone, the example in the source.
    static let moment: Date = {
        var components = DateComponents(year: 2026, month: 11, day: 21, hour: 6, minute: 30, second: 0)
        components.timeZone = TimeZone.current
        return Calendar(identifier: .gregorian).date(from: components)!
    }()

    @Test func theFileAndItsSidecarsAreMovedByteForByteToATimestampedName() throws {
        let folder = try TemporaryDirectory()
        let url = folder.databaseURL
        let main = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 31) })
        let wal = Data("write-ahead log".utf8), shm = Data("shared memory".utf8)
        try main.write(to: url)
        try wal.write(to: URL(fileURLWithPath: url.path + "-wal"))
        try shm.write(to: URL(fileURLWithPath: url.path + "-shm"))

        let moved = try UnreadableDatabase.moveAside(url, now: Self.moment)

        #expect(moved.path == url.path + ".unreadable-20261121-063000")
        #expect(try bytes(of: moved) == main)
        #expect(try bytes(of: URL(fileURLWithPath: moved.path + "-wal")) == wal)
        #expect(try bytes(of: URL(fileURLWithPath: moved.path + "-shm")) == shm)
        #expect(try folder.contents() == [
            "imager.sqlite.unreadable-20261121-063000",
            "imager.sqlite.unreadable-20261121-063000-shm",
            "imager.sqlite.unreadable-20261121-063000-wal",
        ])
    }

    @Test func aFileWithoutSidecarsIsMovedAlone() throws {
        let folder = try TemporaryDirectory()
        try Data("x".utf8).write(to: folder.databaseURL)
        let moved = try UnreadableDatabase.moveAside(folder.databaseURL, now: Self.moment)
        #expect(try folder.contents() == [moved.lastPathComponent])
    }

    @Test func aSecondMoveInTheSameSecondDoesNotOverwriteTheFirst() throws {
        let folder = try TemporaryDirectory()
        try Data("first".utf8).write(to: folder.databaseURL)
        let first = try UnreadableDatabase.moveAside(folder.databaseURL, now: Self.moment)
        try Data("second".utf8).write(to: folder.databaseURL)
        let second = try UnreadableDatabase.moveAside(folder.databaseURL, now: Self.moment)

        #expect(second.path == first.path + "-2")
        #expect(try bytes(of: first) == Data("first".utf8))
        #expect(try bytes(of: second) == Data("second".utf8))
    }

    @Test func aMissingFileIsAnError() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: (any Error).self) {
            try UnreadableDatabase.moveAside(folder.databaseURL, now: Self.moment)
        }
        #expect(try folder.contents().isEmpty)
    }
}
