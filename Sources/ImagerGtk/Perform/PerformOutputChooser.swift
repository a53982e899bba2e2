import CGtk
import ImagerCore
import ImagerGLib

/// Perform's Output drop-down: "This Window", then each connected monitor by name. It lists
/// and reports; `PerformStage` decides.
final class PerformOutputChooser {
    /// Borrowed: owned by the strip's widget tree.
    let widget: Widget
    /// Owned by the drop-down: the names shown, "This Window" first.
    private let names: OpaquePointer
    /// What each row stands for, in the drop-down's order.
    private(set) var choices: [PerformOutput] = [.thisWindow]
    var onChoose: (PerformOutput) -> Void = { _ in }
    /// Set while the list or the selection is set from code, so that is not reported back.
    private var setting = false

    init() {
        names = gtk_string_list_new(nil)
        gtk_string_list_append(names, Self.thisWindowName)
        // The drop-down takes the list's one reference.
        widget = gtk_drop_down_new(names, nil)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        // Translators: Perform's choice of where the picture goes: this window or a monitor.
        widget.setAccessibleLabel(tr("Output"))
        widget.setTooltip(tr("Output: this window, or a monitor of its own"))
        Signal.connectPointer(widget, "notify::selected") { [weak self] _ in
            guard let self, !self.setting else { return }
            let index = Int(gtk_drop_down_get_selected(OpaquePointer(self.widget)))
            guard self.choices.indices.contains(index) else { return }
            self.onChoose(self.choices[index])
        }
    }

    // Translators: Perform's Output choice that keeps the picture in the window Perform started in.
    static var thisWindowName: String { tr("This Window") }

    /// Lists these monitors and selects `selected`.
    func show(_ monitors: [PerformMonitors.Monitor], selected: PerformOutput) {
        setting = true
        defer { setting = false }
        let rows = [Self.thisWindowName] + monitors.map(\.name)
        let cStrings = rows.map { UnsafePointer(strdup($0)) } + [nil]
        cStrings.withUnsafeBufferPointer {
            gtk_string_list_splice(names, 0, g_list_model_get_n_items(names), $0.baseAddress)
        }
        for name in cStrings { free(UnsafeMutableRawPointer(mutating: name)) }
        choices = [.thisWindow] + monitors.map { .monitor(connector: $0.connector) }
        select(selected)
    }

    func select(_ output: PerformOutput) {
        let wasSetting = setting
        setting = true
        gtk_drop_down_set_selected(OpaquePointer(widget), guint(choices.firstIndex(of: output) ?? 0))
        setting = wasSetting
    }

    var selected: PerformOutput {
        let index = Int(gtk_drop_down_get_selected(OpaquePointer(widget)))
        return choices.indices.contains(index) ? choices[index] : .thisWindow
    }
}
