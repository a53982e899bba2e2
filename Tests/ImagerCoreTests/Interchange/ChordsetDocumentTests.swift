import Foundation
import Testing
@testable import ImagerCore

@Suite struct ChordsetDocumentTests {
    static let file = "/home/me/chordsets.json"

    func decode(_ text: String) throws(InterchangeError) -> [Chordset] {
        try ChordsetDocument.decode(Data(text.utf8), file: Self.file).chordsets
    }

    /// A valid entry in the file format; `chords` replaces the chord list's JSON.
    static func entry(title: String = "Warm", id: UUID = UUID(), chords: String? = nil) -> String {
        let list = chords ?? "[" + Sample.colors().map { "{\"color\": \"\($0.hex)\"}" }.joined(separator: ", ") + "]"
        return #"{"id": "\#(id.uuidString)", "title": "\#(title)", "createdAt": 1517011139, "chords": \#(list)}"#
    }

    static func document(_ entries: [String]) -> String {
        #"{"version": 1, "chordsets": ["# + entries.joined(separator: ", ") + "]}"
    }

    // MARK: Round trip

    @Test func encodingThenDecodingKeepsIdsTitlesDatesAndColours() throws {
        let chordsets = [
            Sample.chordset("Warm", seed: 1),
            Sample.chordset("Cold", createdAt: Date(timeIntervalSince1970: 0), seed: 2),
            Sample.chordset("Old", createdAt: Date(timeIntervalSince1970: -86_400 * 365), seed: 3),
        ]
        let decoded = try ChordsetDocument.decode(ChordsetDocument.encode(chordsets), file: Self.file).chordsets
        #expect(decoded.map(\.id) == chordsets.map(\.id))
        #expect(decoded.map(\.title) == chordsets.map(\.title))
        #expect(decoded.map(\.createdAt) == chordsets.map(\.createdAt))
        #expect(decoded.map(\.chords) == chordsets.map(\.chords))
        #expect(decoded[0].chords[7].color.alpha == 0x80)
    }

    @Test func decodedChordsetsArePositionedInFileOrder() throws {
        let chordsets = Sample.chordsets(3).reversed().map { $0 }
        let decoded = try ChordsetDocument.decode(ChordsetDocument.encode(chordsets), file: Self.file).chordsets
        #expect(decoded.map(\.position) == [0, 1, 2])
        #expect(decoded.map(\.title) == ["Sample 2", "Sample 1", "Sample 0"])
    }

    @Test func fractionalCreationTimesSurvive() throws {
        let chordset = Sample.chordset(createdAt: Date(timeIntervalSince1970: 1_517_011_139.25))
        let decoded = try ChordsetDocument.decode(ChordsetDocument.encode([chordset]), file: Self.file).chordsets
        #expect(decoded.first?.createdAt == chordset.createdAt)
    }

    @Test func theCurrentTimeSurvivesExactly() throws {
        // `Date()` counts from 2001 with finer steps than a 1970-based Double holds.
        let chordsets = (0..<50).map { _ in Sample.chordset(createdAt: Date()) }
        let decoded = try ChordsetDocument.decode(ChordsetDocument.encode(chordsets), file: Self.file).chordsets
        #expect(decoded.map(\.createdAt) == chordsets.map(\.createdAt))
    }

    @Test(arguments: AwkwardTitles.all)
    func awkwardTitlesSurviveEncodingAndDecoding(_ title: String) throws {
        let chordset = Sample.chordset(title)
        let data = ChordsetDocument.encode([chordset])
        #expect(try ChordsetDocument.decode(data, file: Self.file).chordsets.map(\.title) == [title])
        // Any JSON reader must agree, not only ours.
        let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = parsed?["chordsets"] as? [[String: Any]]
        #expect(entries?.first?["title"] as? String == title)
    }

    @Test func anEmptyListRoundTrips() throws {
        let data = ChordsetDocument.encode([])
        #expect(try ChordsetDocument.decode(data, file: Self.file).chordsets.isEmpty)
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((parsed["chordsets"] as? [Any])?.isEmpty == true)
    }

    // MARK: Format

