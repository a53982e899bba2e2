import Foundation
import GRDB

/// Heals registers that hold a value `SyncAdmission` refuses, which another machine's line
/// could put there before values were checked at the door (`position=nan`, `color3=#zz`, a
/// title of megabytes, a chord of thousands of lumis). Such a value left its record
/// incomplete: it was never shown on a computer that joined later, edits to it stopped
/// showing, and every snapshot published it again. Run once, by the `v5-sync-heal-refused-values`
/// migration, in its transaction.
///
/// - A value equal to what the row shows is kept (an over-long title an older Imager stored).
/// - A chordset's bad field takes the value its row shows now (what this computer displayed
///   all along), at the bad value's stamp, so a later edit still beats it. Without a row (the
///   record was hidden here) the field is dropped.
/// - A lumi whose value is bad is dropped with its register.
/// - A chord holding more than `Lumi.maximumPerChord` lumis keeps the first ones by order
///   and id; the others are dropped with their registers.
/// - A value that passes but is not in its one form (a colour in lower case) is rewritten.
/// - When a field was dropped, every other machine's files are read again on the next
///   round (merging what was merged before is harmless), so an older good value still in
///   the folder fills the gap.
enum SyncHealing {
    static func heal(_ db: Database) throws {
        var healed: [(SyncRecordKey, Registers)] = []
        var readAgain = false
        let rows = try Row.fetchCursor(db, sql: "SELECT key, body FROM sync_register")
        while let row = try rows.next() {
            guard let text = String.fromDatabaseValue(row[0]), let key = SyncRecordKey(Substring(text)),
                  let body = String.fromDatabaseValue(row[1]), let registers = Registers(encoded: body),
                  !registers.isDeleted else { continue }
            var fixed = registers
            var shown: [String: String]?
            var looked = false
            for (name, register) in registers.fields {
                switch SyncAdmission.check(name, register.value, of: key) {
                case let .success(kept):
                    if kept != register.value { fixed.replaceValue(of: name, with: kept) }
                case let .failure(refusal):
                    if !looked { (shown, looked) = (try StoredRecords.fields(of: key, db), true) }
                    // What the row shows is kept as it is: a title longer than the limit that
                    // an older Imager stored here is this machine's own.
                    if case .chordset = key, shown?[name] == register.value { continue }
                    if case .chordset = key, let value = shown?[name],
                       case let .success(kept) = SyncAdmission.check(name, value, of: key) {
                        fixed.replaceValue(of: name, with: kept)
                    } else {
                        fixed.remove(name)
                        if case .badValue = refusal { readAgain = true }
                    }
                }
            }
            if fixed != registers { healed.append((key, fixed)) }
        }
        for (key, registers) in healed {
            if registers.isEmpty { try SyncTables.forget(key, db) } else { try SyncTables.save(registers, of: key, db) }
            _ = try StoredRecords.materialize(key, registers, db)
        }
        try trimFullChords(db)
        if readAgain { try db.execute(sql: "DELETE FROM sync_read") }
    }

    /// Chords holding more than `Lumi.maximumPerChord` lumis keep the first by order and id.
    private static func trimFullChords(_ db: Database) throws {
        let owners = try String.fetchAll(db, sql: """
            SELECT owner FROM sync_register WHERE owner IS NOT NULL GROUP BY owner HAVING count(*) > ?
            """, arguments: [Lumi.maximumPerChord])
        for owner in owners.compactMap(UUID.init(uuidString:)) {
            var slots = Array(repeating: [(order: Int, id: UUID)](), count: Chordset.chordCount)
            for key in try SyncTables.lumiKeys(ownedBy: owner, db) {
                guard case let .lumi(id) = key,
                      let placement = SyncValues.placement(try SyncTables.registers(key, db)[SyncField.lumi], id: id),
                      placement.chordset == owner else { continue }
                slots[placement.slot].append((placement.order, id))
            }
            for lumis in slots where lumis.count > Lumi.maximumPerChord {
                let sorted = lumis.sorted { ($0.order, $0.id.uuidString) < ($1.order, $1.id.uuidString) }
                for extra in sorted.dropFirst(Lumi.maximumPerChord) {
                    try SyncTables.forget(.lumi(extra.id), db)
                    try db.execute(sql: "DELETE FROM lumi WHERE id = ?", arguments: [extra.id.uuidString])
                }
            }
        }
    }
}
