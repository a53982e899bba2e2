import Foundation

/// The one order of the chordset list, the same on every reader (the window, the command
/// line, another machine): by `position`, and where positions are equal, by id. Ids are
/// compared byte by byte, which is the order of the upper-case text the store keeps, so
/// SQLite's `ORDER BY position, id` agrees with it.
public struct ListOrderKey: Comparable, Hashable, Sendable {
    public var position: Double
    var idHigh: UInt64
    var idLow: UInt64

    public init(position: Double, id: UUID) {
        self.position = position
        // The 16 bytes as two big-endian words: comparing them compares the bytes in order.
        var high: UInt64 = 0, low: UInt64 = 0
        withUnsafeBytes(of: id.uuid) { bytes in
            for i in 0..<8 { high = high << 8 | UInt64(bytes[i]) }
            for i in 8..<16 { low = low << 8 | UInt64(bytes[i]) }
        }
        idHigh = high
        idLow = low
    }

    public static func < (a: ListOrderKey, b: ListOrderKey) -> Bool {
        (a.position, a.idHigh, a.idLow) < (b.position, b.idHigh, b.idLow)
    }
}

extension Chordset {
    public var listOrderKey: ListOrderKey { ListOrderKey(position: position, id: id) }

    /// True when `a` comes before `b` in the list.
    public static func listOrder(_ a: Chordset, _ b: Chordset) -> Bool {
        a.listOrderKey < b.listOrderKey
    }
}
