import Foundation

/// Opens the user's store for the window, seeds it on first launch, and turns every
/// problem into a notice the window shows, so the window always opens:
/// - an unreadable or newer-version database is moved aside (byte for byte) and a fresh one starts;
/// - an unwritable directory or full disk leaves the list in memory, and saves retry;
/// - a missing or broken seed leaves the list empty.
public struct AppStartup {
    public var controller: ChordsetController
    /// Messages for a dialog, in the order they happened.
    public var notices: [String]

    /// With `firstPage`, the controller starts with that many chordsets and the caller
    /// loads the rest after the window is up (`ChordsetController.remainderLoader`).
    public static func open(database url: URL, seed seedURL: URL, firstPage: Int? = nil) -> AppStartup {
        var notices: [String] = []
        let store: ChordsetStore
        do {
            store = try ChordsetStore.open(at: url)
        } catch let error where error.isUnreadableFile || isNewerVersion(error) {
            do {
                let movedTo = try UnreadableDatabase.moveAside(url)
                notices.append("\(error) It was moved to \(movedTo.path), unchanged, and Imager started a new, empty database.")
            } catch let moveError {
                let reason = StoreError.notWritable(path: url.path, reason: ChordsetStore.describe(moveError))
                notices.append("\(error) It could not be moved aside (\(reason)), so nothing will be saved this session.")
                return AppStartup(controller: ChordsetController(initial: [], reopening: { () throws(StoreError) in
                    throw reason
                }), notices: notices)
            }
            return open(afterMovingAside: url, seed: seedURL, firstPage: firstPage, notices: notices)
        } catch {
            notices.append("\(error) Your changes are kept in memory; Imager will try to save them again.")
            return AppStartup(controller: ChordsetController(initial: [], reopening: { () throws(StoreError) in
                try ChordsetStore.open(at: url)
            }), notices: notices)
        }
        return finish(store: store, seed: seedURL, firstPage: firstPage, notices: notices)
    }

    private static func open(afterMovingAside url: URL, seed seedURL: URL, firstPage: Int?,
                             notices: [String]) -> AppStartup {
        var notices = notices
        do {
            let store = try ChordsetStore.open(at: url)
            return finish(store: store, seed: seedURL, firstPage: firstPage, notices: notices)
        } catch {
            notices.append("\(error)")
            return AppStartup(controller: ChordsetController(initial: [], reopening: { () throws(StoreError) in
                try ChordsetStore.open(at: url)
            }), notices: notices)
        }
    }

    private static func finish(store: ChordsetStore, seed seedURL: URL, firstPage: Int?,
                               notices: [String]) -> AppStartup {
        var notices = notices
        if let problem = seed(store, from: seedURL) { notices.append(problem) }
        do {
            let controller = if let firstPage {
                try ChordsetController(store: store, firstPage: firstPage)
            } else {
                try ChordsetController(store: store)
            }
            return AppStartup(controller: controller, notices: notices)
        } catch {
            notices.append("\(error)")
            return AppStartup(controller: ChordsetController(initial: [], reopening: { store }), notices: notices)
        }
    }

    /// Seeds a new store from the bundled JSON; returns a message if that failed.
    public static func seed(_ store: ChordsetStore, from seedURL: URL) -> String? {
        do {
            try store.seedIfNeeded { try ChordsetDocument.read(contentsOf: seedURL) }
            return nil
        } catch let error as InterchangeError {
            return "The starter chordsets could not be loaded: \(error). The list starts empty."
        } catch {
            return "The starter chordsets could not be stored: \(error)."
        }
    }

    private static func isNewerVersion(_ error: StoreError) -> Bool {
        if case .newerVersion = error { return true }
        return false
    }
}
