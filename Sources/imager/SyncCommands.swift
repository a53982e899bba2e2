import Foundation
import ImagerCore

/// `--sync-folder DIR|none` and `--sync`: choose the folder another program (Syncthing,
/// Nextcloud, ...) keeps the same on every machine, and run one round without a window.
extension CommandLineTool {
    static func parseSyncFolder(_ rest: inout [String]) -> Result<Command, UsageError> {
        guard !rest.isEmpty else { return .failure(UsageError(message: "--sync-folder needs a DIR, or none to stop syncing")) }
        let value = rest.removeFirst()
        if value == "none" { return .success(.syncFolder(nil)) }
        let absolute = URL(fileURLWithPath: value).standardizedFileURL.path
        return .success(.syncFolder(absolute))
    }

    static func setSyncFolder(_ folder: String?) -> Int32 {
        if let folder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                printError("imager: the sync folder \(folder) does not exist (or is not a folder); create it, or let your folder sync create it, first")
                return 1
            }
        }
        return withStore { store in
            try store.setSyncFolder(folder)
            if let folder {
                printError("Syncing through \(folder): “imager --sync” runs a round; "
                    + "share this folder with your other computers with Syncthing, Nextcloud or any folder sync")
            } else {
                printError("Stopped syncing; nothing in the folder was changed")
            }
        }
    }

    /// One round; prints `Synced: …` on standard output, and each skipped entry and record on stderr.
    static func sync() -> Int32 {
        withStore { store in
            let summary: SyncSummary
            do {
                summary = try SyncRound.run(store: store)
            } catch {
                throw CommandError("sync failed: \(error)")
            }
            for skipped in summary.skippedEntries { printError("imager: \(skipped)") }
            for skipped in summary.skipped { printError("imager: \(skipped)") }
            for line in summary.refusalLines { printError("imager: \(line)") }
            if summary.tookNewDeviceID {
                printError("imager: this database was copied from another computer or restored from a backup; "
                    + "it now syncs as a new computer, and nothing was lost")
            }
            try writeToStandardOutput(Data((summary.line + "\n").utf8))
        }
    }
}
