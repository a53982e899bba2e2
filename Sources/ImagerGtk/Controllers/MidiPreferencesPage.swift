import CAdw
import CGtk
import ImagerCore
import ImagerGLib
import ImagerMidi

/// Preferences → MIDI: the sources Imager hears, each with a switch; whether velocity sets a
/// chord's brightness; MIDI learn (pick an action, press Learn, touch a control); and the
/// learned controls, each with a remove button. Everything is saved to midi.ini as it changes,
/// through the window's `MidiInput`. A page of its own, added to the preferences window with
/// `adw_preferences_window_add`.
final class MidiPreferencesPage {
    /// Owned by the preferences window once added.
    let page: Widget
    private let midi: MidiInput
    private let sourcesGroup: Widget
    private let mappingsGroup: Widget
    private let velocitySwitch: Widget
    let learnRow: Widget
    let learnButton: Widget
    private(set) var sourceRows: [Widget] = []
    private(set) var mappingRows: [Widget] = []

    init(midi: MidiInput) {
        self.midi = midi
        page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cadw_preferences_page(page), tr("MIDI"))
        adw_preferences_page_set_icon_name(cadw_preferences_page(page), "audio-x-generic-symbolic")

        sourcesGroup = adw_preferences_group_new()!
        adw_preferences_group_set_title(cadw_preferences_group(sourcesGroup), tr("Controllers"))

