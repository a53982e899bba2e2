/*
 * The store's floor: what raw SQLite, driven from C with prepared statements, costs for
 * the same work Imager's store does. packaging/bench.sh compiles it; imager-bench runs it
 * on the very files Imager's store wrote, and prints Imager's time next to this one.
 *
 *   sqlite_floor load   DB REPS              the store's load query, every column read, then
 *                                            the rows put in list order
 *   sqlite_floor save   SOURCE TARGET...     SOURCE's rows (chordsets, chords and their
 *                                            lumis) inserted into each (empty) TARGET, one
 *                                            transaction per target
 *   sqlite_floor rename DB REPS              one title and updated_at changed, one transaction
 *
 * Every connection gets the store's pragmas: WAL, synchronous=FULL, foreign_keys=ON.
 * Each timing is printed as "<verb>-us <microseconds>", one line per repetition; a load
 * runs once untimed first, as imager-bench does on its side.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "sqlite_floor: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    exit(1);
}

static void exec(sqlite3 *db, const char *sql) {
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) fail(db, sql);
}

static sqlite3 *open_db(const char *path) {
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) fail(db, path);
    exec(db, "PRAGMA journal_mode = WAL");
    exec(db, "PRAGMA synchronous = FULL");
    exec(db, "PRAGMA foreign_keys = ON");
    return db;
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL) != SQLITE_OK) fail(db, sql);
    return stmt;
}

/* The store's load (ChordsetStore.fetchAll): the join in table order, then the list order
 * as a sort in memory, by position and then rowid. */
static const char *load_sql =
    "SELECT c.rowid, c.id, c.title, c.position, c.created_at, c.updated_at, ch.slot, ch.color "
    "FROM chordset c LEFT JOIN chord ch ON ch.chordset_id = c.id "
    "ORDER BY c.rowid";

struct list_entry { double position; long long rowid; };

static int by_list_order(const void *a, const void *b) {
    const struct list_entry *x = a, *y = b;
    if (x->position != y->position) return x->position < y->position ? -1 : 1;
    return (x->rowid > y->rowid) - (x->rowid < y->rowid);
}

/* Reads every column of every row, touching each text byte, so nothing is skipped. */
static unsigned long long load_once(sqlite3_stmt *stmt, struct list_entry *entries, int capacity) {
    unsigned long long sum = 0;
    int count = 0;
    long long current = -1;
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        long long rowid = sqlite3_column_int64(stmt, 0);
        if (rowid != current && count < capacity) {
            current = rowid;
            entries[count++] = (struct list_entry){sqlite3_column_double(stmt, 3), rowid};
        }
        sum += (unsigned long long)rowid;
        for (int column = 1; column <= 2; column++) {
            const unsigned char *text = sqlite3_column_text(stmt, column);
            int length = sqlite3_column_bytes(stmt, column);
            for (int i = 0; i < length; i++) sum += text[i];
        }
        sum += (unsigned long long)(sqlite3_column_double(stmt, 3) + sqlite3_column_double(stmt, 4)
                                    + sqlite3_column_double(stmt, 5));
        if (sqlite3_column_type(stmt, 6) != SQLITE_NULL) {
            sum += (unsigned long long)sqlite3_column_int64(stmt, 6);
            sum += (unsigned long long)sqlite3_column_int64(stmt, 7);
        }
    }
    sqlite3_reset(stmt);
    qsort(entries, (size_t)count, sizeof *entries, by_list_order);
    return sum + (count ? (unsigned long long)entries[0].rowid : 0);
}

static int run_load(const char *path, int reps) {
    sqlite3 *db = open_db(path);
    sqlite3_stmt *count = prepare(db, "SELECT count(*) FROM chordset");
    if (sqlite3_step(count) != SQLITE_ROW) fail(db, "count");
    int capacity = sqlite3_column_int(count, 0);
    sqlite3_finalize(count);
    struct list_entry *entries = malloc(((size_t)capacity + 1) * sizeof *entries);
    if (!entries) fail(NULL, "allocate");
    sqlite3_stmt *stmt = prepare(db, load_sql);
    unsigned long long sum = load_once(stmt, entries, capacity);
    for (int rep = 0; rep < reps; rep++) {
        exec(db, "BEGIN");
        long long started = now_us();
        sum += load_once(stmt, entries, capacity);
        long long elapsed = now_us() - started;
        exec(db, "COMMIT");
        printf("load-us %lld\n", elapsed);
    }
    fprintf(stderr, "checksum %llu\n", sum);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return 0;
}

