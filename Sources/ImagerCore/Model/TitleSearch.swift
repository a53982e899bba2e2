import Foundation

/// What the window's search matches: a chordset whose title contains the typed text,
/// ignoring case and accents (both folded as `TitleFolding` says).
///
/// Each title is folded once and kept (`FoldedTitles`, all in one buffer): a keystroke is
/// one search through that buffer, not one fold and one search per title. The titles kept
/// are checked against the chordsets entry by entry (same id, same title, which for an
/// unchanged chordset compares shared storage), so a change the search was not told about
/// is still seen: its title is folded again. The list's changes are followed (`follow`), so
/// an add or a delete costs the next keystroke one fold, not 100,000. A caller that follows
/// every change can do the check and the folds ahead of the keystroke (`refresh`, when idle);
/// until the next change followed, searches then trust the titles kept.
public final class TitleSearch {
    private var folded = FoldedTitles()
    /// Whether `refresh` has checked the folded titles against the list since the last
    /// change followed: then a search need not check them again. A search never sets it,
    /// so without `refresh` every search checks (and sees changes it was not told about).
    private var isRefreshed = false
    /// How many titles the searches have folded themselves (`prepare` aside): the work the
    /// keystrokes cost.
    public var foldCount: Int { folded.foldCount }

    public init() {}

    /// Follows one change of the list the next search will be given, so the folded titles
    /// keep lining up with it. A change that cannot be followed (a reload, or one that does
    /// not fit the titles kept) lets the next search fold every title again.
    public func follow(_ change: ListChange) {
        isRefreshed = false
        let count = folded.count
        switch change {
        case let .inserted(index, inserted) where index >= 0 && index <= count && inserted >= 0:
            folded.insertUnfolded(inserted, at: index)
        case let .removed(index, removed) where index >= 0 && removed >= 0 && index + removed <= count:
            folded.remove(index..<(index + removed))
        case let .moved(from, to) where (0..<count).contains(from) && (0..<count).contains(to):
            folded.move(from: from, to: to)
        case .updated:
            // A renamed title no longer matches its entry, and is folded again.
            break
        default:
            folded.forgetAll(count: 0)
        }
    }

    /// Indices (in `chordsets`' order) of the chordsets whose titles contain `query`. An empty
    /// query (after folding) matches everything.
    public func matches(_ query: String, in chordsets: [Chordset]) -> [Int] {
        let needle = TitleFolding.fold(query)
        guard !needle.isEmpty else { return Array(chordsets.indices) }
        if !isRefreshed || folded.count != chordsets.count { bringUpToDate(chordsets) }
        return folded.indices(containing: needle)
    }

    /// Checks the folded titles against `chordsets` (the list as it is now, every change to
    /// it followed) and folds what changed, so that the next keystroke need not: the window
    /// calls this when it is idle after a change.
    public func refresh(_ chordsets: [Chordset]) {
        bringUpToDate(chordsets)
        isRefreshed = true
    }

    private func bringUpToDate(_ chordsets: [Chordset]) {
        if folded.count != chordsets.count { folded.forgetAll(count: chordsets.count) }
        folded.refoldChanged(chordsets)
    }

    /// Titles folded ahead of a search, on any thread (`prepare`), for `adopt`.
    public struct Prepared: Sendable {
        fileprivate let folded: FoldedTitles
    }

    /// Folds every title of `chordsets`: a value in and a value out, so another thread can
    /// do it while the list is idle, not the first keystroke.
    public static func prepare(_ chordsets: [Chordset]) -> Prepared {
        var folded = FoldedTitles()
        folded.forgetAll(count: chordsets.count)
        folded.refoldChanged(chordsets)
        return Prepared(folded: folded)
    }

    /// Takes titles `prepare` folded from the list as it is now. (Given an older list, the
    /// next search would still be right: it folds again what no longer holds.)
    public func adopt(_ prepared: Prepared) {
        let foldCount = folded.foldCount
        folded = prepared.folded
        folded.foldCount = foldCount
        isRefreshed = false
    }

    /// Whether one title matches `query` (for a row that changed while the search is shown).
    public func title(of chordset: Chordset, matches query: String) -> Bool {
        let needle = TitleFolding.fold(query)
        guard !needle.isEmpty else { return true }
        return TitleFolding.fold(chordset.title).withUnsafeBytes { title in
            needle.withUnsafeBytes { TitleFolding.firstOffset(of: $0, in: title, from: 0) != nil }
        }
    }
}
