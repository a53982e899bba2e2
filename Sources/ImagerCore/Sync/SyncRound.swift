import Foundation

/// One sync round: publish this machine's unsent changes, read every other machine's new
/// lines, merge them into the store. Safe to run from any thread (it uses only the store and
/// the files), and safe to kill at any moment: the database records a file as published
/// only after the file is in place, and a file left behind by a crash is written again with
/// the same lines first (so every change is published exactly once).
public struct SyncRound {
    public let store: ChordsetStore
    public let folder: SyncFolder
    public let machine: String
    public let now: () -> Date
    /// This machine's own change files beyond which it compacts them into a snapshot.
    public var compactAfter = 64
    /// Lines per change file.
    public var linesPerFile = 20_000

    public init(store: ChordsetStore, folder: URL, machine: String = MachineIdentity.current(),
                now: @escaping () -> Date = Date.init) {
        self.store = store
        self.folder = SyncFolder(root: folder)
        self.machine = machine
        self.now = now
    }

    /// Runs a round over the store's chosen folder.
    public static func run(store: ChordsetStore, machine: String = MachineIdentity.current(),
                           now: @escaping () -> Date = Date.init) throws(SyncError) -> SyncSummary {
        let settings: SyncSettings
        do { settings = try store.syncSettings() } catch { throw .store(error) }
        guard let path = settings.folder else { throw .notConfigured }
        return try SyncRound(store: store, folder: URL(fileURLWithPath: path), machine: machine, now: now).run()
    }

    public func run() throws(SyncError) -> SyncSummary {
        let devices = try folder.makeDevicesDirectory(in: folder.openRoot())
        var summary = SyncSummary()
        // Before anything is published or merged: a snapshot then carries them.
        try storeCall { try store.registerUnregisteredRows(now: now()) }
        var start = try storeCall { try store.startSyncRound(machine: machine) }
        summary.tookNewDeviceID = start.tookNewDeviceID
        var own: OwnFolder?
        // A new id's folder is made here and now, so a second turn is rare and a third rarer.
        for _ in 0..<8 {
            switch try openOwnFolder(start.device, in: devices) {
            case let .blocked(skipped):
                summary.skippedEntries.append(skipped)
            case let .opened(folder):
                summary.skippedEntries += folder.listing.skipped
                if try ownFilesMatch(start, folder) {
                    own = folder
                } else {
                    summary.tookNewDeviceID = true
                }
            }
            if own != nil { break }
            try storeCall { try store.abandonDeviceID() }
            start = try storeCall { try store.startSyncRound(machine: machine) }
        }
        guard let own else {
            throw .notWritable(path: devices.path, reason: "no device folder of this computer could be made in it")
        }
        summary.sent = try publish(start, into: own, summary: &summary)
        try compactIfNeeded(own)
        try read(devices, excluding: start.device, into: &summary)
        // An entry met twice (an abandoned device folder is read like another's) is told once.
        var told = Set<String>()
        summary.skippedEntries = summary.skippedEntries.filter { told.insert($0.path).inserted }
        return summary
    }

    // MARK: Publishing

    /// This device's folder, opened (and made) without following a link, with its files.
    struct OwnFolder {
        var directory: DirectoryHandle
        var listing: SyncFolder.FileListing
    }

    enum OwnFolderOpening {
        case opened(OwnFolder)
        case blocked(SkippedEntry)
    }

    /// The own folder, or what stands in its way: a link, a file or a pipe where the folder or
    /// its `device.txt` belongs is left as it is, and the round takes a new device id.
    private func openOwnFolder(_ device: String, in devices: DirectoryHandle) throws(SyncError) -> OwnFolderOpening {
        let directory: DirectoryHandle
        do {
            if let entry = try devices.entry(device), entry.kind != .folder {
                return .blocked(SkippedEntry(path: devices.path(of: device), reason: SyncFolder.reason(entry.kind, folder: true),
                                             outcome: .newDeviceID))
            }
            directory = try devices.makeFolder(device)
            guard directory.isOwn else {
                return .blocked(SkippedEntry(FileSystemError(path: directory.path, problem: .notOwned), outcome: .newDeviceID))
            }
            if let entry = try directory.entry(SyncFolder.deviceFileName), entry.kind != .file || !entry.isOwn {
                let path = directory.path(of: SyncFolder.deviceFileName)
                let reason = entry.kind == .file ? FileSystemError(path: path, problem: .notOwned).reason
                    : SyncFolder.reason(entry.kind, folder: false)
                return .blocked(SkippedEntry(path: path, reason: reason, outcome: .newDeviceID))
            }
        } catch {
            switch error.problem {
            case .symbolicLink, .notAFolder, .folder, .special, .notOwned: return .blocked(SkippedEntry(error, outcome: .newDeviceID))
            case .missing, .system: throw .notWritable(path: error.path, reason: error.reason)
            }
        }
        return .opened(OwnFolder(directory: directory, listing: try SyncFolder.listDataFiles(in: directory)))
    }

