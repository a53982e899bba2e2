import Foundation

/// One operation as one line of a change file:
///
///     <crc32 of the rest, 8 hex digits> <record>\t<stamp>\t<field>=<value>\t...\n
///
/// Values escape backslash, tab, newline and carriage return. The checksum lets a reader
/// tell a damaged line from a good one; a line without its newline is not finished yet
/// (the file is still arriving) and is left for a later round.
public enum ChangeLine {
    public static func encode(_ operation: SyncOperation) -> String {
        var payload = operation.key.description + "\t" + operation.stamp.description
        for name in operation.fields.keys.sorted() {
            payload += "\t" + name + "=" + escape(operation.fields[name]!)
        }
        return hex(CRC32.checksum(Array(payload.utf8))) + " " + payload + "\n"
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case checksum
        case malformed(String)

        public var description: String {
            switch self {
            case .checksum: "its checksum does not match (the line is damaged)"
            case let .malformed(what): what
            }
        }
    }

    /// Decodes one line (without its newline).
    public static func decode(_ line: Substring) -> Result<SyncOperation, Problem> {
        let utf8 = Array(line.utf8)
        guard utf8.count > 9, utf8[8] == UInt8(ascii: " "),
              let sum = UInt32(String(decoding: utf8[0..<8], as: UTF8.self), radix: 16) else {
            return .failure(.malformed("it does not start with a checksum"))
        }
        let payloadBytes = Array(utf8[9...])
        guard CRC32.checksum(payloadBytes) == sum else { return .failure(.checksum) }
        let payload = String(decoding: payloadBytes, as: UTF8.self)
        let parts = payload.split(separator: "\t", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return .failure(.malformed("it has no fields")) }
        guard let key = SyncRecordKey(parts[0]) else { return .failure(.malformed("its record “\(parts[0].prefix(40))” is not known")) }
        guard let stamp = Stamp(parts[1]) else { return .failure(.malformed("its stamp “\(parts[1].prefix(40))” is not valid")) }
        var fields: [String: String] = [:]
        for part in parts[2...] {
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else {
                return .failure(.malformed("a field has no name"))
            }
            guard let value = unescape(part[part.index(after: equals)...]) else {
                return .failure(.malformed("a value has a broken escape"))
            }
            fields[String(part[..<equals])] = value
        }
        return .success(SyncOperation(key: key, stamp: stamp, fields: fields))
    }

    static func escape(_ value: String) -> String {
        // Bytes, not Characters: faster, and "\r\n" is one Character that equals neither.
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t")
            || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return value }
        var out = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    static func unescape(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
        var out = ""
        var escaping = false
        for character in text.unicodeScalars {
            if escaping {
                switch character {
                case "\\": out += "\\"
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: return nil
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(character)
            }
        }
        return escaping ? nil : out
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// CRC-32 (IEEE 802.3, as zlib computes it).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
