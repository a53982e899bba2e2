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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingFolder(path: folder.root.path)
        }
        var summary = SyncSummary()
        // Before anything is published or merged: a snapshot then carries them.
        try storeCall { try store.registerUnregisteredRows(now: now()) }
        var start = try storeCall { try store.startSyncRound(machine: machine) }
        summary.tookNewDeviceID = start.tookNewDeviceID
        if try !ownFilesMatch(start) {
            try storeCall { try store.abandonDeviceID() }
            summary.tookNewDeviceID = true
            start = try storeCall { try store.startSyncRound(machine: machine) }
        }
        summary.sent = try publish(start)
        try compactIfNeeded(device: start.device)
        try read(excluding: start.device, into: &summary)
        return summary
    }

    // MARK: Publishing

    /// Whether this device's files in the folder are the ones this database wrote. Files
    /// beyond the last one it recorded, or a conflict copy of one (two writers), mean a
    /// restored backup or a copied home. A file just beyond, left by a crash before the
    /// database recorded it, is fine when the lines waiting hold its lines first.
    private func ownFilesMatch(_ start: SyncRoundStart) throws(SyncError) -> Bool {
        let files = try folder.dataFiles(of: start.device)
        if files.isEmpty {
            // Everything we published is gone from the folder: publish it all again.
            if start.published > 0 { try storeCall { try store.requestSnapshot() } }
            return true
        }
        if files.contains(where: \.isConflictCopy) { return false }
        guard let last = files.last, last.sequence > start.published else { return true }
        guard last.sequence == start.published + 1, files.filter({ $0.sequence == last.sequence }).count == 1 else { return false }
        if last.isSnapshot {
            // A snapshot restates merged state: keeping it is always right.
            try storeCall { try store.markPublished(sequence: last.sequence, outboxThrough: nil, snapshot: false) }
            return true
        }
        let existing = try contents(of: folder.directory(of: start.device).appendingPathComponent(last.name))
        guard let batch = try storeCall({ try store.outboxBatch(limit: linesPerFile) }) else { return false }
        return Data(batch.lines.joined().utf8).starts(with: existing)
    }

    private func publish(_ start: SyncRoundStart) throws(SyncError) -> Int {
        let directory = folder.directory(of: start.device)
        try makeDirectory(directory)
        try writeDeviceFile(in: directory)
        var sequence = try storeCall { try store.startSyncRound(machine: machine) }.published
        var sent = 0
        if start.needsSnapshot {
            sequence += 1
            sent += try writeSnapshot(sequence: sequence, in: directory)
        }
        while let batch = try storeCall({ try store.outboxBatch(limit: linesPerFile) }) {
            sequence += 1
            try write(Data(batch.lines.joined().utf8), to: directory.appendingPathComponent(
                SyncFolder.DataFile.name(sequence: sequence, snapshot: false)))
            try storeCall { try store.markPublished(sequence: sequence, outboxThrough: batch.through, snapshot: false) }
            sent += batch.lines.count
        }
        return sent
    }

    private func writeSnapshot(sequence: Int, in directory: URL) throws(SyncError) -> Int {
        let snapshot = try storeCall { try store.snapshotLines() }
        try write(Data(snapshot.lines.joined().utf8), to: directory.appendingPathComponent(
            SyncFolder.DataFile.name(sequence: sequence, snapshot: true)))
        try storeCall { try store.markPublished(sequence: sequence, outboxThrough: snapshot.outboxThrough, snapshot: true) }
        return snapshot.lines.count
    }

    /// Many change files of this device become one snapshot; the files it covers are
    /// removed. Other machines read the snapshot (merging what they had already is harmless),
    /// and a new machine reads only snapshots and what came after.
    private func compactIfNeeded(device: String) throws(SyncError) {
        let files = try folder.dataFiles(of: device)
        guard files.filter({ !$0.isSnapshot }).count > compactAfter else { return }
        let directory = folder.directory(of: device)
        let sequence = try storeCall { try store.startSyncRound(machine: machine) }.published + 1
        _ = try writeSnapshot(sequence: sequence, in: directory)
        for file in files where file.sequence < sequence {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(file.name))
        }
    }

    private func writeDeviceFile(in directory: URL) throws(SyncError) {
        let name = (try? store.syncSettings().name) ?? MachineIdentity.defaultName()
        let url = directory.appendingPathComponent(SyncFolder.deviceFileName)
        let wanted = SyncFolder.deviceFileContents(name: name)
        if FileManager.default.contents(atPath: url.path) != wanted { try write(wanted, to: url) }
    }

    // MARK: Reading

    /// Merges file by file, each in its own transaction with its read offset: memory holds one
    /// file's operations (at most `linesPerFile` lines from this version), not a whole import's,
    /// and an interrupted round resumes after the last file merged. The rules are per field
    /// and by stamp, so the order of files does not change the result; an operation whose
    /// chordset is in a later file waits as deferred, as it would for a later round.
    private func read(excluding device: String, into summary: inout SyncSummary) throws(SyncError) {
        var changed = Set<UUID>()
        var deferred = 0
        var merged = false
        let others = try folder.devices().filter { $0 != device }
        summary.otherDevices = others.count
        for other in others {
            let files = try folder.dataFiles(of: other)
            var offsets = try storeCall { try store.readOffsets(of: other) }
            let names = Set(files.map(\.name))
            if offsets.keys.contains(where: { !names.contains($0) }) {
                try storeCall { try store.forgetOffsets(of: other, except: names) }
                offsets = offsets.filter { names.contains($0.key) }
            }
            for file in files {
                let url = folder.directory(of: other).appendingPathComponent(file.name)
                let offset = offsets[file.name] ?? 0
                if let size = Self.size(of: url), size == offset { continue }
                let result = try ChangeFileReader.read(url, from: offset)
                summary.skipped += result.skipped
                guard result.readThrough != offset || !result.operations.isEmpty else { continue }
                let batch = ReadBatch(device: other, file: file.name, readThrough: result.readThrough,
                                      operations: result.operations)
                let outcome = try storeCall { try store.merge([batch], now: now()) }
                summary.received += batch.operations.count
                deferred += outcome.deferred
                changed.formUnion(outcome.changedChordsets)
                merged = true
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

    private static func size(of url: URL) -> Int? {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int(info.st_size) : nil
    }

    private func contents(of url: URL) throws(SyncError) -> Data {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadable(path: url.path, reason: "it cannot be opened")
        }
        return data
    }

    private func makeDirectory(_ url: URL) throws(SyncError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .notWritable(path: url.path, reason: ChordsetStore.describe(error))
        }
    }

    private func write(_ data: Data, to url: URL) throws(SyncError) {
        do {
            try AtomicFile.write(data, to: url.path)
        } catch {
            throw .notWritable(path: url.path, reason: error.reason)
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
