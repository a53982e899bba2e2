import CGtk
import ImagerCore
import ImagerGLib

/// The Perform view's fade time between runs, in a small key file beside the window's size:
/// `$XDG_CONFIG_HOME/io.github.imagerproject.Imager/perform.ini` (see `WindowSize` for why not
/// GSettings). A missing or broken file gives the standard fade; out-of-range values are
/// clamped by `FadeTime`.
nonisolated enum PerformSettings {
    private static let group = "perform"
    private static let fadeKey = "fade-seconds"

    static var filePath: String {
        "\(String(cString: g_get_user_config_dir()))/\(StoreLocation.appID)/perform.ini"
    }

    static func loadFadeTime(from path: String = filePath) -> FadeTime {
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, nil) != 0 else { return .standard }
        var error: UnsafeMutablePointer<GError>?
        let seconds = g_key_file_get_double(file, group, fadeKey, &error)
        guard error == nil else { g_error_free(error); return .standard }
        return FadeTime(seconds: seconds)
    }

    /// Failing to write is not worth bothering a performer about: the next change tries again.
    static func save(_ fadeTime: FadeTime, to path: String = filePath) {
        if let directory = takeGString(g_path_get_dirname(path)) { g_mkdir_with_parents(directory, 0o700) }
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        g_key_file_set_double(file, group, fadeKey, fadeTime.seconds)
        g_key_file_save_to_file(file, path, nil)
    }
}
