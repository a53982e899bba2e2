import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The list during a search: which rows show which chordsets (`ListFilter`), and going
/// from one query to the next. Row N shows chordset N when no search is shown.
extension ChordsetList {
    /// How many rows the list view shows.
    package var rowCount: Int { filter?.count ?? controller.count }

    func chordsetIndex(ofRow row: Int) -> Int? {
        if let filter { return filter.chordsetIndex(ofRow: row) }
        return row >= 0 && row < controller.count ? row : nil
    }

    func row(ofChordset index: Int) -> Int? {
        if let filter { return filter.row(ofChordset: index) }
        return index >= 0 && index < controller.count ? index : nil
    }

    /// Shows only the chordsets whose titles contain `query` (see `TitleSearch`), or all of
    /// them for nil or an empty query. The selected chordset stays selected if it is shown.
    func showSearch(_ query: String?) {
        isFollowingController = true
        defer { isFollowingController = false }
        let previousRows = rowCount
        if let query, !query.isEmpty {
            filter = ListFilter(query: query, shown: search.matches(query, in: controller.chordsets))
        } else {
            filter = nil
        }
        let nearView = positionsNearView()
        let movedToFirstRow = showFirstMatchIfViewIsPastThem(newCount: rowCount)
        // Rows keep their items (GTK keeps its place); only the end grows or shrinks.
        model.apply(.reloaded(previousCount: previousRows), newCount: rowCount)
        // Every row may show another chordset now: those in and around the view before the
        // frame, the ~200 others GTK keeps after it (`ChordsetList+FarRows`). When the view
        // went to the first row, the rows it showed are let go, and GTK binds new ones there.
        let near = nearView.map { movedToFirstRow ? 0...$0.count : $0 }
        refreshingFarRowsLater(near: near ?? 0...Int.max) {
            // The rows selected before, those shown now; a hidden selection stays remembered
            // (`lastSelectedIDs`), so Escape brings it back. Selecting first: GTK 4.8 rebinds
            // the rows whose selection changes, which refreshes them.
            select(ids: lastSelectedIDs)
            allRows.forEach(refreshNearNow)
        }
    }

    /// A search whose rows end above the view starts at its first match: call before the
    /// model goes from `model.count` rows to `newCount`. The view moves first, so that GTK
    /// 4.8 lays the rows out afresh (`ChordsetList+Shortening`). True when the view moved.
    private func showFirstMatchIfViewIsPastThem(newCount: Int) -> Bool {
        guard newCount > 0, newCount < model.count, let last = lastShownRow, last >= newCount else { return false }
        scrollToRow(0)
        return true
    }

    /// The last row GTK has on screen (GTK 4.8 maps only the rows it shows).
    var lastShownRow: Int? {
        var last: Int?
        for row in allRows {
            guard let position = row.position, let item = gtk_widget_get_parent(row.widget),
                  gtk_widget_get_mapped(item) != 0 else { continue }
            last = max(last ?? position, position)
        }
        return last
    }

    /// Brings the search's folded titles up to date with the list once the window is idle
    /// after a change (one pass over the list's titles, and a fold
    /// of those that changed), so the next keystroke only searches. Several changes in a row
    /// wait for one pass.
    func refreshSearchWhenIdle() {
        guard searchRefresh?.isPending != true else { return }
        searchRefresh = MainLoop.idle(priority: G_PRIORITY_LOW) { [weak self] in
            guard let self, !self.controller.isLoadingRest else { return }
            self.search.refresh(self.controller.chordsets)
        }
    }

    /// Folds every title for the search on another thread, so that the first keystroke
    /// after a launch or a reload does not (at 100,000 chordsets, most of a frame).
    /// Waits for the whole list when it starts with a first page (its reload comes then).
    func prepareSearch() {
        guard !controller.isLoadingRest else { return }
        let chordsets = controller.chordsets
        let changes = changesFollowed
        DispatchQueue.global(qos: .utility).async { [weak self] in
            let prepared = TitleSearch.prepare(chordsets)
            MainLoop.idleFromAnyThread { [weak self] in
                // A change since the copy: the first search folds what no longer holds.
                guard let self, self.changesFollowed == changes else { return }
                self.search.adopt(prepared)
            }
        }
    }
}
