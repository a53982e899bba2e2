import CGtk
import ImagerCore
import ImagerGLib

/// The window's size between runs, in a small key file:
/// `$XDG_CONFIG_HOME/io.github.imagerproject.Imager/window.ini`. (GSettings would need an
/// installed schema, which a build run from the source tree does not have.)
/// A value read and written with GLib's key files, which any thread may use: not main-actor bound.
nonisolated struct WindowSize: Equatable, Sendable {
    static let fallback = WindowSize(width: 760, height: 640, maximized: false)
    private static let group = "window"

    var width: Int32
    var height: Int32
    var maximized: Bool

    static var filePath: String {
        let config = String(cString: g_get_user_config_dir())
        return "\(config)/\(StoreLocation.appID)/window.ini"
    }

    /// The saved size, or the fallback if there is none or it is unreadable. A broken file
    /// (empty, no `[window]` group, `width=abc`) is ignored quietly; the next close rewrites it.
    static func load(from path: String = filePath) -> WindowSize {
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, nil) != 0,
              let width = integer(file, "width"), let height = integer(file, "height") else { return fallback }
        let maximized = boolean(file, "maximized") ?? false
        // A size from a bigger screen, or a broken file, must still give a usable window.
        guard (360...16384).contains(width), (300...16384).contains(height) else { return fallback }
        return WindowSize(width: width, height: height, maximized: maximized)
    }

    // Each read has its own GError: GLib warns ("GError set over the top of a previous
    // GError") when a call is handed one that is already set.
    private static func integer(_ file: OpaquePointer?, _ key: String) -> Int32? {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_integer(file, group, key, &error)
        guard error == nil else { g_error_free(error); return nil }
        return value
    }

    private static func boolean(_ file: OpaquePointer?, _ key: String) -> Bool? {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_boolean(file, group, key, &error)
        guard error == nil else { g_error_free(error); return nil }
        return value != 0
    }

    /// Writes the size; failing to is not worth bothering the user about.
    func save(to path: String = filePath) {
        if let directory = takeGString(g_path_get_dirname(path)) { g_mkdir_with_parents(directory, 0o700) }
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        g_key_file_set_integer(file, Self.group, "width", width)
        g_key_file_set_integer(file, Self.group, "height", height)
        g_key_file_set_boolean(file, Self.group, "maximized", maximized ? 1 : 0)
        g_key_file_save_to_file(file, path, nil)
    }
}
