/// Whether Imager listens for OSC, on which UDP port, and from where: what `perform.ini`'s
/// `[OSC]` group holds (`enabled`, `port`, `listen`), read at launch so a script can set it
/// first. Off by default: a port opened only when the performer asks for it.
public struct OSCSettings: Equatable, Sendable {
    /// Who may send: this computer only (the loopback address), or any device on the network.
    public enum Listen: String, CaseIterable, Sendable {
        case local
        case network

        /// The value stored as `name`, or `local` for anything else: a typo never opens the
        /// port to the network.
        public init(storedName name: String?) {
            self = name.flatMap(Listen.init(rawValue:)) ?? .local
        }

        /// The IPv4 address the server binds.
        public var bindAddress: String { self == .local ? "127.0.0.1" : "0.0.0.0" }
    }

    public static let standardPort = 9000
    /// Ports below 1024 need privileges; 0 would be any port, which no surface could find.
    public static let portRange: ClosedRange<Int> = 1024...65535

    public var enabled: Bool
    public var port: Int
    public var listen: Listen

    public init(enabled: Bool = false, port: Int = standardPort, listen: Listen = .local) {
        self.enabled = enabled
        self.port = Self.portRange.contains(port) ? port : Self.standardPort
        self.listen = listen
    }
}
