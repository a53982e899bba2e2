import Foundation

/// Opens the user's store for the window, seeds it on first launch, and turns every
/// problem into a notice the window shows, so the window always opens:
/// - an unreadable database is moved aside (byte for byte) and a fresh one starts;
/// - a database written by a newer Imager stays where it is, untouched, and is shown read-only;
/// - an unwritable directory or full disk leaves the list in memory, and saves retry;
/// - a missing or broken seed leaves the list empty.
public struct AppStartup {
    public var controller: ChordsetController
    /// Messages for a dialog, in the order they happened.
    public var notices: [StartupNotice]

    /// With `firstPage`, the controller starts with that many chordsets and the caller
    /// loads the rest after the window is up (`ChordsetController.remainderLoader`).
    public static func open(database url: URL, seed seedURL: URL, firstPage: Int? = nil) -> AppStartup {
        var notices: [StartupNotice] = []
        let store: ChordsetStore
        do {
            store = try ChordsetStore.open(at: url)
        } catch let error where error.isNewerVersion {
            return openReadOnly(url, notices: notices)
        } catch let error where error.isUnreadableFile {
            do {
                let movedTo = try UnreadableDatabase.moveAside(url)
                notices.append(.movedAside(error, to: movedTo.path))
            } catch let moveError {
                let reason = StoreError.notWritable(path: url.path, reason: ChordsetStore.describe(moveError))
                notices.append(.couldNotMoveAside(error, reason: reason))
                return AppStartup(controller: ChordsetController(initial: [], reopening: { () throws(StoreError) in
                    throw reason
                }), notices: notices)
            }
            return open(afterMovingAside: url, seed: seedURL, firstPage: firstPage, notices: notices)
        } catch {
            notices.append(.keptInMemory(error))
            return AppStartup(controller: ChordsetController(initial: [], reopening: { () throws(StoreError) in
                try ChordsetStore.open(at: url)
            }), notices: notices)
        }
        return finish(store: store, seed: seedURL, firstPage: firstPage, notices: notices)
    }

    /// The notice shown over a database from a newer Imager.
    public static let newerVersionNotice = StartupNotice.newerVersion

    private static func openReadOnly(_ url: URL, notices: [StartupNotice]) -> AppStartup {
        var notices = notices + [newerVersionNotice]
        do {
            let store = try ChordsetStore.openReadOnly(at: url)
            return AppStartup(controller: try ChordsetController(store: store, readOnly: true), notices: notices)
        } catch {
            // The newer version changed the tables beyond what this one can read: show nothing.
            notices.append(.newerVersionUnreadable(error))
            let store = ChordsetStore.inMemory()
            return AppStartup(controller: (try? ChordsetController(store: store, readOnly: true))
                ?? ChordsetController(initial: [], reopening: { store }), notices: notices)
        }
    }

    private static func open(afterMovingAside url: URL, seed seedURL: URL, firstPage: Int?,
                             notices: [StartupNotice]) -> AppStartup {
        var notices = notices
        do {
            let store = try ChordsetStore.open(at: url)
            return finish(store: store, seed: seedURL, firstPage: firstPage, notices: notices)
        } catch {
            notices.append(.failed(error))
            return AppStartup(controller: ChordsetController(initial: [], reopening: { () throws(StoreError) in
                try ChordsetStore.open(at: url)
            }), notices: notices)
        }
    }

    private static func finish(store: ChordsetStore, seed seedURL: URL, firstPage: Int?,
                               notices: [StartupNotice]) -> AppStartup {
        var notices = notices
        if let problem = seed(store, from: seedURL) { notices.append(problem) }
        // The window's saves never wait for another writer's lock: they fail with `.busy`
        // at once and are tried again, so the main loop never freezes.
        try? store.waitsForOtherWriters(false)
        do {
            let controller = if let firstPage {
                try ChordsetController(store: store, firstPage: firstPage)
            } else {
                try ChordsetController(store: store)
            }
            if let notice = unreadableRowsNotice(controller.unreadableRows) { notices.append(notice) }
            return AppStartup(controller: controller, notices: notices)
        } catch {
            notices.append(.failed(error))
            return AppStartup(controller: ChordsetController(initial: [], reopening: { store }), notices: notices)
        }
    }

    /// Seeds a new store from the bundled JSON; returns a message if that failed.
    public static func seed(_ store: ChordsetStore, from seedURL: URL) -> StartupNotice? {
        do {
            try store.seedIfNeeded { try ChordsetDocument.read(contentsOf: seedURL) }
            return nil
        } catch let error as InterchangeError {
            return .seedRefused("\(error)")
        } catch {
            return .seedNotStored("\(error)")
        }
    }

    /// What the window says about rows it could not read (nil when there are none).
    public static func unreadableRowsNotice(_ rows: [UnreadableRow]) -> StartupNotice? {
        guard let first = rows.first else { return nil }
        return .unreadableRows(count: rows.count, first: "\(first)")
    }
}
