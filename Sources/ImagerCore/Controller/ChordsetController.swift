import Foundation
import Observation

/// Owns the chordset list in memory, as Core Data's context did for the original app:
/// views read `chordsets`, call the operations, and the controller records every change
/// for undo and for the next save.
///
/// Not thread-safe by design: it lives on the thread that runs the UI (GTK's main thread).
/// The list is always in list order (`Chordset.listOrder`: by position, then by id).
@Observable
public final class ChordsetController {
    public internal(set) var chordsets: [Chordset] = []
    /// The last save's failure, shown as a banner until a save succeeds.
    public internal(set) var saveError: StoreError?
    public internal(set) var lastSaveReport: SaveReport?
    /// Saves that wrote something: a read made on another thread since the count last
    /// changed is at least as new as every save (`mergeSyncedChanges(_:)`).
    public internal(set) var savesWritten = 0
    /// What Undo and Redo would undo and redo now, as values (the window translates them).
    public internal(set) var undoAction: UndoName?
    public internal(set) var redoAction: UndoName?
    /// The same in English.
    public var undoName: String? { undoAction?.description }
    public var redoName: String? { redoAction?.description }

    /// Called with every change to the list's rows, in order. Not observable state:
    /// list views need positions, not a "something changed" signal.
    @ObservationIgnored public var listChanged: (ListChange) -> Void = { _ in }

    @ObservationIgnored var undoStack: [UndoStep] = [] { didSet { undoAction = undoStack.last?.name } }
    @ObservationIgnored var redoStack: [UndoStep] = [] { didSet { redoAction = redoStack.last?.name } }
    @ObservationIgnored private var lastUndoStepID = 0
    @ObservationIgnored var pending = ChangeLog()
    /// Lumis of the chordsets asked for lately, and every unsaved one (see `LumiCache`).
    @ObservationIgnored var lumiCache = LumiCache()
    @ObservationIgnored var store: ChordsetStore?
    /// Opens the store again when it could not be opened at start (unwritable directory);
    /// every save tries it, so edits made meanwhile are written once the disk is back.
    @ObservationIgnored var reopenStore: (() throws(StoreError) -> ChordsetStore)?
    @ObservationIgnored var lastDataVersion: Int?
    @ObservationIgnored let clock: () -> Date
    /// While only the first page is in memory: the largest position in the store, so that
    /// chordsets added meanwhile still go after every stored one.
    @ObservationIgnored var storedMaxPosition: Double?
    /// True from a first-page start until `finishLoading` brings in the rest.
    public internal(set) var isLoadingRest = false
    /// Rows of the store that could not be read; they are left untouched (see `UnreadableRow`).
    public internal(set) var unreadableRows: [UnreadableRow] = []
    /// True over a database written by a newer Imager: it is shown, never changed, and
    /// every operation that would edit does nothing.
    public let isReadOnly: Bool

    /// A controller over an open store, showing what the store holds.
    public convenience init(store: ChordsetStore, readOnly: Bool = false,
                            clock: @escaping () -> Date = Date.init) throws(StoreError) {
        self.init(initial: try store.load(), store: store, readOnly: readOnly, clock: clock)
    }

    /// Shared by the store initialisers: `loaded` is what was read, in list order.
    init(initial loaded: LoadedChordsets, store: ChordsetStore, readOnly: Bool = false, clock: @escaping () -> Date) {
        self.store = store
        self.clock = clock
        self.isReadOnly = readOnly
        self.chordsets = loaded.chordsets
        self.unreadableRows = loaded.unreadable
        lastDataVersion = readOnly ? nil : try? store.dataVersion()
    }

    /// A controller whose store is not available yet: it starts with `chordsets` and opens
    /// the store on the first save that can.
    public init(initial chordsets: [Chordset], reopening: @escaping () throws(StoreError) -> ChordsetStore,
                clock: @escaping () -> Date = Date.init) {
        self.chordsets = chordsets.sorted(by: Chordset.listOrder)
        self.reopenStore = reopening
        self.clock = clock
        self.isReadOnly = false
    }

