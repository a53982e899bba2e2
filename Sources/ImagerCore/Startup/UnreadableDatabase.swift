import Foundation

/// Moves a database that cannot be used out of the way, byte for byte, so a fresh store can
/// start without destroying anything: `imager.sqlite` becomes
/// `imager.sqlite.unreadable-20261121-063000` (and its -wal and -shm files likewise).
public enum UnreadableDatabase {
    /// Returns the new path of the main file.
    public static func moveAside(_ url: URL, now: Date = Date()) throws -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: now)
        var target = URL(fileURLWithPath: url.path + ".unreadable-" + stamp)
        var suffix = 1
        while FileManager.default.fileExists(atPath: target.path) {
            suffix += 1
            target = URL(fileURLWithPath: url.path + ".unreadable-" + stamp + "-\(suffix)")
        }
        // rename(2) moves the bytes untouched; never copy-and-delete.
        try FileManager.default.moveItem(at: url, to: target)
        for sidecar in ["-wal", "-shm"] {
            let from = URL(fileURLWithPath: url.path + sidecar)
            if FileManager.default.fileExists(atPath: from.path) {
                try? FileManager.default.moveItem(at: from, to: URL(fileURLWithPath: target.path + sidecar))
            }
        }
        return target
    }
}
