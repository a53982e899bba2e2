import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// Sync while the window is open: a round about every second (publish what the window
/// saved, merge what other machines put in the folder), run on another thread over a store
/// connection of its own, so the window never waits on the folder. When a round changed
/// chordsets, the controller reads those again (`mergeSyncedChanges`), keeping every unsaved
/// edit of the window on top and leaving local undo to local edits.
///
/// The folder is watched (a round starts a tenth of a second after a file lands) and also
/// polled, since a Flatpak's portal folder or a network file system may not report changes.
final class LiveSync {
    /// How often a round runs without a change being reported.
    var pollMilliseconds: UInt32 = 1_000
    private let watch = FolderWatch()
    private var roundSoon: ScheduledWork?

    private let controller: ChordsetController
    /// Our own connection (the window's is never used off the main thread).
    private let store: ChordsetStore
    private var timer: ScheduledWork?
    private var isRunning = false
    private(set) var lastSummary: SyncSummary?
    /// When the last round ended, and the last one that brought other computers' changes
    /// (how many chordsets they changed): a round every second, most bringing nothing,
    /// must not hide what arrived a moment ago.
    private(set) var lastRoundEnded: Date?
    private(set) var lastArrival: (chordsets: Int, at: Date)?
    /// The last round's failure, nil once one succeeds (and when no folder is chosen).
    private(set) var lastError: SyncError?
    /// After each round, on the main loop (the Sync dialog shows what it did).
    var onRound: () -> Void = {}
    /// A round merged changes while the window had unsaved edits: a chordset edited here
    /// shows our version whole until the save, so the save is followed by another merge.
    /// Also changes that landed while the list was still being read (a first-page start),
    /// which the read may have missed: merged once the list is whole (`listLoaded`).
    private var changedWhileUnsaved = Set<UUID>()
    /// What the last round passed over in the folder (links, pipes, ...).
    private var reportedEntries = Set<SkippedEntry>()

    init(controller: ChordsetController, store: ChordsetStore) {
        self.controller = controller
        self.store = store
        watch.onChange = { [weak self] in self?.changeReported() }
    }

    func start() {
        guard timer == nil else { return }
        runRound()
        timer = MainLoop.repeating(milliseconds: pollMilliseconds) { [weak self] in
            self?.runRound()
            return self != nil
        }
    }

    /// The whole list has been read after a first-page start. Sync starts only now, so that
    /// a large list's first frame does not share the disk with a round, and its merges meet
    /// the whole list rather than a page about to be replaced.
    func listLoaded() {
        start()
        saved()
    }

    func stop() {
        timer?.cancel()
        timer = nil
        roundSoon?.cancel()
        roundSoon = nil
        watch.watch([])
    }

    /// The directories being watched now.
    var watchedPaths: Set<String> { watch.watchedPaths }

    /// A file landed: a round shortly, once a burst of events is over.
    private func changeReported() {
        guard timer != nil, roundSoon == nil else { return }
        roundSoon = MainLoop.after(milliseconds: 100) { [weak self] in
            self?.roundSoon = nil
            self?.runRound()
        }
    }

    /// Watches the folder, `imager-sync` and every device's directory in it.
    private func updateWatch() {
        guard timer != nil, let folder = try? store.syncSettings().folder else {
            watch.watch([])
            return
        }
        let layout = SyncFolder(root: URL(fileURLWithPath: folder))
        var paths: Set<String> = [folder, layout.devicesDirectory.path]
        for device in (try? layout.devices()) ?? [] { paths.insert(layout.directory(of: device).path) }
        watch.watch(paths)
    }

    /// Starts a round unless one is running. The chordsets it changed are read on the
    /// round's thread too, so the window only lays them into its list.
    func runRound() {
        guard !isRunning, !controller.isReadOnly else { return }
        isRunning = true
        let store = self.store
        let savesAtStart = controller.savesWritten
        DispatchQueue.global(qos: .utility).async { [weak self] in
            let result: Result<SyncSummary, SyncError>
            do throws(SyncError) {
                result = .success(try SyncRound.run(store: store))
            } catch {
                result = .failure(error)
            }
            var read: SyncedRead?
            if case let .success(summary) = result, !summary.changedChordsets.isEmpty {
                read = try? SyncedRead.read(summary.changedChordsets, from: store)
            }
            MainLoop.idleFromAnyThread { [weak self] in self?.finished(result, read: read, savesAtStart: savesAtStart) }
        }
    }

    /// After a save: shows what other machines changed in chordsets that were being edited
    /// here (the save wrote only our fields, so the store holds both).
    func saved() {
        guard !changedWhileUnsaved.isEmpty, !controller.hasUnsavedChanges, !controller.isLoadingRest else { return }
        let changed = changedWhileUnsaved
        changedWhileUnsaved = []
        do {
            try controller.mergeSyncedChanges(of: changed)
        } catch {
            StandardStream.writeError("imager: could not show other computers' changes: \(error)\n")
        }
    }

    private func finished(_ result: Result<SyncSummary, SyncError>, read: SyncedRead?, savesAtStart: Int) {
        isRunning = false
        switch result {
        case let .success(summary):
            lastSummary = summary
            lastError = nil
            lastRoundEnded = Date()
            if !summary.changedChordsets.isEmpty { lastArrival = (summary.changedChordsets.count, Date()) }
            for skipped in summary.skipped { StandardStream.writeError("imager: \(skipped)\n") }
            // An entry stays until someone removes it: told when first met, not every second.
            for skipped in summary.skippedEntries where !reportedEntries.contains(skipped) {
                StandardStream.writeError("imager: \(skipped)\n")
            }
            reportedEntries = Set(summary.skippedEntries)
            for line in summary.refusalLines { StandardStream.writeError("imager: \(line)\n") }
            if !summary.changedChordsets.isEmpty {
                if controller.hasUnsavedChanges || controller.isLoadingRest {
                    changedWhileUnsaved.formUnion(summary.changedChordsets)
                }
                do {
                    if let read, controller.savesWritten == savesAtStart {
                        controller.mergeSyncedChanges(read)
                    } else {
                        // A save since the round began: the read may be older than it.
                        try controller.mergeSyncedChanges(of: summary.changedChordsets)
                    }
                } catch {
                    StandardStream.writeError("imager: could not show other computers' changes: \(error)\n")
                }
            }
        case .failure(.notConfigured):
            lastError = nil
        case let .failure(error):
            if lastError != error { StandardStream.writeError("imager: sync: \(error)\n") }
            lastError = error
        }
        updateWatch()
        onRound()
    }
}
