import ImagerGLib
/// Chord cells waiting for the main loop to be idle, each handed to `action` once then (a
/// cell gone by then is skipped). One idle source serves every cell queued before it runs.
/// `ChordRenderBudget` draws cells again this way, `CellNaming` names them.
final class CellsAtIdle {
    private var waiting: [WeakCell] = []
    private var wakeScheduled = false
    private let action: (ChordCell) -> Void

    private struct WeakCell {
        weak var cell: ChordCell?
    }

    init(_ action: @escaping (ChordCell) -> Void) {
        self.action = action
    }

    func add(_ cell: ChordCell) {
        waiting.append(WeakCell(cell: cell))
        guard !wakeScheduled else { return }
        wakeScheduled = true
        MainLoop.idle { [self] in
            wakeScheduled = false
            let cells = waiting
            waiting.removeAll()
            for entry in cells { if let cell = entry.cell { action(cell) } }
        }
    }
}
