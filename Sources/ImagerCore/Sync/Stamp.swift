import Foundation

/// A point of the hybrid logical clock (Kulkarni et al., 2014): wall-clock milliseconds, a
/// counter for events within one millisecond (or while the wall clock lags a stamp seen
/// from another machine), and the device that made it. Stamps are totally ordered, field
/// by field, so every machine picks the same winner for a field; the device id makes two
/// machines' stamps unequal even when their clocks and counters agree.
///
/// Written as text of fixed width (`WWWWWWWWWWWW.CCCC.DEVICE`, hex) in change files and in
/// the store; the text sorts as the stamps do.
public struct Stamp: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var milliseconds: UInt64
    /// At most `maximumCounter`: the text form gives it four hex digits.
    public var counter: UInt32
    /// 16 lower-case hex digits (see `DeviceID`).
    public var device: String

    public init(milliseconds: UInt64, counter: UInt32, device: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    /// The oldest stamp there is: the starter chordsets carry it, so that two freshly seeded
    /// machines agree on them and any real edit (or delete) beats them.
    /// The largest counter the four hex digits of the text form hold.
    public static let maximumCounter: UInt32 = 0xFFFF

    public static let seed = Stamp(milliseconds: 0, counter: 0, device: "0000000000000000")

    public static func < (a: Stamp, b: Stamp) -> Bool {
        (a.milliseconds, a.counter, a.device) < (b.milliseconds, b.counter, b.device)
    }

    public var description: String {
        Self.hex(milliseconds, width: 12) + "." + Self.hex(UInt64(counter), width: 4) + "." + device
    }

    /// Parses `description`'s form; nil for anything else.
    public init?(_ text: Substring) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 12, parts[1].count == 4,
              let wall = UInt64(parts[0], radix: 16), let counter = UInt32(parts[1], radix: 16),
              DeviceID.isValid(parts[2]) else { return nil }
        self.init(milliseconds: wall, counter: counter, device: String(parts[2]))
    }

    private static func hex(_ value: UInt64, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A device's id: 16 random lower-case hex digits, chosen once per database (and again when
/// a copied home or a restored backup is detected, see `SyncIdentity`).
public enum DeviceID {
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func isValid(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
