import Foundation
import Testing
@testable import ImagerCore

/// The sync folder as untrusted input, below the command line: the change-file reader's
/// bounds (a line cap, batches, a reading budget, resuming inside a skipped line) and the
/// folder layer that never follows a link.
@Suite struct SyncFolderInputTests {
    let base: TemporaryDirectory

    init() throws { base = try TemporaryDirectory() }

    func line(_ title: String) -> String {
        let key = SyncRecordKey.chordset(UUID())
        let stamp = Stamp(milliseconds: 1_700_000_000_000, counter: 0, device: "00000000000000aa")
        return ChangeLine.encode(SyncOperation(key: key, stamp: stamp, fields: ["title": title]))
    }

    func file(_ name: String, _ data: Data) throws -> ReadableFile {
        let url = base.url.appendingPathComponent(name)
        try data.write(to: url)
        return try ReadableFile.open(userChosen: url.path)
    }

    @Test func anOverLongLineIsSkippedOnceAndTheNextLinesAreRead() throws {
        let long = Data(repeating: UInt8(ascii: "x"), count: ChangeFileReader.maximumLineLength + 10)
        let data = Data(line("Before").utf8) + long + Data("\n".utf8) + Data(line("After").utf8)
        let result = try ChangeFileReader.read(file("long.changes", data), from: 0)
        #expect(result.operations.map { $0.fields["title"] } == ["Before", "After"])
        #expect(result.skipped.count == 1)
        #expect(result.skipped.first?.byteOffset == line("Before").utf8.count)
        #expect(result.readThrough == data.count)
    }

    @Test func aReadStoppedInsideALongLineSkipsTheRestOfItNextTime() throws {
        let first = Data(line("First").utf8)
        let long = Data(repeating: 0, count: 3 * ChangeFileReader.maximumLineLength)
        let data = first + long + Data("\n".utf8) + Data(line("Last").utf8)
        let opened = try file("budget.changes", data)
        var limits = ChangeFileReader.Limits()
        limits.scan = first.count + ChangeFileReader.maximumLineLength + 5
        let stopped = try ChangeFileReader.read(opened, from: 0, limits: limits)
        #expect(stopped.operations.count == 1)
        #expect(stopped.readThrough == limits.scan, "the place inside the long line is recorded")
        #expect(stopped.skipped.count == 1)
        let resumed = try ChangeFileReader.read(opened, from: stopped.readThrough)
        #expect(resumed.operations.map { $0.fields["title"] } == ["Last"])
        #expect(resumed.skipped.isEmpty, "the long line was reported once")
        #expect(resumed.readThrough == data.count)
    }

    @Test func aBatchStopsAtItsLimitAndTheNextReadGoesOn() throws {
        let lines = (0..<10).map { line("Row \($0)") }
        let opened = try file("batches.changes", Data(lines.joined().utf8))
        var limits = ChangeFileReader.Limits()
        limits.lines = 4
        var offset = 0
        var titles: [String] = []
        for _ in 0..<3 {
            let result = try ChangeFileReader.read(opened, from: offset, limits: limits)
            titles += result.operations.compactMap { $0.fields["title"] }
            offset = result.readThrough
        }
        #expect(titles == (0..<10).map { "Row \($0)" })
        #expect(offset == lines.joined().utf8.count)
    }

    @Test func manyDamagedLinesAreReportedInBoundedNumbers() throws {
        let data = Data(String(repeating: "damaged\n", count: 1_000).utf8)
        let result = try ChangeFileReader.read(file("damaged.changes", data), from: 0)
        #expect(result.skipped.count == ChangeFileReader.maximumReports + 1)
        #expect(result.skipped.last?.problem.description.contains("900 more") == true)
    }

    @Test func aLinkIsNeitherWrittenThroughNorReplacedNorRemoved() throws {
        let outside = base.url.appendingPathComponent("outside.txt")
        try Data("keep".utf8).write(to: outside)
        let folder = base.url.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path,
                                                   withDestinationPath: outside.path)
        let directory = try DirectoryHandle.open(userChosen: folder.path)
        #expect(throws: FileSystemError(path: directory.path(of: "link"), problem: .symbolicLink)) {
            try directory.replaceFile("link", with: Data("changed".utf8))
        }
        #expect(throws: FileSystemError(path: directory.path(of: "link"), problem: .symbolicLink)) {
            try directory.removeFile("link")
        }
        #expect(throws: FileSystemError(path: directory.path(of: "link"), problem: .symbolicLink)) {
            _ = try directory.openFile("link")
        }
        #expect(try Data(contentsOf: outside) == Data("keep".utf8))
        #expect(try directory.entry("link")?.kind == .symbolicLink)
        try directory.replaceFile("own", with: Data("mine".utf8))
        #expect(try directory.openFile("own").contents(upTo: 10) == Data("mine".utf8))
        #expect(try directory.names().sorted() == ["link", "own"], "no temporary file is left")
    }

    @Test func aHugeDeviceFileGivesNoNameAndALinkedPeerFolderIsNotShown() throws {
        let devices = base.url.appendingPathComponent("imager-sync")
        let honest = devices.appendingPathComponent("00000000000000a1")
        let huge = devices.appendingPathComponent("00000000000000a2")
        try FileManager.default.createDirectory(at: honest, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: huge, withIntermediateDirectories: true)
        try SyncFolder.deviceFileContents(name: "Laptop").write(to: honest.appendingPathComponent("device.txt"))
        let hugeFile = huge.appendingPathComponent("device.txt")
        FileManager.default.createFile(atPath: hugeFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: hugeFile)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let elsewhere = base.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: devices.appendingPathComponent("00000000000000a3").path,
                                                   withDestinationPath: honest.path)
        let folder = SyncFolder(root: base.url)
        let started = Date()
        let peers = folder.peers(excluding: "00000000000000ff")
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(peers.map(\.device) == ["00000000000000a1", "00000000000000a2"])
        #expect(peers.map(\.name) == ["Laptop", nil])
        #expect(folder.name(of: "00000000000000a3") == nil)
    }
}
