import Foundation

/// Import and export as the window runs them: on a worker thread, with progress (0 to 1)
/// and a `Cancellation` that leaves the store and the target file as they were.
public enum TransferJobs {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file was refused (not JSON, a bad entry); nothing was stored.
        case file(InterchangeError)
        /// The palette was refused at a line; nothing was stored.
        case palette(GimpPaletteError)
        /// The store could not take it; nothing was stored.
        case store(StoreError)
        /// The target could not be written; it is as it was.
        case write(AtomicFile.WriteError)
        case cancelled

        public var description: String {
            switch self {
            case let .file(error): "\(error)"
            case let .palette(error): "\(error)"
            case let .store(error): "\(error)"
            case let .write(error): "\(error)"
            case .cancelled: "Cancelled; nothing was changed."
            }
        }
    }

    /// The chordsets an import stored (final ids, titles, positions), and for a palette how
    /// its colours were cut into chordsets.
    public struct Imported: Equatable, Sendable {
        public var stored: [Chordset]
        public var palette: PaletteImportSummary?
    }

    /// Reads and checks `url` whole (JSON, or a GIMP palette by its extension: see
    /// `ImportedFile`), then appends it through the store's import rule in one
    /// transaction. Run it on a connection of its own
    /// (`ChordsetStore.openAnotherConnection`), so the window's saves meet a lock they can
    /// wait out instead of a queue that blocks them.
    public static func importFile(_ url: URL, into store: ChordsetStore, alsoTaken: Set<UUID>, after shownLast: Double?, cancellation: Cancellation,
                                  progress: @escaping (Double) -> Void) throws(Failure) -> Imported {
        progress(0)
        let file: ImportedFile
        do {
            file = try ImportedFile.read(contentsOf: url)
        } catch {
            switch error {
            case let .file(refusal): throw .file(refusal)
            case let .palette(refusal): throw .palette(refusal)
            }
        }
        let chordsets = file.chordsets
        if cancellation.isCancelled { throw .cancelled }
        progress(0.5)
        let total = Double(max(1, chordsets.count))
        do {
            let stored = try store.append(chordsets, alsoTaken: alsoTaken, after: shownLast,
                                          progress: { done in progress(0.5 + 0.5 * Double(done) / total) },
                                          shouldStop: { cancellation.isCancelled })
            return Imported(stored: stored, palette: file.palette)
        } catch .cancelled {
            throw .cancelled
        } catch let .refused(index, refusal) {
            // The document checks titles by the same rule, so this is only reached if the rule
            // and the reader ever disagree; say it like any refused entry.
            throw .file(InterchangeError(file: url.path, reason: StoreError.refused(index: index, refusal).description))
        } catch let refusal where refusal.refusesImportedSetList {
            throw .file(InterchangeError(file: url.path, reason: refusal.description))
        } catch let .refusedLumi(index, slot, lumi, .outOfRange(field, value)) {
            throw .file(InterchangeError(file: url.path, lumiProblem: LumiProblem(
                chordset: index, chord: slot, lumi: lumi, reason: .outOfRange(field, value: value))))
        } catch {
            throw .store(error)
        }
    }

    /// Writes `chordsets` to `path` as JSON, atomically (see `AtomicFile`), each with its
    /// lumis from `lumis` (`ChordsetController.lumisForExport()`), read one chordset at a time.
    public static func exportFile(_ chordsets: [Chordset], lumis: LumiSource, to path: String, cancellation: Cancellation,
                                  progress: @escaping (Double) -> Void) throws(Failure) {
        progress(0)
        let data: Data
        do {
            data = try lumis.reading { lumisOf in
                try ChordsetDocument.encode(chordsets) { id in
                    if cancellation.isCancelled { throw StoreError.cancelled }
                    return try lumisOf(id)
                }
            }
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .store(error)
        }
        if cancellation.isCancelled { throw .cancelled }
        progress(0.5)
        do {
            try AtomicFile.write(data, to: path, shouldStop: { cancellation.isCancelled })
        } catch {
            if cancellation.isCancelled { throw .cancelled }
            throw .write(error)
        }
        progress(1)
    }
}
