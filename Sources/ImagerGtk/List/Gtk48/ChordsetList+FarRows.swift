import CGtk
import ImagerGLib

/// Rows far from the view, refreshed after the frame that shows a change rather than before.
///
/// GTK 4.8 keeps about 200 rows around the visible ones; a 640-pixel window shows 11.
/// A removal of many rows leaves them in place to show the chordsets that moved up (`apply`),
/// and each then needs its content again, twice for those whose selection changes (GTK 4.8
/// unbinds and binds a row whose selection changes). Done for all of them, that is most of
/// the main-thread work before the frame of a large delete (1,000 rows of 100,000). GTK 4.8
/// also binds again every row it moves (an insert near the top,
/// a jump of the view). The rows on screen, and as many again above and below, are refreshed
/// before the frame; the others wait for the main loop's first idle after it, for GTK to put
/// them on screen (a scroll), or for a lookup of a row by position, whichever comes first.
/// Until then a far row shows what it showed before, which nobody can see: only its accessible
/// name is a frame late. A row that has the keyboard focus is refreshed at once wherever it is.
/// GTK 4.18 keeps and rebinds its rows alike (`RunningVersions.listKeepsRows`).
struct FarRows {
    /// While a change is being followed: the positions refreshed before the frame.
    fileprivate var near: ClosedRange<Int>?
    /// Rows refreshed while following the change (a rebind may come before the refresh).
    fileprivate var refreshedNow: Set<ObjectIdentifier> = []
    fileprivate var waiting: [ObjectIdentifier: ChordsetRow] = [:]
    fileprivate var idle: ScheduledWork?
    /// Waiting for the next frame to paint before the idle is scheduled.
    fileprivate var awaitsPaint = false

    /// How many rows wait for their refresh.
    var waitingCount: Int { waiting.count }

    func isWaiting(_ row: ChordsetRow) -> Bool {
        waiting[ObjectIdentifier(row)] != nil
    }

    /// A row refreshed by any path no longer waits.
    mutating func didRefresh(_ row: ChordsetRow) {
        guard !waiting.isEmpty else { return }
        waiting[ObjectIdentifier(row)] = nil
    }
}

extension ChordsetList {
    /// The positions of the rows on screen, and as many again above and below them; nil
    /// when no row is on screen. GTK 4.8 maps only the rows it shows: the others keep the
    /// place they last had.
    func positionsNearView() -> ClosedRange<Int>? {
        var first = Int.max, last = Int.min
        for row in allRows {
            guard let position = row.position, let item = gtk_widget_get_parent(row.widget),
                  gtk_widget_get_mapped(item) != 0 else { continue }
            first = min(first, position)
            last = max(last, position)
        }
        guard first <= last else { return nil }
        let shown = last - first + 1
        return max(0, first - shown)...(last + shown)
    }

    /// Runs `follow`, in which `refreshNearNow` refreshes only the rows at `near` (and the
    /// focused one) and leaves the rest for the main loop's first idle after the next
    /// painted frame. Not any idle: the main loop is idle while the frame clock waits for
    /// its slot, and rows refreshed then would be measured in the frame after all.
    func refreshingFarRowsLater(near: ClosedRange<Int>, _ follow: () -> Void) {
        guard RunningVersions.listKeepsRows else { return follow() }
        farRows.near = near
        follow()
        farRows.near = nil
        farRows.refreshedNow = []
        refreshWaitingRowsAfterFrame()
    }

    /// A row GTK bound to an item or moved to another position (a row inserted or removed
    /// above it, the view jumped): refreshed now if it is on screen, has the focus or is
    /// near the view of a change being followed; else when it comes on screen (`rowShown`),
    /// or at the idle after the frame, whichever comes first. GTK 4.8 moves and binds again
    /// all ~200 rows it keeps when a row is inserted near the top or the view jumps, and
    /// refreshing all of them before the frame would be most of a duplicate's or a search's
    /// main-thread work at 100,000.
    func refreshWhenShown(_ row: ChordsetRow) {
        guard RunningVersions.listKeepsRows else { return refresh(row) }
        let key = ObjectIdentifier(row)
        if gtk_widget_get_mapped(row.widget) != 0 || row.containsFocus || farRows.near?.contains(row.position ?? -1) == true {
            // Bound or moved again: what it showed in this change may not hold any more.
            farRows.refreshedNow.remove(key)
            refreshNearNow(row)
            return
        }
        farRows.waiting[key] = row
        if farRows.near == nil { refreshWaitingRowsAfterFrame() }
    }

    /// GTK maps a row when it comes on screen, during the frame's layout, before it is drawn.
    func rowShown(_ row: ChordsetRow) {
        guard farRows.isWaiting(row) else { return }
        refresh(row)
    }

    /// The rows still waiting are refreshed at the main loop's first idle after the next
    /// painted frame; any of them on screen by the end of that frame's layout, before it.
    private func refreshWaitingRowsAfterFrame() {
        guard farRows.waitingCount > 0, farRows.idle?.isPending != true, !farRows.awaitsPaint else { return }
        guard let clock = gtk_widget_get_frame_clock(listView) else {
            farRows.idle = MainLoop.idle { [weak self] in self?.refreshFarRowsNow() }
            return
        }
        farRows.awaitsPaint = true
        // For one frame, then gone (disconnected from inside, while the clock surely exists).
        // The window's own layout handler was connected when it was realized, before this
        // one, so this one sees the rows GTK has just put on screen ("map" does too, this is
        // the net under it).
        var layout: SignalHandle?
        var afterPaint: SignalHandle?
        layout = Signal.connect(clock, "layout") { [weak self] in self?.refreshWaitingRowsOnScreen() }
        afterPaint = Signal.connect(clock, "after-paint") { [weak self] in
            layout?.disconnect()
            afterPaint?.disconnect()
            layout = nil
            afterPaint = nil
            guard let self else { return }
            self.farRows.awaitsPaint = false
            guard self.farRows.waitingCount > 0, self.farRows.idle?.isPending != true else { return }
            self.farRows.idle = MainLoop.idle { [weak self] in self?.refreshFarRowsNow() }
        }
    }

    private func refreshWaitingRowsOnScreen() {
        for row in farRows.waiting.values where gtk_widget_get_mapped(row.widget) != 0 { refresh(row) }
    }

    /// Refreshes the row now, unless a change is being followed and the row is far from the
    /// view (then it waits), or it was refreshed already while following it.
    func refreshNearNow(_ row: ChordsetRow) {
        guard let near = farRows.near, let position = row.position else { return refresh(row) }
        let key = ObjectIdentifier(row)
        guard !farRows.refreshedNow.contains(key) else { return }
        if near.contains(position) || row.containsFocus {
            refresh(row)
            farRows.refreshedNow.insert(key)
        } else {
            farRows.waiting[key] = row
        }
    }

    /// Refreshes every row still waiting (the idle after the frame, a lookup of a row by
    /// position).
    func refreshFarRowsNow() {
        guard farRows.waitingCount > 0 else { return }
        let waiting = farRows.waiting.values
        farRows.waiting = [:]
        farRows.idle?.cancel()
        for row in waiting where row.position != nil { refresh(row) }
    }
}