    public var count: Int { chordsets.count }
    public var isEmpty: Bool { chordsets.isEmpty }
    public var canUndo: Bool { undoAction != nil }
    public var canRedo: Bool { redoAction != nil }
    public var hasUnsavedChanges: Bool { !pending.isEmpty }
    /// How many chordsets have changes not saved yet.
    public var unsavedChangeCount: Int { pending.changedChordsetCount }
    /// Ids of chordsets added here and not saved yet (an import on another thread must not reuse them).
    public var unsavedNewIDs: Set<UUID> { pending.unsavedNewIDs }

    /// Where an id was last found or put; checked before it is trusted, so a list that
    /// changed since costs one linear search, never a wrong answer. An edit looks its
    /// chordset up two or three times, and a search of a long list each time would add up.
    @ObservationIgnored private var indexHints: [UUID: Int] = [:]

    public func index(of id: UUID) -> Int? {
        if let hint = indexHints[id], hint < chordsets.count, chordsets[hint].id == id { return hint }
        guard let found = chordsets.firstIndex(where: { $0.id == id }) else {
            indexHints[id] = nil
            return nil
        }
        rememberIndex(found, of: id)
        return found
    }

    /// Records where `id` is now (after an insert, or a search).
    func rememberIndex(_ index: Int, of id: UUID) {
        // Only recently used ids are worth keeping: the hints never grow with the list.
        if indexHints.count >= 1024 { indexHints.removeAll(keepingCapacity: true) }
        indexHints[id] = index
    }

    /// Where each of `ids` is, for those in the list. Many ids take one pass over the list,
    /// where `index(of:)` for each could search it once per id (a selection of 1,000 rows).
    public func indices(of ids: [UUID]) -> [UUID: Int] {
        guard ids.count > 8 else {
            return Dictionary(ids.compactMap { id in index(of: id).map { (id, $0) } }, uniquingKeysWith: { first, _ in first })
        }
        let wanted = Set(ids)
        var found: [UUID: Int] = [:]
        found.reserveCapacity(wanted.count)
        for (index, chordset) in chordsets.enumerated() where wanted.contains(chordset.id) {
            found[chordset.id] = index
            if found.count == wanted.count { break }
        }
        return found
    }

    public func chordset(id: UUID) -> Chordset? {
        index(of: id).map { chordsets[$0] }
    }

    // MARK: Operations (each one undoable)

    /// Appends a chordset with eight random colours and returns it.
    /// Its position here is provisional: the save places it after every stored chordset,
    /// inside its transaction (`ChangeLog.ChordsetRow.placedAtEnd`). nil when read-only.
    @discardableResult
    public func add(title: String = Chordset.defaultTitle) -> Chordset? {
        guard !isReadOnly else { return nil }
        let now = clock()
        let position = max(chordsets.last?.position ?? -1, storedMaxPosition ?? -1).rounded(.down) + 1
        let title = (try? ChordsetTitle.accepted(title).get()) ?? Chordset.defaultTitle
        let chordset = Chordset.random(title: title, position: position, now: now)
        perform(.add(chordset), named: .addChordset)
        return chordset
    }

    /// Appends a chordset made elsewhere (from a picture) as one undoable step, named after its
    /// title ("Add “Sunset”"), and returns it as shown. Like `add(title:)`, its position is
    /// provisional and the save places it at the end; its title goes through the one title
    /// rule (a refused one becomes the default), and an id already in the list is replaced by
    /// a fresh one. nil when read-only.
    @discardableResult
    public func add(_ made: Chordset) -> Chordset? {
        guard !isReadOnly else { return nil }
        let position = max(chordsets.last?.position ?? -1, storedMaxPosition ?? -1).rounded(.down) + 1
        let title = (try? ChordsetTitle.accepted(made.title).get()) ?? Chordset.defaultTitle
        let id = index(of: made.id) == nil && !pending.unsavedNewIDs.contains(made.id) ? made.id : UUID()
        let chordset = Chordset(id: id, title: title, position: position, createdAt: made.createdAt,
                                updatedAt: made.updatedAt, chords: made.chords)
        perform(.add(chordset), named: .add(title: title))
        return chordset
    }

