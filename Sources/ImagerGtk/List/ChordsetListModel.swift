import CGtk
import ImagerCore

/// The GListModel the list view shows: one placeholder item per chordset, in the
/// controller's order. Rows find their chordset by position, so the model only has to
/// mirror the count and where rows were inserted or removed; content changes are told to
/// the bound rows directly (see `ChordsetList`), which keeps selection and focus in place.
///
/// The model is a count, not a list of 100,000 objects: an item is made when GTK first asks
/// for one (the ~200 rows it keeps, the selected rows) and kept while anything else holds it,
/// so the same position gives the same item (GTK may read a shifted row's item again, and
/// rebinds the row, closing its menu and resetting a swipe, when the item differs). A
/// GListStore makes and frees an object per chordset: a search over 100,000 chordsets and
/// closing it again would churn through them, and a launch would make 100,000 objects
/// before its first frame.
final class ChordsetListModel {
    /// Owned: the GObject that implements GListModel (one reference, dropped in deinit).
    private let object: UnsafeMutableRawPointer
    private let items: PositionItems

    init(count: Int) {
        object = UnsafeMutableRawPointer(g_object_new_with_properties(CountListModelType.type, 0, nil, nil)!)
        items = PositionItems(count: count)
        CountListModelType.attach(items, to: object)
    }

    isolated deinit {
        g_object_unref(object)
    }

    var count: Int { items.count }

    /// Borrowed: the model as a GListModel.
    var listModel: OpaquePointer { cgtk_list_model(object) }

    /// Follows the controller. Returns true when rows kept their items but may show other
    /// chordsets now (a reload), so the caller refreshes the bound rows.
    @discardableResult
    func apply(_ change: ListChange, newCount: Int) -> Bool {
        switch change {
        case let .inserted(index, count):
            splice(at: index, removed: 0, added: count)
            return false
        case let .removed(index, count):
            splice(at: index, removed: count, added: 0)
            return false
        case .updated, .moved:
            // Rows keep their items: the rows between the two places show their neighbours.
            return false
        case .reloaded:
            // Keep the items that are still needed, so the view keeps its scroll position,
            // and grow or shrink at the end.
            let current = count
            if newCount > current {
                splice(at: current, removed: 0, added: newCount - current)
            } else if newCount < current {
                splice(at: newCount, removed: current - newCount, added: 0)
            }
            return true
        }
    }

    private func splice(at position: Int, removed: Int, added: Int) {
        guard removed > 0 || added > 0 else { return }
        items.splice(at: position, removed: removed, added: added)
        g_list_model_items_changed(listModel, guint(position), guint(removed), guint(added))
    }
}

/// The items a `ChordsetListModel` has handed out, by position. Each holds one reference
/// here; an item nothing else holds any more is let go at the next change, or once the
/// table has doubled since it was last pruned (scrolling through the whole list asks for
/// every position once).
final class PositionItems {
    private(set) var count: Int
    private var items: [Int: UnsafeMutableRawPointer] = [:]
    private var pruneAt = 1_024

    init(count: Int) {
        self.count = count
    }

    isolated deinit {
        for item in items.values { g_object_unref(item) }
    }

    /// A new reference to the item at `position`, made on first use; nil past the end.
    func item(at position: Int) -> UnsafeMutableRawPointer? {
        guard position >= 0, position < count else { return nil }
        if let item = items[position] { return g_object_ref(item) }
        if items.count >= pruneAt {
            prune()
            pruneAt = max(1_024, items.count * 2)
        }
        let item = UnsafeMutableRawPointer(cgtk_plain_object_new())!
        items[position] = item
        return g_object_ref(item)
    }

    /// Items at or after `position + removed` move by `added - removed`; the removed ones,
    /// and any nothing else holds, are let go.
    func splice(at position: Int, removed: Int, added: Int) {
        var kept: [Int: UnsafeMutableRawPointer] = [:]
        kept.reserveCapacity(items.count)
        for (itemPosition, item) in items {
            if Self.isHeldOnlyHere(item) || (itemPosition >= position && itemPosition < position + removed) {
                g_object_unref(item)
            } else {
                kept[itemPosition < position ? itemPosition : itemPosition - removed + added] = item
            }
        }
        items = kept
        count += added - removed
    }

    /// How many items are kept: made for GTK and not yet let go.
    var keptCount: Int { items.count }

    private func prune() {
        items = items.filter { _, item in
            guard Self.isHeldOnlyHere(item) else { return true }
            g_object_unref(item)
            return false
        }
    }

    private static func isHeldOnlyHere(_ item: UnsafeMutableRawPointer) -> Bool {
        item.assumingMemoryBound(to: GObject.self).pointee.ref_count == 1
    }
}

/// The GType of `ChordsetListModel`'s GObject: a GObject implementing GListModel, whose
/// instance ends with a pointer to its `PositionItems` (retained, released when the GObject
/// is finalized: GTK may hold the model longer than the Swift side).
private enum CountListModelType {
    private static let itemsOffset = MemoryLayout<GObject>.stride

    @MainActor static let type: GType = {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GObjectClass>.size)
        info.instance_size = guint16(itemsOffset + MemoryLayout<UnsafeMutableRawPointer>.size)
        let type = g_type_register_static(cgtk_type_object(), "ImagerChordsetListModel", &info, GTypeFlags(rawValue: 0))
        var listModel = GInterfaceInfo()
        listModel.interface_init = { iface, _ in
            let vtable = iface!.assumingMemoryBound(to: GListModelInterface.self)
            vtable.pointee.get_item_type = { _ in cgtk_type_object() }
            vtable.pointee.get_n_items = { model in
                guint(CountListModelType.items(of: UnsafeMutableRawPointer(model!))?.count ?? 0)
            }
            vtable.pointee.get_item = { model, position in
                CountListModelType.items(of: UnsafeMutableRawPointer(model!))?.item(at: Int(position))
            }
        }
        g_type_add_interface_static(type, g_list_model_get_type(), &listModel)
        return type
    }()

    static func attach(_ items: PositionItems, to object: UnsafeMutableRawPointer) {
        let retained = Unmanaged.passRetained(items).toOpaque()
        (object + itemsOffset).storeBytes(of: retained, as: UnsafeMutableRawPointer?.self)
        let release: GDestroyNotify = { pointer in Unmanaged<PositionItems>.fromOpaque(pointer!).release() }
        g_object_set_data_full(object.assumingMemoryBound(to: GObject.self), "imager-position-items", retained, release)
    }

    /// GTK calls the model on the main thread only.
    static func items(of object: UnsafeMutableRawPointer) -> PositionItems? {
        guard let pointer = (object + itemsOffset).load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<PositionItems>.fromOpaque(pointer).takeUnretainedValue()
    }
}
