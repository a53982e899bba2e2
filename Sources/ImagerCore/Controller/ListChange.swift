/// How the list changed, in positions, so a view can update exactly the rows affected
/// (a GtkListView's model emits items-changed from these).
public enum ListChange: Equatable, Sendable {
    case inserted(index: Int, count: Int)
    case removed(index: Int, count: Int)
    /// The row's content changed (title or a colour); its position did not.
    case updated(index: Int)
    /// One chordset left index `from` and stands at `to` now (an index in the list after
    /// the move); the ones between moved by one towards `from`. The same as removing it at
    /// `from` and inserting it at `to`, told as one change so a view can show the rows
    /// between their neighbours rather than take one row out and put one in.
    case moved(from: Int, to: Int)
    /// Anything larger: start again from `chordsets`. `previousCount` is the old length.
    case reloaded(previousCount: Int)
}
