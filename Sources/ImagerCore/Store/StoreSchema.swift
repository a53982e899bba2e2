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
        return migrator
    }

    static let seededKey = "seeded"
}