/* One source row of each table, held in memory so the timed part only inserts. */
struct chordset_row { char *id, *title; double position, created, updated; };
struct chord_row { char *chordset_id; int slot; long long color; };
/* A lumi and the index of its chord in the chord list; its shape is one of `shapes`. */
struct lumi_row { char *id; int chord, ord, shape; double x, y, size, rotation, glow; long long color; };
static const char *shapes[] = {"circle", "square", "triangle", "star"};

static char *copy_text(sqlite3_stmt *stmt, int column) {
    const char *text = (const char *)sqlite3_column_text(stmt, column);
    return strdup(text ? text : "");
}

static int run_save(const char *source, int targets, char **paths) {
    sqlite3 *db = open_db(source);
    sqlite3_stmt *count = prepare(db, "SELECT (SELECT count(*) FROM chordset), (SELECT count(*) FROM chord), "
                                      "(SELECT count(*) FROM lumi)");
    if (sqlite3_step(count) != SQLITE_ROW) fail(db, "count");
    int nsets = sqlite3_column_int(count, 0), nchords = sqlite3_column_int(count, 1), nlumis = sqlite3_column_int(count, 2);
    sqlite3_finalize(count);
    struct chordset_row *sets = calloc((size_t)nsets + 1, sizeof *sets);
    struct chord_row *chords = calloc((size_t)nchords + 1, sizeof *chords);
    struct lumi_row *lumis = calloc((size_t)nlumis + 1, sizeof *lumis);
    if (!sets || !chords || !lumis) fail(NULL, "allocate");
    sqlite3_stmt *read = prepare(db, "SELECT id, title, position, created_at, updated_at FROM chordset ORDER BY position, rowid");
    for (int i = 0; i < nsets && sqlite3_step(read) == SQLITE_ROW; i++) {
        sets[i] = (struct chordset_row){copy_text(read, 0), copy_text(read, 1), sqlite3_column_double(read, 2),
                                        sqlite3_column_double(read, 3), sqlite3_column_double(read, 4)};
    }
    sqlite3_finalize(read);
    read = prepare(db, "SELECT ch.chordset_id, ch.slot, ch.color FROM chordset c JOIN chord ch ON ch.chordset_id = c.id "
                       "ORDER BY c.position, c.rowid, ch.slot");
    for (int i = 0; i < nchords && sqlite3_step(read) == SQLITE_ROW; i++) {
        chords[i] = (struct chord_row){copy_text(read, 0), sqlite3_column_int(read, 1), sqlite3_column_int64(read, 2)};
    }
    sqlite3_finalize(read);
    /* Lumis in the same order, each matched to its chord by walking the two lists together. */
    read = prepare(db, "SELECT ch.chordset_id, ch.slot, l.id, l.ord, l.shape, l.x, l.y, l.size, l.rotation, l.glow, l.color "
                       "FROM chordset c JOIN chord ch ON ch.chordset_id = c.id JOIN lumi l ON l.chord_id = ch.id "
                       "ORDER BY c.position, c.rowid, ch.slot, l.ord");
    int chord = 0;
    for (int i = 0; i < nlumis && sqlite3_step(read) == SQLITE_ROW; i++) {
        const char *owner = (const char *)sqlite3_column_text(read, 0);
        int slot = sqlite3_column_int(read, 1);
        while (chord < nchords && !(strcmp(chords[chord].chordset_id, owner) == 0 && chords[chord].slot == slot)) chord++;
        if (chord == nchords) fail(db, "a lumi whose chord is not in the list");
        const char *shape = (const char *)sqlite3_column_text(read, 4);
        int kind = 0;
        while (kind < 3 && strcmp(shapes[kind], shape) != 0) kind++;
        lumis[i] = (struct lumi_row){copy_text(read, 2), chord, sqlite3_column_int(read, 3), kind,
                                     sqlite3_column_double(read, 5), sqlite3_column_double(read, 6),
                                     sqlite3_column_double(read, 7), sqlite3_column_double(read, 8),
                                     sqlite3_column_double(read, 9), sqlite3_column_int64(read, 10)};
    }
    sqlite3_finalize(read);
    sqlite3_close(db);

    for (int t = 0; t < targets; t++) {
        db = open_db(paths[t]);
        sqlite3_stmt *insert_set = prepare(db,
            "INSERT INTO chordset (id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?)");
        sqlite3_stmt *insert_chord = prepare(db, "INSERT INTO chord (chordset_id, slot, color) VALUES (?, ?, ?)");
        sqlite3_stmt *insert_lumi = prepare(db,
            "INSERT INTO lumi (id, chord_id, ord, shape, x, y, size, rotation, glow, color) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        long long started = now_us();
        exec(db, "BEGIN IMMEDIATE");
        /* In list order: each chordset, then its chords, each chord followed by its lumis. */
        int c = 0, l = 0;
        for (int i = 0; i < nsets; i++) {
            sqlite3_bind_text(insert_set, 1, sets[i].id, -1, SQLITE_STATIC);
            sqlite3_bind_text(insert_set, 2, sets[i].title, -1, SQLITE_STATIC);
            sqlite3_bind_double(insert_set, 3, sets[i].position);
            sqlite3_bind_double(insert_set, 4, sets[i].created);
            sqlite3_bind_double(insert_set, 5, sets[i].updated);
            if (sqlite3_step(insert_set) != SQLITE_DONE) fail(db, "insert chordset");
            sqlite3_reset(insert_set);
            for (; c < nchords && strcmp(chords[c].chordset_id, sets[i].id) == 0; c++) {
                sqlite3_bind_text(insert_chord, 1, chords[c].chordset_id, -1, SQLITE_STATIC);
                sqlite3_bind_int(insert_chord, 2, chords[c].slot);
                sqlite3_bind_int64(insert_chord, 3, chords[c].color);
                if (sqlite3_step(insert_chord) != SQLITE_DONE) fail(db, "insert chord");
                sqlite3_reset(insert_chord);
                long long chord_id = sqlite3_last_insert_rowid(db);
                for (; l < nlumis && lumis[l].chord == c; l++) {
                    sqlite3_bind_text(insert_lumi, 1, lumis[l].id, 36, SQLITE_STATIC);
                    sqlite3_bind_int64(insert_lumi, 2, chord_id);
                    sqlite3_bind_int(insert_lumi, 3, lumis[l].ord);
                    sqlite3_bind_text(insert_lumi, 4, shapes[lumis[l].shape], -1, SQLITE_STATIC);
                    sqlite3_bind_double(insert_lumi, 5, lumis[l].x);
                    sqlite3_bind_double(insert_lumi, 6, lumis[l].y);
                    sqlite3_bind_double(insert_lumi, 7, lumis[l].size);
                    sqlite3_bind_double(insert_lumi, 8, lumis[l].rotation);
                    sqlite3_bind_double(insert_lumi, 9, lumis[l].glow);
                    sqlite3_bind_int64(insert_lumi, 10, lumis[l].color);
                    if (sqlite3_step(insert_lumi) != SQLITE_DONE) fail(db, "insert lumi");
                    sqlite3_reset(insert_lumi);
                }
            }
        }
        exec(db, "COMMIT");
        long long elapsed = now_us() - started;
        if (c != nchords) fail(db, "not every chord belongs to a chordset");
        if (l != nlumis) fail(db, "not every lumi belongs to a chord");
        printf("save-us %lld\n", elapsed);
        sqlite3_finalize(insert_set);
        sqlite3_finalize(insert_chord);
        sqlite3_finalize(insert_lumi);
        sqlite3_close(db);
    }
    return 0;
}

static int run_rename(const char *path, int reps) {
    sqlite3 *db = open_db(path);
    sqlite3_stmt *first = prepare(db, "SELECT id FROM chordset ORDER BY position LIMIT 1");
    if (sqlite3_step(first) != SQLITE_ROW) fail(db, "no chordset to rename");
    char *id = copy_text(first, 0);
    sqlite3_finalize(first);
    sqlite3_stmt *update = prepare(db, "UPDATE chordset SET title = ?, updated_at = ? WHERE id = ?");
    for (int rep = 0; rep < reps; rep++) {
        char title[64];
        snprintf(title, sizeof title, "Floor rename %d", rep);
        long long started = now_us();
        exec(db, "BEGIN IMMEDIATE");
        sqlite3_bind_text(update, 1, title, -1, SQLITE_TRANSIENT);
        sqlite3_bind_double(update, 2, 1.7e9 + rep);
        sqlite3_bind_text(update, 3, id, -1, SQLITE_STATIC);
        if (sqlite3_step(update) != SQLITE_DONE) fail(db, "update");
        sqlite3_reset(update);
        exec(db, "COMMIT");
        printf("rename-us %lld\n", now_us() - started);
    }
    sqlite3_finalize(update);
    sqlite3_close(db);
    return 0;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc >= 4 && strcmp(argv[1], "load") == 0) return run_load(argv[2], atoi(argv[3]));
    if (argc >= 4 && strcmp(argv[1], "save") == 0) return run_save(argv[2], argc - 3, argv + 3);
    if (argc >= 4 && strcmp(argv[1], "rename") == 0) return run_rename(argv[2], atoi(argv[3]));
    fprintf(stderr, "usage: sqlite_floor load DB REPS | save SOURCE TARGET... | rename DB REPS\n");
    return 2;
}
