import CAdw
import CGtk
import ImagerCore
import ImagerGLib

/// Main menu → Preferences (Ctrl+,): how Perform plays (its fade time and fade curve, its
/// output, and safe light), stored where Perform keeps it
/// (`PerformSettings`), at once on every change (there is no OK button to forget). A
/// libadwaita preferences window, one page per part of the app.
final class PreferencesWindow {
    /// Owned by GTK (a toplevel); destroyed when closed.
    let window: Widget
    /// Borrowed, owned by the window: the fade time in seconds.
    let fadeTimeButton: Widget
    /// Borrowed, owned by the window: the fade curve's row, in `FadeCurve.allCases`' order.
    private let curveRow: Widget
    /// Where Perform's picture goes.
    let outputRow: PreferencesOutputRow
    /// The Safe Light switch and its warning.
    let safeLight: SafeLightPreference
    var onClose: () -> Void = {}
    /// The OSC and Tempo groups (ControllerPreferences).
    private(set) var controllers: ControllerPreferences!

    private let settingsPath: String

    init(over parent: Widget, performSettingsPath: String) {
        settingsPath = performSettingsPath
        let page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cadw_preferences_page(page), tr("Perform"))
        adw_preferences_page_set_icon_name(cadw_preferences_page(page), "media-playback-start-symbolic")

        let range = FadeTime.range
        fadeTimeButton = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, 0.05)
        gtk_spin_button_set_digits(cgtk_spin_button(fadeTimeButton), 2)
        gtk_spin_button_set_value(cgtk_spin_button(fadeTimeButton), PerformSettings.loadFadeTime(from: performSettingsPath).seconds)
        gtk_widget_set_valign(fadeTimeButton, GTK_ALIGN_CENTER)
        let fadeRow = adw_action_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(fadeRow), tr("Fade Time"))
        adw_action_row_set_subtitle(cadw_action_row(fadeRow),
                                    tr("Seconds one chord takes to fade into the next. In Perform, [ and ] change it too."))
        adw_action_row_add_suffix(cadw_action_row(fadeRow), fadeTimeButton)
        adw_action_row_set_activatable_widget(cadw_action_row(fadeRow), fadeTimeButton)
        // After the row: making it the row's activatable widget labels it by the row's title
        // too, and GTK 4.8 reads both ("Fade Time in Seconds Fade Time").
        fadeTimeButton.setAccessibleLabel(tr("Fade Time in Seconds"))

        curveRow = adw_combo_row_new()!
        adw_preferences_row_set_title(cadw_preferences_row(curveRow), tr("Fade Curve"))
        adw_action_row_set_subtitle(cadw_action_row(curveRow), tr("How every fade moves. In Perform, the strip chooses it too."))
        let names = gtk_string_list_new(nil)!
        for curve in FadeCurve.allCases { gtk_string_list_append(names, PerformStrip.curveName(curve)) }
        adw_combo_row_set_model(Self.comboRow(curveRow), names)
        g_object_unref(UnsafeMutableRawPointer(names))

        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(cadw_preferences_group(group), tr("Fades"))
        adw_preferences_group_add(cadw_preferences_group(group), fadeRow)
        adw_preferences_group_add(cadw_preferences_group(group), curveRow)
        adw_preferences_page_add(cadw_preferences_page(page), cadw_preferences_group(group))
        outputRow = PreferencesOutputRow(settingsPath: performSettingsPath)
        adw_preferences_page_add(cadw_preferences_page(page), cadw_preferences_group(outputRow.group))
        safeLight = SafeLightPreference(settingsPath: performSettingsPath)
        adw_preferences_page_add(cadw_preferences_page(page), cadw_preferences_group(safeLight.group))

        window = cadw_preferences_window_new(parent, tr("Preferences"), page)
        Widgets.setDefaultSize(of: window, width: 520, height: 640, over: parent)
        selectCurve(PerformSettings.loadFadeCurve(from: performSettingsPath))
        connect()
        controllers = ControllerPreferences(adding: cadw_preferences_page(page), settingsPath: performSettingsPath)
    }

    /// Preferences → MIDI, kept while the window is open.
    private(set) var midiPage: MidiPreferencesPage?

    func add(_ page: MidiPreferencesPage) {
        cadw_preferences_window_add_page(window, page.page)
        midiPage = page
    }

    private static func comboRow(_ widget: Widget) -> UnsafeMutablePointer<AdwComboRow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwComboRow.self)
    }

    /// The curve the row shows.
    var selectedCurve: FadeCurve? {
        let index = Int(adw_combo_row_get_selected(Self.comboRow(curveRow)))
        return FadeCurve.allCases.indices.contains(index) ? FadeCurve.allCases[index] : nil
    }

    /// Shows `curve`, as if chosen in the window: stored, once the window is connected.
    func selectCurve(_ curve: FadeCurve) {
        guard let index = FadeCurve.allCases.firstIndex(of: curve) else { return }
        adw_combo_row_set_selected(Self.comboRow(curveRow), guint(index))
    }

    func present() {
        gtk_window_present(cgtk_window(window))
    }

    func close() {
        gtk_window_close(cgtk_window(window))
    }

    private func connect() {
        Signal.connect(fadeTimeButton, "value-changed") { [weak self] in
            guard let self else { return }
            let seconds = gtk_spin_button_get_value(cgtk_spin_button(self.fadeTimeButton))
            PerformSettings.save(FadeTime(seconds: seconds), to: self.settingsPath)
        }
        Signal.connectPointer(curveRow, "notify::selected") { [weak self] _ in
            guard let self, let curve = self.selectedCurve else { return }
            PerformSettings.save(curve, to: self.settingsPath)
        }
        Signal.connect(window, "destroy") { [weak self] in self?.onClose() }
    }
}
