import Foundation
import Testing
@testable import ImagerCore

/// Set lists in the JSON format (version 3): written by export, read back as written, and
/// every bad one refuses the whole file with its path.
@Suite struct SetListDocumentTests {
    static let file = "/home/me/show.json"

    func decode(_ text: String) throws(InterchangeError) -> ChordsetsWithLumis {
        try ChordsetDocument.decode(Data(text.utf8), file: Self.file)
    }

    static func chords() -> String {
        "[" + Sample.colors().map { "{\"color\": \"\($0.hex)\"}" }.joined(separator: ", ") + "]"
    }

    /// A version 3 document of chordsets with these ids and the given "setlists" JSON.
    static func document(chordsets ids: [UUID], setlists: String?, version: Int = 3) -> String {
        let entries = ids.enumerated().map { index, id in
            #"{"id": "\#(id.uuidString)", "title": "C\#(index)", "chords": \#(chords())}"#
        }
        var text = #"{"version": \#(version), "chordsets": ["# + entries.joined(separator: ", ") + "]"
        if let setlists { text += #", "setlists": "# + setlists }
        return text + "}"
    }

    func refusal(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.reason
        }
    }

    // MARK: Round trip

    @Test func setListsRoundTripThroughVersionThree() throws {
        let chordsets = Sample.chordsets(3)
        let ids = chordsets.map(\.id)
        var contents = ChordsetsWithLumis(chordsets)
        contents.setLists = [SetList(title: "Friday", chordsetIDs: [ids[2], ids[0], ids[2]]),
                             SetList(title: AwkwardTitles.all[0], chordsetIDs: []),
                             SetList(title: AwkwardTitles.all[4], chordsetIDs: [ids[1]])]
        let data = ChordsetDocument.encode(contents)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["version"] as? Int == 3)
        let written = try #require(root["setlists"] as? [[String: Any]])
        #expect(written.count == 3)
        #expect(Set(written[0].keys) == ["id", "title", "chordsets"])
        #expect(written[0]["chordsets"] as? [String] == [ids[2], ids[0], ids[2]].map(\.uuidString))

