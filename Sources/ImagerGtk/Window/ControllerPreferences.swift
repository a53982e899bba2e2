import CAdw
import CGtk
import ImagerCore
import ImagerGLib

/// Preferences' groups for playing from outside: "OSC" (listen or not, the port, and who
/// may send: this computer or other devices on the network) and "Tempo" (Follow tempo's
/// beats and order). Each change is stored in `perform.ini` at once (`OSCSettingsFile`,
/// `FollowTempoSettings`); an OSC change then restarts the server (`onOSCChanged`), and the
/// switch's row says whether it listens or why not.
final class ControllerPreferences {
    /// Borrowed, owned by the page.
    let oscGroup: Widget, tempoGroup: Widget
    let enableSwitch: Widget, portButton: Widget
    private let enableRow: Widget, listenRow: Widget, beatsRow: Widget, orderRow: Widget, fadeBeatsRow: Widget
    private let settingsPath: String
    /// The window restarts the server as the file now says, and returns why it could not
    /// listen, or nil.
    var onOSCChanged: () -> String? = { nil }
    /// Why the server is not listening now, or nil (asked when the window opens).
    var currentProblem: () -> String? = { nil }
    /// How many messages the server has ignored since it started (malformed, unknown).
    var ignoredMessages: () -> Int = { 0 }

    static let beatChoices: [FollowTempo.Beats] = [.off, .one, .two, .four, .eight]

