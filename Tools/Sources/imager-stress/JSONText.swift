/// JSON as the fuzzer builds it: object keys keep their order, numbers keep their spelling
/// ("1e999", "-0"), and `raw` splices text in as is (a deeply nested value).
indirect enum JSONText {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case raw(String)

    /// Serialises with random whitespace and random `\u` escapes; both keep the meaning.
    func write<R: RandomNumberGenerator>(to out: inout String, using rng: inout R) {
        func space() { if Int.random(in: 0..<8, using: &rng) == 0 { out += [" ", "\n", "\t", "  "].randomElement(using: &rng)! } }
        switch self {
        case let .object(members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                space()
                Self.quote(key, into: &out, using: &rng)
                space(); out += ":"; space()
                value.write(to: &out, using: &rng)
            }
            out += "}"
        case let .array(items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                space()
                item.write(to: &out, using: &rng)
            }
            out += "]"
        case let .string(text):
            Self.quote(text, into: &out, using: &rng)
        case let .number(text), let .raw(text):
            out += text
        case let .bool(value):
            out += value ? "true" : "false"
        case .null:
            out += "null"
        }
    }

    private static func quote<R: RandomNumberGenerator>(_ text: String, into out: inout String, using rng: inout R) {
        let escapeAll = Int.random(in: 0..<6, using: &rng) == 0
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += Bool.random(using: &rng) ? "\\\\" : "\\u005C"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (escapeAll && scalar.value > 0x7E):
                for unit in String(scalar).utf16 { out += "\\u" + hex4(unit) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    private static func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: Bool.random())
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

/// SplitMix64: small, fast, and the same sequence on every machine for a given seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