    /// Renames, by the one title rule (`ChordsetTitle.accepted`): the title is cleaned, and
    /// an empty or too long one is refused and the old title kept. A title an older version
    /// stored at more than the maximum may be edited as long as it does not grow.
    /// Returns false when nothing changed.
    @discardableResult
    public func rename(id: UUID, to newTitle: String) -> Bool {
        guard !isReadOnly, let old = chordset(id: id),
              case let .success(title) = ChordsetTitle.accepted(newTitle, allowingUpTo: old.title.unicodeScalars.count),
              title != old.title else { return false }
        perform(.rename(id, from: old.title, to: title), named: .rename)
        return true
    }

    /// Deletes the chordset and, with it, its eight chords.
    public func delete(id: UUID) {
        guard !isReadOnly, let chordset = chordset(id: id) else { return }
        perform(.remove([chordset]), named: .delete(title: chordset.title))
    }

    /// Deletes several chordsets (a selection) as one undo step; ids not in the list are
    /// left out. One id is `delete(id:)`, named after its title.
    public func delete(ids: [UUID]) {
        guard !isReadOnly else { return }
        let places = indices(of: ids)
        let found = ids.compactMap { places[$0].map { chordsets[$0] } }
        switch found.count {
        case 0: return
        case 1: delete(id: found[0].id)
        default: perform(.remove(found), named: .deleteSeveral(count: found.count))
        }
    }

    public func deleteAll() {
        guard !isReadOnly else { return }
        finishLoadingNow()
        guard !chordsets.isEmpty else { return }
        perform(.remove(chordsets), named: .deleteAll)
    }

    /// Moves the chordset at `from` so that it ends up at index `to`.
    public func move(from: Int, to: Int) {
        guard !isReadOnly, chordsets.indices.contains(from), chordsets.indices.contains(to), from != to else { return }
        // The neighbours it lands between, in the list without it: read in place, since a
        // copy of the list without it would copy the whole list.
        let moving = chordsets[from]
        func other(_ index: Int) -> Chordset { chordsets[index < from ? index : index + 1] }
        let before = to > 0 ? other(to - 1).position : nil
        let after = to < chordsets.count - 1 ? other(to).position : nil
        let target: Double = switch (before, after) {
        case let (b?, a?): (b + a) / 2
        case let (b?, nil): b.rounded(.down) + 1
        case let (nil, a?): a.rounded(.up) - 1
        case (nil, nil): 0
        }
        if let b = before, let a = after, !(b < target && target < a) {
            // Positions ran out of precision after many moves into one gap: renumber, in the
            // same undo step, so undoing it restores the positions that older steps refer to.
            let renumbered = Dictionary(uniqueKeysWithValues: chordsets.enumerated().map { ($1.id, Double($0)) })
            let undoRenumbering = apply(.reposition(renumbered))
            move(from: from, to: to)
            if let step = undoStack.popLast() {
                undoStack.append(UndoStep(name: step.name, edit: .batch([step.edit, undoRenumbering]), id: step.id))
            }
            return
        }
        perform(.move(moving.id, from: moving.position, to: target), named: .move)
    }

    public func setColor(_ color: RGBAColor, slot: Int, of id: UUID) {
        guard !isReadOnly, (0..<Chordset.chordCount).contains(slot), let chordset = chordset(id: id),
              chordset.color(at: slot) != color else { return }
        perform(.setColor(id, slot: slot, from: chordset.color(at: slot), to: color), named: .changeColour)
    }

    /// Imports chordsets read from a file (already validated whole) through the store's one
    /// import rule, in one transaction, then shows them; one undo step takes them out again.
    /// Throws, with nothing changed, when the store cannot take them.
    @discardableResult
    public func importChordsets(_ chordsets: [Chordset]) throws(StoreError) -> [Chordset] {
        try importChordsets(ChordsetsWithLumis(chordsets))
    }

