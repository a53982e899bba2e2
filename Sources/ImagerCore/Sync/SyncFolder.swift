import Foundation

/// The layout of a sync folder. Each device writes only inside its own folder, so the
/// folder sync (Syncthing, Nextcloud, ...) never sees two machines change one file:
///
///     FOLDER/imager-sync/DEVICE/0000000001.changes   operations, appended in order of writing
///     FOLDER/imager-sync/DEVICE/0000000042.snapshot  the whole merged state, as operations
///     FOLDER/imager-sync/DEVICE/device.txt           the machine's name
///
/// A file is written whole under a temporary name and renamed in, and never changed after
/// (except that a file left by a crash before the database recorded it is written again
/// with the same lines first, see `SyncPublisher`). Syncthing's conflict copies
/// (`0000000003.sync-conflict-20240101-120000-ABCDEFG.changes`) are read as more changes;
/// its temporary files (`.syncthing.*.tmp`, `~syncthing~*.tmp`) and ours (`.NAME.XXXXXX`)
/// are ignored.
public struct SyncFolder: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    public static let directoryName = "imager-sync"
    public static let deviceFileName = "device.txt"

    public var devicesDirectory: URL { root.appendingPathComponent(Self.directoryName, isDirectory: true) }

    public func directory(of device: String) -> URL {
        devicesDirectory.appendingPathComponent(device, isDirectory: true)
    }

    /// A data file of a device, as its name says.
    public struct DataFile: Hashable, Sendable {
        public var name: String
        public var sequence: Int
        public var isSnapshot: Bool
        /// A copy Syncthing made when two machines changed the file.
        public var isConflictCopy: Bool

        public init?(name: String) {
            guard !name.hasPrefix("."), !name.hasPrefix("~"), name.utf8.count >= 18 else { return nil }
            let digits = name.prefix(10)
            guard digits.allSatisfy(\.isASCIIDigit), let sequence = Int(digits) else { return nil }
            let rest = name.dropFirst(10)
            let kind: Substring
            if rest.hasPrefix(".sync-conflict-") {
                guard let dot = rest.lastIndex(of: "."), dot > rest.startIndex else { return nil }
                kind = rest[dot...]
                isConflictCopy = true
            } else {
                kind = rest
                isConflictCopy = false
            }
            switch kind {
            case ".changes": isSnapshot = false
            case ".snapshot": isSnapshot = true
            default: return nil
            }
            self.name = name
            self.sequence = sequence
        }

        public static func name(sequence: Int, snapshot: Bool) -> String {
            let digits = String(sequence)
            return String(repeating: "0", count: max(0, 10 - digits.count)) + digits + (snapshot ? ".snapshot" : ".changes")
        }
    }

    /// The device folders present (named by a device id; anything else is not ours).
    public func devices() throws(SyncError) -> [String] {
        try names(in: devicesDirectory).filter { DeviceID.isValid($0) }.sorted()
    }

    /// A device's data files, in sequence order; an absent folder has none.
    public func dataFiles(of device: String) throws(SyncError) -> [DataFile] {
        try names(in: directory(of: device)).compactMap(DataFile.init(name:))
            .sorted { ($0.sequence, $0.name) < ($1.sequence, $1.name) }
    }

    private func names(in directory: URL) throws(SyncError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            if !FileManager.default.fileExists(atPath: directory.path) { return [] }
            throw .unreadable(path: directory.path, reason: ChordsetStore.describe(error))
        }
    }

    /// The machine's name from its `device.txt`, if it has one.
    public func name(of device: String) -> String? {
        guard let data = FileManager.default.contents(atPath: directory(of: device).appendingPathComponent(Self.deviceFileName).path),
              let text = String(data: data, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("name\t") {
            return ChangeLine.unescape(line.dropFirst(5))
        }
        return nil
    }

    public static func deviceFileContents(name: String) -> Data {
        Data(("name\t" + ChangeLine.escape(name) + "\n").utf8)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
