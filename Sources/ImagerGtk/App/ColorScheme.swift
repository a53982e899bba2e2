import CGtk

/// Follows the desktop's light or dark preference without libadwaita: reads
/// `org.freedesktop.appearance color-scheme` from the settings portal (1 = prefer dark,
/// 2 = prefer light, 0 = no preference) and sets GTK's prefer-dark-theme to match, then
/// keeps following it. With no portal on the bus, GTK's default stays, quietly.
final class ColorScheme {
    private static let portal = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Settings"
    private static let namespace = "org.freedesktop.appearance"
    private static let key = "color-scheme"

    /// The application's session bus connection, if it has one: a reference of our own, so
    /// the connection outlives the subscription on it (GApplication drops its own when it
    /// shuts down, and a connection that goes first would take the subscription with it).
    private let connection: OpaquePointer?
    private var subscription: guint = 0

    init(connection: OpaquePointer?) {
        self.connection = connection
        guard let connection else { return }
        g_object_ref(UnsafeMutableRawPointer(connection))
        read(connection)
        subscribe(connection)
    }

    isolated deinit {
        guard let connection else { return }
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    private func read(_ connection: OpaquePointer) {
        let replied: GAsyncReadyCallback = { source, result, data in
            // GDBus replies in the caller's main context: the main thread.
            MainActor.assumeIsolated { ColorScheme.replied(source: OpaquePointer(source), result: result, data: data) }
        }
        g_dbus_connection_call(connection, Self.portal, Self.path, Self.interface, "Read",
                               cgtk_variant_new_string_pair(Self.namespace, Self.key), nil,
                               G_DBUS_CALL_FLAGS_NONE, 3000, nil, replied,
                               Unmanaged.passRetained(self).toOpaque())
    }

    private static func replied(source: OpaquePointer?, result: OpaquePointer?, data: gpointer?) {
        let scheme = Unmanaged<ColorScheme>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(source, result, &error)
        if let error { g_error_free(error) }
        guard let reply else { return }
        defer { g_variant_unref(reply) }
        scheme.apply(uint(in: reply, child: 0))
    }

    /// The subscription holds this weakly (through a box it owns): the scheme's owner decides
    /// when it goes, and its going ends the subscription.
    private final class Listener {
        weak var scheme: ColorScheme?
        init(_ scheme: ColorScheme) { self.scheme = scheme }
    }

    private func subscribe(_ connection: OpaquePointer) {
        let changed: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
            MainActor.assumeIsolated { ColorScheme.settingChanged(parameters: parameters, data: data) }
        }
        let release: GDestroyNotify = { data in Unmanaged<Listener>.fromOpaque(data!).release() }
        subscription = g_dbus_connection_signal_subscribe(
            connection, Self.portal, Self.interface, "SettingChanged", Self.path, Self.namespace,
            G_DBUS_SIGNAL_FLAGS_NONE, changed, Unmanaged.passRetained(Listener(self)).toOpaque(), release)
    }

    private static func settingChanged(parameters: OpaquePointer?, data: gpointer?) {
        guard let parameters, g_variant_n_children(parameters) == 3 else { return }
        let key = g_variant_get_child_value(parameters, 1)!
        defer { g_variant_unref(key) }
        guard String(cString: g_variant_get_string(key, nil)) == Self.key else { return }
        Unmanaged<Listener>.fromOpaque(data!).takeUnretainedValue().scheme?.apply(uint(in: parameters, child: 2))
    }

    /// The uint32 inside a child of `tuple`, through any number of variant wrappers (older
    /// portals wrap the value twice).
    private static func uint(in tuple: OpaquePointer, child: Int) -> UInt32? {
        var value = g_variant_get_child_value(tuple, gsize(child))!
        while String(cString: g_variant_get_type_string(value)) == "v" {
            let inner = g_variant_get_variant(value)!
            g_variant_unref(value)
            value = inner
        }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "u" else { return nil }
        return g_variant_get_uint32(value)
    }

    private func apply(_ preference: UInt32?) {
        guard let preference, let settings = gtk_settings_get_default() else { return }
        cgtk_object_set_bool(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme",
                             preference == 1 ? 1 : 0)
    }
}
