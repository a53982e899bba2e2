import CGtk
import ImagerCore
import ImagerGLib

/// The Perform view's fade time and fade curve between runs, in a small key file beside the
/// window's size: `$XDG_CONFIG_HOME/io.github.imagerproject.Imager/perform.ini` (see
/// `WindowSize` for why not GSettings), group `[perform]`, keys `fade-seconds` (a number) and
/// `fade-curve` (`linear`, `smooth` or `cut`), `output`, the connector of the monitor
/// Perform's picture goes to ("DP-1"; absent for This Window), and `safe-light` (`true` or
/// `false`: whether `SafeLightGate` limits flashes). A missing or broken file or key gives the
/// standard fade and curve, This Window, and safe light on; out-of-range times are clamped by
/// `FadeTime`. Saving one key keeps the others.
nonisolated enum PerformSettings {
    private static let group = "perform"
    private static let fadeKey = "fade-seconds"
    private static let curveKey = "fade-curve"
    private static let outputKey = "output"
    private static let safeLightKey = "safe-light"

    static var filePath: String {
        "\(String(cString: g_get_user_config_dir()))/\(StoreLocation.appID)/perform.ini"
    }

    static func loadFadeTime(from path: String = filePath) -> FadeTime {
        withFile(at: path) { file in
            var error: UnsafeMutablePointer<GError>?
            let seconds = g_key_file_get_double(file, group, fadeKey, &error)
            guard error == nil else { g_error_free(error); return .standard }
            return FadeTime(seconds: seconds)
        } ?? .standard
    }

    static func loadFadeCurve(from path: String = filePath) -> FadeCurve {
        withFile(at: path) { file in
            FadeCurve(storedName: takeGString(g_key_file_get_string(file, group, curveKey, nil)))
        } ?? .standard
    }

    static func loadOutput(from path: String = filePath) -> PerformOutput {
        withFile(at: path) { file in
            PerformOutput(connector: takeGString(g_key_file_get_string(file, group, outputKey, nil)))
        } ?? .thisWindow
    }

    /// On unless the file says `false`: a broken value must not turn off a safety feature.
    static func loadSafeLight(from path: String = filePath) -> Bool {
        withFile(at: path) { file in
            var error: UnsafeMutablePointer<GError>?
            let on = g_key_file_get_boolean(file, group, safeLightKey, &error)
            guard error == nil else { g_error_free(error); return true }
            return on != 0
        } ?? true
    }

    static func save(safeLight on: Bool, to path: String = filePath) {
        update(path) { g_key_file_set_boolean($0, group, safeLightKey, on ? 1 : 0) }
    }

    /// Failing to write is not worth bothering a performer about: the next change tries again.
    static func save(_ fadeTime: FadeTime, to path: String = filePath) {
        update(path) { g_key_file_set_double($0, group, fadeKey, fadeTime.seconds) }
    }

    static func save(_ curve: FadeCurve, to path: String = filePath) {
        update(path) { g_key_file_set_string($0, group, curveKey, curve.rawValue) }
    }

    static func save(_ output: PerformOutput, to path: String = filePath) {
        update(path) { file in
            if let connector = output.connector {
                g_key_file_set_string(file, group, outputKey, connector)
            } else {
                g_key_file_remove_key(file, group, outputKey, nil)
            }
        }
    }

    /// `read` on the file loaded from `path`, or nil if there is none or it is not a key file.
    static func withFile<Value>(at path: String, _ read: (OpaquePointer?) -> Value) -> Value? {
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, nil) != 0 else { return nil }
        return read(file)
    }

    /// Sets one key and saves, keeping what else the file holds (a file that does not load
    /// starts afresh).
    static func update(_ path: String, _ set: (OpaquePointer?) -> Void) {
        if let directory = takeGString(g_path_get_dirname(path)) { g_mkdir_with_parents(directory, 0o700) }
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        g_key_file_load_from_file(file, path, G_KEY_FILE_KEEP_COMMENTS, nil)
        set(file)
        g_key_file_save_to_file(file, path, nil)
    }
}
