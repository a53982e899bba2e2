import Foundation

/// Which computer this is, to notice a home folder copied to another machine: its database
/// carries a device id made elsewhere, and two machines writing one device's files would
/// make a mess of them.
public enum MachineIdentity {
    /// `/etc/machine-id` (readable in a Flatpak too), else the host name.
    public static func current() -> String {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let data = FileManager.default.contents(atPath: path),
               let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
                return text
            }
        }
        return ProcessInfo.processInfo.hostName
    }

    /// The name other machines show for this one until it is given another.
    public static func defaultName() -> String {
        let host = ProcessInfo.processInfo.hostName
        return host.split(separator: ".").first.map(String.init) ?? host
    }
}
