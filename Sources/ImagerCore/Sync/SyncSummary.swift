import Foundation

/// What one sync round did.
public struct SyncSummary: Sendable, Equatable {
    /// Operations this machine wrote to the folder.
    public var sent = 0
    /// Operations of other machines merged (duplicates included; merging them is harmless).
    public var received = 0
    /// Other computers (other devices, in the folder's terms) with files in the folder.
    public var otherDevices = 0
    /// Operations stamped too far in the future, kept to be applied later.
    public var deferred = 0
    /// Chordsets whose stored contents may have changed, for an open window.
    public var changedChordsets = Set<UUID>()
    /// Damaged records that were skipped; every other record and file was read.
    public var skipped: [SkippedRecord] = []
    /// Links, folders, pipes and files of others where Imager expects its own files or
    /// folders: left untouched and passed over.
    public var skippedEntries: [SkippedEntry] = []
    /// This database took a new device id this round (a copied home or a restored backup).
    public var tookNewDeviceID = false
    /// The first `refusalExamples` fields or changes refused at the door (`SyncAdmission`),
    /// and how many were refused in all.
    public var refused: [RefusedChange] = []
    public var refusedCount = 0
    public static let refusalExamples = 10

    /// What to say about the refused changes: each example, then how many more.
    public var refusalLines: [String] {
        var lines = refused.map(\.description)
        if refusedCount > refused.count {
            lines.append("\(refusedCount - refused.count) more changes from the sync folder were refused for the same kinds of reasons")
        }
        return lines
    }

    /// `Synced: 3 changes sent, 41 received from 2 other computers`: "computers", the word the
    /// window uses.
    public var line: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var text = "Synced: \(count(sent, "change", "changes")) sent, \(received) received from "
            + count(otherDevices, "other computer", "other computers")
        if deferred > 0 { text += " (\(count(deferred, "change", "changes")) stamped in the future kept for later)" }
        return text
    }
}

/// A field, or a whole change, of another machine that was refused (`SyncAdmission`): it was
/// not merged, and the record's other fields and every other record were.
public struct RefusedChange: Equatable, Sendable, CustomStringConvertible {
    /// The file it came from.
    public var path: String
    public var key: SyncRecordKey
    public var refusal: SyncAdmission.Refusal

    public var description: String {
        "\(TerminalText.escaped(path)): refused a change to \(key): \(refusal)"
    }
}

/// Another machine seen in the sync folder.
public struct SyncPeer: Sendable, Equatable {
    public var device: String
    public var name: String?
    /// When its newest file was written, as the file system says.
    public var lastWrote: Date?
}

extension SyncFolder {
    /// The other machines, from their folders: never through a link, and with names read
    /// from a `device.txt` of at most `maximumDeviceFileSize` bytes.
    public func peers(excluding device: String) -> [SyncPeer] {
        guard let directory = try? openDevicesDirectory(in: openRoot()),
              let devices = try? Self.listDevices(in: directory).devices else { return [] }
        return devices.filter { $0 != device }.compactMap { other in
            guard let folder = try? directory.folder(other) else { return nil }
            let files = (try? Self.listDataFiles(in: folder))?.files ?? []
            // The name is another machine's text: shown only when it passes as a title would.
            let shown = Self.name(in: folder).flatMap { try? ChordsetTitle.accepted($0).get() }
            return SyncPeer(device: other, name: shown, lastWrote: files.map(\.entry.modified).max())
        }
    }
}
