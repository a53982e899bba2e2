import Foundation

/// The one JSON format for the seed, import and export, version 3:
///
///     {"version": 3, "chordsets": [{"id": "<UUID>", "title": "Warm", "createdAt": 1517011139,
///       "chords": [{"color": "#F6D14E"},
///                  {"color": "#0B1A3A", "lumis": [{"shape": "star", "x": 0.5, "y": 0.4,
///                     "size": 0.3, "rotation": 15, "color": "#FFE9A8CC", "glow": 0.6}]},
///                  ... exactly eight ...]}],
///      "setlists": [{"id": "<UUID>", "title": "Friday", "chordsets": ["<UUID>", ...]}]}
///
/// Colours are `#RRGGBB` or `#RRGGBBAA`. On reading, `id` and `createdAt` may be left out
/// (a fresh id, the current time); everything else is required. A chord's `lumis` may be left
/// out (no lumis); a lumi needs `shape`, `x`, `y`, `size` and `color`, and may leave out
/// `rotation` and `glow` (0). Lumis carry no id in the file: an import gives them fresh ones.
/// Unknown members are skipped, at every level. Version 1 files (which have no lumis) and
/// version 2 files (which have no set lists) are read by the same rules; "setlists" is read
/// only from version 3 (`SetListReading`). A file is validated whole before anything is
/// used: one bad entry, lumi or set list refuses the whole file.
public enum ChordsetDocument {
    /// The version this Imager writes.
    public static let version = 3
    /// The versions it reads.
    public static let readableVersions = [1, 2, 3]
    /// The first version with set lists.
    static let setListsVersion = 3
    /// The most set lists a file holds, and the most entries they hold together: a show's
    /// set list has tens of entries; these bound what a hostile file can make a reader keep.
    public static let maximumSetLists = 10_000
    public static let maximumSetListEntries = 100_000
    /// Larger files are refused before parsing. An export of 100,000 chordsets is ~35 MB
    /// without lumis and ~300 MB with three lumis a chord; reading one takes about its size
    /// again in memory for the lumis, so this bounds an import's memory near 1 GB.
    public static let maximumFileSize = 512 * 1024 * 1024

    // MARK: Reading

    /// The file's checks (exists, regular, not over `maximumFileSize`) are `InterchangeFile`'s,
    /// shared with the palette formats.
    public static func read(contentsOf url: URL) throws(InterchangeError) -> ChordsetsWithLumis {
        try decode(InterchangeFile.read(url, maximumSize: maximumFileSize), file: url.path)
    }

    public static func decode(_ data: Data, file: String) throws(InterchangeError) -> ChordsetsWithLumis {
        func fail(_ reason: String) -> InterchangeError { InterchangeError(file: file, reason: reason) }
        if data.count > maximumFileSize {
            throw fail("is larger than \(maximumFileSize / 1_048_576) MiB")
        }
        if let format = PictureSignature.format(of: data) {
            throw InterchangeError(file: file, pictureFormat: format)
        }
        // Read in one pass, entries checked as they come; nothing is refused until the whole
        // text has proved to be JSON, so a broken end of file is reported before a bad entry.
        var document = DocumentReading(now: Date())
        let root: JSONScalar
        do {
            root = try JSONReader.read(data) { reader throws(JSONSyntaxError) in
                try reader.read(object: { reader, key throws(JSONSyntaxError) in try document.read(&reader, key: key) })
            }
        } catch {
            throw fail("is not valid JSON (\(error.message))")
        }
        guard root == .object else {
            throw fail("the top level must be an object with \"version\" and \"chordsets\"")
        }
        guard let version = document.version else { throw fail("\"version\" is missing") }
        // `true` is not version 1, and neither is "1".
        guard let number = version.number?.doubleValue, readableVersions.contains(where: { Double($0) == number }) else {
            throw fail("\"version\" is \(short(version)); this Imager reads versions 1, 2 and 3")
        }
        guard let list = document.chordsets else { throw fail("\"chordsets\" is missing") }
        guard list == .list else { throw fail("\"chordsets\" must be a list") }
        switch document.entries.problem {
        case let .entry(problem)?: throw InterchangeError(file: file, chordsetProblem: problem)
        case let .lumi(problem)?: throw InterchangeError(file: file, lumiProblem: problem)
        case nil: break
        }
        var contents = document.entries.contents
        if number >= Double(setListsVersion), let setLists = document.setlists {
            guard setLists == .list else { throw InterchangeError(file: file, setListProblem: SetListProblem(index: nil, reason: .notAList)) }
            if let problem = document.setListReading.problem { throw InterchangeError(file: file, setListProblem: problem) }
            contents.setLists = document.setListReading.setLists
        }
        return contents
    }

