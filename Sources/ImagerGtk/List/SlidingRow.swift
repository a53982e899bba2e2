import CGtk

/// The container of a chordset row: it lines up its children from the start like a
/// horizontal GtkBox (the ones that expand take the space left), moves them all `offset`
/// pixels toward the start edge (left, or right in right-to-left text), and shows the
/// `underlay` under the strip they uncover at the end edge.
/// `SwipeToDelete` sets the offset; the underlay holds the Delete button.
///
/// One widget does the work of a GtkOverlay around a GtkBox, because every widget in a row
/// costs a style computation in each row of the list whenever GTK 4.8 inserts a row above
/// them, which a delete at the end of the list does: GTK restyles all ~200 rows it keeps
/// The widget class is registered here ("ImagerSlidingRow", CSS name
/// `slidingrow`); each widget holds a reference on its `SlidingRow`, dropped when the
/// widget is finalized.
final class SlidingRow {
    /// Borrowed: owned by whoever parents it (the list item).
    let widget: Widget
    /// Between children on one line; `titleGap` more after the title, before the cells.
    private let spacing: Int32
    private let titleGap: Int32
    /// Between the cells when they have a line of their own, under the title: tighter, so the
    /// row fits a phone's width.
    private let narrowSpacing: Int32
    /// Space kept free around the children, as CSS padding would (the underlay ignores it).
    private let inset: (horizontal: Int32, vertical: Int32)

    /// How far the children are moved toward the start edge, in pixels.
    var offset = 0.0 {
        didSet {
            guard offset != oldValue else { return }
            gtk_widget_queue_allocate(widget)
            gtk_widget_queue_draw(widget)
        }
    }

    /// Borrowed: the layer under the children, made on the first swipe; set it once.
    var underlay: Widget? {
        didSet {
            guard let underlay, oldValue == nil else { return }
            gtk_widget_insert_after(underlay, widget, nil)
        }
    }

    init(spacing: Int32, titleGap: Int32, narrowSpacing: Int32, inset: (horizontal: Int32, vertical: Int32)) {
        self.spacing = spacing
        self.titleGap = titleGap
        self.narrowSpacing = narrowSpacing
        self.inset = inset
        widget = UnsafeMutableRawPointer(g_object_new_with_properties(Self.type, 0, nil, nil)!)
            .assumingMemoryBound(to: GtkWidget.self)
        Self.attach(self, to: widget)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    }

    func append(_ child: Widget) {
        gtk_widget_set_parent(child, widget)
    }

    /// Appends the single-line label that takes the width the line leaves it (the title),
    /// placed in the middle of its line at its own height. Its width is never measured: an
    /// ellipsizing label lays its text out twice to find a natural width the row would not
    /// use (the title takes what the cells leave, however long it is), and GTK would lay it
    /// out three times more to centre it with `valign`. A fast scroll binds about a hundred
    /// new rows a frame, so the row measures the label's height alone and centres it itself.
    func appendLineLabel(_ label: Widget) {
        gtk_widget_set_valign(label, GTK_ALIGN_FILL)
        gtk_widget_set_hexpand(label, 1)
        append(label)
        lineLabel = label
    }

    /// Borrowed: the label appended by `appendLineLabel`.
    private var lineLabel: Widget?

    func insert(_ child: Widget, after sibling: Widget) {
        gtk_widget_insert_after(child, widget, sibling)
    }

    // MARK: Layout

