/// What `ChordsetController.save()` did.
public enum SaveOutcome: Equatable, Sendable {
    case saved(SaveReport)
    /// Nothing was written; every change is still in memory and the next save retries.
    case failed(StoreError)

    public var report: SaveReport? {
        if case let .saved(report) = self { return report }
        return nil
    }
}