    /// The top-level members that matter; for a repeated key the last one counts, as in any JSON reader.
    private struct DocumentReading {
        let now: Date
        var version: JSONScalar?
        var chordsets: JSONScalar?
        var entries: EntryReading
        var setlists: JSONScalar?
        var setListReading = SetListReading()

        init(now: Date) {
            self.now = now
            entries = EntryReading(now: now)
        }

        mutating func read(_ reader: inout JSONReader, key: String) throws(JSONSyntaxError) {
            switch key {
            case "version":
                version = try reader.read()
            case "chordsets":
                var list = EntryReading(now: now)
                chordsets = try reader.read(list: { reader, index throws(JSONSyntaxError) in try list.read(&reader, index: index) })
                entries = list
            case "setlists":
                var list = SetListReading()
                setlists = try reader.read(list: { reader, index throws(JSONSyntaxError) in try list.read(&reader, index: index) })
                setListReading = list
            default:
                try reader.read()
            }
        }
    }

    /// The entries of a "chordsets" list, each checked once read. The first bad one's reason is
    /// kept and the rest are only read, so that JSON errors after it still come first.
    private struct EntryReading {
        let now: Date
        var contents = ChordsetsWithLumis()
        var seen = Set<UUID>()
        var problem: Problem?

        enum Problem {
            case entry(ChordsetProblem)
            case lumi(LumiProblem)
        }

        mutating func read(_ reader: inout JSONReader, index: Int) throws(JSONSyntaxError) {
            guard problem == nil else {
                try reader.read()
                return
            }
            var fields = EntryFields()
            let kind = try reader.read(object: { reader, key throws(JSONSyntaxError) in try fields.read(&reader, key: key) })
            do {
                let chordset = try check(fields, isObject: kind == .object, index: index)
                contents.append(chordset, lumis: try LumiReading.check(fields.lumis, chordset: index))
            } catch let error as ChordsetProblem {
                problem = .entry(error)
            } catch let error as LumiProblem {
                problem = .lumi(error)
            } catch {
                preconditionFailure("check and LumiReading.check throw only their own problems: \(error)")
            }
        }

        private mutating func check(_ fields: EntryFields, isObject: Bool, index: Int) throws(ChordsetProblem) -> Chordset {
            var title: String?
            func problem(_ reason: ChordsetProblem.Reason) -> ChordsetProblem {
                ChordsetProblem(index: index, title: title, reason: reason)
            }
            guard isObject else { throw problem(.notAnObject) }
            guard let rawTitle = fields.title else { throw problem(.noTitle) }
            guard case let .text(writtenTitle) = rawTitle else { throw problem(.titleNotText) }
            title = String(writtenTitle.prefix(40))

            let id: UUID
            if let rawID = fields.id {
                guard case let .text(text) = rawID, let parsed = UUID(uuidString: text) else {
                    throw problem(.idNotUUID(found: short(rawID)))
                }
                guard seen.insert(parsed).inserted else { throw problem(.duplicateID(parsed.uuidString)) }
                id = parsed
            } else {
                id = UUID()
            }
            var createdAt = now
            if let rawCreated = fields.createdAt {
                guard let seconds = rawCreated.number?.doubleValue, seconds.isFinite else {
                    throw problem(.createdAtNotANumber)
                }
                createdAt = Date(timeIntervalSince1970: seconds)
            }
            guard let rawChords = fields.chords else { throw problem(.noChords) }
            guard rawChords == .list else { throw problem(.chordsNotAList) }
            guard fields.colors.count == Chordset.chordCount else { throw problem(.chordCount(fields.colors.count)) }
            var chords: [Chord] = []
            chords.reserveCapacity(Chordset.chordCount)
            for (slot, rawColor) in fields.colors.enumerated() {
                guard let rawColor else { throw problem(.chordNotAnObject(slot: slot)) }
                guard case let .text(text) = rawColor, let color = RGBAColor(hex: text) else {
                    throw problem(.badColor(slot: slot, found: short(rawColor)))
                }
                chords.append(Chord(color: color))
            }
            let acceptedTitle: String
            switch ChordsetTitle.accepted(writtenTitle) {
            case let .success(clean): acceptedTitle = clean
            case .failure(.empty): throw problem(.emptyTitle)
            case let .failure(.tooLong(length)): throw problem(.titleTooLong(length: length))
            }
            guard let chordset = Chordset(id: id, title: acceptedTitle, position: Double(index),
                                          createdAt: createdAt, chords: chords) else {
                throw problem(.chordCount(chords.count))
            }
            return chordset
        }
    }

