import Foundation

/// The one JSON format for the seed, import and export:
///
///     {"version": 1, "chordsets": [{"id": "<UUID>", "title": "Warm", "createdAt": 1517011139,
///       "chords": [{"color": "#F6D14E"}, ... exactly eight ...]}]}
///
/// Colours are `#RRGGBB` or `#RRGGBBAA`. On reading, `id` and `createdAt` may be left out
/// (a fresh id, the current time); everything else is required. A file is validated whole
/// before anything is used: one bad entry refuses the whole file.
public enum ChordsetDocument {
    public static let version = 1
    /// Larger files are refused before parsing: a real export of 100,000 chordsets is ~35 MB.
    public static let maximumFileSize = 64 * 1024 * 1024

    // MARK: Reading

    public static func read(contentsOf url: URL) throws(InterchangeError) -> [Chordset] {
        let name = url.path
        // attributesOfItem does not follow symbolic links; the size and type checks must see
        // the file itself, or a link to a huge file or a device would be read whole.
        let file = url.resolvingSymlinksInPath()
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw InterchangeError(file: name, reason: "the file does not exist")
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        } catch {
            throw InterchangeError(file: name, reason: "cannot be read")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw InterchangeError(file: name, reason: "is a folder, not a file")
        default: throw InterchangeError(file: name, reason: "is not a regular file (a device, pipe or socket)")
        }
        if let size = attributes[.size] as? Int, size > maximumFileSize {
            throw InterchangeError(file: name, reason: "is \(size / 1_000_000) MB; Imager reads files of up to \(maximumFileSize / 1_048_576) MiB")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw InterchangeError(file: name, reason: "cannot be read")
        }
        return try decode(data, file: name)
    }

    public static func decode(_ data: Data, file: String) throws(InterchangeError) -> [Chordset] {
        func fail(_ reason: String) -> InterchangeError { InterchangeError(file: file, reason: reason) }
        if data.count > maximumFileSize {
            throw fail("is larger than \(maximumFileSize / 1_048_576) MiB")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: escapingByteOrderMarks(data), options: [])
        } catch {
            throw fail("is not valid JSON (\(jsonProblem(error)))")
        }
        guard let root = json as? [String: Any] else {
            throw fail("the top level must be an object with \"version\" and \"chordsets\"")
        }
        guard let version = root["version"] else { throw fail("\"version\" is missing") }
        guard let number = version as? NSNumber, !isBool(number), number.doubleValue == Double(Self.version) else {
            throw fail("\"version\" is \(short(version)); this Imager reads version \(Self.version)")
        }
        guard let list = root["chordsets"] else { throw fail("\"chordsets\" is missing") }
        guard let entries = list as? [Any] else { throw fail("\"chordsets\" must be a list") }

        var seen = Set<UUID>()
        var result: [Chordset] = []
        result.reserveCapacity(entries.count)
        let now = Date()
        for (index, rawEntry) in entries.enumerated() {
            var label = "chordsets[\(index)]"
            guard let entry = rawEntry as? [String: Any] else { throw fail("\(label) must be an object") }
            guard let rawTitle = entry["title"] else { throw fail("\(label) has no \"title\"") }
            guard let title = rawTitle as? String else { throw fail("\(label): \"title\" must be text") }
            label += " (“\(String(title.prefix(40)))”)"

            var id = UUID()
            if let rawID = entry["id"] {
                guard let text = rawID as? String, let parsed = UUID(uuidString: text) else {
                    throw fail("\(label): \"id\" \(short(rawID)) is not a UUID")
                }
                guard seen.insert(parsed).inserted else {
                    throw fail("\(label): duplicate id \(parsed.uuidString)")
                }
                id = parsed
            }
            var createdAt = now
            if let rawCreated = entry["createdAt"] {
                guard let seconds = rawCreated as? NSNumber, !isBool(seconds), seconds.doubleValue.isFinite else {
                    throw fail("\(label): \"createdAt\" must be a number of seconds since 1970")
                }
                createdAt = Date(timeIntervalSince1970: seconds.doubleValue)
            }
            guard let rawChords = entry["chords"] else { throw fail("\(label) has no \"chords\"") }
            guard let chordList = rawChords as? [Any] else { throw fail("\(label): \"chords\" must be a list") }
            guard chordList.count == Chordset.chordCount else {
                throw fail("\(label) has \(chordList.count) chords; a chordset has exactly \(Chordset.chordCount)")
            }
            var chords: [Chord] = []
            for (slot, rawChord) in chordList.enumerated() {
                guard let chord = rawChord as? [String: Any], let rawColor = chord["color"] else {
                    throw fail("\(label): chord \(slot + 1) must be an object with a \"color\"")
                }
                guard let text = rawColor as? String, let color = RGBAColor(hex: text) else {
                    throw fail("\(label): chord \(slot + 1) has the colour \(short(rawColor)); use #RRGGBB or #RRGGBBAA")
                }
                chords.append(Chord(color: color))
            }
            result.append(Chordset(id: id, title: ChordsetTitle.sanitized(title), position: Double(index),
                                   createdAt: createdAt, chords: chords)!)
        }
        return result
    }

    /// Foundation on Linux drops a U+FEFF that starts a string value ("\u{FEFF}Warm" reads as
    /// "Warm"), so raw ones past the file's own byte order mark are spelled `\uFEFF` first;
    /// outside a string either spelling is invalid JSON.
    static func escapingByteOrderMarks(_ data: Data) -> Data {
        let mark = Data([0xEF, 0xBB, 0xBF])
        let body = data.starts(with: mark) ? data.dropFirst(3) : data[...]
        guard let first = body.firstRange(of: mark) else { return data }
        var escaped = Data(data[..<first.lowerBound])
        escaped.reserveCapacity(data.count + 16)
        var rest = data[first.lowerBound...]
        while let next = rest.firstRange(of: mark) {
            escaped.append(rest[..<next.lowerBound])
            escaped.append(contentsOf: Array("\\uFEFF".utf8))
            rest = rest[next.upperBound...]
        }
        escaped.append(rest)
        return escaped
    }

    private static func isBool(_ number: NSNumber) -> Bool {
        // JSONSerialization gives booleans as NSNumber too, typed "c"; `true` is not version 1.
        String(cString: number.objCType) == "c"
    }

    private static func short(_ value: Any) -> String {
        let text: String
        switch value {
        case let string as String: text = "\"\(string)\""
        case is NSNull: text = "null"
        case let number as NSNumber: text = isBool(number) ? (number.boolValue ? "true" : "false") : "\(number)"
        case is [Any]: text = "a list"
        case is [String: Any]: text = "an object"
        default: text = "\(value)"
        }
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    private static func jsonProblem(_ error: any Error) -> String {
        let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return message ?? "it cannot be parsed"
    }

    // MARK: Writing

    /// Pretty-printed, with keys in a stable order, so exports diff well.
    public static func encode(_ chordsets: [Chordset]) -> Data {
        var out = "{\n  \"version\": \(version),\n  \"chordsets\": ["
        for (index, chordset) in chordsets.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            let created = chordset.createdAt.timeIntervalSince1970
            let createdText = created == created.rounded() && abs(created) < 1e15
                ? String(Int64(created)) : String(created)
            out += "    {\"id\": \"\(chordset.id.uuidString)\", \"title\": \(jsonString(chordset.title)), "
            out += "\"createdAt\": \(createdText),\n     \"chords\": ["
            out += chordset.chords.map { "{\"color\": \"\($0.color.hex)\"}" }.joined(separator: ", ")
            out += "]}"
        }
        out += chordsets.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
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
