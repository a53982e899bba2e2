import CAdw
import CGtk
import ImagerCore
import ImagerGLib

/// Preferences' Safe Light group: a switch for `SafeLightGate`, on unless turned off, stored
/// at once in perform.ini (`PerformSettings`). Turned off, the row's subtitle says plainly
/// what that risks.
final class SafeLightPreference {
    /// Borrowed, owned by the preferences page once added: the group holding the row.
    let group: Widget
    /// Borrowed: the row, and the switch at its end.
    let row: Widget
    let toggle: Widget
    private let settingsPath: String

    init(settingsPath: String) {
        self.settingsPath = settingsPath
        toggle = gtk_switch_new()
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        row = adw_action_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(row), tr("Safe Light"))
        adw_action_row_add_suffix(cadw_action_row(row), toggle)
        adw_action_row_set_activatable_widget(cadw_action_row(row), toggle)
        toggle.setAccessibleLabel(tr("Safe Light"))
        group = adw_preferences_group_new()!
        adw_preferences_group_set_title(cadw_preferences_group(group), tr("Safety"))
        adw_preferences_group_add(cadw_preferences_group(group), row)
        let on = PerformSettings.loadSafeLight(from: settingsPath)
        gtk_switch_set_active(OpaquePointer(toggle), on ? 1 : 0)
        describe(on: on)
        Signal.connectPointer(toggle, "notify::active") { [weak self] _ in
            guard let self else { return }
            let on = self.isOn
            PerformSettings.save(safeLight: on, to: self.settingsPath)
            self.describe(on: on)
        }
    }

    var isOn: Bool { gtk_switch_get_active(OpaquePointer(toggle)) != 0 }

    /// The row's subtitle: what safe light does, or, turned off, the warning.
    var subtitle: String {
        adw_action_row_get_subtitle(cadw_action_row(row)).map { String(cString: $0) } ?? ""
    }

    private func describe(on: Bool) {
        let text = on
            // Translators: the Safe Light preference's subtitle while it is on.
            ? tr("Perform's output never flashes more than three times a second, nor in saturated red: faster changes are slowed or delayed.")
            // Translators: the Safe Light preference's subtitle while it is off: a warning.
            : tr("Off: fast changes between light and dark or red chords can flash and trigger seizures in people with photosensitive epilepsy. Keep it on whenever an audience may be watching.")
        adw_action_row_set_subtitle(cadw_action_row(row), text)
        if on { gtk_widget_remove_css_class(row, "warning") } else { gtk_widget_add_css_class(row, "warning") }
    }
}
