import Foundation

/// Where an export on another thread finds every chordset's lumis: those not saved yet as
/// they were when the export began, the rest read from the store one chordset at a time
/// (so 100,000 chordsets' lumis are never in memory at once).
public struct LumiSource: Sendable {
    let unsaved: [UUID: ChordsetLumis]
    let store: ChordsetStore?

    /// No lumis at all.
    public static let none = LumiSource(unsaved: [:], store: nil)

    init(unsaved: [UUID: ChordsetLumis], store: ChordsetStore?) {
        self.unsaved = unsaved
        self.store = store
    }

    /// Runs `body` with a function that gives a chordset's lumis, inside one read transaction
    /// of the store. A `StoreError` thrown by `body` is passed on as it is.
    public func reading<T>(_ body: (_ lumisOf: (UUID) throws -> ChordsetLumis) throws -> T) throws(StoreError) -> T {
        guard let store else { return try Self.rethrowing { try body { unsaved[$0] ?? .none } } }
        return try store.readingLumis { stored in
            try withoutActuallyEscaping(stored) { stored in
                try body { id in try unsaved[id] ?? stored(id) }
            }
        }
    }

    private static func rethrowing<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch {
            throw .failed(operation: "export", reason: "\(error)")
        }
    }
}

extension ChordsetController {
    /// For an export of the list as it is now (unsaved edits included), on any thread.
    public func lumisForExport() -> LumiSource {
        LumiSource(unsaved: lumiCache.pinned, store: store)
    }
}
