import CGtk
import Foundation
import ImagerCore
import ImagerGLib
@testable import ImagerGtk

/// What the list view draws, read from GTK's widget tree, not from the list's own records:
/// the list view's children (one widget per list item GTK keeps), those GTK has mapped, each
/// with the text of its title label and the position GTK gives its list item.
@MainActor
struct ShownRows {
    struct Row: Equatable, CustomStringConvertible {
        /// The list item's position, as GTK has it.
        var position: Int
        /// The title label's text, as GTK draws it.
        var title: String
        /// The top edge in the list view's coordinates.
        var top: Double
        var height: Double

        var description: String { "\(position):\(title)@\(Int(top))" }
    }

    /// Every mapped row, top to bottom.
    static func mapped(in list: ChordsetList) -> [Row] {
        var itemsByWidget: [Widget: OpaquePointer] = [:]
        for row in list.allRows {
            if let item = row.listItem, let parent = gtk_widget_get_parent(row.widget) { itemsByWidget[parent] = item }
        }
        var rows: [Row] = []
        var child = gtk_widget_get_first_child(list.listView)
        while let widget = child {
            child = gtk_widget_get_next_sibling(widget)
            guard gtk_widget_get_mapped(widget) != 0, let item = itemsByWidget[widget],
                  let label = titleLabel(under: widget) else { continue }
            var origin = graphene_point_t()
            var zero = graphene_point_t()
            guard gtk_widget_compute_point(widget, list.listView, &zero, &origin) != 0 else { continue }
            rows.append(Row(position: Int(gtk_list_item_get_position(item)),
                            title: String(cString: gtk_label_get_text(cgtk_label(label))),
                            top: Double(origin.y), height: Double(gtk_widget_get_height(widget))))
        }
        return rows.sorted { $0.top < $1.top }
    }

    /// The mapped rows that show in the list view's viewport, top to bottom.
    static func visible(in list: ChordsetList) -> [Row] {
        let height = Double(gtk_widget_get_height(list.listView))
        return mapped(in: list).filter { $0.height > 0 && $0.top + $0.height > 0 && $0.top < height }
    }

    /// The label a row shows its title in (CSS class "chordset-title").
    static func titleLabel(under widget: Widget) -> Widget? {
        if gtk_widget_has_css_class(widget, "chordset-title") != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = titleLabel(under: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The titles the list should show, row by row: the controller's list, or the chordsets a
    /// search shows.
    static func expectedTitles(of list: ChordsetList) -> [String] {
        (0..<list.rowCount).map { row in
            list.chordsetIndex(ofRow: row).map { list.controller.chordsets[$0].title } ?? "<no chordset for row \(row)>"
        }
    }

    /// What is wrong with the rows drawn now, or nil: each row drawn in the viewport must show
    /// the chordset at its position, and top to bottom they must be consecutive positions.
    /// (GTK 4.8 may keep a row it no longer uses mapped just outside the viewport, where the
    /// scrolled window clips it: nobody sees it, and it is left out.)
    static func problem(in list: ChordsetList) -> String? {
        let expected = expectedTitles(of: list)
        let visible = visible(in: list)
        for row in visible {
            guard row.position < expected.count else {
                return "a row is drawn at position \(row.position), past the list's \(expected.count) rows: \(visible)"
            }
            guard expected[row.position] == row.title else {
                return "row \(row.position) draws “\(row.title)” where the list has “\(expected[row.position])”: \(visible)"
            }
        }
        for (above, below) in zip(visible, visible.dropFirst()) where below.position != above.position + 1 {
            return "the rows on screen are not a run of the list, top to bottom: \(visible)"
        }
        return nil
    }
}

/// After every frame the window paints, checks the rows drawn (`ShownRows.problem`) and keeps
/// the first problem found, with how many frames were checked.
@MainActor
final class EveryFrameCheck {
    private(set) var firstProblem: String?
    private(set) var frames = 0
    private var handle: SignalHandle?
    private let list: ChordsetList
    private(set) weak var window: MainWindow?

    init(window: MainWindow) {
        self.window = window
        list = window.list
        guard let clock = gtk_widget_get_frame_clock(window.window) else { return }
        handle = Signal.connect(clock, "after-paint") { [weak self] in self?.check() }
    }

    private func check() {
        frames += 1
        guard firstProblem == nil, let problem = ShownRows.problem(in: list) else { return }
        firstProblem = "frame \(frames): \(problem)"
    }

    /// Takes the problem found, if any, and starts looking again.
    func take() -> String? {
        defer { firstProblem = nil }
        return firstProblem
    }

    func stop() {
        handle?.disconnect()
        handle = nil
    }
}
