import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The row of controls along the bottom of the Perform view: the eight chords as buttons
/// (drawn and named like the list's cells: "Chord 3: #E99057"), the fade time and curve,
/// Blackout, Full Screen and Leave. It reports; the view decides. The view shows and hides it (`PerformView`).
/// On one line when the view is wide enough; in a narrower view (a phone's) the chords,
/// smaller, take a line of their own above the rest, and the fade controls one above the
/// buttons, so every control stays inside the view.
final class PerformStrip {
    /// Borrowed: owned by the view's widget tree.
    let widget: Widget
    let cells: [ChordCell]
    /// Borrowed: the chords' line and the controls' line, which holds the fade time and curve,
    /// then Blackout, Full Screen and Leave (one line in a wide view, two in a narrow one).
    private let chordsLine: Widget
    private let controlsLine: Widget
    private let fadeLine: Widget
    private let buttonsLine: Widget
    private let fadeBox: Widget
    /// Whether the strip is laid out for a narrow view; nil before the first fit.
    private var isNarrow: Bool?
    /// Borrowed: the fade time slider.
    let fadeScale: Widget
    private let fadeLabel: Widget
    /// Borrowed: the tempo, "120 BPM", under the fade time.
    let tempoLabel = Widgets.label("", classes: "caption", "dim-label")
    /// Borrowed: the fade curve's drop-down (Linear, Smooth, Cut, in `FadeCurve.allCases`' order).
    let curveChooser: Widget
    /// Borrowed: the Blackout toggle, pressed while the output is black or going black.
    let blackoutButton: Widget
    var onPlay: (Int) -> Void = { _ in }
    var onFadeTime: (FadeTime) -> Void = { _ in }
    var onFadeCurve: (FadeCurve) -> Void = { _ in }
    /// True: black out; false: bring the live chord back.
    var onBlackout: (Bool) -> Void = { _ in }
    var onFullScreen: () -> Void = {}
    var onLeave: () -> Void = {}
    /// Set while a control is set from code, so that is not reported back as a choice.
    private var settingScale = false
    private var settingCurve = false
    private var settingBlackout = false

    static let cellSide: Int32 = 48
    /// In a narrow view: eight of these and their gaps, with the strip's padding, fit 360 pixels.
    static let narrowCellSide: Int32 = 32
    static let spacing: Int32 = 8, narrowSpacing: Int32 = 6
    /// Views narrower than this get the narrow strip: the one-line strip (about 1,100 pixels
    /// at its natural size with the Output choice naming a monitor, with German's longer
    /// words) with room around it.
    static let oneLineFrom: Int32 = 1200

