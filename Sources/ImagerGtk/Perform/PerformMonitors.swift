import CGtk
import ImagerCore
import ImagerGLib

/// The monitors connected now, as Perform's Output choice lists them, kept up to date from
/// the display's monitor list (`gdk_display_get_monitors`, whose items-changed says a monitor
/// was plugged in or unplugged).
package final class PerformMonitors {
    struct Monitor {
        /// What the choice is remembered by: the connector ("DP-1").
        let connector: String
        /// What the choice shows: "DP-1 (Dell U2720Q)".
        let name: String
        /// Borrowed from the display's list; valid until the next change.
        let monitor: OpaquePointer
    }

    private(set) var monitors: [Monitor] = []
    /// A monitor was plugged in or unplugged; `monitors` is already up to date.
    var onChange: () -> Void = {}
    /// Borrowed: the display's list (a GListModel of GdkMonitor), which lives as long as it.
    private let list: OpaquePointer?
    private var handle: SignalHandle?
    private var pending: ScheduledWork?

    init() {
        list = gdk_display_get_default().flatMap { gdk_display_get_monitors($0) }
        read()
        guard let list else { return }
        let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, _, _, data in
            MainActor.assumeIsolated { SignalClosure<@MainActor () -> Void>.from(data)() }
        }
        handle = Signal.connect(list, "items-changed", unsafeBitCast(thunk, to: GCallback.self),
                                { [weak self] in self?.changed() } as @MainActor () -> Void, after: false)
    }

    isolated deinit {
        handle?.disconnect()
        pending?.cancel()
    }

    package var connectors: [String] { monitors.map(\.connector) }

    func monitor(connector: String) -> Monitor? {
        monitors.first { $0.connector == connector }
    }

    /// Read at the next idle moment: GDK lists a new monitor before it gives it its
    /// connector and model.
    private func changed() {
        pending?.cancel()
        pending = MainLoop.idle { [weak self] in
            guard let self else { return }
            self.pending = nil
            self.read()
            self.onChange()
        }
    }

    private func read() {
        guard let list else { monitors = []; return }
        let count = g_list_model_get_n_items(list)
        monitors = (0..<count).compactMap { index -> Monitor? in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            // The list keeps its own reference; the one get_item gave is not needed.
            g_object_unref(item)
            let monitor = OpaquePointer(item)
            let fallback = tr("Monitor {number}", ["number": String(index + 1)])
            let connector = gdk_monitor_get_connector(monitor).map { String(cString: $0) }
            let name = PerformOutput.monitorName(connector: connector,
                                                 manufacturer: gdk_monitor_get_manufacturer(monitor).map { String(cString: $0) },
                                                 model: gdk_monitor_get_model(monitor).map { String(cString: $0) },
                                                 fallback: fallback)
            return Monitor(connector: connector ?? fallback, name: name, monitor: monitor)
        }
    }
}
