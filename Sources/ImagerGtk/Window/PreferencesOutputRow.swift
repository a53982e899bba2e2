import CAdw
import CGtk
import ImagerCore
import ImagerGLib

/// Preferences' Output row: where Perform's picture goes, "This Window" or a connected monitor,
/// stored at once (`PerformSettings`). A remembered monitor that is not connected now is listed
/// as such, so that opening Preferences without it never forgets it.
final class PreferencesOutputRow {
    /// Borrowed, owned by the preferences page: the group holding the row.
    let group: Widget
    /// Borrowed, owned by the group.
    let row: Widget
    private let names: OpaquePointer
    private let monitors = PerformMonitors()
    private(set) var choices: [PerformOutput] = []
    private let settingsPath: String
    private var setting = false

    init(settingsPath: String) {
        self.settingsPath = settingsPath
        row = adw_combo_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(row), tr("Output"))
        adw_action_row_set_subtitle(cadw_action_row(row),
                                    tr("Where Perform shows the picture: here, or full screen on another monitor."))
        names = gtk_string_list_new(nil)
        adw_combo_row_set_model(Self.comboRow(row), names)
        g_object_unref(UnsafeMutableRawPointer(names))
        // A group of its own, untitled: its one row says what it is.
        group = adw_preferences_group_new()!
        adw_preferences_group_add(cadw_preferences_group(group), row)
        list()
        monitors.onChange = { [weak self] in self?.list() }
        Signal.connectPointer(row, "notify::selected") { [weak self] _ in
            guard let self, !self.setting, let output = self.selected else { return }
            PerformSettings.save(output, to: self.settingsPath)
        }
    }

    private static func comboRow(_ widget: Widget) -> UnsafeMutablePointer<AdwComboRow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwComboRow.self)
    }

    var selected: PerformOutput? {
        let index = Int(adw_combo_row_get_selected(Self.comboRow(row)))
        return choices.indices.contains(index) ? choices[index] : nil
    }

    /// This Window, the monitors connected now, and the remembered one if it is not; the
    /// remembered one selected.
    private func list() {
        let remembered = PerformSettings.loadOutput(from: settingsPath)
        var rows = [(PerformOutput.thisWindow, PerformOutputChooser.thisWindowName)]
        rows += monitors.monitors.map { (.monitor(connector: $0.connector), $0.name) }
        if let connector = remembered.connector, monitors.monitor(connector: connector) == nil {
            // Translators: a remembered Perform output whose monitor is unplugged: "DP-1 (not connected)".
            rows.append((remembered, tr("{name} (not connected)", ["name": connector])))
        }
        setting = true
        defer { setting = false }
        let cStrings = rows.map { UnsafePointer(strdup($0.1)) } + [nil]
        cStrings.withUnsafeBufferPointer {
            gtk_string_list_splice(names, 0, g_list_model_get_n_items(names), $0.baseAddress)
        }
        for name in cStrings { free(UnsafeMutableRawPointer(mutating: name)) }
        choices = rows.map(\.0)
        adw_combo_row_set_selected(Self.comboRow(row), guint(choices.firstIndex(of: remembered) ?? 0))
    }
}
