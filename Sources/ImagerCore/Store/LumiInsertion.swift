import Foundation
import GRDB
import GRDBSQLite

/// The import's lumi insert. An import of 100,000 chordsets brings millions of lumis, so each
/// row is bound straight to SQLite's prepared statement: no argument array, and the id is
/// written as text into a buffer on the stack, not into a new `String` per row.
struct LumiInsertion {
    private let statement: Statement
    private let connection: SQLiteConnection
    private var idText = [UInt8](repeating: 0, count: 36)

    init(_ db: Database) throws {
        statement = try db.cachedStatement(sql: """
            INSERT INTO lumi (id, chord_id, ord, shape, x, y, size, rotation, glow, color)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        connection = db.sqliteConnection!
    }

    /// Inserts `lumi` under `id` (an import never keeps a file's: the caller passes a fresh
    /// one, or the seed's fixed one). The caller has checked it.
    mutating func insert(_ lumi: Lumi, id: UUID, chord: Int64, order: Int) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        Self.write(id, into: &idText)
        let shape = lumi.shape.rawValue
        let code: Int32 = idText.withUnsafeBufferPointer { id in
            sqlite3_bind_text(handle, 1, UnsafeRawPointer(id.baseAddress!).assumingMemoryBound(to: CChar.self), 36, Self.transient)
            sqlite3_bind_int64(handle, 2, chord)
            sqlite3_bind_int64(handle, 3, Int64(order))
            _ = shape.withCString { sqlite3_bind_text(handle, 4, $0, -1, Self.transient) }
            sqlite3_bind_double(handle, 5, lumi.x)
            sqlite3_bind_double(handle, 6, lumi.y)
            sqlite3_bind_double(handle, 7, lumi.size)
            sqlite3_bind_double(handle, 8, lumi.rotation)
            sqlite3_bind_double(handle, 9, lumi.glow)
            sqlite3_bind_int64(handle, 10, Int64(lumi.color.packed))
            return sqlite3_step(handle)
        }
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
    }

    /// SQLite copies the text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The uppercase 8-4-4-4-12 form `UUID.uuidString` gives, which the store keeps.
    private static func write(_ id: UUID, into text: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: id.uuid) { bytes in
            var out = 0
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[out] = UInt8(ascii: "-")
                    out += 1
                }
                text[out] = digits.utf8Start[Int(byte >> 4)]
                text[out + 1] = digits.utf8Start[Int(byte & 0x0F)]
                out += 2
            }
        }
    }
}
