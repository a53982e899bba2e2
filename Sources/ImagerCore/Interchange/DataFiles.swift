import Foundation

/// Finds Imager's read-only data files (the seed) without a source tree:
/// `IMAGER_DATA_DIR` if set, then `<prefix>/share/<app id>/` next to the installed binary,
/// then the repository's `data/` when running from a SwiftPM build folder.
public enum DataFiles {
    public static let seedFileName = "seed.json"

    public static func seedURL(environment: [String: String] = ProcessInfo.processInfo.environment,
                               executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "imager")) -> URL {
        for directory in candidateDirectories(environment: environment, executable: executable) {
            let url = directory.appendingPathComponent(seedFileName)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        // Nothing found: name the installed location, so the error message says where it should be.
        return installedDirectory(executable: executable).appendingPathComponent(seedFileName)
    }

    /// The app's AppStream metainfo: `<id>.metainfo.xml` in the data folders (the repository's
    /// `data/` holds it), else `<prefix>/share/metainfo/`, where it is installed.
    public static func metainfoURL(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "imager")) -> URL? {
        let name = StoreLocation.appID + ".metainfo.xml"
        let installed = installedDirectory(executable: executable).deletingLastPathComponent()
            .appendingPathComponent("metainfo", isDirectory: true)
        let folders = candidateDirectories(environment: environment, executable: executable) + [installed]
        return folders.map { $0.appendingPathComponent(name) }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Icon theme folders (holding `hicolor/…`) that GTK would not search by itself: the
    /// repository's `data/icons` when running from a build folder, and `<prefix>/share/icons`
    /// of a prefix that is not on `XDG_DATA_DIRS` (a moved or private install). The app adds
    /// them to the icon theme, so its icon shows in the About dialog wherever it runs from.
    /// A folder GTK searches already is left out: adding it again would make GTK load the
    /// whole theme a second time, on the main thread, at the first icon the window shows.
    public static func iconDirectories(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "imager")) -> [URL] {
        let prefixIcons = installedDirectory(executable: executable)
            .deletingLastPathComponent().appendingPathComponent("icons", isDirectory: true)
        let candidates = candidateDirectories(environment: environment, executable: executable)
            .map { $0.appendingPathComponent("icons", isDirectory: true) } + [prefixIcons]
        var seen = Set(themeSearchedDirectories(environment: environment).map(\.standardizedFileURL.path))
        return candidates.filter { url in
            let path = url.standardizedFileURL.path
            guard seen.insert(path).inserted else { return false }
            return FileManager.default.fileExists(atPath: url.appendingPathComponent("hicolor").path)
        }
    }

    /// The `icons` folders of the XDG data folders, which GTK's icon theme searches by itself:
    /// `XDG_DATA_HOME` (or `~/.local/share`) and each of `XDG_DATA_DIRS` (or `/usr/local/share`
    /// and `/usr/share`), as the XDG base directory specification sets them.
    static func themeSearchedDirectories(environment: [String: String]) -> [URL] {
        var dataFolders: [String] = []
        if let home = environment["XDG_DATA_HOME"], !home.isEmpty {
            dataFolders.append(home)
        } else if let home = environment["HOME"], !home.isEmpty {
            dataFolders.append(home + "/.local/share")
        }
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share/:/usr/share/"
        dataFolders += system.split(separator: ":").map(String.init)
        return dataFolders.map { URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent("icons", isDirectory: true) }
    }

    /// The folder of compiled translations (`<lang>/LC_MESSAGES/imager.mo`):
    /// `IMAGER_LOCALE_DIR` if set, else `<prefix>/share/locale` of the install the binary
    /// is in, found from the binary's own path so a moved prefix still finds it. Nil when
    /// neither exists (a build folder without translations built: English).
    public static func localeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "imager")) -> URL? {
        if let override = environment["IMAGER_LOCALE_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let installed = installedDirectory(executable: executable)
            .deletingLastPathComponent().appendingPathComponent("locale", isDirectory: true)
        return FileManager.default.fileExists(atPath: installed.path) ? installed : nil
    }

    static func candidateDirectories(environment: [String: String], executable: URL) -> [URL] {
        var directories: [URL] = []
        if let override = environment["IMAGER_DATA_DIR"], !override.isEmpty {
            directories.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        directories.append(installedDirectory(executable: executable))
        // .build/<triple>/debug/imager -> walk up to the folder holding Package.swift.
        var folder = resolvedExecutable(executable).deletingLastPathComponent()
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                directories.append(folder.appendingPathComponent("data", isDirectory: true))
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        return directories
    }

    static func installedDirectory(executable: URL) -> URL {
        resolvedExecutable(executable)
            .deletingLastPathComponent()            // bin
            .deletingLastPathComponent()            // prefix
            .appendingPathComponent("share", isDirectory: true)
            .appendingPathComponent(StoreLocation.appID, isDirectory: true)
    }

    private static func resolvedExecutable(_ executable: URL) -> URL {
        // /proc/self/exe is the binary even when started through PATH or a symlink.
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
           executable.lastPathComponent == URL(fileURLWithPath: path).lastPathComponent {
            return URL(fileURLWithPath: path)
        }
        return executable.resolvingSymlinksInPath()
    }
}
