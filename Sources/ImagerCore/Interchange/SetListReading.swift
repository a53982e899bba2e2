import Foundation

/// The top-level "setlists" of a JSON file (format version 3), read and checked as it
/// streams past, and written.
///
///     "setlists": [{"id": "<UUID>", "title": "Friday", "chordsets": ["<UUID>", "<UUID>"]}]
///
/// `title` and `chordsets` are required, `id` may be left out (a fresh one). Each entry of
/// `chordsets` is the id of a chordset, in show order; whether it names one (in the file or
/// in the store) is the store's import to decide. Other members are skipped. At most
/// `ChordsetDocument.maximumSetLists` set lists and `ChordsetDocument.maximumSetListEntries`
/// entries in all are kept: past either, the rest is only read, and the file is refused.
struct SetListReading {
    private(set) var setLists: [SetList] = []
    /// The first problem, in file order; the rest of the list is then only read, so that a
    /// JSON error after it still comes first.
    private(set) var problem: SetListProblem?
    private var seen = Set<UUID>()
    private var entryCount = 0

    mutating func read(_ reader: inout JSONReader, index: Int) throws(JSONSyntaxError) {
        guard problem == nil else {
            try reader.read()
            return
        }
        guard index < ChordsetDocument.maximumSetLists else {
            problem = SetListProblem(index: nil, reason: .tooManySetLists)
            try reader.read()
            return
        }
        var fields = Fields(room: ChordsetDocument.maximumSetListEntries - entryCount)
        let kind = try reader.read(object: { reader, key throws(JSONSyntaxError) in try fields.read(&reader, key: key) })
        do {
            let setList = try check(fields, isObject: kind == .object, index: index)
            entryCount += setList.entries.count
            setLists.append(setList)
        } catch {
            problem = error
        }
    }

    private mutating func check(_ fields: Fields, isObject: Bool, index: Int) throws(SetListProblem) -> SetList {
        var title: String?
        func problem(_ reason: SetListProblem.Reason, entry: Int? = nil) -> SetListProblem {
            SetListProblem(index: index, entry: entry, title: title, reason: reason)
        }
        guard isObject else { throw problem(.notAnObject) }
        guard let rawTitle = fields.title else { throw problem(.noTitle) }
        guard case let .text(writtenTitle) = rawTitle else { throw problem(.titleNotText) }
        title = String(writtenTitle.prefix(40))
        let id: UUID
        if let rawID = fields.id {
            guard case let .text(text) = rawID, let parsed = UUID(uuidString: text) else {
                throw problem(.idNotUUID(found: ChordsetDocument.short(rawID)))
            }
            guard seen.insert(parsed).inserted else { throw problem(.duplicateID(parsed.uuidString)) }
            id = parsed
        } else {
            id = UUID()
        }
        guard let rawChordsets = fields.chordsets else { throw problem(.noChordsets) }
        guard rawChordsets == .list else { throw problem(.chordsetsNotAList) }
        if let bad = fields.badEntry { throw problem(.entryNotUUID(found: bad.found), entry: bad.index) }
        guard fields.count <= fields.room else { throw problem(.tooManyEntries) }
        let acceptedTitle: String
        switch ChordsetTitle.accepted(writtenTitle) {
        case let .success(clean): acceptedTitle = clean
        case .failure(.empty): throw problem(.emptyTitle)
        case let .failure(.tooLong(length)): throw problem(.titleTooLong(length: length))
        }
        return SetList(id: id, title: acceptedTitle, position: Double(index), chordsetIDs: fields.entries)
    }

    /// One set list's members as written, before any check; its entries as ids, up to `room`.
    private struct Fields {
        let room: Int
        var title: JSONScalar?
        var id: JSONScalar?
        var chordsets: JSONScalar?
        var entries: [UUID] = []
        /// How many entries "chordsets" holds, kept or not.
        var count = 0
        /// The first entry that is not the text of a UUID.
        var badEntry: (index: Int, found: String)?

        init(room: Int) {
            self.room = room
        }

        mutating func read(_ reader: inout JSONReader, key: String) throws(JSONSyntaxError) {
            switch key {
            case "title": title = try reader.read()
            case "id": id = try reader.read()
            case "chordsets":
                // A repeated member: the last one counts.
                entries = []
                count = 0
                badEntry = nil
                chordsets = try reader.read(list: { reader, index throws(JSONSyntaxError) in
                    count += 1
                    let value = try reader.read()
                    guard badEntry == nil, count <= room else { return }
                    if case let .text(text) = value, let id = UUID(uuidString: text) {
                        entries.append(id)
                    } else {
                        badEntry = (index, ChordsetDocument.short(value))
                    }
                })
            default:
                try reader.read()
            }
        }
    }

    // MARK: Writing

    /// Writes the top-level "setlists" member (after the "chordsets" one) when there are set
    /// lists. Only entries naming chordsets the file holds (`written`) are written, so every
    /// export can be imported into any store.
    static func write(_ setLists: [SetList], naming written: Set<UUID>, to out: inout String) {
        guard !setLists.isEmpty else { return }
        out += ",\n  \"setlists\": ["
        for (index, setList) in setLists.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    {\"id\": \"\(setList.id.uuidString)\", \"title\": \(ChordsetDocument.jsonString(setList.title)), "
            out += "\"chordsets\": ["
            var first = true
            for chordset in setList.chordsetIDs where written.contains(chordset) {
                out += first ? "\"" : ", \""
                out += chordset.uuidString + "\""
                first = false
            }
            out += "]}"
        }
        out += "\n  ]"
    }
}
