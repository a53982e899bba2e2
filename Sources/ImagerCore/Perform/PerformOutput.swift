import Foundation

/// Where Perform shows its picture: in the window Perform was started from, or full screen on
/// a monitor of its own, named by the monitor's connector ("DP-1", "HDMI-A-1"). The connector
/// is what stays the same when a monitor is unplugged and plugged in again, or the monitors
/// are listed in another order, so it is what is remembered.
public enum PerformOutput: Equatable, Hashable, Sendable {
    case thisWindow
    case monitor(connector: String)

    /// The remembered form (`perform.ini`'s `output`): the connector, or nil for This Window.
    public var connector: String? {
        if case let .monitor(connector) = self { return connector }
        return nil
    }

    /// From the remembered form: an empty or missing connector is This Window, and so is a
    /// value no connector has (over 64 characters, or with control characters: the file is
    /// anyone's to edit, and the name shows in Preferences).
    public init(connector: String?) {
        if let connector = connector?.trimmingCharacters(in: .whitespacesAndNewlines), !connector.isEmpty,
           connector.count <= 64,
           !connector.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
            self = .monitor(connector: connector)
        } else {
            self = .thisWindow
        }
    }

    /// Where the picture can go now: the chosen monitor if it is connected, else This Window
    /// (a monitor unplugged, or remembered from another setup).
    public func available(amongConnectors connected: [String]) -> PerformOutput {
        guard let connector, connected.contains(connector) else { return .thisWindow }
        return self
    }

    /// A monitor as the Output choice lists it: "DP-1 (Dell U2720Q)", the connector first
    /// because that is what tells two monitors of the same model apart, then the maker and
    /// model the monitor reports, where it reports them. Either may be missing (projectors
    /// and virtual outputs often report nothing): then "DP-1", or the model alone, or
    /// `fallback` ("Monitor 2") when there is nothing at all. Control characters a monitor's
    /// EDID may carry are dropped.
    public static func monitorName(connector: String?, manufacturer: String?, model: String?,
                                   fallback: String) -> String {
        func clean(_ text: String?) -> String? {
            guard let text else { return nil }
            let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter {
                !CharacterSet.controlCharacters.contains($0)
            })).trimmingCharacters(in: .whitespaces)
            return kept.isEmpty ? nil : kept
        }
        let connector = clean(connector)
        var product = [clean(manufacturer), clean(model)].compactMap { $0 }
        // Some monitors repeat the maker at the start of the model ("Dell", "Dell U2720Q").
        if product.count == 2, product[1].lowercased().hasPrefix(product[0].lowercased()) {
            product.removeFirst()
        }
        // Virtual outputs report their connector again as the model: nothing to add.
        if product.count == 1, product[0] == connector { product = [] }
        let description = product.joined(separator: " ")
        switch (connector, description.isEmpty) {
        case let (connector?, false): return "\(connector) (\(description))"
        case let (connector?, true): return connector
        case (nil, false): return description
        case (nil, true): return fallback
        }
    }
}
