import Foundation
import GRDB
@testable import ImagerCore

// Shared by every suite: a scratch folder per test, a seeded random generator, sample
// chordsets with known colours, and a few direct looks into a store's database.

/// A fresh folder under the system temporary directory, removed when the value goes away.
/// Each test makes its own, so tests run in parallel without sharing files.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ImagerCoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    var databaseURL: URL { file(StoreLocation.databaseFileName) }

    /// Names of the files in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// SplitMix64: the same sequence on every run, so a randomized test that fails can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Sample {
    /// Whole seconds, as in the README's example file, so dates compare exactly.
    static let createdAt = Date(timeIntervalSince1970: 1_517_011_139)

    /// Eight distinct colours, the last one translucent, derived from `seed`.
    static func colors(_ seed: UInt8 = 0) -> [RGBAColor] {
        (0..<UInt8(Chordset.chordCount)).map { slot in
            RGBAColor(red: seed &+ slot &* 16, green: 0x80 &+ slot, blue: 0xFF &- seed &- slot,
                      alpha: slot == 7 ? 0x80 : 0xFF)
        }
    }

    static func chordset(_ title: String = "Warm", id: UUID = UUID(), position: Double = 0,
                         createdAt: Date = Sample.createdAt, seed: UInt8 = 0) -> Chordset {
        Chordset(id: id, title: title, position: position, createdAt: createdAt,
                 chords: colors(seed).map(Chord.init(color:)))!
    }

    /// `count` chordsets titled "Sample 0", "Sample 1", ... at positions 0, 1, ...
    static func chordsets(_ count: Int) -> [Chordset] {
        (0..<count).map { chordset("Sample \($0)", position: Double($0), seed: UInt8($0 % 200)) }
    }
}

/// Closes the store's connections now, so the file can be compared byte for byte or
/// reopened as a fresh process would.
func closeConnections(of store: ChordsetStore) throws {
    try store.writer.close()
}

func bytes(of url: URL) throws -> Data {
    try Data(contentsOf: url)
}

extension ChordsetStore {
    /// `PRAGMA foreign_key_check`: one row per chord whose chordset is gone.
    func foreignKeyViolations() throws -> Int {
        try writer.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count }
    }

    /// Chordsets that do not have exactly eight chords, one per slot.
    func chordsetsWithoutEightChords() throws -> Int {
        try writer.read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM chordset c
                WHERE (SELECT count(DISTINCT slot) FROM chord WHERE chordset_id = c.id) != 8
                """) ?? -1
        }
    }

    func appliedMigrations() throws -> [String] {
        try writer.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
    }

    func tableNames() throws -> Set<String> {
        try writer.read { db in
            try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    }

    func storedTitle(of id: UUID) throws -> String? {
        try writer.read { db in
            try String.fetchOne(db, sql: "SELECT title FROM chordset WHERE id = ?", arguments: [id.uuidString])
        }
    }

    func storedColors(of id: UUID) throws -> [UInt32] {
        try writer.read { db in
            try Int64.fetchAll(db, sql: "SELECT color FROM chord WHERE chordset_id = ? ORDER BY slot",
                               arguments: [id.uuidString])
                .map { UInt32(truncatingIfNeeded: $0) }
        }
    }

    /// Makes every INSERT (or UPDATE) on `table` fail, as a full or failing disk would.
    func failWrites(_ operation: String = "INSERT", to table: String, when condition: String = "1") throws {
        try writer.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse_\(operation)_\(table) BEFORE \(operation) ON \(table) WHEN \(condition)
                BEGIN SELECT RAISE(ABORT, 'disk says no'); END
                """)
        }
    }

    func stopFailingWrites(_ operation: String = "INSERT", to table: String) throws {
        try writer.write { db in try db.execute(sql: "DROP TRIGGER refuse_\(operation)_\(table)") }
    }
}

/// Records what a controller tells its list view.
final class ListChangeRecorder {
    var changes: [ListChange] = []

    init(_ controller: ChordsetController) {
        controller.listChanged = { change in self.changes.append(change) }
    }

    /// Returns the changes since the last call and forgets them.
    func take() -> [ListChange] {
        defer { changes = [] }
        return changes
    }
}

/// What the user sees of a chordset; `updatedAt` is left out, as undo sets it anew.
struct ShownChordset: Equatable, CustomStringConvertible {
    var id: UUID
    var title: String
    var position: Double
    var colors: [RGBAColor]

    init(_ chordset: Chordset) {
        id = chordset.id
        title = chordset.title
        position = chordset.position
        colors = chordset.chords.map(\.color)
    }

    var description: String { "\(title)@\(position)" }
}

/// Titles that break naive SQL, JSON or text handling. All are already sanitized (no
/// control characters, no surrounding spaces), so they must come back exactly.
enum AwkwardTitles {
    static let all: [String] = [
        #"She said "no" and 'yes'"#,
        "'); DROP TABLE chordset; --",
        #"Robert"); DELETE FROM chord WHERE ("1"="1"#,
        "back\\slash \\\" \\u0000 %@ %s {} []",
        "👩‍👩‍👧‍👦 family, 🏳️‍🌈 flag, 🇯🇵🇫🇷 flags, 👍🏽 tone",
        "\u{200F}مرحبا بالعالم\u{200E} and English",
        "\u{202B}שלום עולם\u{202C} ו-123",
        "e\u{301}\u{301} Å Ω ﷺ \u{FEFF}zero-width\u{200B}space",
        "\u{FEFF}starts with a byte order mark",
        // As long as a title may be: ChordsetTitle.maximumLength characters.
        String(repeating: "Long title, ", count: 83) + "end!",
    ]
}