    /// Whether this device's files in the folder are the ones this database wrote. Files
    /// beyond the last one it recorded, or a conflict copy of one (two writers), mean a
    /// restored backup or a copied home. A file just beyond, left by a crash before the
    /// database recorded it, is fine when the lines waiting hold its lines first. Names taken
    /// by something that is not a regular file are passed over, as `publish` passes them.
    private func ownFilesMatch(_ start: SyncRoundStart, _ own: OwnFolder) throws(SyncError) -> Bool {
        let files = own.listing.files.map(\.file)
        if files.isEmpty {
            // Everything we published is gone from the folder: publish it all again.
            if start.published > 0 { try storeCall { try store.requestSnapshot() } }
            return true
        }
        if files.contains(where: \.isConflictCopy) { return false }
        guard let last = files.last, last.sequence > start.published else { return true }
        let next = nextFreeSequence(after: start.published, snapshot: last.isSnapshot, in: own)
        guard last.sequence == next, files.filter({ $0.sequence == last.sequence }).count == 1 else { return false }
        if last.isSnapshot {
            // A snapshot restates merged state: keeping it is always right.
            try storeCall { try store.markPublished(sequence: last.sequence, outboxThrough: nil, snapshot: false) }
            return true
        }
        guard let batch = try storeCall({ try store.outboxBatch(limit: linesPerFile) }) else { return false }
        let lines = Data(batch.lines.joined().utf8)
        let existing: Data?
        do {
            existing = try own.directory.openFile(last.name).contents(upTo: lines.count)
        } catch {
            throw .unreadable(path: error.path, reason: error.reason)
        }
        guard let existing else { return false }
        return lines.starts(with: existing)
    }

    /// The first sequence after `sequence` whose file name is not taken by a link, a folder or
    /// a pipe.
    private func nextFreeSequence(after sequence: Int, snapshot: Bool, in own: OwnFolder) -> Int {
        var next = sequence + 1
        while own.listing.blocked.contains(SyncFolder.DataFile.name(sequence: next, snapshot: snapshot)) { next += 1 }
        return next
    }

    private func publish(_ start: SyncRoundStart, into own: OwnFolder, summary: inout SyncSummary) throws(SyncError) -> Int {
        try writeDeviceFile(in: own.directory)
        var sequence = try storeCall { try store.startSyncRound(machine: machine) }.published
        var sent = 0
        if start.needsSnapshot {
            let written = try writeSnapshot(after: sequence, in: own, summary: &summary)
            sequence = written.sequence
            sent += written.lines
        }
        while let batch = try storeCall({ try store.outboxBatch(limit: linesPerFile) }) {
            sequence = try write(Data(batch.lines.joined().utf8), after: sequence, snapshot: false, in: own, summary: &summary)
            try storeCall { try store.markPublished(sequence: sequence, outboxThrough: batch.through, snapshot: false) }
            sent += batch.lines.count
        }
        return sent
    }

    private func writeSnapshot(after sequence: Int, in own: OwnFolder,
                               summary: inout SyncSummary) throws(SyncError) -> (sequence: Int, lines: Int) {
        let snapshot = try storeCall { try store.snapshotLines() }
        let written = try write(Data(snapshot.lines.joined().utf8), after: sequence, snapshot: true, in: own, summary: &summary)
        try storeCall { try store.markPublished(sequence: written, outboxThrough: snapshot.outboxThrough, snapshot: true) }
        return (written, snapshot.lines.count)
    }

    /// Many change files of this device become one snapshot; the files it covers are
    /// removed. Other machines read the snapshot (merging what they had already is harmless),
    /// and a new machine reads only snapshots and what came after.
    private func compactIfNeeded(_ own: OwnFolder) throws(SyncError) {
        let listing = try SyncFolder.listDataFiles(in: own.directory)
        guard listing.files.filter({ !$0.file.isSnapshot }).count > compactAfter else { return }
        let published = try storeCall { try store.startSyncRound(machine: machine) }.published
        var ignored = SyncSummary()
        let sequence = try writeSnapshot(after: published, in: OwnFolder(directory: own.directory, listing: listing),
                                         summary: &ignored).sequence
        for (file, _) in listing.files where file.sequence < sequence {
            try? own.directory.removeFile(file.name)
        }
    }

    private func writeDeviceFile(in directory: DirectoryHandle) throws(SyncError) {
        let name = (try? store.syncSettings().name) ?? MachineIdentity.defaultName()
        let wanted = SyncFolder.deviceFileContents(name: name)
        let current = try? directory.openFile(SyncFolder.deviceFileName).contents(upTo: wanted.count)
        if current != wanted { try replace(SyncFolder.deviceFileName, with: wanted, in: directory) }
    }

    // MARK: Reading

