import CGLib
import CGtk
import Foundation
import ImagerGLib

/// Watches the sync folder's directories (GFileMonitor: inotify on Linux) and says when
/// something in them changed. Directory monitors are not recursive, so the owner names every
/// directory to watch (the folder, `imager-sync`, one per device) and names them again as
/// devices appear. Some folders never report (a Flatpak's portal folder, a network file
/// system): the owner polls as well.
final class FolderWatch {
    /// Owned: one monitor per watched directory, by path.
    private var monitors: [String: OpaquePointer] = [:]
    var onChange: () -> Void = {}

    var watchedPaths: Set<String> { Set(monitors.keys) }

    /// Watches exactly `paths` (directories that do not exist yet are left out until then).
    func watch(_ paths: Set<String>) {
        for (path, monitor) in monitors where !paths.contains(path) {
            Self.close(monitor)
            monitors[path] = nil
        }
        for path in paths where monitors[path] == nil {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let file = g_file_new_for_path(path)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let made = g_file_monitor_directory(file, G_FILE_MONITOR_NONE, nil, nil) else { continue }
            let monitor = OpaquePointer(made)
            Signal.connectFileChanged(monitor) { [weak self] event in
                // Syncthing writes a temporary file and renames it in: what matters is the
                // end of a write (and a new file or folder), not each block of it.
                switch event {
                case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED,
                     G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_RENAMED:
                    self?.onChange()
                default:
                    break
                }
            }
            monitors[path] = monitor
        }
    }

    private static func close(_ monitor: OpaquePointer) {
        g_file_monitor_cancel(UnsafeMutablePointer(monitor))
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }

    isolated deinit {
        for monitor in monitors.values { Self.close(monitor) }
    }
}