    /// The children in line: every visible child but the underlay and popovers.
    private var lineChildren: [Widget] {
        var children: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if current != underlay, gtk_widget_should_layout(current) != 0 { children.append(current) }
            child = gtk_widget_get_next_sibling(current)
        }
        return children
    }

    // MARK: Layout on one line or two

    /// Below this much room for the title on the cells' line, the cells go under the title.
    static let narrowTitleWidth: Int32 = 120
    /// Between the title and the cells under it.
    private static let lineGap: Int32 = 4

    /// What the children need: the title (the children that expand) and the cells (the rest).
    private struct Needs {
        var titleMinimum: Int32 = 0, titleNatural: Int32 = 0, titleHeight: Int32 = 0
        /// The cells' natural widths, summed, and how many there are.
        var cellsNatural: Int32 = 0, cellsHeight: Int32 = 0, cells: Int32 = 0

        /// The cells' width side by side, `spacing` apart.
        func cellsWidth(spacing: Int32) -> Int32 { cellsNatural + spacing * max(cells - 1, 0) }
    }

    private func needs(_ children: [Widget]) -> Needs {
        var needs = Needs()
        for child in children {
            var minimum: Int32 = 0, natural: Int32 = 0, height: Int32 = 0
            if child != lineLabel {
                gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            }
            height = naturalHeight(child)
            if gtk_widget_compute_expand(child, GTK_ORIENTATION_HORIZONTAL) != 0 {
                needs.titleMinimum += minimum
                needs.titleNatural += natural
                needs.titleHeight = max(needs.titleHeight, height)
            } else {
                needs.cellsNatural += natural
                needs.cellsHeight = max(needs.cellsHeight, height)
                needs.cells += 1
            }
        }
        return needs
    }

    private func naturalHeight(_ child: Widget) -> Int32 {
        if child == lineLabel { return lineLabelHeight(child) }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        return natural
    }

    /// The line label's height, measured again only when its font changes (its Pango
    /// context's serial moves with the font, the text scale and the resolution), not for
    /// every text it is given: measuring is laying the text out, and a one-line label is a
    /// line high whatever it says. A glyph from a taller fallback font may stand out of the
    /// label by a pixel or two; nothing clips it.
    private func lineLabelHeight(_ label: Widget) -> Int32 {
        let serial = pango_context_get_serial(gtk_widget_get_pango_context(label))
        if let known = lineLabelMeasure, known.serial == serial { return known.height }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        lineLabelMeasure = (serial, natural)
        return natural
    }

    private var lineLabelMeasure: (serial: guint, height: Int32)?

    /// The horizontal inset at `width` (the list's clamp keeps rows from growing wider than
    /// `ChordsetList.widest`).
    private func horizontalInset(at width: Int32) -> Int32 {
        inset.horizontal
    }

    /// Whether the cells go under the title at `width`.
    private func isTwoLines(_ needs: Needs, width: Int32) -> Bool {
        guard width >= 0 else { return false }
        let room = width - 2 * horizontalInset(at: width) - spacing - titleGap - needs.cellsWidth(spacing: spacing)
        return room < Self.narrowTitleWidth
    }

    fileprivate func measure(_ orientation: GtkOrientation, forSize: Int32, minimum: inout Int32, natural: inout Int32) {
        let needs = needs(lineChildren)
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            // Narrowest: the cells on a line of their own; natural: everything on one line
            // (the line label counts as nothing: it takes what the line leaves it).
            minimum = max(needs.titleMinimum, needs.cellsWidth(spacing: narrowSpacing)) + 2 * inset.horizontal
            natural = needs.titleNatural + spacing + titleGap + needs.cellsWidth(spacing: spacing) + 2 * inset.horizontal
        } else if isTwoLines(needs, width: forSize) {
            minimum = needs.titleHeight + Self.lineGap + needs.cellsHeight + 2 * inset.vertical
            natural = minimum
        } else {
            minimum = max(needs.titleHeight, needs.cellsHeight) + 2 * inset.vertical
            natural = minimum
        }
    }

    /// On one line, as GtkBox does: every child gets its minimum, the space left goes
    /// towards natural widths, and what is left after that goes to the title. On two lines,
    /// the title takes the first line whole and the cells the second, from the start edge.
    fileprivate func allocate(width: Int32, height: Int32) {
        let children = lineChildren
        let needs = needs(children)
        let sideInset = horizontalInset(at: width)
        let twoLines = isTwoLines(needs, width: width)
        let lineWidth = width - 2 * sideInset
        var sizes = children.map { child -> GtkRequestedSize in
            var size = GtkRequestedSize(data: nil, minimum_size: 0, natural_size: 0)
            if child != lineLabel {
                gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &size.minimum_size, &size.natural_size, nil, nil)
            }
            return size
        }
        let expanding = children.map { gtk_widget_compute_expand($0, GTK_ORIENTATION_HORIZONTAL) != 0 }
        var extra: Int32 = 0
        if !twoLines {
            let used = sizes.reduce(0) { $0 + $1.minimum_size } + spacing * Int32(max(children.count - 1, 0)) + titleGap
            extra = max(0, lineWidth - used)
            extra = sizes.withUnsafeMutableBufferPointer { buffer in
                gtk_distribute_natural_allocation(extra, guint(buffer.count), buffer.baseAddress)
            }
        }
        let expandingCount = Int32(expanding.filter { $0 }.count)
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        let shift = Int32(offset.rounded())
        var x: Int32 = 0
        var expandIndex: Int32 = 0
        let cellsTop = inset.vertical + needs.titleHeight + Self.lineGap
        for (index, child) in children.enumerated() {
            var childWidth: Int32, top: Int32, childHeight: Int32
            if twoLines && expanding[index] {
                childWidth = max(lineWidth, sizes[index].minimum_size)
                top = inset.vertical
                childHeight = needs.titleHeight
            } else if twoLines {
                childWidth = sizes[index].natural_size
                top = cellsTop
                childHeight = max(0, height - cellsTop - inset.vertical)
            } else {
                childWidth = sizes[index].minimum_size
                if expanding[index], expandingCount > 0 {
                    // Shares out the remainder like GtkBox: the first ones get the odd pixels.
                    childWidth += extra / expandingCount + (expandIndex < extra % expandingCount ? 1 : 0)
                    expandIndex += 1
                }
                top = inset.vertical
                childHeight = max(0, height - 2 * inset.vertical)
            }
            if child == lineLabel {
                // In the middle of its line, as `valign: center` would place it.
                let labelHeight = min(naturalHeight(child), childHeight)
                top += (childHeight - labelHeight) / 2
                childHeight = labelHeight
            }
            let start = sideInset + x
            let childX = rightToLeft ? width - start - childWidth : start
            // The children move toward the start edge: left, or right in right-to-left text.
            var rect = GtkAllocation(x: rightToLeft ? childX + shift : childX - shift, y: top,
                                     width: childWidth, height: childHeight)
            gtk_widget_size_allocate(child, &rect, -1)
            // On two lines the title's line is its own: the cells start again at the edge,
            // lined up with the title.
            if twoLines {
                x = expanding[index] ? 0 : x + childWidth + narrowSpacing
            } else {
                x += childWidth + spacing + (expanding[index] ? titleGap : 0)
            }
        }
        if let underlay, gtk_widget_get_visible(underlay) != 0 {
            var rect = GtkAllocation(x: 0, y: 0, width: width, height: height)
            gtk_widget_size_allocate(underlay, &rect, -1)
            // Only the uncovered strip of the underlay may take clicks: the rest of it,
            // Delete button included while it is half shown, lies under the children.
            gtk_widget_set_can_target(underlay, offset >= SwipeToDelete.revealWidth ? 1 : 0)
        }
        presentPopovers()
    }

    /// Popovers (the row menu) are native children: their parent places them.
    private func presentPopovers() {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(current)), gtk_popover_get_type()) != 0 {
                gtk_popover_present(cgtk_popover(current))
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The underlay only where the children have moved away from, then the children.
    fileprivate func snapshot(_ snapshot: OpaquePointer) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if current == underlay {
                if offset > 0 {
                    let width = Float(gtk_widget_get_width(widget)), height = Float(gtk_widget_get_height(widget))
                    let shown = min(Float(offset), width)
                    let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
                    var strip = graphene_rect_t(origin: graphene_point_t(x: rightToLeft ? 0 : width - shown, y: 0),
                                                size: graphene_size_t(width: shown, height: height))
                    gtk_snapshot_push_clip(snapshot, &strip)
                    gtk_widget_snapshot_child(widget, current, snapshot)
                    gtk_snapshot_pop(snapshot)
                }
            } else {
                gtk_widget_snapshot_child(widget, current, snapshot)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    // MARK: The widget class

    /// What an instance holds after its GtkWidget fields: its `SlidingRow`, retained.
    private static let ownerOffset = MemoryLayout<GtkWidget>.stride

    // Main-actor isolated, like every GTK call here; the class callbacks enter the main actor.
    private static var registeredType: GType = 0
    private static var parentClass: UnsafeMutablePointer<GObjectClass>?

    private static func owner(of widget: UnsafeMutableRawPointer) -> SlidingRow? {
        let slot = (widget + ownerOffset).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        return slot.pointee.map { Unmanaged<SlidingRow>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func attach(_ row: SlidingRow, to widget: Widget) {
        let slot = (UnsafeMutableRawPointer(widget) + ownerOffset).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        slot.pointee = Unmanaged.passRetained(row).toOpaque()
    }

    /// Registered on first use, on the main thread like every other GTK call here.
    private static var type: GType {
        if registeredType == 0 {
            let classInit: GClassInitFunc = { klass, _ in
                let parent = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GObjectClass.self)
                MainActor.assumeIsolated { SlidingRow.parentClass = parent }
                let widgetClass = klass!.assumingMemoryBound(to: GtkWidgetClass.self)
                // Height for width: below a width the cells go under the title.
                widgetClass.pointee.get_request_mode = { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }
                widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                    var min: Int32 = 0, nat: Int32 = 0
                    MainActor.assumeIsolated {
                        SlidingRow.owner(of: UnsafeMutableRawPointer(widget!))?
                            .measure(orientation, forSize: forSize, minimum: &min, natural: &nat)
                    }
                    minimum?.pointee = min
                    natural?.pointee = nat
                    minimumBaseline?.pointee = -1
                    naturalBaseline?.pointee = -1
                }
                widgetClass.pointee.size_allocate = { widget, width, height, _ in
                    MainActor.assumeIsolated { SlidingRow.owner(of: UnsafeMutableRawPointer(widget!))?.allocate(width: width, height: height) }
                }
                widgetClass.pointee.snapshot = { widget, snapshot in
                    guard let snapshot else { return }
                    MainActor.assumeIsolated { SlidingRow.owner(of: UnsafeMutableRawPointer(widget!))?.snapshot(snapshot) }
                }
                // A container unparents its children when it is disposed.
                widgetClass.pointee.parent_class.dispose = { object in
                    let widget = UnsafeMutableRawPointer(object!).assumingMemoryBound(to: GtkWidget.self)
                    while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
                    MainActor.assumeIsolated { SlidingRow.parentClass?.pointee.dispose?(object) }
                }
                widgetClass.pointee.parent_class.finalize = { object in
                    let slot = (UnsafeMutableRawPointer(object!) + SlidingRow.ownerOffset)
                        .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
                    if let owner = slot.pointee { Unmanaged<SlidingRow>.fromOpaque(owner).release() }
                    slot.pointee = nil
                    MainActor.assumeIsolated { SlidingRow.parentClass?.pointee.finalize?(object) }
                }
                gtk_widget_class_set_css_name(widgetClass, "slidingrow")
                // A group named after its chordset (ChordsetRow sets the name); without a role
                // screen readers would announce the class name, "ImagerSlidingRow".
                gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_GROUP)
            }
            registeredType = g_type_register_static_simple(
                gtk_widget_get_type(), "ImagerSlidingRow",
                guint(MemoryLayout<GtkWidgetClass>.stride), classInit,
                guint(ownerOffset + MemoryLayout<UnsafeMutableRawPointer?>.stride), nil, GTypeFlags(rawValue: 0))
        }
        return registeredType
    }
}
