import Foundation
import GRDB
import Testing
@testable import ImagerCore

@Suite struct AppStartupTests {
    /// A folder with a seed file of three chordsets; the database does not exist yet.
    struct Setup {
        let folder: TemporaryDirectory
        let seed: [Chordset]
        var database: URL { folder.databaseURL }
        var seedURL: URL { folder.file("seed.json") }

        init(seed: [Chordset] = Sample.chordsets(3)) throws {
            folder = try TemporaryDirectory()
            self.seed = seed
            try ChordsetDocument.encode(seed).write(to: folder.file("seed.json"))
        }

        func open() -> AppStartup {
            AppStartup.open(database: database, seed: seedURL)
        }

        /// Files that were moved aside, by name.
        func movedAside() throws -> [String] {
            try folder.contents().filter { $0.hasPrefix("imager.sqlite.unreadable-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        }
    }

    @Test func aFirstStartCreatesTheDatabaseAndSeedsIt() throws {
        let setup = try Setup()
        let startup = setup.open()
        #expect(startup.notices.isEmpty)
        #expect(startup.controller.chordsets.map(\.id) == setup.seed.map(\.id))
        #expect(FileManager.default.fileExists(atPath: setup.database.path))
    }

    @Test func aLaterStartDoesNotSeedAgain() throws {
        let setup = try Setup()
        do {
            let first = setup.open()
            first.controller.delete(id: setup.seed[0].id)
            #expect(first.controller.save().report != nil)
        }
        let second = setup.open()
        #expect(second.notices.isEmpty)
        #expect(second.controller.chordsets.map(\.id) == setup.seed.dropFirst().map(\.id))
    }

    @Test func aMissingSeedFileGivesANoticeAndAnEmptyList() throws {
        let setup = try Setup()
        try FileManager.default.removeItem(at: setup.seedURL)
        let startup = setup.open()

        #expect(startup.controller.isEmpty)
        #expect(startup.notices.count == 1)
        let notice = try #require(startup.notices.first).description
        #expect(notice.contains(setup.seedURL.path))
        #expect(notice.contains("does not exist"))

        // Nothing was recorded as seeded, so the seed arrives once it is there.
        try ChordsetDocument.encode(setup.seed).write(to: setup.seedURL)
        let next = setup.open()
        #expect(next.notices.isEmpty)
        #expect(next.controller.count == 3)
    }

    @Test func aMalformedSeedGivesANoticeNamingTheFileAndTheProblem() throws {
        let setup = try Setup()
        let good = #"{"title": "Good", "chords": ["# + Array(repeating: ##"{"color": "#336699"}"##, count: 8).joined(separator: ",") + "]}"
        let short = #"{"title": "Short", "chords": ["# + Array(repeating: ##"{"color": "#336699"}"##, count: 7).joined(separator: ",") + "]}"
        try Data(#"{"version": 1, "chordsets": [\#(good), \#(short)]}"#.utf8).write(to: setup.seedURL)
        let startup = setup.open()

        #expect(startup.controller.isEmpty)
        let notice = try #require(startup.notices.first).description
        #expect(notice.contains(setup.seedURL.path))
        #expect(notice.contains("chordsets[1]"))
        #expect(notice.contains("7 chords"))
        let store = try ChordsetStore.open(at: setup.database)
        #expect(try store.counts() == (0, 0))
        #expect(try !store.isSeeded())
    }

    @Test func aSeedThatIsNotJSONGivesANotice() throws {
        let setup = try Setup()
        try Data("<chordsets/>".utf8).write(to: setup.seedURL)
        let startup = setup.open()
        #expect(startup.controller.isEmpty)
        let notice = try #require(startup.notices.first).description
        #expect(notice.contains(setup.seedURL.path))
        #expect(notice.contains("not valid JSON"))
    }

    // MARK: Unreadable databases

    enum Damage: String, CaseIterable {
        case randomBytes, textFile, firstPageOnly, truncatedInHalf, truncatedMidPage, zeroedHeader

        func apply(to url: URL) throws {
            switch self {
            case .randomBytes:
                var generator = SeededGenerator(seed: 99)
                try Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
            case .textFile:
                try Data("My chordsets:\nWarm, Cold, Night\n".utf8).write(to: url)
            case .firstPageOnly, .truncatedInHalf, .truncatedMidPage:
                try AppStartupTests.writeRealDatabase(at: url)
                let size = try bytes(of: url).count
                let keep = switch self {
                case .firstPageOnly: 4_096
                case .truncatedInHalf: size / 2 / 4_096 * 4_096
                default: size / 2 + 1_000
                }
                let handle = try FileHandle(forWritingTo: url)
                try handle.truncate(atOffset: UInt64(keep))
                try handle.close()
            case .zeroedHeader:
                try AppStartupTests.writeRealDatabase(at: url)
                var data = try bytes(of: url)
                data.replaceSubrange(0..<100, with: Data(count: 100))
                try data.write(to: url)
            }
        }
    }

    /// A closed Imager database of several pages, as the app leaves it.
    static func writeRealDatabase(at url: URL) throws {
        let store = try ChordsetStore.open(at: url)
        try store.append((0..<300).map { Sample.chordset("Chordset number \($0) " + String(repeating: "x", count: 100)) })
        try closeConnections(of: store)
    }

    @Test(arguments: Damage.allCases)
    func anUnreadableDatabaseIsMovedAsideUnchangedAndAFreshOneStarts(_ damage: Damage) throws {
        let setup = try Setup()
        try damage.apply(to: setup.database)
        let original = try bytes(of: setup.database)

        let startup = setup.open()

        let moved = try setup.movedAside()
        let contents = try setup.folder.contents()
        try #require(moved.count == 1, "\(damage): \(contents), notices \(startup.notices)")
        let movedURL = setup.folder.file(moved[0])
        #expect(try bytes(of: movedURL) == original, "\(damage): the moved file changed")
        #expect(startup.notices.count == 1)
        let notice = try #require(startup.notices.first).description
        #expect(notice.contains("moved to \(movedURL.path)"), "\(damage): \(notice)")
        #expect(notice.contains(setup.database.path))

        // The fresh store is seeded, and it saves.
        #expect(startup.controller.chordsets.map(\.id) == setup.seed.map(\.id))
        let added = startup.controller.add(title: "After the rescue")!
        #expect(startup.controller.save().report?.rowsWritten == 9)
        let reopened = try ChordsetStore.open(at: setup.database)
        #expect(try reopened.loadAll().map(\.id) == setup.seed.map(\.id) + [added.id])
    }

    @Test func aDatabaseFromANewerVersionStaysWhereItIsUnchangedAndIsShownReadOnly() throws {
        let setup = try Setup()
        let kept: [Chordset]
        do {
            let store = try ChordsetStore.open(at: setup.database)
            kept = try store.append(Sample.chordsets(4))
            try store.writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-lumis')")
            }
            try closeConnections(of: store)
        }
        let original = try bytes(of: setup.database)

        let startup = setup.open()

        #expect(try setup.movedAside().isEmpty)
        #expect(startup.notices == [AppStartup.newerVersionNotice])
        let controller = startup.controller
        #expect(controller.isReadOnly)
        #expect(controller.chordsets == kept)
        // Every edit does nothing, and saving writes nothing.
        #expect(controller.add() == nil)
        controller.rename(id: kept[0].id, to: "Changed")
        controller.delete(id: kept[1].id)
        controller.setColor(RGBAColor(red: 1, green: 2, blue: 3), slot: 0, of: kept[2].id)
        controller.deleteAll()
        #expect(throws: StoreError.self) { try controller.importChordsets(Sample.chordsets(1)) }
        #expect(controller.chordsets == kept)
        #expect(!controller.hasUnsavedChanges)
        #expect(controller.save().report != nil)
        #expect(try bytes(of: setup.database) == original)
    }

    // MARK: Unwritable places

    @Test func anUnwritableFolderKeepsEditsInMemoryUntilItCanSave() throws {
        let setup = try Setup()
        let blocker = setup.folder.file("data")
        try Data("in the way".utf8).write(to: blocker)
        let database = blocker.appendingPathComponent("imager.sqlite")

        let startup = AppStartup.open(database: database, seed: setup.seedURL)
        let controller = startup.controller
        let notice = try #require(startup.notices.first).description
        #expect(notice.contains(blocker.path))
        #expect(notice.contains("kept in memory"))
        #expect(controller.isEmpty)

        let added = controller.add(title: "Waiting")!
        guard case .failed = controller.save() else {
            Issue.record("saved into a regular file")
            return
        }
        #expect(controller.saveError != nil)
        #expect(controller.hasUnsavedChanges)

        // The disk comes back: the next save opens the store and writes what was kept.
        try FileManager.default.removeItem(at: blocker)
        #expect(controller.save().report?.rowsWritten == 9)
        #expect(controller.saveError == nil)
        #expect(!controller.hasUnsavedChanges)
        let store = try ChordsetStore.open(at: database)
        #expect(try store.loadAll().map(\.id) == [added.id])
    }
}
