import CGtk
import ImagerCore

/// The GListModel the list view shows: one plain placeholder GObject per chordset, in the
/// controller's order. Rows find their chordset by position, so the model only has to
/// mirror the count and where rows were inserted or removed; content changes are told to
/// the bound rows directly (see `ChordsetList`), which keeps selection and focus in place.
final class ChordsetListModel {
    /// Owned: the store (one reference, dropped in deinit).
    let store: OpaquePointer

    init(count: Int) {
        store = g_list_store_new(cgtk_type_object())
        insert(at: 0, count: count)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(store))
    }

    var count: Int { Int(g_list_model_get_n_items(cgtk_list_model(UnsafeMutableRawPointer(store)))) }

    var listModel: OpaquePointer { cgtk_list_model(UnsafeMutableRawPointer(store)) }

    /// Follows the controller. Returns true when rows kept their items but may show other
    /// chordsets now (a reload), so the caller refreshes the bound rows.
    @discardableResult
    func apply(_ change: ListChange, newCount: Int) -> Bool {
        switch change {
        case let .inserted(index, count):
            insert(at: index, count: count)
            return false
        case let .removed(index, count):
            g_list_store_splice(store, guint(index), guint(count), nil, 0)
            return false
        case .updated:
            return false
        case .reloaded:
            // Keep the items that are still needed, so the view keeps its scroll position,
            // and grow or shrink at the end.
            let current = count
            if newCount > current {
                insert(at: current, count: newCount - current)
            } else if newCount < current {
                g_list_store_splice(store, guint(newCount), guint(current - newCount), nil, 0)
            }
            return true
        }
    }

    private func insert(at index: Int, count: Int) {
        guard count > 0 else { return }
        var items = [gpointer?](repeating: nil, count: count)
        for i in 0..<count { items[i] = UnsafeMutableRawPointer(cgtk_plain_object_new()) }
        items.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, guint(index), 0, buffer.baseAddress, guint(count))
        }
        // The store took its own references.
        for item in items { g_object_unref(item) }
    }
}
