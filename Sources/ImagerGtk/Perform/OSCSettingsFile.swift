import CGtk
import ImagerCore
import ImagerGLib

/// The OSC server's settings in `perform.ini` (`PerformSettings`' file), group `[OSC]`:
/// `enabled` (true or false), `port` (a number) and `listen` (`local` or `network`). Read at
/// launch, so a script can write them first. A missing or broken key gives its default
/// (`OSCSettings`); saving keeps every other key and group, `[perform]`'s included.
nonisolated enum OSCSettingsFile {
    private static let group = "OSC"

    static func load(from path: String = PerformSettings.filePath) -> OSCSettings {
        PerformSettings.withFile(at: path) { file in
            var error: UnsafeMutablePointer<GError>?
            let enabled = g_key_file_get_boolean(file, group, "enabled", &error) != 0 && error == nil
            if error != nil { g_error_free(error); error = nil }
            var port = Int(g_key_file_get_integer(file, group, "port", &error))
            if error != nil { g_error_free(error); port = OSCSettings.standardPort }
            let listen = OSCSettings.Listen(storedName: takeGString(g_key_file_get_string(file, group, "listen", nil)))
            return OSCSettings(enabled: enabled, port: port, listen: listen)
        } ?? OSCSettings()
    }

    static func save(_ settings: OSCSettings, to path: String = PerformSettings.filePath) {
        PerformSettings.update(path) { file in
            g_key_file_set_boolean(file, group, "enabled", settings.enabled ? 1 : 0)
            g_key_file_set_integer(file, group, "port", Int32(settings.port))
            g_key_file_set_string(file, group, "listen", settings.listen.rawValue)
        }
    }
}