        let decoded = try ChordsetDocument.decode(data, file: Self.file)
        #expect(decoded.chordsets.map(\.id) == ids)
        #expect(decoded.setLists.map(\.id) == contents.setLists.map(\.id))
        #expect(decoded.setLists.map(\.title) == contents.setLists.map(\.title))
        #expect(decoded.setLists.map(\.chordsetIDs) == contents.setLists.map(\.chordsetIDs))
    }

    @Test func anExportWithoutSetListsLeavesTheMemberOut() throws {
        let data = ChordsetDocument.encode(Sample.chordsets(2))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(root.keys) == ["version", "chordsets"])
        #expect(root["version"] as? Int == 3)
        #expect(try ChordsetDocument.decode(data, file: Self.file).setLists.isEmpty)
    }

    @Test func anExportWritesOnlyEntriesNamingChordsetsItHolds() throws {
        let chordsets = Sample.chordsets(2)
        let elsewhere = UUID()
        let setList = SetList(title: "Friday", chordsetIDs: [chordsets[1].id, elsewhere, chordsets[0].id])
        let data = ChordsetDocument.encode(chordsets, setLists: [setList]) { _ in .none }
        let decoded = try ChordsetDocument.decode(data, file: Self.file)
        #expect(decoded.setLists.map(\.chordsetIDs) == [[chordsets[1].id, chordsets[0].id]])
    }

    @Test func theStoreExportsAndImportsSetListsFollowingFreshChordsetIDs() throws {
        let source = ChordsetStore.inMemory()
        let ids = try source.append(Sample.chordsets(3)).map(\.id)
        let friday = try source.createSetList(title: "Friday", chordsets: [ids[2], ids[0]])
        let data = ChordsetDocument.encode(try source.loadAll(), setLists: try source.loadSetLists()) { _ in .none }

        // Into a store that holds none of them: ids are kept.
        let other = ChordsetStore.inMemory()
        try other.append(ChordsetDocument.decode(data, file: Self.file))
        #expect(try other.loadSetLists().map(\.id) == [friday.id])
        #expect(try other.loadSetLists()[0].chordsetIDs == [ids[2], ids[0]])

        // Into the same store again: the chordsets are copies under fresh ids, and so is the
        // set list; its entries name the copies, not the originals.
        let copies = try source.append(ChordsetDocument.decode(data, file: Self.file))
        let setLists = try source.loadSetLists()
        #expect(setLists.count == 2)
        #expect(setLists[0].id == friday.id)
        #expect(setLists[0].chordsetIDs == [ids[2], ids[0]])
        #expect(setLists[1].id != friday.id)
        #expect(setLists[1].title == "Friday")
        #expect(setLists[1].chordsetIDs == [copies[2].id, copies[0].id])
        #expect(Set(copies.map(\.id)).isDisjoint(with: ids))
    }

    @Test func anEntryMayNameAChordsetAlreadyStored() throws {
        let store = ChordsetStore.inMemory()
        let stored = try store.append(Sample.chordsets(2)).map(\.id)
        let inFile = UUID()
        let text = Self.document(chordsets: [inFile], setlists: #"""
            [{"title": "Friday", "chordsets": ["\#(stored[1].uuidString)", "\#(inFile.uuidString)", "\#(stored[0].uuidString.lowercased())"]}]
            """#)
        try store.append(decode(text))
        #expect(try store.loadSetLists().map(\.chordsetIDs) == [[stored[1], inFile, stored[0]]])
    }

    // MARK: Older versions

    @Test func versionsOneAndTwoStillImport() throws {
        let id = UUID()
        for version in [1, 2] {
            let store = ChordsetStore.inMemory()
            // A "setlists" member means nothing before version 3: skipped, like any unknown member.
            let contents = try decode(Self.document(chordsets: [id], setlists: #"[{"title": 5}]"#, version: version))
            #expect(contents.chordsets.map(\.id) == [id])
            #expect(contents.setLists.isEmpty)
            try store.append(contents)
            #expect(try store.loadAll().map(\.id) == [id])
            #expect(try store.loadSetLists().isEmpty)
        }
    }

    // MARK: Refusals

    @Test func anEntryNamingNoChordsetRefusesTheWholeFileWithItsPath() throws {
        let store = ChordsetStore.inMemory()
        let stored = try store.append(Sample.chordsets(1)).map(\.id)
        let inFile = [UUID(), UUID()]
        let stranger = UUID()
        let text = Self.document(chordsets: inFile, setlists: #"""
            [{"title": "Friday", "chordsets": ["\#(inFile[0].uuidString)", "\#(stored[0].uuidString)",
                                               "\#(inFile[1].uuidString)", "\#(stranger.uuidString)"]}]
            """#)
        let contents = try decode(text)
        #expect(throws: StoreError.unknownSetListChordset(setList: 0, entry: 3, id: stranger)) { try store.append(contents) }
        #expect(try store.loadAll().map(\.id) == stored, "nothing of the file is stored")
        #expect(try store.loadSetLists().isEmpty)

        // The window's import says it as the file's fault, with the path.
        let folder = try TemporaryDirectory()
        let url = folder.file("show.json")
        try Data(text.utf8).write(to: url)
        do {
            _ = try TransferJobs.importFile(url, into: store, alsoTaken: [], after: nil, cancellation: Cancellation(), progress: { _ in })
            Issue.record("the import was not refused")
        } catch let .file(error) {
            #expect(error.file == url.path)
            #expect(error.reason.hasPrefix("setlists[0].chordsets[3]: no chordset has the id \(stranger.uuidString)"), "\(error.reason)")
        } catch {
            Issue.record("refused as \(error)")
        }
        #expect(try store.loadAll().map(\.id) == stored)
    }

    static let badSetLists: [(String, String, String)] = [
        ("setlists an object", #"{}"#, #""setlists" must be a list"#),
        ("setlists text", #""Friday""#, #""setlists" must be a list"#),
        ("a set list that is a number", #"[7]"#, "setlists[0] must be an object"),
        ("a set list that is a list", #"[{"title": "A", "chordsets": []}, []]"#, "setlists[1] must be an object"),
        ("no title", #"[{"chordsets": []}]"#, #"setlists[0] has no "title""#),
        ("a number for a title", #"[{"title": 12, "chordsets": []}]"#, #"setlists[0]: "title" must be text"#),
        ("an empty title", #"[{"title": " \t\n", "chordsets": []}]"#, "has an empty title"),
        ("a title too long", #"[{"title": ""# + String(repeating: "x", count: 1_001) + #"", "chordsets": []}]"#,
         "a title of 1001 characters"),
        ("an id that is not a UUID", #"[{"id": "friday", "title": "A", "chordsets": []}]"#,
         #"setlists[0] (“A”): "id" "friday" is not a UUID"#),
        ("an id that is a number", #"[{"id": 4, "title": "A", "chordsets": []}]"#, #""id" 4 is not a UUID"#),
        ("a repeated id", #"[{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "A", "chordsets": []},"#
            + #" {"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "title": "B", "chordsets": []}]"#,
         "setlists[1] (“B”): duplicate id 6F9619FF-8B86-D011-B42D-00C04FC964FF"),
        ("no chordsets", #"[{"title": "A"}]"#, #"setlists[0] (“A”) has no "chordsets""#),
        ("chordsets an object", #"[{"title": "A", "chordsets": {}}]"#, #""chordsets" must be a list"#),
        ("an entry that is a number", #"[{"title": "A", "chordsets": [42]}]"#,
         "setlists[0].chordsets[0]: 42 is not a chordset id (a UUID)"),
        ("an entry that is an object", #"[{"title": "A", "chordsets": [], "x": 1}, {"title": "B", "chordsets": [{"id": "x"}]}]"#,
         "setlists[1].chordsets[0]: an object is not a chordset id (a UUID)"),
        ("an entry that is not a UUID", #"[{"title": "A", "chordsets": ["6F9619FF-8B86-D011-B42D-00C04FC964FF", null, "x"]}]"#,
         "setlists[0].chordsets[1]: null is not a chordset id (a UUID)"),
        ("an entry with a terminal escape", #"[{"title": "A", "chordsets": ["\u001B]0;owned\u0007"]}]"#,
         #"setlists[0].chordsets[0]: "\x1B]0;owned\x07" is not a chordset id (a UUID)"#),
    ]

    @Test(arguments: badSetLists)
    func aBadSetListRefusesTheWholeFile(_ name: String, setlists: String, expected: String) throws {
        let text = Self.document(chordsets: [UUID()], setlists: setlists)
        let reason = try #require(refusal(text), "\(name) was accepted")
        #expect(TerminalText.escaped(reason).contains(expected), "\(name): \(reason)")
    }

    @Test func aJSONErrorAfterABadSetListIsReportedFirst() throws {
        let text = Self.document(chordsets: [], setlists: #"[7, {"title": "A", "chordsets": [}]"#)
        let reason = try #require(refusal(text))
        #expect(reason.contains("not valid JSON"), "\(reason)")
    }

    @Test func aBadChordsetIsReportedBeforeABadSetList() throws {
        let text = #"{"version": 3, "setlists": [7], "chordsets": [{"title": "A", "chords": []}]}"#
        let reason = try #require(refusal(text))
        #expect(reason.hasPrefix("chordsets[0]"), "\(reason)")
    }

    @Test func tooManySetListsAreRefused() throws {
        let one = #"{"title": "A", "chordsets": []}"#
        let most = Array(repeating: one, count: ChordsetDocument.maximumSetLists)
        #expect(try decode(Self.document(chordsets: [], setlists: "[" + most.joined(separator: ",") + "]")).setLists.count
            == ChordsetDocument.maximumSetLists)
        let reason = try #require(refusal(Self.document(chordsets: [], setlists: "[" + (most + [one]).joined(separator: ",") + "]")))
        #expect(reason == #""setlists" has more than 10000 set lists; a file holds at most that many"#)
    }

    @Test func tooManyEntriesInAllAreRefused() throws {
        let id = UUID()
        let entry = "\"\(id.uuidString)\""
        let half = ChordsetDocument.maximumSetListEntries / 2
        func setList(_ count: Int) -> String {
            #"{"title": "A", "chordsets": ["# + Array(repeating: entry, count: count).joined(separator: ",") + "]}"
        }
        let full = try decode(Self.document(chordsets: [id], setlists: "[" + setList(half) + "," + setList(half) + "]"))
        #expect(full.setLists.map(\.entries.count) == [half, half])
        let reason = try #require(refusal(Self.document(chordsets: [id], setlists: "[" + setList(half) + "," + setList(half + 1) + "]")))
        #expect(reason.hasPrefix("setlists[1] (“A”): \"chordsets\" takes the file over 100000 set-list entries"), "\(reason)")
    }

    @Test func aSetListIdAlreadyStoredGetsAFreshOne() throws {
        let store = ChordsetStore.inMemory()
        let existing = try store.createSetList(title: "Friday")
        let text = Self.document(chordsets: [], setlists: #"[{"id": "\#(existing.id.uuidString)", "title": "Saturday", "chordsets": []}]"#)
        try store.append(decode(text))
        let setLists = try store.loadSetLists()
        #expect(setLists.map(\.title) == ["Friday", "Saturday"])
        #expect(setLists[0].id == existing.id)
        #expect(setLists[1].id != existing.id)
    }
}
