import Foundation

/// The lumis of a chord in a JSON file (format version 2), read and checked, and written.
///
///     {"shape": "star", "x": 0.5, "y": 0.4, "size": 0.3, "rotation": 15, "color": "#FFE9A8CC", "glow": 0.6}
///
/// `shape`, `x`, `y`, `size` and `color` are required; `rotation` and `glow` default to 0.
/// No id: an import gives each lumi a fresh one. Other members are skipped. Numbers are read
/// as the nearest double (Swift's `Double(String)`, correctly rounded) and written as the
/// shortest text that reads back as that same double, so a round trip is exact.
enum LumiReading {
    /// A chord's "lumis" member as written, before any check.
    enum List {
        case absent
        case notAList
        /// The first `Lumi.maximumPerChord + 1` entries (nil where one is not an object), and
        /// how many there were: a longer list is refused without keeping the rest.
        case items([Fields?], count: Int)
    }

    /// One lumi's members as written.
    struct Fields {
        var values: [LumiProblem.Key: JSONScalar] = [:]
    }

    static func read(_ reader: inout JSONReader) throws(JSONSyntaxError) -> List {
        var items: [Fields?] = []
        var count = 0
        let kind = try reader.read(list: { reader, _ throws(JSONSyntaxError) in
            count += 1
            guard count <= Lumi.maximumPerChord + 1 else {
                try reader.read()
                return
            }
            var fields = Fields()
            let kind = try reader.read(object: { reader, key throws(JSONSyntaxError) in
                if let known = LumiProblem.Key(rawValue: key) {
                    fields.values[known] = try reader.read()
                } else {
                    try reader.read()
                }
            })
            items.append(kind == .object ? fields : nil)
        })
        return kind == .list ? .items(items, count: count) : .notAList
    }

    /// The eight chords' lumis of the chordset at `chordset`, or the first problem in file order.
    static func check(_ lists: [List], chordset: Int) throws(LumiProblem) -> ChordsetLumis {
        var result = ChordsetLumis.none
        for (chord, list) in lists.enumerated() where chord < Chordset.chordCount {
            switch list {
            case .absent:
                continue
            case .notAList:
                throw LumiProblem(chordset: chordset, chord: chord, lumi: nil, reason: .notAList)
            case let .items(items, count):
                guard count <= Lumi.maximumPerChord else {
                    throw LumiProblem(chordset: chordset, chord: chord, lumi: nil, reason: .tooMany(count: count))
                }
                var lumis: [Lumi] = []
                lumis.reserveCapacity(items.count)
                for (index, fields) in items.enumerated() {
                    do throws(LumiProblem.Reason) {
                        guard let fields else { throw LumiProblem.Reason.notAnObject }
                        lumis.append(try lumi(from: fields))
                    } catch {
                        throw LumiProblem(chordset: chordset, chord: chord, lumi: index, reason: error)
                    }
                }
                result[chord] = lumis
            }
        }
        return result
    }

    /// Checks members in a fixed order (shape, x, y, size, rotation, color, glow), so the
    /// same file always gets the same message.
    private static func lumi(from fields: Fields) throws(LumiProblem.Reason) -> Lumi {
        guard let rawShape = fields.values[.shape] else { throw .missing(.shape) }
        guard case let .text(word) = rawShape else { throw .wrongType(.shape, found: ChordsetDocument.short(rawShape)) }
        guard let shape = LumiShape(rawValue: word) else { throw .unknownShape(String(word.prefix(40))) }
        let x = try number(fields, .x, field: .x, required: true)
        let y = try number(fields, .y, field: .y, required: true)
        let size = try number(fields, .size, field: .size, required: true)
        let rotation = try number(fields, .rotation, field: .rotation, required: false)
        guard let rawColor = fields.values[.color] else { throw .missing(.color) }
        guard case let .text(hex) = rawColor else { throw .wrongType(.color, found: ChordsetDocument.short(rawColor)) }
        guard let color = RGBAColor(hex: hex) else { throw .badColor(String(hex.prefix(40))) }
        let glow = try number(fields, .glow, field: .glow, required: false)
        return Lumi(shape: shape, x: x, y: y, size: size, rotation: rotation, color: color, glow: glow)
    }

    private static func number(_ fields: Fields, _ key: LumiProblem.Key, field: Lumi.Field, required: Bool) throws(LumiProblem.Reason) -> Double {
        guard let raw = fields.values[key] else {
            if required { throw .missing(key) }
            return 0
        }
        guard case let .number(text) = raw else { throw .wrongType(key, found: ChordsetDocument.short(raw)) }
        guard let value = Double(text), value.isFinite else { throw .unrepresentable(key, written: String(text.prefix(40))) }
        guard Lumi.allows(value, for: field) else { throw .outOfRange(field, value: value) }
        return value
    }

    static func write(_ lumi: Lumi, to out: inout String) {
        out += "{\"shape\": \"\(lumi.shape.rawValue)\", \"x\": \(JSONNumber.text(lumi.x)), \"y\": \(JSONNumber.text(lumi.y)), "
        out += "\"size\": \(JSONNumber.text(lumi.size)), \"rotation\": \(JSONNumber.text(lumi.rotation)), "
        out += "\"color\": \"\(lumi.color.hex)\", \"glow\": \(JSONNumber.text(lumi.glow))}"
    }
}
