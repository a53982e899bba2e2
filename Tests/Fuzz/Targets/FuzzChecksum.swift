@testable import ImagerCore

/// The change lines' checksum, written as they write it, so a fuzz target can make a mutated
/// line's checksum right and reach the parsing behind it.
enum FuzzChecksum {
    static func prefix(_ payload: [UInt8]) -> String {
        let digits = String(CRC32.checksum(payload), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits + " "
    }
}