    init() {
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: Self.spacing)
        widget.addCSSClasses("perform-strip")
        widget.setAccessibleLabel(tr("Perform controls"))
        chordsLine = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: Self.spacing)
        controlsLine = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: Self.spacing)
        gtk_widget_set_halign(controlsLine, GTK_ALIGN_CENTER)
        fadeLine = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: Self.spacing)
        buttonsLine = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: Self.spacing)
        for line in [fadeLine, buttonsLine] {
            gtk_widget_set_halign(line, GTK_ALIGN_CENTER)
            Widgets.append(line, to: controlsLine)
        }
        Widgets.append(chordsLine, to: widget)
        Widgets.append(controlsLine, to: widget)
        cells = (0..<Chordset.chordCount).map { ChordCell(slot: $0) }
        for cell in cells {
            Widgets.append(cell.widget, to: chordsLine)
        }

        fadeBox = Widgets.box(GTK_ORIENTATION_VERTICAL)
        gtk_widget_set_valign(fadeBox, GTK_ALIGN_CENTER)
        fadeLabel = Widgets.label("", classes: "caption")
        fadeScale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, FadeTime.range.lowerBound,
                                             FadeTime.range.upperBound, 0.05)
        gtk_widget_set_size_request(fadeScale, 140, -1)
        gtk_scale_set_draw_value(cgtk_scale(fadeScale), 0)
        fadeScale.setAccessibleLabel(tr("Fade time"))
        fadeScale.setTooltip(tr("Fade time ([ and ])"))
        Widgets.append(fadeLabel, to: fadeBox)
        Widgets.append(fadeScale, to: fadeBox)
        Widgets.append(tempoLabel, to: fadeBox)
        Widgets.append(fadeBox, to: fadeLine)

        let curveNames = FadeCurve.allCases.map { UnsafePointer(strdup(Self.curveName($0))) } + [nil]
        curveChooser = curveNames.withUnsafeBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress) }
        for name in curveNames { free(UnsafeMutableRawPointer(mutating: name)) }
        gtk_widget_set_valign(curveChooser, GTK_ALIGN_CENTER)
        curveChooser.setAccessibleLabel(tr("Fade curve"))
        curveChooser.setTooltip(tr("Fade curve"))
        Widgets.append(curveChooser, to: fadeLine)

        blackoutButton = gtk_toggle_button_new_with_label(tr("Blackout"))
        gtk_widget_set_valign(blackoutButton, GTK_ALIGN_CENTER)
        blackoutButton.setTooltip(tr("Blackout (B; Shift+B at once)"))
        blackoutButton.setAccessibleLabel(tr("Blackout"))
        Widgets.append(blackoutButton, to: buttonsLine)

        let fullScreen = Widgets.iconButton(icon: "view-fullscreen-symbolic", tooltip: tr("Full Screen (F11)"),
                                            accessibleName: tr("Full Screen"))
        let leave = Widgets.iconButton(icon: "window-close-symbolic", tooltip: tr("Leave Perform (Escape)"),
                                       accessibleName: tr("Leave Perform"))
        for button in [fullScreen, leave] {
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            button.addCSSClasses("circular")
            Widgets.append(button, to: buttonsLine)
        }
        connect(fullScreen: fullScreen, leave: leave)
        fit(viewWidth: Self.oneLineFrom)
    }

    /// Puts the Output choice between the fade controls and the buttons: on the one line of
    /// a wide view, on a line of its own in a narrow one (`PerformStage` owns it).
    func addOutputChooser(_ chooser: Widget) {
        gtk_widget_set_halign(chooser, GTK_ALIGN_CENTER)
        gtk_box_insert_child_after(cgtk_box(controlsLine), chooser, fadeLine)
    }

    /// Lays the strip out for a view `viewWidth` pixels wide: one line, or two.
    func fit(viewWidth: Int32) {
        let narrow = viewWidth < Self.oneLineFrom
        guard narrow != isNarrow else { return }
        isNarrow = narrow
        gtk_orientable_set_orientation(OpaquePointer(widget), narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        gtk_orientable_set_orientation(OpaquePointer(controlsLine), narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        gtk_box_set_spacing(cgtk_box(chordsLine), narrow ? Self.narrowSpacing : Self.spacing)
        let side = narrow ? Self.narrowCellSide : Self.cellSide
        for cell in cells {
            gtk_drawing_area_set_content_width(cgtk_drawing_area(cell.widget), side)
            gtk_drawing_area_set_content_height(cgtk_drawing_area(cell.widget), side)
        }
        // On one line, a gap sets the fade time apart from the chords.
        gtk_widget_set_margin_start(fadeBox, narrow ? 0 : 12)
    }

    private func connect(fullScreen: Widget, leave: Widget) {
        for cell in cells {
            let click = gtk_gesture_click_new()!
            Signal.connectPress(click, "released") { [weak self] presses, _, _ in
                guard presses == 1 else { return }
                self?.onPlay(cell.slot)
            }
            // A click whose press GTK took back before its release plays its chord all the same.
            TakenBackPress.watch(click, on: cell.widget) { [weak self] _, _ in self?.onPlay(cell.slot) }
            gtk_widget_add_controller(cell.widget, click)
            // Enter on a focused chord plays it (Space is the view's: replay).
            let keys = gtk_event_controller_key_new()!
            Signal.connectKey(keys, "key-pressed") { [weak self] keyval, _ in
                switch Int32(keyval) {
                case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
                    self?.onPlay(cell.slot)
                    return true
                default:
                    return false
                }
            }
            gtk_widget_add_controller(cell.widget, keys)
        }
        Signal.connect(fadeScale, "value-changed") { [weak self] in
            guard let self, !self.settingScale else { return }
            let chosen = FadeTime(seconds: gtk_range_get_value(cgtk_range(self.fadeScale)))
            self.showFadeLabel(chosen)
            self.onFadeTime(chosen)
        }
        Signal.connectPointer(curveChooser, "notify::selected") { [weak self] _ in
            guard let self, !self.settingCurve else { return }
            let index = Int(gtk_drop_down_get_selected(OpaquePointer(self.curveChooser)))
            guard FadeCurve.allCases.indices.contains(index) else { return }
            self.onFadeCurve(FadeCurve.allCases[index])
        }
        Signal.connect(blackoutButton, "toggled") { [weak self] in
            guard let self, !self.settingBlackout else { return }
            self.onBlackout(gtk_toggle_button_get_active(cgtk_toggle_button(self.blackoutButton)) != 0)
        }
        Signal.connect(fullScreen, "clicked") { [weak self] in self?.onFullScreen() }
        Signal.connect(leave, "clicked") { [weak self] in self?.onLeave() }
    }

    func show(_ chordset: Chordset, lumis: ChordsetLumis) {
        for cell in cells { cell.show(chordset.color(at: cell.slot), lumis: lumis[cell.slot]) }
    }

    /// Rings the chord playing.
    func markPlaying(_ slot: Int) {
        for cell in cells {
            if cell.slot == slot { cell.widget.addCSSClasses("playing") } else { gtk_widget_remove_css_class(cell.widget, "playing") }
        }
    }

    func showFadeTime(_ fadeTime: FadeTime) {
        settingScale = true
        gtk_range_set_value(cgtk_range(fadeScale), fadeTime.seconds)
        settingScale = false
        showFadeLabel(fadeTime)
    }

    func showFadeCurve(_ curve: FadeCurve) {
        guard let index = FadeCurve.allCases.firstIndex(of: curve) else { return }
        settingCurve = true
        gtk_drop_down_set_selected(OpaquePointer(curveChooser), guint(index))
        settingCurve = false
    }

    /// The toggle shows whether the output is black (or going black), whatever pressed B.
    func showBlackout(_ black: Bool) {
        settingBlackout = true
        gtk_toggle_button_set_active(cgtk_toggle_button(blackoutButton), black ? 1 : 0)
        settingBlackout = false
    }

    func showTempo(bpm: Double) {
        // Translators: the tempo in Perform's strip, in beats per minute: "120 BPM".
        let text = tr("{bpm} BPM", ["bpm": String(Int(bpm.rounded()))])
        gtk_label_set_text(cgtk_label(tempoLabel), text)
        tempoLabel.setTooltip(tr("Tempo (tap T to set it)"))
    }

    /// The curve's name in the drop-down.
    static func curveName(_ curve: FadeCurve) -> String {
        switch curve {
        // Translators: a fade curve in Perform: even steps from one chord to the next.
        case .linear: return tr("Linear")
        // Translators: a fade curve in Perform: eased in and out.
        case .smooth: return tr("Smooth")
        // Translators: a fade curve in Perform: no fade, the next chord shows at once.
        case .cut: return tr("Cut")
        }
    }

    private func showFadeLabel(_ fadeTime: FadeTime) {
        gtk_label_set_text(cgtk_label(fadeLabel), tr("Fade {seconds}", ["seconds": Self.secondsText(fadeTime.seconds)]))
    }

    /// "0.15 s", "1 s", "0 s".
    static func secondsText(_ seconds: Double) -> String {
        var text = String(format: "%.2f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        // Translators: a time in seconds, as in "0.15 s".
        return tr("{number} s", ["number": text])
    }
}
