import Foundation
import GRDB

/// Records as the chordset, chord and lumi tables hold them, in sync's terms: each field's
/// value as text (`SyncValues`). A save reads them before and after it writes, and what
/// differs is the edit it publishes.
enum StoredRecords {
    /// The record's fields, or nil when the tables do not hold it.
    static func fields(of key: SyncRecordKey, _ db: Database) throws -> [String: String]? {
        switch key {
        case let .chordset(id):
            guard let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT title, position, created_at, updated_at FROM chordset WHERE id = ?
                """), arguments: [id.uuidString]),
                let title = String.fromDatabaseValue(row[0]), let position = Double.fromDatabaseValue(row[1]),
                let created = Double.fromDatabaseValue(row[2]), let updated = Double.fromDatabaseValue(row[3]) else { return nil }
            var colors = Array(repeating: ChordsetStore.missingChordColor, count: Chordset.chordCount)
            let chords = try Row.fetchCursor(db.cachedStatement(sql: "SELECT slot, color FROM chord WHERE chordset_id = ?"),
                                             arguments: [id.uuidString])
            while let chord = try chords.next() {
                if let slot = Int.fromDatabaseValue(chord[0]), colors.indices.contains(slot),
                   let packed = Int64.fromDatabaseValue(chord[1]) {
                    colors[slot] = RGBAColor(packed: UInt32(truncatingIfNeeded: packed))
                }
            }
            return SyncValues.fields(title: title, position: position, created: created, updated: updated, colors: colors)
        case let .lumi(id):
            guard let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT ch.chordset_id, ch.slot, l.ord, l.id, l.shape, l.x, l.y, l.size, l.rotation, l.glow, l.color
                FROM lumi l JOIN chord ch ON ch.id = l.chord_id WHERE l.id = ?
                """), arguments: [id.uuidString]),
                let owner = String.fromDatabaseValue(row[0]).flatMap(UUID.init(uuidString:)),
                let placement = placement(row, chordset: owner, id: id) else { return nil }
            return [SyncField.lumi: SyncValues.text(placement)]
        case let .setList(id):
            guard let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT title, position, created_at, updated_at FROM setlist WHERE id = ?
                """), arguments: [id.uuidString]) else { return nil }
            return setListFields(row, from: 0)
        case let .setListEntry(id):
            guard let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT setlist_id, chordset_id, position FROM setlist_entry WHERE id = ?
                """), arguments: [id.uuidString]) else { return nil }
            return entryFields(row, from: 0)
        }
    }

    /// Columns from `first` on: title, position, created_at, updated_at.
    private static func setListFields(_ row: Row, from first: Int) -> [String: String]? {
        guard let title = String.fromDatabaseValue(row[first]), let position = Double.fromDatabaseValue(row[first + 1]),
              let created = Double.fromDatabaseValue(row[first + 2]),
              let updated = Double.fromDatabaseValue(row[first + 3]) else { return nil }
        return SyncValues.setListFields(title: title, position: position, created: created, updated: updated)
    }

    /// Columns from `first` on: setlist_id, chordset_id, position.
    private static func entryFields(_ row: Row, from first: Int) -> [String: String]? {
        guard let setList = String.fromDatabaseValue(row[first]).flatMap({ UUID(text: $0) }),
              let chordset = String.fromDatabaseValue(row[first + 1]).flatMap({ UUID(text: $0) }),
              let position = Double.fromDatabaseValue(row[first + 2]) else { return nil }
        return SyncValues.entryFields(setList: setList, chordset: chordset, position: position)
    }

    /// Every record the tables hold, in sync's terms: each chordset with its chord colours,
    /// then each lumi, with the time its chordset was last updated. For the passes that
    /// register every row (the v3-sync migration, `UnregisteredRows`); rows that cannot be
    /// read are passed over.
    static func forEveryRecord(_ db: Database, _ body: (SyncRecordKey, [String: String], _ updated: Double) throws -> Void) throws {
        var colors: [String: [RGBAColor]] = [:]
        let chords = try Row.fetchCursor(db, sql: "SELECT chordset_id, slot, color FROM chord")
        while let row = try chords.next() {
            guard let id = String.fromDatabaseValue(row[0]), let slot = Int.fromDatabaseValue(row[1]),
                  (0..<Chordset.chordCount).contains(slot), let packed = Int64.fromDatabaseValue(row[2]) else { continue }
            colors[id, default: Array(repeating: ChordsetStore.missingChordColor, count: Chordset.chordCount)][slot] =
                RGBAColor(packed: UInt32(truncatingIfNeeded: packed))
        }
        var updatedOf: [String: Double] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, title, position, created_at, updated_at FROM chordset")
        while let row = try rows.next() {
            guard let text = String.fromDatabaseValue(row[0]), let id = UUID(text: text),
                  let title = String.fromDatabaseValue(row[1]), let position = Double.fromDatabaseValue(row[2]),
                  let created = Double.fromDatabaseValue(row[3]), let updated = Double.fromDatabaseValue(row[4]) else { continue }
            updatedOf[text] = updated
            try body(.chordset(id), SyncValues.fields(
                title: title, position: position, created: created, updated: updated,
                colors: colors[text] ?? Array(repeating: ChordsetStore.missingChordColor, count: Chordset.chordCount)), updated)
        }
        colors = [:]
        let lumis = try Row.fetchCursor(db, sql: """
            SELECT ch.chordset_id, ch.slot, l.ord, l.id, l.shape, l.x, l.y, l.size, l.rotation, l.glow, l.color
            FROM lumi l JOIN chord ch ON ch.id = l.chord_id
            """)
        while let row = try lumis.next() {
            guard let owner = String.fromDatabaseValue(row[0]), let chordset = UUID(text: owner),
                  let idText = String.fromDatabaseValue(row[3]), let id = UUID(text: idText),
                  let placement = placement(row, chordset: chordset, id: id) else { continue }
            try body(.lumi(id), [SyncField.lumi: SyncValues.text(placement)], updatedOf[owner] ?? 0)
        }
        // The v3-sync migration runs before the set-list tables exist.
        guard try db.tableExists("setlist") else { return }
        var setListUpdated: [String: Double] = [:]
        let setLists = try Row.fetchCursor(db, sql: "SELECT id, title, position, created_at, updated_at FROM setlist")
        while let row = try setLists.next() {
            guard let text = String.fromDatabaseValue(row[0]), let id = UUID(text: text),
                  let fields = setListFields(row, from: 1),
                  let updated = Double.fromDatabaseValue(row[4]) else { continue }
            setListUpdated[text] = updated
            try body(.setList(id), fields, updated)
        }
        let entries = try Row.fetchCursor(db, sql: "SELECT id, setlist_id, chordset_id, position FROM setlist_entry")
        while let row = try entries.next() {
            guard let text = String.fromDatabaseValue(row[0]), let id = UUID(text: text),
                  let fields = entryFields(row, from: 1) else { continue }
            try body(.setListEntry(id), fields, setListUpdated[fields[SyncField.setList] ?? ""] ?? 0)
        }
    }

    /// Columns: chordset, slot, ord, id, shape, x, y, size, rotation, glow, color.
    static func placement(_ row: Row, chordset: UUID, id: UUID) -> SyncValues.LumiPlacement? {
        guard let slot = Int.fromDatabaseValue(row[1]), let order = Int.fromDatabaseValue(row[2]),
              let shape = String.fromDatabaseValue(row[4]).flatMap(LumiShape.init(rawValue:)),
              let x = Double.fromDatabaseValue(row[5]), let y = Double.fromDatabaseValue(row[6]),
              let size = Double.fromDatabaseValue(row[7]), let rotation = Double.fromDatabaseValue(row[8]),
              let glow = Double.fromDatabaseValue(row[9]), let packed = Int64.fromDatabaseValue(row[10]) else { return nil }
        return SyncValues.LumiPlacement(chordset: chordset, slot: slot, order: order, lumi: Lumi(
            id: id, shape: shape, x: x, y: y, size: size, rotation: rotation,
            color: RGBAColor(packed: UInt32(truncatingIfNeeded: packed)), glow: glow))
    }

    /// Writes a record's merged registers into the tables: a tombstone deletes the chordset
    /// (its chords and lumis go with it), a complete chordset is inserted or updated, a lumi
    /// goes into its chord when that chord exists and out of the tables when it does not.
    /// Returns the chordsets whose shown contents may have changed.
    static func materialize(_ key: SyncRecordKey, _ registers: Registers, _ db: Database) throws -> Set<UUID> {
        switch key {
        case let .chordset(id):
            if registers.isDeleted {
                try db.cachedStatement(sql: "DELETE FROM chordset WHERE id = ?").execute(arguments: [id.uuidString])
                return db.changesCount > 0 ? [id] : []
            }
            guard let values = SyncValues.chordset(registers) else { return [] }
            // Remote titles were checked at the door (`SyncAdmission`); a longer one in the
            // registers is this machine's own, stored by an older Imager, and is kept.
            let title = (try? ChordsetTitle.accepted(values.title, allowingUpTo: values.title.unicodeScalars.count).get())
                ?? Chordset.defaultTitle
            // A field without a register (its value was refused) keeps what the row shows;
            // its default is only for a row made now.
            let hasTitle = registers[SyncField.title] != nil, hasPosition = registers[SyncField.position] != nil
            try db.cachedStatement(sql: """
                UPDATE chordset SET title = coalesce(?, title), position = coalesce(?, position), created_at = ?, updated_at = ?
                WHERE id = ?
                """).execute(arguments: [hasTitle ? title : nil, hasPosition ? values.position : nil, values.created,
                                         values.updated, id.uuidString])
            let inserted = db.changesCount == 0
            if inserted {
                try db.cachedStatement(sql: """
                    INSERT INTO chordset (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                    """).execute(arguments: [id.uuidString, title, values.position, values.created, values.updated])
            }
            let upsertChord = try db.cachedStatement(sql: """
                INSERT INTO chord (chordset_id, slot, color) VALUES (?, ?, ?)
                ON CONFLICT(chordset_id, slot) DO UPDATE SET color = excluded.color
                """)
            for (slot, color) in values.colors.enumerated() where inserted || registers[SyncField.color(slot)] != nil {
                try upsertChord.execute(arguments: [id.uuidString, slot, Int64(color.packed)])
            }
            if inserted {
                // Lumis that arrived before their chordset go in now.
                for lumi in try SyncTables.lumiKeys(ownedBy: id, db) {
                    _ = try materialize(lumi, SyncTables.registers(lumi, db), db)
                }
            }
            return [id]
        case let .lumi(id):
            let before = try String.fetchOne(db.cachedStatement(sql: """
                SELECT ch.chordset_id FROM lumi l JOIN chord ch ON ch.id = l.chord_id WHERE l.id = ?
                """), arguments: [id.uuidString]).flatMap(UUID.init(uuidString:))
            var affected = Set([before].compactMap { $0 })
            if let placement = SyncValues.placement(registers[SyncField.lumi], id: id),
               let chord = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM chord WHERE chordset_id = ? AND slot = ?"),
                                              arguments: [placement.chordset.uuidString, placement.slot]) {
                let lumi = placement.lumi
                try db.cachedStatement(sql: """
                    INSERT INTO lumi (id, chord_id, ord, shape, x, y, size, rotation, glow, color)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET chord_id = excluded.chord_id, ord = excluded.ord, shape = excluded.shape,
                        x = excluded.x, y = excluded.y, size = excluded.size, rotation = excluded.rotation,
                        glow = excluded.glow, color = excluded.color
                    """).execute(arguments: [id.uuidString, chord, placement.order, lumi.shape.rawValue, lumi.x, lumi.y,
                                             lumi.size, lumi.rotation, lumi.glow, Int64(lumi.color.packed)])
                affected.insert(placement.chordset)
            } else {
                try db.cachedStatement(sql: "DELETE FROM lumi WHERE id = ?").execute(arguments: [id.uuidString])
            }
            return affected
        case let .setList(id):
            try materializeSetList(id, registers, db)
            return []
        case let .setListEntry(id):
            try materializeEntry(id, registers, db)
            return []
        }
    }

    /// A tombstone deletes the set list (its entries go with it); a complete set list is
    /// inserted or updated, and entries that arrived before it go in.
    private static func materializeSetList(_ id: UUID, _ registers: Registers, _ db: Database) throws {
        if registers.isDeleted {
            try db.cachedStatement(sql: "DELETE FROM setlist WHERE id = ?").execute(arguments: [id.uuidString])
            return
        }
        guard let values = SyncValues.setList(registers) else { return }
        let title = (try? ChordsetTitle.accepted(values.title, allowingUpTo: values.title.unicodeScalars.count).get())
            ?? SyncValues.defaultSetListTitle
        let hasTitle = registers[SyncField.title] != nil, hasPosition = registers[SyncField.position] != nil
        try db.cachedStatement(sql: """
            UPDATE setlist SET title = coalesce(?, title), position = coalesce(?, position), created_at = ?, updated_at = ?
            WHERE id = ?
            """).execute(arguments: [hasTitle ? title : nil, hasPosition ? values.position : nil, values.created,
                                     values.updated, id.uuidString])
        guard db.changesCount == 0 else { return }
        try db.cachedStatement(sql: """
            INSERT INTO setlist (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            """).execute(arguments: [id.uuidString, title, values.position, values.created, values.updated])
        for entry in try SyncTables.entryKeys(inSetList: id, db) {
            _ = try materialize(entry, SyncTables.registers(entry, db), db)
        }
    }

    /// An entry is in the table while its set list and its chordset both are; until then
    /// (or once either is deleted) only its registers hold it.
    private static func materializeEntry(_ id: UUID, _ registers: Registers, _ db: Database) throws {
        guard let values = SyncValues.entry(registers),
              try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM setlist WHERE id = ?"), arguments: [values.setList.uuidString]) ?? false,
              try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM chordset WHERE id = ?"), arguments: [values.chordset.uuidString]) ?? false
        else {
            try db.cachedStatement(sql: "DELETE FROM setlist_entry WHERE id = ?").execute(arguments: [id.uuidString])
            return
        }
        try db.cachedStatement(sql: """
            INSERT INTO setlist_entry (id, setlist_id, chordset_id, position) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET setlist_id = excluded.setlist_id, chordset_id = excluded.chordset_id,
                position = excluded.position
            """).execute(arguments: [id.uuidString, values.setList.uuidString, values.chordset.uuidString, values.position])
    }
}
