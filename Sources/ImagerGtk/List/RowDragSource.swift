import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// Lets a row be dragged by the mouse or a pen: within the list its chordset moves to where
/// it is dropped (`ListDropTarget`), and out of the window it is a `.json` file
/// (`DragFile`), of the selection when the row is one of several selected (up to
/// `ChordsetList.carryLimit`). The drag carries both: an Imager-only type naming the
/// chordset, and the file as a GdkFileList (text/uri-list) and a GFile.
/// Not every press drags. Touch scrolls the list (and a long press opens the row's menu);
/// a mostly horizontal movement is the row's swipe (`SwipeToDelete`), as is anything on an
/// open row; and in the title field being edited a drag selects text.
final class RowDragSource {
    /// The type only Imager's own drags carry: the chordset's id, as text. The window's
    /// file drop target refuses drags that carry it, so a row dragged onto the header bar
    /// is not imported as a copy of itself.
    static let internalMimeType = "application/x-imager-chordset-id"

    /// Weak: GTK may emit the source's signals after the row or the list is gone.
    private weak var row: ChordsetRow?
    private weak var list: ChordsetList?
    /// The chordset a prepared drag carries, until it begins.
    private var preparedID: UUID?

    init(row: ChordsetRow, list: ChordsetList) {
        self.row = row
        self.list = list
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GdkDragAction(rawValue: GDK_ACTION_MOVE.rawValue | GDK_ACTION_COPY.rawValue))
        Signal.connectPrepare(source) { [weak self] x, y in
            guard let self else { return nil }
            return self.prepare(source, x: x, y: y)
        }
        Signal.connectPointer(source, "drag-begin") { [weak self] drag in
            guard let self, let id = self.preparedID else { return }
            self.list?.dropTarget.dragBegan(id: id, drag: OpaquePointer(drag))
        }
        Signal.connectDragEnd(source) { [weak self] drag in
            self?.list?.dropTarget.dragEnded(drag)
        }
        gtk_widget_add_controller(row.widget, source)
    }

    /// The drag's content, or nil to let the press be something else.
    private func prepare(_ source: OpaquePointer, x: Double, y: Double) -> UnsafeMutablePointer<GdkContentProvider>? {
        preparedID = nil
        guard let row, let list, let id = row.chordsetID, let position = row.position,
              let chordset = list.controller.chordset(id: id) else { return nil }
        let controller = cgtk_event_controller(UnsafeMutableRawPointer(source))
        if let device = gtk_event_controller_get_current_event_device(controller),
           gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN { return nil }
        guard Self.mayDrag(row, pressedAt: (x, y), movedBy: movement(of: source, from: (x, y))) else { return nil }

        if let icon = Self.icon(of: row.widget) {
            gtk_drag_source_set_icon(source, icon, Int32(x), Int32(y))
            g_object_unref(UnsafeMutableRawPointer(icon))
        }
        preparedID = id
        let carried = list.chordsetsCarried(draggingRow: position, chordset: chordset)
        return Self.content(for: chordset, carrying: carried, lumis: carried.map { list.controller.lumis(of: $0.id) })
    }

    /// A picture of the row as it is now (the row may show another chordset once the list
    /// scrolls under the drag), on the list's background, which the row itself does not
    /// paint, and a little translucent where the windowing system allows it, so the drop
    /// line shows through. A new reference.
    static func icon(of widget: Widget) -> OpaquePointer? {
        let width = Float(gtk_widget_get_width(widget)), height = Float(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { return nil }
        var background = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        _ = cgtk_widget_lookup_color(widget, "theme_base_color", &background)
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: width, height: height))
        let snapshot = gtk_snapshot_new()!
        gtk_snapshot_push_opacity(snapshot, 0.85)
        gtk_snapshot_append_color(snapshot, &background, &bounds)
        let picture = gtk_widget_paintable_new(widget)!
        gdk_paintable_snapshot(picture, cgtk_gdk_snapshot(UnsafeMutableRawPointer(snapshot)), Double(width), Double(height))
        g_object_unref(UnsafeMutableRawPointer(picture))
        gtk_snapshot_pop(snapshot)
        var size = bounds.size
        return gtk_snapshot_free_to_paintable(snapshot, &size)
    }

    /// Whether a press at `point` in `row` that has since moved by `movement` drags the row.
    static func mayDrag(_ row: ChordsetRow, pressedAt point: (x: Double, y: Double),
                        movedBy movement: (dx: Double, dy: Double)) -> Bool {
        guard !row.swipe.isOpen, abs(movement.dx) <= abs(movement.dy) else { return false }
        if let field = row.title.editingField,
           let picked = gtk_widget_pick(row.widget, point.x, point.y, GTK_PICK_DEFAULT),
           picked == field || gtk_widget_is_ancestor(picked, field) != 0 { return false }
        return true
    }

    /// How far the pointer has moved since the press (GTK prepares once it passes the drag
    /// threshold).
    private func movement(of source: OpaquePointer, from start: (x: Double, y: Double)) -> (dx: Double, dy: Double) {
        let gesture = cgtk_gesture(UnsafeMutableRawPointer(source))
        var x = start.x, y = start.y
        let sequence = gtk_gesture_single_get_current_sequence(cgtk_gesture_single(UnsafeMutableRawPointer(source)))
        _ = gtk_gesture_get_point(gesture, sequence, &x, &y)
        return (x - start.x, y - start.y)
    }

    /// What the drag offers: the dragged chordset's id for the list (which moves the selection
    /// with it), and for everything else the file of `carried` (that chordset, or the
    /// selection it is part of) with their `lumis`. Without a file (the cache folder could not
    /// be written) the row still moves. Returns a new reference.
    static func content(for chordset: Chordset, carrying carried: [Chordset],
                        lumis: [ChordsetLumis]) -> UnsafeMutablePointer<GdkContentProvider> {
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = []
        let idText = chordset.id.uuidString
        let bytes = idText.withCString { g_bytes_new($0, gsize(strlen($0))) }
        providers.append(gdk_content_provider_new_for_bytes(internalMimeType, bytes))
        g_bytes_unref(bytes)
        let written: URL?
        do throws(DragFile.Failure) {
            written = try DragFile.write(carried, lumis: lumis)
        } catch {
            // Nothing to tell the person mid-drag: the move within the list still works,
            // only a drop outside the window has nothing to take.
            FileHandle.standardError.write(Data("imager: a dragged row offers no file: \(error)\n".utf8))
            written = nil
        }
        if let url = written {
            let file = g_file_new_for_path(url.path)!
            let files = g_slist_append(nil, UnsafeMutableRawPointer(file))
            let fileList = gdk_file_list_new_from_list(files)!
            providers.append(cgtk_content_provider_new_for_file_list(fileList))
            providers.append(cgtk_content_provider_new_for_file(file))
            g_boxed_free(gdk_file_list_get_type(), UnsafeMutableRawPointer(fileList))
            g_slist_free(files)
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        return providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count))! }
    }
}