        velocitySwitch = gtk_switch_new()!
        gtk_widget_set_valign(velocitySwitch, GTK_ALIGN_CENTER)
        gtk_switch_set_active(Self.switchWidget(velocitySwitch), midi.settings.ignoresVelocity ? 1 : 0)
        let velocityRow = adw_action_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(velocityRow), tr("Ignore Velocity"))
        adw_action_row_set_subtitle(cadw_action_row(velocityRow), tr("Every chord comes in at full brightness, however hard a key is struck."))
        adw_action_row_add_suffix(cadw_action_row(velocityRow), velocitySwitch)
        adw_action_row_set_activatable_widget(cadw_action_row(velocityRow), velocitySwitch)
        adw_preferences_group_add(cadw_preferences_group(sourcesGroup), velocityRow)

        learnRow = adw_combo_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(learnRow), tr("Action"))
        adw_action_row_set_subtitle(cadw_action_row(learnRow), tr("Choose an action, press Learn, then press or move a control."))
        let names = gtk_string_list_new(nil)!
        for action in MidiMappedAction.all { gtk_string_list_append(names, Self.name(of: action)) }
        adw_combo_row_set_model(Self.comboRow(learnRow), names)
        g_object_unref(UnsafeMutableRawPointer(names))
        learnButton = gtk_button_new_with_label(tr("Learn"))!
        gtk_widget_set_valign(learnButton, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cadw_action_row(learnRow), learnButton)
        let learnGroup = adw_preferences_group_new()!
        adw_preferences_group_set_title(cadw_preferences_group(learnGroup), tr("Learn"))
        adw_preferences_group_add(cadw_preferences_group(learnGroup), learnRow)

        mappingsGroup = adw_preferences_group_new()!
        adw_preferences_group_set_title(cadw_preferences_group(mappingsGroup), tr("Learned Controls"))

        for group in [sourcesGroup, learnGroup, mappingsGroup] {
            adw_preferences_page_add(cadw_preferences_page(page), cadw_preferences_group(group))
        }
        showProblem(midi.problem)
        showSources(midi.sources)
        showMappings()
        connect()
    }

    private static func comboRow(_ widget: Widget) -> UnsafeMutablePointer<AdwComboRow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwComboRow.self)
    }

    /// GtkSwitch is opaque to Swift.
    private static func switchWidget(_ widget: Widget) -> OpaquePointer { OpaquePointer(widget) }

    static func name(of action: MidiMappedAction) -> String {
        switch action {
        case let .chord(slot): tr("Chord {number}", ["number": String(slot + 1)])
        case .previousChord: tr("Previous Chord")
        case .nextChord: tr("Next Chord")
        case .previousChordset: tr("Previous Chordset")
        case .nextChordset: tr("Next Chordset")
        case .blackout: tr("Blackout")
        case .fadeTime: tr("Fade Time")
        case .master: tr("Master")
        case .tapTempo: tr("Tap Tempo")
        }
    }

    static func name(of control: MidiControl, on device: String) -> String {
        let channel = String(Int(control.channel) + 1), number = String(control.number)
        let what = control.kind == .note ? tr("Note {number}, channel {channel}", ["number": number, "channel": channel])
            : tr("Control {number}, channel {channel}", ["number": number, "channel": channel])
        return "\(what) · \(TerminalText.escaped(device))"
    }

    /// Why there is no MIDI (nil: there is), in the sources' description; nothing to learn
    /// from without it.
    private func showProblem(_ problem: String?) {
        adw_preferences_group_set_description(cadw_preferences_group(sourcesGroup), problem.map {
            tr("No MIDI: {reason}. Imager connects as soon as a JACK server or the ALSA sequencer is there.", ["reason": $0])
        } ?? tr("Imager listens to every MIDI source, and to each one plugged in later. Switch one off to ignore it."))
        gtk_widget_set_sensitive(learnButton, problem == nil ? 1 : 0)
    }

    private func showSources(_ sources: [MidiSource]) {
        for row in sourceRows { adw_preferences_group_remove(cadw_preferences_group(sourcesGroup), row) }
        sourceRows = sources.map { source in
            let row = adw_action_row_new()!
            // GTK labels read markup off: a device's name is shown as it is, control characters escaped.
            adw_preferences_row_set_use_markup(cadw_preferences_row(row), 0)
            adw_preferences_row_set_title(cadw_preferences_row(row), TerminalText.escaped(source.name))
            let toggle = gtk_switch_new()!
            gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
            gtk_switch_set_active(Self.switchWidget(toggle), midi.settings.isEnabled(source.name) ? 1 : 0)
            adw_action_row_add_suffix(cadw_action_row(row), toggle)
            adw_action_row_set_activatable_widget(cadw_action_row(row), toggle)
            Signal.connectPointer(toggle, "notify::active") { [weak self] _ in
                let on = gtk_switch_get_active(Self.switchWidget(toggle)) != 0
                self?.midi.updateSettings { $0.setEnabled(on, source.name) }
            }
            adw_preferences_group_add(cadw_preferences_group(sourcesGroup), row)
            return row
        }
    }

    private func showMappings() {
        for row in mappingRows { adw_preferences_group_remove(cadw_preferences_group(mappingsGroup), row) }
        let learned = midi.settings.learnedList
        adw_preferences_group_set_description(cadw_preferences_group(mappingsGroup), learned.isEmpty ? tr("None yet.") : nil)
        mappingRows = learned.map { device, control, action in
            let row = adw_action_row_new()!
            adw_preferences_row_set_use_markup(cadw_preferences_row(row), 0)
            adw_preferences_row_set_title(cadw_preferences_row(row), Self.name(of: action))
            adw_action_row_set_subtitle(cadw_action_row(row), Self.name(of: control, on: device))
            let remove = gtk_button_new_from_icon_name("user-trash-symbolic")!
            gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
            gtk_widget_add_css_class(remove, "flat")
            remove.setAccessibleLabel(tr("Remove"))
            gtk_widget_set_tooltip_text(remove, tr("Remove"))
            Signal.connect(remove, "clicked") { [weak self] in
                self?.midi.updateSettings { $0.forget(control, of: device) }
                self?.showMappings()
            }
            adw_action_row_add_suffix(cadw_action_row(row), remove)
            adw_preferences_group_add(cadw_preferences_group(mappingsGroup), row)
            return row
        }
    }

    private func connect() {
        Signal.connectPointer(velocitySwitch, "notify::active") { [weak self] _ in
            guard let self else { return }
            let on = gtk_switch_get_active(Self.switchWidget(self.velocitySwitch)) != 0
            self.midi.updateSettings { $0.ignoresVelocity = on }
        }
        Signal.connect(learnButton, "clicked") { [weak self] in
            guard let self else { return }
            let index = Int(adw_combo_row_get_selected(Self.comboRow(self.learnRow)))
            guard MidiMappedAction.all.indices.contains(index) else { return }
            let action = MidiMappedAction.all[index]
            self.midi.learn(action)
            adw_action_row_set_subtitle(cadw_action_row(self.learnRow),
                                        tr("Press or move the control for {action}…", ["action": Self.name(of: action)]))
        }
        midi.onSourcesChanged = { [weak self] sources in self?.showSources(sources) }
        midi.onProblemChanged = { [weak self] problem in self?.showProblem(problem) }
        midi.onLearned = { [weak self] device, control, action in
            guard let self else { return }
            adw_action_row_set_subtitle(cadw_action_row(self.learnRow),
                                        tr("Learned: {action} on {control}", ["action": Self.name(of: action), "control": Self.name(of: control, on: device)]))
            self.showMappings()
        }
    }
}