    @Test func theEncodedFormatIsTheIssues() throws {
        let chordset = Sample.chordset("Warm")
        let data = ChordsetDocument.encode([chordset, Sample.chordset("Cold", seed: 4)])
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(root.keys) == ["version", "chordsets"])
        #expect(root["version"] as? Int == 3)
        let entries = try #require(root["chordsets"] as? [[String: Any]])
        #expect(entries.count == 2)
        let first = entries[0]
        #expect(Set(first.keys) == ["id", "title", "createdAt", "chords"])
        #expect(first["id"] as? String == chordset.id.uuidString)
        #expect(first["title"] as? String == "Warm")
        #expect(first["createdAt"] as? Int == 1_517_011_139)
        let chords = try #require(first["chords"] as? [[String: Any]])
        #expect(chords.count == 8)
        #expect(chords.allSatisfy { Set($0.keys) == ["color"] })
        #expect(chords.compactMap { $0["color"] as? String } == Sample.colors().map(\.hex))
        #expect(chords[0]["color"] as? String == "#0080FF")
        #expect(chords[7]["color"] as? String == "#7087F880")
    }

    @Test func createdAtIsWrittenAsWholeSecondsWhenItIsWhole() {
        let text = String(decoding: ChordsetDocument.encode([Sample.chordset()]), as: UTF8.self)
        #expect(text.contains("\"createdAt\": 1517011139,"))
    }

    @Test func theIssuesExampleIsRead() throws {
        let colors = ["#F6D14E", "#E8A23B", "#D9653B", "#B23A48", "#7A3B69", "#3B4B7A", "#3B7A6B", "#F6D14E80"]
        let text = #"{"version": 1, "chordsets": [{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "Warm", "createdAt": 1517011139, "chords": ["#
            + colors.map { "{\"color\": \"\($0)\"}" }.joined(separator: ", ") + "]}]}"
        let decoded = try decode(text)
        #expect(decoded.count == 1)
        #expect(decoded[0].id == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(decoded[0].title == "Warm")
        #expect(decoded[0].createdAt == Sample.createdAt)
        #expect(decoded[0].chords.map(\.color.hex) == colors)
    }

    @Test func aLeftOutIdAndCreationTimeAreFilledIn() throws {
        let chords = "[" + Array(repeating: ##"{"color": "#336699"}"##, count: 8).joined(separator: ",") + "]"
        let before = Date()
        let decoded = try decode(#"{"version": 1, "chordsets": [{"title": "A", "chords": \#(chords)}, {"title": "B", "chords": \#(chords)}]}"#)
        let after = Date()
        #expect(decoded.count == 2)
        #expect(decoded[0].id != decoded[1].id)
        #expect(decoded.allSatisfy { $0.createdAt >= before.addingTimeInterval(-0.001) && $0.createdAt <= after.addingTimeInterval(0.001) })
    }

    @Test func importedTitlesAreSanitized() throws {
        let decoded = try decode(Self.document([Self.entry(title: #"  Wa\u0000rm\nNight\t "#)]))
        #expect(decoded.first?.title == "Warm Night")
    }

    @Test func extraKeysAreIgnored() throws {
        let text = #"{"version": 1, "app": "Imager", "chordsets": [{"title": "A", "lumis": [], "chords": ["#
            + Array(repeating: ##"{"color": "#336699", "note": "x"}"##, count: 8).joined(separator: ",") + "]}]}"
        #expect(try decode(text).map(\.title) == ["A"])
    }

    // MARK: Refusals

    /// Each bad file, and words its message must contain. Entry problems sit in entry 2,
    /// after two good ones, so a reader that stops early would have something to return.
    static let refusals: [(name: String, text: String, expected: [String])] = [
        ("7 chords", document([entry(), entry(), entry(title: "Short", chords: chordList(7))]),
         ["chordsets[2]", "Short", "7 chords", "exactly 8"]),
        ("9 chords", document([entry(), entry(), entry(chords: chordList(9))]),
         ["chordsets[2]", "9 chords", "exactly 8"]),
        ("no chords", document([entry(), entry(), entry(chords: "[]")]),
         ["chordsets[2]", "0 chords"]),
        ("bad hex", document([entry(), entry(), entry(chords: chordList(8, bad: ##""#GGGGGG""##))]),
         ["chordsets[2]", "chord 4", "\"#GGGGGG\"", "#RRGGBB"]),
        ("colour name", document([entry(), entry(), entry(chords: chordList(8, bad: #""red""#))]),
         ["chordsets[2]", "chord 4", "\"red\"", "#RRGGBB"]),
        ("colour number", document([entry(), entry(), entry(chords: chordList(8, bad: "12"))]),
         ["chordsets[2]", "chord 4", "12", "#RRGGBB"]),
        ("chord without colour", document([entry(), entry(), entry(chords: chordList(8, chord: "{}"))]),
         ["chordsets[2]", "chord 4", "\"color\""]),
        ("chord not an object", document([entry(), entry(), entry(chords: chordList(8, chord: ##""#336699""##))]),
         ["chordsets[2]", "chord 4", "object"]),
        ("duplicate id", document([entry(), entry(id: sharedID), entry(id: sharedID)]),
         ["chordsets[2]", "duplicate id", sharedID.uuidString]),
        ("bad id", document([entry(), entry(), #"{"id": "nope", "title": "A", "chords": []}"#]),
         ["chordsets[2]", "\"id\"", "\"nope\"", "UUID"]),
        ("title a number", document([entry(), entry(), #"{"title": 5, "chords": []}"#]),
         ["chordsets[2]", "\"title\"", "text"]),
        ("no title", document([entry(), entry(), #"{"chords": []}"#]),
         ["chordsets[2]", "no \"title\""]),
        ("chords a string", document([entry(), entry(), #"{"title": "A", "chords": "x"}"#]),
         ["chordsets[2]", "\"chords\"", "list"]),
        ("no chords key", document([entry(), entry(), #"{"title": "A"}"#]),
         ["chordsets[2]", "no \"chords\""]),
        ("createdAt text", document([entry(), entry(), #"{"title": "A", "createdAt": "2018", "chords": []}"#]),
         ["chordsets[2]", "\"createdAt\"", "number"]),
        ("entry not an object", document([entry(), entry(), "[]"]),
         ["chordsets[2]", "object"]),
        ("missing version", #"{"chordsets": []}"#, ["\"version\"", "missing"]),
        ("version 4", #"{"version": 4, "chordsets": []}"#, ["\"version\" is 4", "versions 1, 2 and 3"]),
        ("version true", #"{"version": true, "chordsets": []}"#, ["\"version\" is true"]),
        ("version text", #"{"version": "1", "chordsets": []}"#, ["\"version\" is \"1\""]),
        ("missing chordsets", #"{"version": 1}"#, ["\"chordsets\"", "missing"]),
        ("chordsets an object", #"{"version": 1, "chordsets": {}}"#, ["\"chordsets\"", "list"]),
        ("not JSON", "version: 1\nchordsets: []", ["not valid JSON"]),
        ("truncated JSON", String(document([entry(), entry()]).dropLast(3)), ["not valid JSON"]),
        ("empty file", "", ["not valid JSON"]),
        ("deep nesting", String(repeating: "[", count: 100_000), ["not valid JSON"]),
        ("deep nesting inside", #"{"version": 1, "chordsets": "# + String(repeating: "[", count: 100_000), ["not valid JSON"]),
        ("top-level list", "[" + document([entry()]) + "]", ["top level", "object"]),
        ("top-level string", #""chordsets""#, ["top level", "object"]),
        ("a trailing comma", #"{"version": 1, "chordsets": [],}"#, ["not valid JSON", "trailing comma"]),
        ("version 1e400", #"{"version": 1e400, "chordsets": []}"#, ["\"version\" is 1e400"]),
        ("UTF-16", "\u{FEFF}{}".data(using: .utf16LittleEndian).map { String(decoding: $0, as: UTF8.self) } ?? "", ["not valid JSON"]),
        // Values nobody reads must still be JSON.
        ("a leading zero in an unknown key", document([entry(), entry(), #"{"title": "A", "lumis": 01, "chords": []}"#]),
         ["not valid JSON"]),
        ("a lone surrogate in an unknown key", document([entry(), entry(), #"{"title": "A", "lumis": "\uDC00", "chords": []}"#]),
         ["not valid JSON"]),
        ("a raw tab in an unknown key", document([entry(), entry(), "{\"title\": \"A\", \"lumis\": \"a\tb\", \"chords\": []}"]),
         ["not valid JSON"]),
        ("513 levels in an unknown key", #"{"version": 1, "chordsets": [], "x": "# + nested(512) + "}",
         ["not valid JSON", "nested"]),
        ("truncated after a bad entry", String(document([entry(chords: "[]"), entry()]).dropLast(3)), ["not valid JSON"]),
    ]

    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    static let sharedID = UUID()

    static func chordList(_ count: Int, bad color: String? = nil, chord: String? = nil) -> String {
        let chords = (0..<count).map { slot -> String in
            if slot == 3, let chord { return chord }
            if slot == 3, let color { return "{\"color\": \(color)}" }
            return ##"{"color": "#336699"}"##
        }
        return "[" + chords.joined(separator: ", ") + "]"
    }

    @Test(arguments: refusals)
    func aBadFileIsRefusedWithAMessageNamingTheEntryAndTheReason(name: String, text: String, expected: [String]) {
        do {
            let chordsets = try decode(text)
            Issue.record("\(name): accepted \(chordsets.count) chordsets")
        } catch {
            #expect(error.file == Self.file)
            #expect(error.description.hasPrefix(Self.file + ": "))
            for words in expected {
                #expect(error.reason.contains(words), "\(name): “\(error.reason)” lacks “\(words)”")
            }
        }
    }

    @Test(arguments: refusals)
    func aRefusedImportLeavesTheStoreUnchanged(name: String, text: String, expected: [String]) throws {
        let store = ChordsetStore.inMemory()
        let before = try store.append(Sample.chordsets(2))
        do {
            try store.append(try decode(text))
            Issue.record("\(name): imported")
        } catch {}
        #expect(try store.loadAll() == before)
        #expect(try store.counts() == (2, 16))
    }

    @Test func longValuesAreShortenedInMessages() {
        let longColor = "\"" + String(repeating: "A", count: 500) + "\""
        do {
            _ = try decode(Self.document([Self.entry(chords: Self.chordList(8, bad: longColor))]))
            Issue.record("accepted a 500-character colour")
        } catch {
            #expect(error.reason.contains("…"))
            #expect(error.reason.count < 200)
        }
    }

    // MARK: JSON as RFC 8259 defines it (JSONReaderTests has the grammar's corners)

    @Test func aByteOrderMarkBeforeTheFileIsSkippedAndOneStartingATitleIsKept() throws {
        // RFC 8259 lets a reader skip a byte order mark before the text; one in a string is text.
        let text = "\u{FEFF}" + Self.document([Self.entry(title: "\u{FEFF}Warm"), Self.entry(title: "Cold\u{FEFF}")])
        #expect(try decode(text).map(\.title) == ["\u{FEFF}Warm", "Cold\u{FEFF}"])
    }

    /// RFC 8259 §8.1: JSON exchanged between systems is UTF-8. Foundation's parser read these.
    @Test func utf16AndUtf32FilesAreRefusedByName() throws {
        let text = String(decoding: ChordsetDocument.encode(Sample.chordsets(2)), as: UTF8.self)
        for encoding in [String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian] {
            let data = try #require(text.data(using: encoding))
            let error = #expect(throws: InterchangeError.self) { try ChordsetDocument.decode(data, file: Self.file).chordsets }
            #expect(error?.reason.contains("must be UTF-8") == true, "\(encoding): \(error?.reason ?? "")")
        }
    }

    @Test func theLastOfRepeatedKeysCounts() throws {
        let text = #"{"version": 2, "chordsets": "none", "version": 1, "chordsets": "#
            + #"[{"title": "A", "chords": [], "title": "B", "chords": \#(Self.chordList(8))}]}"#
        #expect(try decode(text).map(\.title) == ["B"])
    }

    @Test func nestingOf512LevelsIsRead() throws {
        let text = #"{"version": 1, "chordsets": [], "x": "# + Self.nested(511) + "}"
        #expect(try decode(text).isEmpty)
    }

    @Test(arguments: ["1", "1.0", "1e0", "10E-1", "1.000000000000000000001"])
    func versionOneMayBeWrittenAsAnyJSONNumberForOne(_ version: String) throws {
        #expect(try decode(#"{"version": \#(version), "chordsets": []}"#).isEmpty)
    }

    /// A 5-million-digit number must not become megabytes of error text.
    @Test func aHugeNumberGivesAShortMessage() {
        let digits = String(repeating: "9", count: 5_000_000)
        for text in [#"{"version": \#(digits), "chordsets": []}"#, #"{"version": 0\#(digits), "chordsets": []}"#,
                     #"{"version": 1, "chordsets": [{"title": "A", "createdAt": 1e\#(digits), "chords": []}]}"#] {
            let error = #expect(throws: InterchangeError.self) { try decode(text) }
            #expect((error?.reason.count ?? 0) < 200, "\(error?.reason.prefix(300) ?? "")")
        }
    }

    @Test func numbersInMessagesAreWrittenAsTheirValues() {
        for (version, shown) in [("2.50", "2.5"), ("-0", "0"), ("12345678901234567890", "12345678901234567890")] {
            #expect(throws: InterchangeError(file: Self.file, reason: "\"version\" is \(shown); this Imager reads versions 1, 2 and 3")) {
                try decode(#"{"version": \#(version), "chordsets": []}"#)
            }
        }
    }

    /// Opt-in, as it takes a while in a debug build:
    /// `IMAGER_MEASURE_IMPORT=1 swift test -c release -Xswiftc -enable-testing --filter aHundredThousand`.
    /// JSONSerialization needed 2.8 GB for this file.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["IMAGER_MEASURE_IMPORT"] != nil))
    func aHundredThousandChordsetExportIsReadInModestMemory() throws {
        let padding = String(repeating: "ab", count: 55)
        let data = ChordsetDocument.encode((0..<100_000).map {
            Sample.chordset("Chordset \($0) \(padding)", position: Double($0), seed: UInt8($0 % 200))
        })
        let before = Self.residentMegabytes(resettingPeak: true)
        let started = ContinuousClock.now
        let decoded = try ChordsetDocument.decode(data, file: Self.file).chordsets
        let elapsed = ContinuousClock.now - started
        let peak = Self.residentMegabytes(resettingPeak: false)
        print("decoded \(decoded.count) chordsets (\(data.count / 1_000_000) MB) in \(elapsed); resident \(before) MB, peak \(peak) MB")
        #expect(decoded.count == 100_000)
        #expect(peak - before < 500)
    }

    /// The resident memory now (after resetting the kernel's high-water mark) or its peak since.
    static func residentMegabytes(resettingPeak: Bool) -> Int {
        if resettingPeak { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let field = resettingPeak ? "VmRSS:" : "VmHWM:"
        let line = status.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    // MARK: Files

    @Test func aFileIsReadAndDecoded() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("export.json")
        let chordsets = Sample.chordsets(3)
        try ChordsetDocument.encode(chordsets).write(to: url)
        #expect(try ChordsetDocument.read(contentsOf: url).chordsets.map(\.id) == chordsets.map(\.id))
    }

    @Test func aMissingFileIsNamedInTheError() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("nothing-here.json")
        #expect(throws: InterchangeError(file: url.path, reason: "the file does not exist")) {
            try ChordsetDocument.read(contentsOf: url).chordsets
        }
    }

    @Test func aFolderIsNotReadAsAFile() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: InterchangeError(file: folder.url.path, reason: "is a folder, not a file")) {
            try ChordsetDocument.read(contentsOf: folder.url).chordsets
        }
    }

    @Test func anOversizedFileIsRefusedBeforeReading() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("huge.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        // Sparse: the size is there, the bytes are not written.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(ChordsetDocument.maximumFileSize + 1))
        try handle.close()
        do {
            _ = try ChordsetDocument.read(contentsOf: url).chordsets
            Issue.record("read a file over the limit")
        } catch {
            #expect(error.file == url.path)
            #expect(error.reason.contains("512 MiB"))
        }
    }
}
