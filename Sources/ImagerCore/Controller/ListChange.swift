/// How the list changed, in positions, so a view can update exactly the rows affected
/// (a GtkListView's model emits items-changed from these).
public enum ListChange: Equatable, Sendable {
    case inserted(index: Int, count: Int)
    case removed(index: Int, count: Int)
    /// The row's content changed (title or a colour); its position did not.
    case updated(index: Int)
    /// Anything larger: start again from `chordsets`. `previousCount` is the old length.
    case reloaded(previousCount: Int)
}
