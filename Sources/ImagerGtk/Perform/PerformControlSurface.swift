import CGtk
import ImagerCore
import ImagerGLib

/// What the main window shows while the picture is on a monitor of its own: the live
/// chordset and chord (with a preview of what the audience sees), the next chord as a small
/// preview, the live chordset's place in the set list ("3 / 12") and a Stop button. The
/// strip of eight chords, the fade time and curve, Blackout and the Output choice stay
/// below it, always shown (`PerformView`).
final class PerformControlSurface {
    /// Owned (one reference): placed in the Perform view while the picture is elsewhere.
    let widget: Widget
    let live = PerformChordPreview(width: 320, height: 180)
    let next = PerformChordPreview(width: 160, height: 90)
    private let chordsetLabel: Widget
    private let chordLabel: Widget
    private let positionLabel: Widget
    private let nextLabel: Widget
    private let outputLabel: Widget
    /// Borrowed: the Stop button, which leaves Perform.
    let stopButton: Widget
    var onStop: () -> Void = {}

    init() {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 18)
        g_object_ref_sink(widget)
        widget.addCSSClasses("perform-control")
        widget.setAccessibleLabel(tr("Perform control surface"))
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_margin_top(widget, 32)
        gtk_widget_set_margin_start(widget, 24)
        gtk_widget_set_margin_end(widget, 24)

        // Translators: the control surface's heading over the chord the audience sees now.
        let liveHeading = Widgets.label(tr("Live"), classes: "heading", "perform-control-heading")
        chordsetLabel = Widgets.label("", classes: "title-1")
        chordLabel = Widgets.label("", classes: "title-4")
        positionLabel = Widgets.label("", classes: "title-4", "numeric")
        for label in [liveHeading, chordsetLabel, chordLabel, positionLabel] {
            gtk_label_set_xalign(cgtk_label(label), 0)
        }
        gtk_label_set_ellipsize(cgtk_label(chordsetLabel), PANGO_ELLIPSIZE_END)
        let liveColumn = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        liveColumn.setAccessibleLabel(tr("Live"))
        for part in [liveHeading, live.widget, chordsetLabel, chordLabel, positionLabel] {
            Widgets.append(part, to: liveColumn)
        }
        // The keyboard's place in the control window: not a button, so Enter cannot stop the show.
        gtk_widget_set_focusable(live.widget, 1)

        // Translators: the control surface's heading over the chord that plays next.
        let nextHeading = Widgets.label(tr("Next"), classes: "heading", "perform-control-heading")
        nextLabel = Widgets.label("", classes: "dim-label")
        gtk_label_set_ellipsize(cgtk_label(nextLabel), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(cgtk_label(nextLabel), 24)
        for label in [nextHeading, nextLabel] { gtk_label_set_xalign(cgtk_label(label), 0) }
        let nextColumn = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        nextColumn.setAccessibleLabel(tr("Next"))
        for part in [nextHeading, next.widget, nextLabel] { Widgets.append(part, to: nextColumn) }

        let columns = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 36)
        Widgets.append(liveColumn, to: columns)
        Widgets.append(nextColumn, to: columns)
        Widgets.append(columns, to: widget)

        outputLabel = Widgets.label("", classes: "dim-label")
        gtk_label_set_xalign(cgtk_label(outputLabel), 0)
        gtk_widget_set_hexpand(outputLabel, 1)
        // Translators: the control surface's button that ends Perform (as Escape does).
        stopButton = Widgets.textButton(tr("Stop"), classes: "destructive-action", "pill")
        stopButton.setTooltip(tr("Stop Performing (Escape)"))
        let footer = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        Widgets.append(outputLabel, to: footer)
        Widgets.append(stopButton, to: footer)
        Widgets.append(footer, to: widget)
        Signal.connect(stopButton, "clicked") { [weak self] in self?.onStop() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// The live chord (`liveName`: "Warm, chord 3 of 8", or "Blackout"), the set list's
    /// position, the next chord, and the monitor the picture is on.
    func show(title: String, slot: Int, liveName: String, livePicture: (RGBAColor, [Lumi])?,
              cue: PerformCue, nextTitle: String?, nextPicture: (RGBAColor, [Lumi])?, outputName: String) {
        gtk_label_set_text(cgtk_label(chordsetLabel), title)
        gtk_label_set_text(cgtk_label(chordLabel), tr("Chord {number} of {count}",
                                                      ["number": String(slot + 1), "count": String(Chordset.chordCount)]))
        gtk_label_set_text(cgtk_label(positionLabel), tr("Set list {position}", ["position": cue.positionText]))
        positionLabel.setAccessibleLabel(tr("Set list position {position}", ["position": cue.positionText]))
        // Translators: the control surface's preview of what the audience sees: "Live: Warm, chord 3 of 8".
        live.show(livePicture, named: tr("Live: {name}", ["name": liveName]))
        if let next = cue.next, let nextTitle {
            let name = PerformView.accessibleName(title: nextTitle, slot: next.slot)
            gtk_label_set_text(cgtk_label(nextLabel), name)
            // Translators: the control surface's preview of the chord Right plays: "Next: Warm, chord 4 of 8".
            self.next.show(nextPicture, named: tr("Next: {name}", ["name": name]))
        } else {
            // Translators: the control surface when the live chord is the set list's last.
            gtk_label_set_text(cgtk_label(nextLabel), tr("End of the set list"))
            self.next.show(nil, named: tr("Next: End of the set list"))
        }
        // Translators: where the audience's picture is: "Output: DP-2 (BenQ MW632ST)".
        gtk_label_set_text(cgtk_label(outputLabel), tr("Output: {name}", ["name": outputName]))
    }
}
