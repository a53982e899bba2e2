import Foundation

/// A JSON value as `ChordsetDocument` checks it: a scalar whole; a list or an object only as its
/// kind, because its contents went to the caller (or were checked and dropped) by `JSONReader`.
enum JSONScalar: Equatable {
    case null
    case bool(Bool)
    /// As written (the reader checks only its grammar), so that it converts exactly as
    /// `JSONSerialization` converted it when Imager used that.
    case number(String)
    case text(String)
    case list
    case object

    /// The NSNumber `JSONSerialization` made of a number; nil for anything else.
    var number: NSNumber? {
        guard case let .number(text) = self else { return nil }
        return Self.foundationNumber(text)
    }

    /// A 64-bit integer when the text is one, a decimal when it has more digits than a Double
    /// holds, else a Double; nil when none of them holds it (`1e400`), which the document then
    /// refuses where it reads a number. `JSONSerialization`'s rules, quirks included: only a
    /// lowercase `e` counts here.
    static func foundationNumber(_ text: String) -> NSNumber? {
        let point = text.firstIndex(of: ".")
        let exponent = text.firstIndex(of: "e")
        let digitCount = text[..<(exponent ?? text.endIndex)].count
        if point == nil, exponent == nil {
            if text.hasPrefix("-") {
                if digitCount <= 19, let value = Int64(text) { return NSNumber(value: value) }
            } else if digitCount <= 20, let value = UInt64(text) {
                return NSNumber(value: value)
            }
        }
        let power = exponent.flatMap { Int(text[text.index(after: $0)...]) } ?? 0
        if digitCount > 17, (-128...127).contains(power), let decimal = Decimal(string: text), decimal.isFinite {
            return NSDecimalNumber(decimal: decimal)
        }
        if let value = Double(text), value.isFinite {
            return NSNumber(value: value)
        }
        return nil
    }
}