    init(adding page: UnsafeMutablePointer<AdwPreferencesPage>, settingsPath: String) {
        self.settingsPath = settingsPath
        let osc = OSCSettingsFile.load(from: settingsPath)
        let follow = FollowTempoSettings.load(from: settingsPath)

        enableSwitch = gtk_switch_new()
        gtk_widget_set_valign(enableSwitch, GTK_ALIGN_CENTER)
        gtk_switch_set_active(OpaquePointer(enableSwitch), osc.enabled ? 1 : 0)
        enableRow = adw_action_row_new()
        adw_preferences_row_set_title(cadw_preferences_row(enableRow), tr("Listen for OSC"))
        adw_action_row_add_suffix(cadw_action_row(enableRow), enableSwitch)
        adw_action_row_set_activatable_widget(cadw_action_row(enableRow), enableSwitch)
        enableSwitch.setAccessibleLabel(tr("Listen for OSC"))

        let range = OSCSettings.portRange
        portButton = gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1)
        gtk_spin_button_set_value(cgtk_spin_button(portButton), Double(osc.port))
        gtk_widget_set_valign(portButton, GTK_ALIGN_CENTER)
        let portRow = adw_action_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(portRow), tr("Port"))
        adw_action_row_set_subtitle(cadw_action_row(portRow), tr("The UDP port your OSC app sends to."))
        adw_action_row_add_suffix(cadw_action_row(portRow), portButton)
        adw_action_row_set_activatable_widget(cadw_action_row(portRow), portButton)
        portButton.setAccessibleLabel(tr("OSC Port"))

        listenRow = Self.comboRow(title: tr("Listen To"), names: [tr("This Computer"), tr("Other Devices on the Network")])
        adw_combo_row_set_selected(Self.combo(listenRow), osc.listen == .local ? 0 : 1)

        oscGroup = adw_preferences_group_new()
        adw_preferences_group_set_title(cadw_preferences_group(oscGroup), "OSC")
        adw_preferences_group_set_description(cadw_preferences_group(oscGroup),
                                              tr("Play Perform from a phone, a tablet or another program: /imager/chord 1 to 8 and more (see the manual). A phone or tablet needs Other Devices on the Network."))
        for row in [enableRow, portRow, listenRow] { adw_preferences_group_add(cadw_preferences_group(oscGroup), row) }
        adw_preferences_page_add(page, cadw_preferences_group(oscGroup))

        beatsRow = Self.comboRow(title: tr("Follow Tempo"),
                                 names: [tr("Off"), tr("Every Beat"), tr("Every 2 Beats"), tr("Every 4 Beats"), tr("Every 8 Beats")])
        adw_combo_row_set_selected(Self.combo(beatsRow), guint(Self.beatChoices.firstIndex(of: follow.beats) ?? 0))
        orderRow = Self.comboRow(title: tr("Chord Order"), names: [tr("In Order"), tr("At Random")])
        adw_combo_row_set_selected(Self.combo(orderRow), follow.order == .inOrder ? 0 : 1)
        fadeBeatsRow = Self.comboRow(title: tr("Fade Time in Beats"),
                                     names: [tr("Off"), tr("¼ Beat"), tr("½ Beat"), tr("1 Beat"), tr("2 Beats")])
        let fadeBeats = FollowTempoSettings.loadFadeBeats(from: settingsPath)
        adw_combo_row_set_selected(Self.combo(fadeBeatsRow), guint(FadeBeats.allCases.firstIndex(of: fadeBeats) ?? 0))
        tempoGroup = adw_preferences_group_new()
        adw_preferences_group_set_title(cadw_preferences_group(tempoGroup), tr("Tempo"))
        adw_preferences_group_set_description(cadw_preferences_group(tempoGroup),
                                              tr("Tap T in Perform to set the tempo. Follow Tempo then moves to another chord on the beat; fades can last beats instead of seconds."))
        for row in [beatsRow, orderRow, fadeBeatsRow] { adw_preferences_group_add(cadw_preferences_group(tempoGroup), row) }
        adw_preferences_page_add(page, cadw_preferences_group(tempoGroup))

        connect()
        // The window sets `currentProblem` once this is built.
        MainLoop.idle { [weak self] in self?.showStatus(self?.currentProblem()) }
    }

    private static func comboRow(title: String, names: [String]) -> Widget {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(row), title)
        let list = gtk_string_list_new(nil)!
        for name in names { gtk_string_list_append(list, name) }
        adw_combo_row_set_model(combo(row), list)
        g_object_unref(UnsafeMutableRawPointer(list))
        return row
    }

    private static func combo(_ widget: Widget) -> UnsafeMutablePointer<AdwComboRow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwComboRow.self)
    }

    /// What the rows show now.
    var shownOSC: OSCSettings {
        OSCSettings(enabled: gtk_switch_get_active(OpaquePointer(enableSwitch)) != 0,
                    port: Int(gtk_spin_button_get_value_as_int(cgtk_spin_button(portButton))),
                    listen: adw_combo_row_get_selected(Self.combo(listenRow)) == 1 ? .network : .local)
    }

    var shownFollow: FollowTempo {
        let beats = Int(adw_combo_row_get_selected(Self.combo(beatsRow)))
        return FollowTempo(beats: Self.beatChoices.indices.contains(beats) ? Self.beatChoices[beats] : .off,
                           order: adw_combo_row_get_selected(Self.combo(orderRow)) == 1 ? .random : .inOrder)
    }

    private func connect() {
        // The handlers hold this object: it lives as long as the rows do.
        Signal.connectPointer(enableSwitch, "notify::active") { _ in self.oscChanged() }
        Signal.connect(portButton, "value-changed") { self.oscChanged() }
        Signal.connectPointer(listenRow, "notify::selected") { _ in self.oscChanged() }
        Signal.connectPointer(beatsRow, "notify::selected") { _ in
            FollowTempoSettings.save(self.shownFollow, to: self.settingsPath)
        }
        Signal.connectPointer(orderRow, "notify::selected") { _ in
            FollowTempoSettings.save(self.shownFollow, to: self.settingsPath)
        }
        Signal.connectPointer(fadeBeatsRow, "notify::selected") { _ in
            let index = Int(adw_combo_row_get_selected(Self.combo(self.fadeBeatsRow)))
            guard FadeBeats.allCases.indices.contains(index) else { return }
            FollowTempoSettings.save(FadeBeats.allCases[index], to: self.settingsPath)
        }
    }

    private func oscChanged() {
        OSCSettingsFile.save(shownOSC, to: settingsPath)
        showStatus(onOSCChanged())
    }

    private func showStatus(_ problem: String?) {
        let osc = shownOSC
        let status: String
        if let problem {
            status = problem
        } else if !osc.enabled {
            status = tr("Off")
        } else {
            let listening = osc.listen == .local
                ? tr("Listening on port {port}, to this computer only", ["port": String(osc.port)])
                : tr("Listening on port {port}, to every device on the network", ["port": String(osc.port)])
            let ignored = ignoredMessages()
            // Translators: after "Listening on port 9000, to this computer only": messages
            // Imager did not understand (unknown addresses, wrong arguments).
            status = ignored == 0 ? listening
                : listening + "; " + trn("{count} message ignored", "{count} messages ignored", ignored, ["count": String(ignored)])
        }
        adw_action_row_set_subtitle(cadw_action_row(enableRow), status)
    }
}