    /// Merges file by file, batch by batch, each in its own transaction with its read offset:
    /// memory holds one batch's operations (see `ChangeFileReader.Limits`), not a whole
    /// file's or import's, and an interrupted round resumes after the last batch merged. The
    /// rules are per field and by stamp, so the order of files does not change the result; an
    /// operation whose chordset is in a later file waits as deferred, as it would for a later
    /// round. A device folder or file that cannot be read is reported and passed over.
    private func read(_ devices: DirectoryHandle, excluding device: String, into summary: inout SyncSummary) throws(SyncError) {
        var changed = Set<UUID>()
        var deferred = 0
        var merged = false
        let listing = try SyncFolder.listDevices(in: devices)
        summary.skippedEntries += listing.skipped.filter { $0.path != devices.path(of: device) }
        let others = listing.devices.filter { $0 != device }
        summary.otherDevices = others.count
        for other in others {
            let directory: DirectoryHandle
            do {
                directory = try devices.folder(other)
            } catch {
                summary.skippedEntries.append(SkippedEntry(error, outcome: .skipped))
                continue
            }
            let files: SyncFolder.FileListing
            do {
                files = try SyncFolder.listDataFiles(in: directory)
            } catch {
                guard case let .unreadable(path, reason) = error else { throw error }
                summary.skippedEntries.append(SkippedEntry(path: path, reason: reason, outcome: .skipped))
                continue
            }
            summary.skippedEntries += files.skipped
            var offsets = try storeCall { try store.readOffsets(of: other) }
            let names = Set(files.files.map(\.file.name)).union(files.blocked)
            if offsets.keys.contains(where: { !names.contains($0) }) {
                try storeCall { try store.forgetOffsets(of: other, except: names) }
                offsets = offsets.filter { names.contains($0.key) }
            }
            for (file, entry) in files.files {
                var offset = offsets[file.name] ?? 0
                if entry.size == offset { continue }
                let opened: ReadableFile
                do {
                    opened = try directory.openFile(file.name)
                } catch {
                    summary.skippedEntries.append(SkippedEntry(error, outcome: .skipped))
                    continue
                }
                var limits = ChangeFileReader.Limits()
                limits.lines = linesPerFile
                while true {
                    let result: ChangeFileReader.Result
                    do {
                        result = try ChangeFileReader.read(opened, from: offset, limits: limits)
                    } catch {
                        // A read error (a damaged disk, a file system gone away) skips the file.
                        guard case let .unreadable(path, reason) = error else { throw error }
                        summary.skippedEntries.append(SkippedEntry(path: path, reason: reason, outcome: .skipped))
                        break
                    }
                    summary.skipped += result.skipped
                    limits.scan -= result.scanned
                    guard result.readThrough != offset || !result.operations.isEmpty else { break }
                    let batch = ReadBatch(device: other, file: file.name, readThrough: result.readThrough,
                                          operations: result.operations)
                    let outcome = try storeCall { try store.merge([batch], now: now()) }
                    summary.received += batch.operations.count
                    deferred += outcome.deferred
                    changed.formUnion(outcome.changedChordsets)
                    summary.refusedCount += outcome.refusedCount
                    for refusal in outcome.refusals.prefix(SyncSummary.refusalExamples - summary.refused.count) {
                        summary.refused.append(RefusedChange(path: directory.path(of: file.name), key: refusal.key,
                                                             refusal: refusal.refusal))
                    }
                    merged = true
                    // The lines waiting for their time are as many as may wait: the offset
                    // stayed where it was, and a later round reads the rest of this file.
                    if outcome.heldBack { break }
                    offset = result.readThrough
                    guard result.isBatchFull, limits.scan > 0 else { break }
                }
            }
        }
        if !merged {
            // No new lines: a merge still retries the operations deferred earlier.
            changed.formUnion(try storeCall { try store.merge([], now: now()) }.changedChordsets)
        }
        summary.deferred = deferred
        summary.changedChordsets = changed
    }

    // MARK: Files

    /// Writes a new data file after `sequence` and returns its sequence: a name taken by a
    /// link, a folder or a pipe is left alone and the next one is used. (A regular file at the
    /// name is one left by a crash with the same lines first, see `ownFilesMatch`.)
    private func write(_ data: Data, after sequence: Int, snapshot: Bool, in own: OwnFolder,
                       summary: inout SyncSummary) throws(SyncError) -> Int {
        var next = nextFreeSequence(after: sequence, snapshot: snapshot, in: own)
        for _ in 0..<100 {
            let name = SyncFolder.DataFile.name(sequence: next, snapshot: snapshot)
            do {
                try own.directory.replaceFile(name, with: data)
                return next
            } catch {
                switch error.problem {
                case .symbolicLink, .folder, .special, .notOwned, .notAFolder:
                    // Made since the folder was listed.
                    summary.skippedEntries.append(SkippedEntry(error, outcome: .skipped))
                    next += 1
                case .missing, .system:
                    throw .notWritable(path: error.path, reason: error.reason)
                }
            }
        }
        throw .notWritable(path: own.directory.path, reason: "every name for the next file is taken by something else")
    }

    private func replace(_ name: String, with data: Data, in directory: DirectoryHandle) throws(SyncError) {
        do {
            try directory.replaceFile(name, with: data)
        } catch {
            throw .notWritable(path: error.path, reason: error.reason)
        }
    }

    /// The store's calls throw only `StoreError`; closures do not carry typed throws yet.
    private func storeCall<T>(_ body: () throws -> T) throws(SyncError) -> T {
        do { return try body() } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .store(.failed(operation: "sync", reason: "\(error)"))
        }
    }
}