    /// One entry's members as written, before any check.
    private struct EntryFields {
        var title: JSONScalar?
        var id: JSONScalar?
        var createdAt: JSONScalar?
        var chords: JSONScalar?
        /// Each chord's "color"; nil where the chord is not an object or has none.
        var colors: [JSONScalar?] = []
        /// Each chord's "lumis", as read (see `LumiReading`).
        var lumis: [LumiReading.List] = []

        mutating func read(_ reader: inout JSONReader, key: String) throws(JSONSyntaxError) {
            switch key {
            case "title": title = try reader.read()
            case "id": id = try reader.read()
            case "createdAt": createdAt = try reader.read()
            case "chords":
                var list: [JSONScalar?] = []
                var lumiLists: [LumiReading.List] = []
                list.reserveCapacity(Chordset.chordCount)
                lumiLists.reserveCapacity(Chordset.chordCount)
                chords = try reader.read(list: { reader, _ throws(JSONSyntaxError) in
                    var color: JSONScalar?
                    var lumis = LumiReading.List.absent
                    try reader.read(object: { reader, key throws(JSONSyntaxError) in
                        switch key {
                        case "color": color = try reader.read()
                        case "lumis": lumis = try LumiReading.read(&reader)
                        default: try reader.read()
                        }
                    })
                    list.append(color)
                    lumiLists.append(lumis)
                })
                colors = list
                lumis = lumiLists
            default:
                try reader.read()
            }
        }
    }

    static func short(_ value: JSONScalar) -> String {
        let text: String
        switch value {
        case let .text(string): text = "\"\(string)\""
        case .null: text = "null"
        case let .bool(flag): text = flag ? "true" : "false"
        // Spelled as JSONSerialization's NSNumber printed it: `1e3` is 1000, `2.50` is 2.5.
        case let .number(literal): text = value.number.map { "\($0)" } ?? literal
        case .list: text = "a list"
        case .object: text = "an object"
        }
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    // MARK: Writing

    /// Chordsets without lumis (pretty-printed, with keys in a stable order, so exports diff well).
    public static func encode(_ chordsets: [Chordset]) -> Data {
        encode(chordsets) { _ in .none }
    }

    public static func encode(_ contents: ChordsetsWithLumis) -> Data {
        var index = 0
        return encode(contents.chordsets, setLists: contents.setLists) { _ in
            defer { index += 1 }
            return contents.lumis[index]
        }
    }

    /// The chordsets in the given order; `lumisOf` is asked for each chordset's lumis once, in
    /// that order, so a caller can stream them from the store. A chord without lumis is
    /// written without a "lumis" member. `setLists` follow (`SetListReading.write`): the
    /// "setlists" member is left out when there are none.
    public static func encode(_ chordsets: [Chordset], setLists: [SetList] = [],
                              lumisOf: (UUID) throws -> ChordsetLumis) rethrows -> Data {
        var out = "{\n  \"version\": \(version),\n  \"chordsets\": ["
        var written = Set<UUID>()
        if !setLists.isEmpty { written.reserveCapacity(chordsets.count) }
        for (index, chordset) in chordsets.enumerated() {
            if !setLists.isEmpty { written.insert(chordset.id) }
            out += index == 0 ? "\n" : ",\n"
            let created = chordset.createdAt.timeIntervalSince1970
            let createdText = created == created.rounded() && abs(created) < 1e15
                ? String(Int64(created)) : String(created)
            out += "    {\"id\": \"\(chordset.id.uuidString)\", \"title\": \(jsonString(chordset.title)), "
            out += "\"createdAt\": \(createdText),\n     \"chords\": ["
            let lumis = try lumisOf(chordset.id)
            for slot in 0..<Chordset.chordCount {
                if slot > 0 { out += ", " }
                out += "{\"color\": \"\(chordset.color(at: slot).hex)\""
                if !lumis[slot].isEmpty {
                    out += ", \"lumis\": ["
                    for (order, lumi) in lumis[slot].enumerated() {
                        out += order == 0 ? "\n       " : ",\n       "
                        LumiReading.write(lumi, to: &out)
                    }
                    out += "]"
                }
                out += "}"
            }
            out += "]}"
        }
        out += chordsets.isEmpty ? "]" : "\n  ]"
        SetListReading.write(setLists, naming: written, to: &out)
        out += "\n}\n"
        return Data(out.utf8)
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