    /// Imports chordsets with their lumis (which the store gives fresh ids); the list then
    /// reads the lumis from the store like any others.
    @discardableResult
    public func importChordsets(_ chordsets: ChordsetsWithLumis) throws(StoreError) -> [Chordset] {
        guard !isReadOnly else { throw StoreError.failed(operation: "import", reason: "the database is read-only") }
        guard !chordsets.isEmpty else { return [] }
        let stored = try availableStore().append(chordsets, alsoTaken: pending.unsavedNewIDs,
                                                  after: max(self.chordsets.last?.position ?? -1, storedMaxPosition ?? -1))
        adoptImported(stored)
        return stored
    }

    /// A connection of its own for an import on another thread (`TransferJobs.importFile`).
    /// The import places its chordsets after the last one, so the whole list is read first.
    public func connectionForImport() throws(StoreError) -> ChordsetStore {
        guard !isReadOnly else { throw StoreError.failed(operation: "import", reason: "the database is read-only") }
        finishLoadingNow()
        return try availableStore().openAnotherConnection()
    }

    /// A connection of its own for work that writes through the store's rules on another
    /// thread without needing the list (sync rounds). Unlike `connectionForImport`, it leaves
    /// a first-page start alone: reading 100,000 chordsets here would hold up the first frame.
    public func connectionForSync() throws(StoreError) -> ChordsetStore {
        guard !isReadOnly else { throw StoreError.failed(operation: "sync", reason: "the database is read-only") }
        return try availableStore().openAnotherConnection()
    }

    /// The store, for the set lists' edits: each is one transaction of the store's own
    /// (`ChordsetStore+SetLists`), apart from the chordsets' saves. A read-only store refuses.
    public func storeForSetLists() throws(StoreError) -> ChordsetStore {
        guard !isReadOnly else { throw StoreError.failed(operation: "edit the set lists", reason: "the database is read-only") }
        return try availableStore()
    }

    /// Shows chordsets that the store's import rule has just stored (on another thread, for
    /// the window), as one undoable step. Undoing deletes them from the store at the next save.
    public func adoptImported(_ stored: [Chordset]) {
        guard !stored.isEmpty else { return }
        finishLoadingNow()
        // Chordsets added here and not saved yet keep the places they show at, before the
        // imported ones, rather than being placed after them by the next save.
        pending.keepPlacements()
        let inverse = apply(.adopt(stored))
        record(name: .importChordsets(count: stored.count), edit: inverse)
    }

    // MARK: Undo and redo

    /// The step Undo would undo now, or nil. A redone change is a new step with a new id.
    public var undoStepID: Int? { undoStack.last?.id }
    /// The step Redo would redo now, or nil. An undone change is a new step with a new id.
    public var redoStepID: Int? { redoStack.last?.id }

    public func undo() {
        guard !isReadOnly, let step = undoStack.popLast() else { return }
        let inverse = apply(step.edit)
        redoStack.append(UndoStep(name: step.name, edit: inverse, id: nextUndoStepID()))
    }

    /// Undoes the step `stepID` if it is the one Undo would undo now; otherwise does nothing
    /// and returns false (undoing it would first undo the changes made after it).
    @discardableResult
    public func undo(stepID: Int) -> Bool {
        guard undoStepID == stepID else { return false }
        undo()
        return true
    }

    public func redo() {
        guard !isReadOnly, let step = redoStack.popLast() else { return }
        let inverse = apply(step.edit)
        undoStack.append(UndoStep(name: step.name, edit: inverse, id: nextUndoStepID()))
    }

    private func perform(_ edit: Edit, named name: UndoName) {
        record(name: name, edit: apply(edit))
    }

    /// Pushes an undo step; returns its id.
    @discardableResult
    func record(name: UndoName, edit inverse: Edit) -> Int {
        let id = nextUndoStepID()
        undoStack.append(UndoStep(name: name, edit: inverse, id: id))
        redoStack.removeAll()
        return id
    }

    private func nextUndoStepID() -> Int {
        lastUndoStepID += 1
        return lastUndoStepID
    }
}
