import Foundation

/// What one sync round did.
public struct SyncSummary: Sendable, Equatable {
    /// Operations this machine wrote to the folder.
    public var sent = 0
    /// Operations of other machines merged (duplicates included; merging them is harmless).
    public var received = 0
    /// Other devices with files in the folder.
    public var otherDevices = 0
    /// Operations stamped too far in the future, kept to be applied later.
    public var deferred = 0
    /// Chordsets whose stored contents may have changed, for an open window.
    public var changedChordsets = Set<UUID>()
    /// Damaged records that were skipped; every other record and file was read.
    public var skipped: [SkippedRecord] = []
    /// This database took a new device id this round (a copied home or a restored backup).
    public var tookNewDeviceID = false

    /// `Synced: 3 changes sent, 41 received from 2 other devices`
    public var line: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var text = "Synced: \(count(sent, "change", "changes")) sent, \(received) received from "
            + count(otherDevices, "other device", "other devices")
        if deferred > 0 { text += " (\(count(deferred, "change", "changes")) stamped in the future kept for later)" }
        return text
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
    public func peers(excluding device: String) -> [SyncPeer] {
        guard let devices = try? devices() else { return [] }
        return devices.filter { $0 != device }.map { other in
            let files = (try? dataFiles(of: other)) ?? []
            let dates = files.compactMap { file in
                (try? FileManager.default.attributesOfItem(atPath: directory(of: other).appendingPathComponent(file.name).path))?[.modificationDate] as? Date
            }
            return SyncPeer(device: other, name: name(of: other), lastWrote: dates.max())
        }
    }
}
