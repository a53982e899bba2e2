import Foundation
import ImagerCore

/// One fuzz input: the bytes, what the decoder must do with them, and how they were made.
final class FuzzInput {
    enum Expectation {
        /// A valid document: these chordsets, in this order.
        case accept([Expected])
        /// Broken on purpose; when the break is in one entry, the message must name it.
        case reject(entry: Int?)
        /// Mutated blindly: accept whole or refuse, never crash.
        case either
    }

    struct Expected {
        var id: UUID?
        var title: String
        var createdAt: Double?
        var colors: [RGBAColor]
        /// Each chord's lumis (ids aside: an import gives fresh ones).
        var lumis: [[Lumi]] = Array(repeating: [], count: Chordset.chordCount)
    }

    let bytes: [UInt8]
    let expectation: Expectation
    /// For an accepted document: each set list's chordsets, in order.
    let setLists: [[UUID]]
    let mutations: [String]
    var lastOutcomeAccepted = false

    init(bytes: [UInt8], expectation: Expectation, setLists: [[UUID]] = [], mutations: [String]) {
        self.bytes = bytes
        self.expectation = expectation
        self.setLists = setLists
        self.mutations = mutations
    }

    static func make(seed: UInt64, iteration: Int) -> FuzzInput {
        var maker = Maker(rng: SplitMix64(seed: seed ^ (UInt64(iteration) &* 0xD1B5_4A32_D192_ED03)))
        return maker.make()
    }
}

/// Builds one input. Titles and numbers come from lists of awkward but valid values.
private struct Maker {
    var rng: SplitMix64
    var mutations: [String] = []

    /// Titles the title rule accepts (after cleaning).
    static let titles: [String] = [
        "Warm", "a\u{0}b", "\u{1}\u{7F}\u{9F}x", "tab\there", "line\nbreak\r\n", "Robert'); DROP TABLE chordset;--",
        "\"quoted\" 'single'", "back\\slash", "مرحبا بالعالم", "שלום", "👩‍👩‍👧‍👦🎨", "e\u{301}", "\u{202E}txt.exe",
        "\u{FEFF}bom", "\u{10FFFF}", "%s %n {0}", "<b>bold</b>", "NULL",
        String(repeating: "x", count: 1000), " " + String(repeating: "é", count: 1000) + "\n",
    ]
    /// Titles the title rule refuses: nothing left after cleaning, or too long.
    static let refusedTitles: [String] = [
        "", "   ", "\u{2028}\u{2029}", "\u{0}\t", String(repeating: "x", count: 1001), String(repeating: "é", count: 3000),
    ]
    static let createdAts = ["1517011139", "0", "-0", "-1", "1517011139.5", "1e12", "1E3", "2.5e-3", "4102444800"]

    init(rng: SplitMix64) { self.rng = rng }

    mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &rng) == 0 }
    mutating func pick<T>(_ list: [T]) -> T { list.randomElement(using: &rng)! }
    mutating func index(_ count: Int) -> Int { Int.random(in: 0..<count, using: &rng) }

    mutating func make() -> FuzzInput {
        var (root, expected, setLists) = validDocument()
        var expectation = FuzzInput.Expectation.accept(expected)
        if chance(3) {
            var firstBroken: Int? = Int.max
            for _ in 0..<(chance(4) ? 2 : 1) {
                let broken = breakDocument(&root, entryCount: expected.count)
                firstBroken = firstBroken.flatMap { current in broken.map { min(current, $0) } }
            }
            // A second shared id can overwrite the first pair's, so which entry fails is then unknown.
            if mutations.count > 1 && mutations.contains(where: { $0.hasSuffix("share an id") }) { firstBroken = nil }
            expectation = .reject(entry: firstBroken)
            expected = []
        }
        if chance(20) {
            let depth = pick([10, 100, 1000, 10_000, 100_000])
            mutations.append("nested \(depth) deep")
            let deep = JSONText.raw(String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth))
            if case var .object(members) = root { members.append(("deep", deep)); root = .object(members) }
            if case .accept = expectation { expectation = .either } else { expectation = .reject(entry: nil) }
        }
        var text = ""
        root.write(to: &text, using: &rng)
        var bytes = Array(text.utf8)
        if chance(3) {
            for _ in 0..<Int.random(in: 1...4, using: &rng) { mutateBytes(&bytes) }
            expectation = .either
        }
        return FuzzInput(bytes: bytes, expectation: expectation, setLists: setLists, mutations: mutations)
    }

    mutating func validDocument() -> (JSONText, [FuzzInput.Expected], [[UUID]]) {
        var entries: [JSONText] = []
        var expected: [FuzzInput.Expected] = []
        var anyLumis = false
        for _ in 0..<pick([0, 1, 1, 2, 3, 5, 8]) {
            var members: [(String, JSONText)] = []
            var want = FuzzInput.Expected(id: nil, title: pick(Self.titles), createdAt: nil, colors: [])
            if !chance(4) {
                let id = UUID(uuid: (byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(),
                                     byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte()))
                want.id = id
                members.append(("id", .string(chance(2) ? id.uuidString : id.uuidString.lowercased())))
            }
            members.append(("title", .string(want.title)))
            if !chance(4) {
                let created = pick(Self.createdAts)
                want.createdAt = Double(created)!
                members.append(("createdAt", .number(created)))
            }
            var chords: [JSONText] = []
            for _ in 0..<Chordset.chordCount {
                let opaque = !chance(4)
                let color = RGBAColor(red: byte(), green: byte(), blue: byte(), alpha: opaque ? 255 : byte())
                want.colors.append(color)
                var hex = "#" + [color.red, color.green, color.blue].map(Self.hex2).joined()
                if !opaque || chance(8) { hex += Self.hex2(color.alpha) }
                var chord: [(String, JSONText)] = [("color", .string(chance(2) ? hex : hex.lowercased()))]
                if chance(4) {
                    let lumis = (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomLumi() }
                    want.lumis[chords.count] = lumis.map(\.lumi)
                    chord.append(("lumis", .array(lumis.map(\.text))))
                    anyLumis = true
                }
                if chance(3) { chord.reverse() }
                chords.append(.object(chord))
            }
            members.append(("chords", .array(chords)))
            if chance(10) { members.append(("note", .string("unknown keys are ignored"))) }
            if chance(3) { members.shuffle(using: &rng) }
            entries.append(.object(members))
            expected.append(want)
        }
        // Version 1 files are read by the same rules; lumis in one are read too.
        let version = anyLumis || chance(2) ? pick(["2", "2.0"]) : pick(["1", "1.0"])
        var root: [(String, JSONText)] = [("version", .number(version)), ("chordsets", .array(entries))]
        // Version 3: set lists naming the file's chordsets that have ids, in any order, some twice.
        var setLists: [[UUID]] = []
        if chance(3) {
            root[0].1 = .number(pick(["3", "3.0"]))
            let named = expected.compactMap(\.id)
            var lists: [JSONText] = []
            for _ in 0..<pick([0, 1, 2, 3]) {
                let chordsets = named.isEmpty ? [] : (0..<Int.random(in: 0...5, using: &rng)).map { _ in pick(named) }
                setLists.append(chordsets)
                var members: [(String, JSONText)] = [("title", .string(pick(Self.titles))),
                                                     ("chordsets", .array(chordsets.map { .string(chance(2) ? $0.uuidString : $0.uuidString.lowercased()) }))]
                if !chance(3) { members.append(("id", .string(UUID(uuid: (byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(),
                                                                           byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte())).uuidString))) }
                if chance(10) { members.append(("note", .string("unknown keys are ignored"))) }
                members.shuffle(using: &rng)
                lists.append(.object(members))
            }
            root.append(("setlists", .array(lists)))
        }
        if chance(3) { root.reverse() }
        return (.object(root), expected, setLists)
    }

    /// A valid lumi and its JSON: numbers as Swift writes them (shortest round-trip text,
    /// exponents included); rotation and glow sometimes left out (then 0).
    mutating func randomLumi() -> (lumi: Lumi, text: JSONText) {
        func unit() -> Double { pick([0, 1, 0.5, 1e-7, 5e-324, Double.random(in: 0...1, using: &rng)]) }
        let shape = pick(LumiShape.allCases)
        let size = pick([1, 1e-9, Double.random(in: Double.ulpOfOne...1, using: &rng)])
        let rotation = chance(3) ? 0 : pick([0, 359.99999999999994, Double.random(in: 0..<360, using: &rng)])
        let glow = chance(3) ? 0 : unit()
        let color = RGBAColor(red: byte(), green: byte(), blue: byte(), alpha: byte())
        let lumi = Lumi(shape: shape, x: unit(), y: unit(), size: size, rotation: rotation, color: color, glow: glow)
        var members: [(String, JSONText)] = [("shape", .string(shape.rawValue)), ("x", .number(lumi.x.description)),
                                             ("y", .number(lumi.y.description)), ("size", .number(size.description)),
                                             ("color", .string(color.hex))]
        if rotation != 0 || chance(2) { members.append(("rotation", .number(rotation.description))) }
        if glow != 0 || chance(2) { members.append(("glow", .number(glow.description))) }
        if chance(10) { members.append(("id", .string("ignored"))) }
        members.shuffle(using: &rng)
        return (lumi, .object(members))
    }

    /// Breaks the document in one way the decoder must refuse; returns the entry broken, if any.
    mutating func breakDocument(_ root: inout JSONText, entryCount: Int) -> Int? {
        guard case var .object(members) = root,
              let listIndex = members.firstIndex(where: { $0.0 == "chordsets" }),
              case var .array(entries) = members[listIndex].1 else { return nil }
        let kind = entryCount > 0 ? index(14) : pick([8, 9, 10, 11, 13])
        var entryIndex = entryCount > 0 ? index(entryCount) : 0
        func setEntry(_ key: String, _ value: JSONText?) {
            guard case var .object(fields) = entries[entryIndex] else { return }
            fields.removeAll { $0.0 == key }
            if let value { fields.append((key, value)) }
            entries[entryIndex] = .object(fields)
        }
        func entryChords() -> [JSONText] {
            guard case let .object(fields) = entries[entryIndex], let chords = fields.first(where: { $0.0 == "chords" }),
                  case let .array(list) = chords.1 else { return [] }
            return list
        }
        var broken: Int? = entryIndex
        switch kind {
        case 0:
            var chords = entryChords()
            if !chords.isEmpty && chance(2) { chords.removeLast(Int.random(in: 1...chords.count, using: &rng)) } else {
                chords += Array(repeating: .object([("color", .string("#000000"))]), count: Int.random(in: 1...3, using: &rng))
            }
            // A second break may undo the first one's count: never leave exactly eight.
            if chords.count == Chordset.chordCount { chords.append(.object([("color", .string("#000000"))])) }
            mutations.append("chordsets[\(entryIndex)] has \(chords.count) chords")
            setEntry("chords", .array(chords))
        case 1:
            var chords = entryChords()
            if chords.isEmpty { chords = [.null] }
            let bad: JSONText = pick([.string("#12345"), .string("red"), .string("#GGGGGG"), .string(""), .string("#1234567"),
                                      .string("12345678"), .string(" #123456"), .string("#１２３４５６"), .number("123"), .null,
                                      .array([]), .bool(true)])
            chords[index(chords.count)] = .object([("color", bad)])
            mutations.append("chordsets[\(entryIndex)] bad colour")
            setEntry("chords", .array(chords))
        case 2 where chance(2):
            mutations.append("chordsets[\(entryIndex)] title refused by the title rule")
            setEntry("title", .string(pick(Self.refusedTitles)))
        case 2:
            mutations.append("chordsets[\(entryIndex)] title not text")
            setEntry("title", chance(5) ? nil : pick([.number("5"), .null, .array([]), .object([]), .bool(false)]))
        case 3:
            mutations.append("chordsets[\(entryIndex)] bad id")
            setEntry("id", pick([.string("not-a-uuid"), .string(""), .number("7"), .null,
                                 .string("6F1C2A52-3B0E-4C5A-9E31-0D6A5B7C8E0"), .string("{6F1C2A52-3B0E-4C5A-9E31-0D6A5B7C8E01}")]))
        case 4 where entryCount >= 2:
            var other = index(entryCount - 1)
            if other >= entryIndex { other += 1 }
            let id = UUID(uuid: (byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(),
                                 byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte())).uuidString
            setEntry("id", .string(id))
            swap(&entryIndex, &other)
            setEntry("id", .string(id))
            broken = max(entryIndex, other)
            mutations.append("chordsets[\(other)] and [\(entryIndex)] share an id")
        case 4, 5:
            mutations.append("chordsets[\(entryIndex)] bad createdAt")
            let bad: JSONText = pick([.string("yesterday"), .bool(true), .null, .array([]), .number("1e999"), .number("-1e999")])
            // 1e999 is JSON (RFC 8259 sets no range); the entry check refuses it as no time.
            setEntry("createdAt", bad)
        case 6:
            mutations.append("chordsets[\(entryIndex)] chords not a list")
            setEntry("chords", chance(4) ? nil : pick([.object([]), .string("x"), .null, .number("8")]))
        case 7:
            var chords = entryChords()
            if chords.isEmpty { chords = [.null] }
            chords[index(chords.count)] = pick([.string("#FFFFFF"), .object([("colour", .string("#FFFFFF"))]), .null, .object([])])
            mutations.append("chordsets[\(entryIndex)] chord not an object with a color")
            setEntry("chords", .array(chords))
        case 8 where entryCount > 0:
            entries[entryIndex] = pick([.string("Warm"), .number("1"), .null, .array([]), .bool(true)])
            mutations.append("chordsets[\(entryIndex)] not an object")
        case 9:
            broken = nil
            mutations.append("bad version")
            members.removeAll { $0.0 == "version" }
            if !chance(5) { members.append(("version", pick([.number("4"), .string("1"), .bool(true), .null, .number("0.5"), .number("-1")]))) }
        case 10:
            broken = nil
            mutations.append("chordsets not a list")
            members[listIndex].1 = pick([.object([]), .string(""), .null, .number("0")])
            root = .object(members)
            if chance(4) { members.remove(at: listIndex); root = .object(members) }
            return broken
        case 13:
            // A bad set list in a version 3 file.
            broken = nil
            let bad: JSONText = pick([
                .object([]), .string("Friday"), .array([.number("7")]), .array([.object([("chordsets", .array([]))])]),
                .array([.object([("title", .number("1")), ("chordsets", .array([]))])]),
                .array([.object([("title", .string("   ")), ("chordsets", .array([]))])]),
                .array([.object([("title", .string("A")), ("chordsets", .object([]))])]),
                .array([.object([("title", .string("A")), ("chordsets", .array([.string("not a uuid")]))])]),
                .array([.object([("title", .string("A")), ("chordsets", .array([.number("42")]))])]),
                .array([.object([("title", .string("A")), ("id", .string("x")), ("chordsets", .array([]))])]),
                .array([.object([("title", .string("A")), ("id", .string("6F9619FF-8B86-D011-B42D-00C04FC964FF")), ("chordsets", .array([]))]),
                        .object([("title", .string("B")), ("id", .string("6f9619ff-8b86-d011-b42d-00c04fc964ff")), ("chordsets", .array([]))])]),
            ])
            mutations.append("a bad set list")
            members.removeAll { $0.0 == "version" || $0.0 == "setlists" }
            members.append(("version", .number("3")))
            members.append(("setlists", bad))
            root = .object(members)
            return broken
        case 12:
            // A bad lumi in some chord: out of range, unknown shape, wrong type, missing, or too many.
            var chords = entryChords()
            if chords.isEmpty { chords = Array(repeating: .object([("color", .string("#000000"))]), count: Chordset.chordCount) }
            let good = randomLumi().text
            let bad: JSONText = pick([
                .object([("shape", .string("hexagon")), ("x", .number("0.5")), ("y", .number("0.5")), ("size", .number("0.5")), ("color", .string("#FFFFFF"))]),
                .object([("shape", .string("star")), ("x", .number("1.5")), ("y", .number("0.5")), ("size", .number("0.5")), ("color", .string("#FFFFFF"))]),
                .object([("shape", .string("star")), ("x", .number("0.5")), ("y", .number("0.5")), ("size", .number("0")), ("color", .string("#FFFFFF"))]),
                .object([("shape", .string("star")), ("x", .number("0.5")), ("y", .number("0.5")), ("size", .number("0.5")), ("rotation", .number("360")), ("color", .string("#FFFFFF"))]),
                .object([("shape", .string("star")), ("x", .string("0.5")), ("y", .number("0.5")), ("size", .number("0.5")), ("color", .string("#FFFFFF"))]),
                .object([("shape", .string("star")), ("x", .number("0.5")), ("y", .number("0.5")), ("color", .string("#FFFFFF"))]),
                .object([("shape", .string("star")), ("x", .number("0.5")), ("y", .number("0.5")), ("size", .number("0.5")), ("color", .string("red"))]),
                .null,
            ])
            let list: JSONText = chance(6) ? .array(Array(repeating: good, count: Lumi.maximumPerChord + 1)) : .array([good, bad])
            let slot = index(chords.count)
            chords[slot] = .object([("color", .string("#000000")), ("lumis", list)])
            mutations.append("chordsets[\(entryIndex)].chords[\(slot)] bad lumi")
            setEntry("chords", .array(chords))
        default:
            mutations.append("top level not an object")
            root = pick([.array([.object(members)]), .string("chordsets"), .number("1"), .null])
            return nil
        }
        if let index = members.firstIndex(where: { $0.0 == "chordsets" }) { members[index].1 = .array(entries) }
        root = .object(members)
        return broken
    }

    static let tokens: [[UInt8]] = ["\\u0000", "\\ud800", "\\udc00", "1e999", "-", "{", "}", "[", "]", ",", ":", "\"",
                                    "null", "true", "0x10", "NaN", "\u{0}", "\\", "\u{FEFF}"].map { Array($0.utf8) }
        + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82]]

    mutating func mutateBytes(_ bytes: inout [UInt8]) {
        let position = bytes.isEmpty ? 0 : index(bytes.count)
        switch index(6) {
        case 0 where !bytes.isEmpty:
            bytes[position] ^= UInt8(1 << index(8))
            mutations.append("flip a bit at \(position)")
        case 1:
            bytes.insert(contentsOf: pick(Self.tokens), at: position)
            mutations.append("insert a token at \(position)")
        case 2 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...40, using: &rng))
            bytes.removeSubrange(position..<end)
            mutations.append("delete \(position)..<\(end)")
        case 3 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...200, using: &rng))
            let slice = Array(bytes[position..<end])
            bytes.insert(contentsOf: slice, at: index(bytes.count))
            mutations.append("duplicate \(position)..<\(end)")
        case 4 where !bytes.isEmpty:
            bytes[position] = byte()
            mutations.append("replace byte \(position)")
        default:
            bytes.removeLast(min(bytes.count, Int.random(in: 1...50, using: &rng)))
            mutations.append("truncate")
        }
    }

    mutating func byte() -> UInt8 { UInt8.random(in: 0...255, using: &rng) }

    static func hex2(_ value: UInt8) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
