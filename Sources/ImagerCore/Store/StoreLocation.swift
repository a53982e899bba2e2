import Foundation

/// Where Imager keeps its data: GLib's user data dir, as GTK apps do.
/// Under Flatpak, XDG_DATA_HOME points into the app's sandbox, so this follows it there.
public enum StoreLocation {
    public static let appID = "io.github.imagerproject.Imager"
    public static let databaseFileName = "imager.sqlite"

    /// `$XDG_DATA_HOME/io.github.imagerproject.Imager`, falling back to `~/.local/share/...`
    /// when XDG_DATA_HOME is unset or not absolute (the XDG spec says to ignore it then).
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
        }
        return base.appendingPathComponent(appID, isDirectory: true)
    }

    public static func databaseURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        dataDirectory(environment: environment).appendingPathComponent(databaseFileName)
    }
}
