import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The chord editor: a dialog with the chord on a large canvas and its lumis listed beside
/// it. Every change goes to the controller at once (so the list's cell shows it) as one step
/// on the window's undo stack; a whole drag, or a run of glow changes to one lumi, is one
/// step. Ctrl+Z and Ctrl+Shift+Z undo and redo from inside the dialog.
package final class ChordEditor {
    /// Owned by GTK (a toplevel); destroyed when closed.
    package let window: Widget
    package let canvas: ChordEditorCanvas
    let lumiList: LumiList
    let controls: LumiControls
    /// The canvas and `side`, side by side in a wide window, one above the other in a narrow one.
    private let content: Widget
    private let side: Widget

    let chordsetID: UUID
    let slot: Int
    private let controller: ChordsetController
    private(set) var state: ChordEditorState
    /// The change that later changes of the same kind fold into, with its undo step.
    private var continuation: (kind: Continuation, step: Int)?
    private var dragSerial = 0
    private var currentDrag: ChordEditorState.Drag?
    var onClose: () -> Void = {}
    /// Set when the window starts to go: its list box reports a last selection change while
    /// its rows are torn down, and nothing may touch the widgets after that.
    private var isClosed = false

    /// Changes that become one undo step while they go on.
    private enum Continuation: Equatable {
        case drag(Int)
        case glow(UUID)
    }

    init?(controller: ChordsetController, chordsetID: UUID, slot: Int, over parent: Widget) {
        guard let chordset = controller.chordset(id: chordsetID) else { return nil }
        self.controller = controller
        self.chordsetID = chordsetID
        self.slot = slot
        state = ChordEditorState(lumis: controller.lumis(of: chordsetID)[slot])

        window = gtk_window_new()
        gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
        gtk_window_set_modal(cgtk_window(window), 1)
        gtk_window_set_destroy_with_parent(cgtk_window(window), 1)
        // As wide as the main window allows: on a narrow screen the editor must fit too.
        // Stacked (narrow), it takes the main window's height for the canvas and the list.
        let parentWidth = gtk_widget_get_width(parent), parentHeight = gtk_widget_get_height(parent)
        let width = parentWidth > 0 ? min(Self.wideSize.width, parentWidth) : Self.wideSize.width
        let height = width < Self.narrowBelow ? max(Self.wideSize.height, parentHeight) : Self.wideSize.height
        gtk_window_set_default_size(cgtk_window(window), width, height)
        gtk_window_set_title(cgtk_window(window), Self.title(slot: slot, chordset: chordset.title))
        window.addCSSClasses("chord-editor")

        canvas = ChordEditorCanvas()
        lumiList = LumiList()
        controls = LumiControls()
        content = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18)
        side = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        layOut()
        connect()
        refresh()
    }

    /// "Chord 3 of “Warm”".
    static func title(slot: Int, chordset: String) -> String {
        tr("Chord {number} of “{title}”", ["number": String(slot + 1), "title": chordset])
    }

    func present() {
        gtk_window_present(cgtk_window(window))
        gtk_widget_grab_focus(canvas.widget)
    }

    package func close() {
        gtk_window_close(cgtk_window(window))
    }

    /// The default size when there is room, and the width below which the controls go under
    /// the canvas instead of beside it.
    static let wideSize = (width: Int32(760), height: Int32(480))
    static let narrowBelow: Int32 = 600

    private func layOut() {
        let header = gtk_header_bar_new()!
        gtk_window_set_titlebar(cgtk_window(window), header)

        Widgets.append(controls.backgroundButton, to: side)
        Widgets.append(controls.backgroundColors.widget, to: side)
        let hint = Widgets.label(tr("Choose a shape, then click the canvas to add it"), classes: "dim-label", "caption")
        gtk_label_set_wrap(cgtk_label(hint), 1)
        // Wrapped text asks for no more width than this, so the canvas gets the rest.
        gtk_label_set_max_width_chars(cgtk_label(hint), 30)
        gtk_label_set_justify(cgtk_label(hint), GTK_JUSTIFY_CENTER)
        Widgets.append(hint, to: side)
        Widgets.append(controls.toolPicker, to: side)
        Widgets.append(lumiList.widget, to: side)
        Widgets.append(controls.selectionBox, to: side)

        // The tool buttons expand within the side, but the side does not take width from
        // the canvas: side by side, the chord gets every pixel the controls do not need.
        gtk_widget_set_hexpand(side, 0)
        Widgets.append(canvas.widget, to: content)
        Widgets.append(side, to: content)
        gtk_window_set_child(cgtk_window(window), content)
        fitLayout()
        // GTK keeps the default width in step with the window's width as it is resized.
        Signal.connectPointer(window, "notify::default-width") { [weak self] _ in self?.fitLayout() }
    }

    /// Side by side when the window is wide enough, stacked when it is narrow. Both layouts
    /// are narrower than the width that switches them, so a window can always be made
    /// narrower until it stacks.
    private func fitLayout() {
        // GTK 4.8 writes both sizes, so both need a place.
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cgtk_window(window), &width, &height)
        let narrow = width > 0 && width < Self.narrowBelow
        let orientation = narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
        guard gtk_orientable_get_orientation(OpaquePointer(content)) != orientation || !laidOut else { return }
        laidOut = true
        gtk_orientable_set_orientation(OpaquePointer(content), orientation)
        content.setMargins(narrow ? 12 : 18)
        gtk_box_set_spacing(cgtk_box(content), narrow ? 12 : 18)
        gtk_widget_set_size_request(side, narrow ? -1 : Self.sideWidth, -1)
    }

    private var laidOut = false
    /// The controls' width beside the canvas.
    static let sideWidth: Int32 = 280

    private func connect() {
        canvas.onClick = { [weak self] point in
            guard let self else { return }
            self.apply(self.state.click(at: point))
        }
        canvas.onDragBegin = { [weak self] point, rotating, tolerance in
            guard let self else { return false }
            self.currentDrag = self.state.beginDrag(at: point, rotating: rotating, tolerance: tolerance)
            self.dragSerial += 1
            self.refresh()
            return self.currentDrag != nil
        }
        canvas.onDragUpdate = { [weak self] point in
            guard let self, let drag = self.currentDrag else { return }
            self.apply(self.state.drag(drag, to: point), continuing: .drag(self.dragSerial))
        }
        canvas.onDragEnd = { [weak self] in
            self?.currentDrag = nil
            self?.continuation = nil
        }
        canvas.onKey = { [weak self] key in
            guard let self, self.state.selected != nil else { return false }
            switch key {
            case let .move(dx, dy, big): self.apply(self.state.nudge(dx: dx, dy: dy, big: big))
            case let .resize(grow): self.apply(self.state.resize(grow: grow))
            case let .rotate(clockwise): self.apply(self.state.rotate(clockwise: clockwise))
            case .delete: self.apply(self.state.deleteSelected())
            }
            return true
        }
        lumiList.onSelect = { [weak self] id in
            guard let self else { return }
            self.state.select(id)
            self.continuation = nil
            self.refresh()
        }
        controls.onTool = { [weak self] tool in
            self?.state.tool = tool
        }
        controls.onGlow = { [weak self] glow in
            guard let self, let id = self.state.selectedID else { return }
            self.apply(self.state.setGlow(glow), continuing: .glow(id))
        }
        controls.onRaise = { [weak self] in
            guard let self else { return }
            self.apply(self.state.raiseSelected())
        }
        controls.onLower = { [weak self] in
            guard let self else { return }
            self.apply(self.state.lowerSelected())
        }
        controls.onDelete = { [weak self] in
            guard let self else { return }
            self.apply(self.state.deleteSelected())
        }
        controls.onColor = { [weak self] in self?.chooseLumiColor() }
        controls.onBackground = { [weak self] in self?.chooseBackground() }
        controls.onLumiColor = { [weak self] color in
            guard let self else { return }
            self.apply(self.state.setColor(color))
        }
        controls.onBackgroundColor = { [weak self] color in self?.setBackground(color) }

        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, modifiers in
            guard let self else { return false }
            return self.windowKey(keyval, modifiers)
        }
        gtk_widget_add_controller(window, keys)
        // gtk_window_destroy unrealizes the window before it tears the children down (and
        // emits "destroy" only after): from here on the widgets are going.
        Signal.connect(window, "unrealize") { [weak self] in self?.isClosed = true }
        Signal.connect(window, "destroy") { [weak self] in self?.onClose() }
    }

    // MARK: Changing the chord

    /// Hands the state's lumis to the controller when they changed, folding the change into
    /// the running step when it continues one; then shows the result.
    private func apply(_ changed: Bool, continuing kind: Continuation? = nil) {
        if changed {
            let folding = kind != nil && continuation?.kind == kind ? continuation?.step : nil
            if let step = controller.setLumis(state.lumis, slot: slot, of: chordsetID, coalescingWith: folding) {
                continuation = kind.map { ($0, step) }
            } else {
                // Refused (read-only, or the chordset is gone): show what is really there.
                continuation = nil
                state.reset(to: controller.lumis(of: chordsetID)[slot])
            }
        } else if kind == nil {
            continuation = nil
        }
        refresh()
    }

    private func refresh() {
        guard !isClosed else { return }
        let chordset = controller.chordset(id: chordsetID)
        let background = chordset?.color(at: slot) ?? canvas.background
        canvas.background = background
        canvas.lumis = state.lumis
        canvas.selected = state.selected
        canvas.widget.setAccessibleLabel(canvasLabel())
        canvas.redraw()
        lumiList.show(state.lumis, selected: state.selectedID)
        controls.show(tool: state.tool, background: background, chordColors: chordset?.chords.map(\.color) ?? [],
                      selected: state.selected,
                      index: state.selectedIndex, count: state.lumis.count)
    }

    /// "Chord 3, 2 lumis, Star selected": what the canvas holds, for a screen reader.
    private func canvasLabel() -> String {
        let label = trn("Chord {number} canvas, {count} lumi", "Chord {number} canvas, {count} lumis", state.lumis.count,
                        ["number": String(slot + 1)])
        guard let selected = state.selected else { return label }
        return tr("{canvas}, selected: {lumi}", ["canvas": label, "lumi": LumiList.describe(selected)])
    }

    private func chooseLumiColor() {
        guard let selected = state.selected else { return }
        let neighbours = controller.chordset(id: chordsetID)?.chords.map(\.color) ?? []
        ChordColorDialog.present(over: window, title: tr("Lumi Colour"), initial: selected.color,
                                 neighbours: neighbours) { [weak self] color in
            guard let self else { return }
            self.apply(self.state.setColor(color))
        }
    }

    private func chooseBackground() {
        guard let chordset = controller.chordset(id: chordsetID) else { return }
        ChordColorDialog.present(over: window, title: tr("Background of Chord {number}", ["number": String(slot + 1)]),
                                 initial: chordset.color(at: slot),
                                 neighbours: chordset.chords.map(\.color)) { [weak self] color in
            self?.setBackground(color)
        }
    }

    private func setBackground(_ color: RGBAColor) {
        controller.setColor(color, slot: slot, of: chordsetID)
        continuation = nil
        refresh()
    }

    // MARK: Keys

    private func windowKey(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        switch Int32(keyval) {
        case GDK_KEY_Escape:
            close()
            return true
        case GDK_KEY_z where control, GDK_KEY_Z where control:
            shift ? redo() : undo()
            return true
        case GDK_KEY_y where control:
            redo()
            return true
        default:
            return false
        }
    }

    func undo() {
        controller.undo()
        reload()
    }

    func redo() {
        controller.redo()
        reload()
    }

    /// Takes the chord as the controller has it now (after an undo or redo).
    private func reload() {
        continuation = nil
        state.reset(to: controller.lumis(of: chordsetID)[slot])
        refresh()
    }
}
