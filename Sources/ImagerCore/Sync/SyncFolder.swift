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
///
/// The folder is written by other machines and whatever else can write into it: every
/// file and folder below the chosen folder is reached through `DirectoryHandle`, never
/// through a symbolic link, and only regular files are read, written and removed.
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
                // Syncthing names a copy by date, time and device: letters, digits and dashes.
                let copyName = rest.index(rest.startIndex, offsetBy: ".sync-conflict-".count)
                guard let dot = rest.lastIndex(of: "."), dot >= copyName,
                      rest[copyName..<dot].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
                else { return nil }
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

    /// The longest `device.txt` read; a longer one is not read and the device has no name.
    public static let maximumDeviceFileSize = 4096

    /// The folder the user chose (a link they made to it is followed).
    func openRoot() throws(SyncError) -> DirectoryHandle {
        do {
            return try DirectoryHandle.open(userChosen: root.path)
        } catch {
            switch error.problem {
            case .missing, .notAFolder: throw .missingFolder(path: root.path)
            default: throw .unreadable(path: root.path, reason: error.reason)
            }
        }
    }

    /// `imager-sync` in the chosen folder, never through a link; nil when there is none.
    func openDevicesDirectory(in root: DirectoryHandle) throws(SyncError) -> DirectoryHandle? {
        do {
            return try root.folder(Self.directoryName)
        } catch {
            if error.problem == .missing { return nil }
            throw .unreadable(path: error.path, reason: Self.describe(error))
        }
    }

    /// `imager-sync` in the chosen folder, made when there is none, never through a link.
    func makeDevicesDirectory(in root: DirectoryHandle) throws(SyncError) -> DirectoryHandle {
        do {
            return try root.makeFolder(Self.directoryName)
        } catch {
            throw .notWritable(path: error.path, reason: Self.describe(error))
        }
    }

    private static func describe(_ error: FileSystemError) -> String {
        error.problem == .symbolicLink ? error.reason + " (Imager never follows a link inside the sync folder)" : error.reason
    }

    /// The device folders in `imager-sync`, and what is named like one but is not a folder.
    struct DeviceListing {
        var devices: [String] = []
        var skipped: [SkippedEntry] = []
    }

    static func listDevices(in directory: DirectoryHandle) throws(SyncError) -> DeviceListing {
        var listing = DeviceListing()
        for name in try names(in: directory) where DeviceID.isValid(name) {
            guard let entry = try? directory.entry(name) else { continue }
            if entry.kind == .folder {
                listing.devices.append(name)
            } else {
                listing.skipped.append(SkippedEntry(path: directory.path(of: name), reason: Self.reason(entry.kind, folder: true), outcome: .skipped))
            }
        }
        listing.devices.sort()
        return listing
    }

    /// A device's data files that are regular files, in sequence order, and what is named like
    /// a data file but is not a regular file.
    struct FileListing {
        var files: [(file: DataFile, entry: DirectoryHandle.Entry)] = []
        var skipped: [SkippedEntry] = []
        /// Names taken by something that is not a regular file.
        var blocked: Set<String> = []
    }

    static func listDataFiles(in directory: DirectoryHandle) throws(SyncError) -> FileListing {
        var listing = FileListing()
        for name in try names(in: directory) {
            guard let file = DataFile(name: name), let entry = try? directory.entry(name) else { continue }
            if entry.kind == .file {
                listing.files.append((file, entry))
            } else {
                listing.blocked.insert(name)
                listing.skipped.append(SkippedEntry(path: directory.path(of: name), reason: Self.reason(entry.kind, folder: false), outcome: .skipped))
            }
        }
        listing.files.sort { ($0.file.sequence, $0.file.name) < ($1.file.sequence, $1.file.name) }
        return listing
    }

    static func reason(_ kind: DirectoryHandle.Entry.Kind, folder: Bool) -> String {
        switch kind {
        case .symbolicLink: "it is a symbolic link"
        case .folder: "it is a folder, not a file"
        case .file: folder ? "it is a file, not a folder" : "it is a file"
        case .special: "it is not a regular file (a device, pipe or socket)"
        }
    }

    private static func names(in directory: DirectoryHandle) throws(SyncError) -> [String] {
        do { return try directory.names() } catch { throw .unreadable(path: directory.path, reason: error.reason) }
    }

    /// The device folders present (named by a device id, and a folder, not a link to one).
    public func devices() throws(SyncError) -> [String] {
        guard let directory = try openDevicesDirectory(in: openRoot()) else { return [] }
        return try Self.listDevices(in: directory).devices
    }

    /// The machine's name from its `device.txt`, if it has a readable one of at most
    /// `maximumDeviceFileSize` bytes.
    static func name(in device: DirectoryHandle) -> String? {
        guard let file = try? device.openFile(Self.deviceFileName),
              let data = try? file.contents(upTo: Self.maximumDeviceFileSize),
              let text = String(data: data, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("name\t") {
            return ChangeLine.unescape(line.dropFirst(5))
        }
        return nil
    }

    public func name(of device: String) -> String? {
        guard DeviceID.isValid(device), let directory = try? openDevicesDirectory(in: openRoot()),
              let folder = try? directory.folder(device) else { return nil }
        return Self.name(in: folder)
    }

    public static func deviceFileContents(name: String) -> Data {
        Data(("name\t" + ChangeLine.escape(name) + "\n").utf8)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
