import Foundation
import GRDB

/// The schema, as named, append-only migrations. A shipped migration is never edited:
/// a change is a new migration appended at the end.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-chordsets") { db in
            try db.execute(sql: """
                CREATE TABLE chordset (
                    id TEXT PRIMARY KEY NOT NULL,
                    title TEXT NOT NULL,
                    position REAL NOT NULL,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX chordset_by_position ON chordset(position);
                -- Integer key: a later migration's lumi table will reference chord(id).
                CREATE TABLE chord (
                    id INTEGER PRIMARY KEY,
                    chordset_id TEXT NOT NULL REFERENCES chordset(id) ON DELETE CASCADE,
                    slot INTEGER NOT NULL CHECK (slot BETWEEN 0 AND 7),
                    color INTEGER NOT NULL,
                    UNIQUE (chordset_id, slot)
                );
                -- Small facts about the store itself, such as whether the seed ran.
                CREATE TABLE app_state (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                """)
        }
        // Lumis hang off a chord; deleting a chordset cascades to its chords and on to their
        // lumis. The CHECKs repeat `Lumi.allows`, so not even a hand-edited file can hold a
        // lumi the app would refuse. Order within a chord is `ord`, not unique, so a reorder
        // may write its rows in any order inside the save's transaction.
        migrator.registerMigration("v2-lumis") { db in
            try db.execute(sql: """
                CREATE TABLE lumi (
                    id TEXT PRIMARY KEY NOT NULL,
                    chord_id INTEGER NOT NULL REFERENCES chord(id) ON DELETE CASCADE,
                    ord INTEGER NOT NULL CHECK (ord BETWEEN 0 AND \(Lumi.maximumPerChord - 1)),
                    shape TEXT NOT NULL CHECK (shape IN ('circle', 'square', 'triangle', 'star')),
                    x REAL NOT NULL CHECK (x BETWEEN 0 AND 1),
                    y REAL NOT NULL CHECK (y BETWEEN 0 AND 1),
                    size REAL NOT NULL CHECK (size > 0 AND size <= 1),
                    rotation REAL NOT NULL CHECK (rotation >= 0 AND rotation < 360),
                    glow REAL NOT NULL CHECK (glow BETWEEN 0 AND 1),
                    color INTEGER NOT NULL
                );
                CREATE INDEX lumi_by_chord ON lumi(chord_id, ord);
                """)
        }
        // Sync (see Sources/ImagerCore/Sync): the merged registers of every record, what is
        // waiting to be published, how far each other device's files were read, and changes
        // stamped too far in the future to apply yet. Rows already stored get registers
        // stamped at their own updated time, by this device, so a real edit elsewhere that is
        // newer wins, and nothing is published until a sync folder is chosen.
        migrator.registerMigration("v3-sync") { db in
            try db.execute(sql: """
                CREATE TABLE sync_register (
                    key TEXT PRIMARY KEY NOT NULL,
                    -- For lumi records: the chordset the lumi's value places it in.
                    owner TEXT,
                    body TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX sync_register_by_owner ON sync_register(owner) WHERE owner IS NOT NULL;
                CREATE TABLE sync_outbox (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    line TEXT NOT NULL
                );
                CREATE TABLE sync_read (
                    device TEXT NOT NULL,
                    file TEXT NOT NULL,
                    bytes INTEGER NOT NULL,
                    PRIMARY KEY (device, file)
                ) WITHOUT ROWID;
                CREATE TABLE sync_pending (
                    line TEXT PRIMARY KEY NOT NULL
                ) WITHOUT ROWID;
                """)
            try SyncTables.registerExistingRows(db)
        }
        // Lines waiting for their time carry when they are due (the wall time of their stamp:
        // its first 12 hex digits, which start at the 49th character of a line), so a round
        // reads only the due ones, through an index. Lines more than `HybridClock.maximumWait`
        // ahead, which are refused now, are not copied: millions of them cost one pass here.
        migrator.registerMigration("v4-sync-pending-due") { db in
            let beyond = HybridClock.text(milliseconds: HybridClock.milliseconds(Date()) &+ HybridClock.maximumWait)
            try db.execute(sql: """
                CREATE TABLE sync_pending_due (
                    line TEXT PRIMARY KEY NOT NULL,
                    due TEXT NOT NULL
                ) WITHOUT ROWID;
                INSERT INTO sync_pending_due (line, due)
                    SELECT line, substr(line, 49, 12) FROM sync_pending
                    WHERE length(line) > 60 AND substr(line, 49, 12) <= ?;
                DROP TABLE sync_pending;
                ALTER TABLE sync_pending_due RENAME TO sync_pending;
                CREATE INDEX sync_pending_by_due ON sync_pending(due);
                """, arguments: [beyond])
        }
        // Values from other machines now pass the import's rules before they enter a register
        // (`SyncAdmission`); registers holding a value that fails them are healed
        // (`SyncHealing`).
        migrator.registerMigration("v5-sync-heal-refused-values") { db in
            try SyncHealing.heal(db)
        }
        // Set lists: named, ordered lists of chordsets for a show. An entry is one place in a
        // set list, with an id of its own (a chordset may be in a set list twice); it goes
        // when its set list or its chordset is deleted, and the set list keeps its other
        // entries. Both orders are by position, ties by id, as the chordset list's. The index
        // on chordset_id keeps the cascade of a chordset's delete from scanning every entry.
        migrator.registerMigration("v6-setlists") { db in
            try db.execute(sql: """
                CREATE TABLE setlist (
                    id TEXT PRIMARY KEY NOT NULL,
                    title TEXT NOT NULL,
                    position REAL NOT NULL,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE TABLE setlist_entry (
                    id TEXT PRIMARY KEY NOT NULL,
                    setlist_id TEXT NOT NULL REFERENCES setlist(id) ON DELETE CASCADE,
                    chordset_id TEXT NOT NULL REFERENCES chordset(id) ON DELETE CASCADE,
                    position REAL NOT NULL
                );
                CREATE INDEX setlist_entry_by_setlist ON setlist_entry(setlist_id, position, id);
                CREATE INDEX setlist_entry_by_chordset ON setlist_entry(chordset_id);
                """)
        }
        return migrator
    }

    static let seededKey = "seeded"
}
