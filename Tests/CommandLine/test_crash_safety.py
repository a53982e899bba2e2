"""Kill -9 at any moment. After every kill the database passes integrity_check and
foreign_key_check and holds exactly the last completed import or save, never part of one."""

import os
import random
import re
import shutil
import sqlite3
import subprocess
import threading
import time
import unittest

from support import SEED_COUNT, STRESS, IMAGER, Sandbox, document, inspect_database, kill_hard

IMPORT_KILLS = int(os.environ.get("IMAGER_IMPORT_KILLS", "25"))
IMPORT_SIZE = int(os.environ.get("IMAGER_IMPORT_SIZE", "5000"))
SAVE_KILLS = int(os.environ.get("IMAGER_SAVE_KILLS", "25"))
SAVE_ROWS, SAVE_ADDS = 1500, 100
TITLE = re.compile(r"^it(\d+) (row|add) (\d+)$")


def colour(iteration):
    """imager-stress SaveLoop.colour(K), as SQLite stores it: 0xRRGGBBAA."""
    return ((iteration * 2654435761) & 0xFFFFFF) << 8 | 0xFF


def saved_iteration(path, rows, adds):
    """The one save-loop iteration the database holds, or an AssertionError saying what is partial."""
    state = inspect_database(path)
    if state.integrity != ["ok"]:
        raise AssertionError(f"integrity_check: {state.integrity[:5]}")
    if state.foreign_key_problems:
        raise AssertionError(f"foreign_key_check: {state.foreign_key_problems[:5]}")
    if state.wrong_chord_counts or state.chords != 8 * state.chordsets:
        raise AssertionError(f"{state.chords} chords for {state.chordsets} chordsets")
    connection = sqlite3.connect(path)
    try:
        titles = [row[0] for row in connection.execute("SELECT title FROM chordset")]
        tags = set()
        roles = {"row": [], "add": []}
        for title in titles:
            match = TITLE.match(title)
            if not match:
                raise AssertionError(f"unexpected title {title!r}")
            tags.add(int(match.group(1)))
            roles[match.group(2)].append(int(match.group(3)))
        if len(tags) != 1:
            raise AssertionError(f"rows from more than one save: iterations {sorted(tags)[:10]}")
        iteration = tags.pop()
        if sorted(roles["row"]) != list(range(rows)):
            raise AssertionError(f"{len(roles['row'])} renamed rows, expected {rows}")
        if sorted(roles["add"]) != (list(range(adds)) if iteration > 0 else []):
            raise AssertionError(f"{len(roles['add'])} added rows in iteration {iteration}, expected {adds}")
        if iteration > 0:
            wrong = connection.execute("SELECT count(*) FROM chord WHERE slot = ? AND color != ?",
                                       (iteration % 8, colour(iteration))).fetchone()[0]
            if wrong:
                raise AssertionError(f"{wrong} chords miss iteration {iteration}'s colour change")
        return iteration
    finally:
        connection.close()


class ProcessLines:
    """Collects a child's stdout lines as they come, with the time each arrived."""

    def __init__(self, process):
        self.lines = []
        self.saving = threading.Event()
        self.thread = threading.Thread(target=self._read, args=(process,), daemon=True)
        self.thread.start()

    def _read(self, process):
        for line in process.stdout:
            self.lines.append((time.monotonic(), line.strip()))
            if line.startswith("saving"):
                self.saving.set()

    def finish(self):
        self.thread.join(timeout=10)
        return [line for _, line in self.lines]


class KillDuringImport(unittest.TestCase):
    def test_import_killed_at_random_moments_leaves_a_whole_store(self):
        rng = random.Random(20260521)
        sandbox = Sandbox(self)
        big = sandbox.write_json("big.json", document(IMPORT_SIZE, prefix="big"))
        sandbox.list()  # seeds the starter chordsets
        count = inspect_database(sandbox.db).chordsets
        self.assertEqual(count, SEED_COUNT)

        # One import to the end, to know how long one takes.
        timed = sandbox.ok("--import", big)
        duration = timed.seconds
        count += IMPORT_SIZE
        self.assertEqual(inspect_database(sandbox.db).chordsets, count)

        rolled_back = committed_then_killed = finished = 0
        started = time.monotonic()
        for kill in range(IMPORT_KILLS):
            process = subprocess.Popen([IMAGER, "--import", big], env=sandbox.env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            launched = time.monotonic()
            try:
                process.wait(timeout=rng.uniform(0, duration * 1.2))
                # Finished before the kill: imports got faster (a quieter machine); aim by this one.
                duration = time.monotonic() - launched
            except subprocess.TimeoutExpired:
                pass
            status = kill_hard(process)
            stderr = process.stderr.read().decode("utf-8", "replace")
            process.stderr.close()
            state = inspect_database(sandbox.db)
            context = f"kill {kill}: exit {status}, {state.chordsets} chordsets, previous {count}; {stderr[-300:]}"
            state.assert_whole(self)
            if status == 0:
                self.assertEqual(state.chordsets, count + IMPORT_SIZE, context)
                finished += 1
            else:
                self.assertEqual(status, -9, context)
                self.assertIn(state.chordsets, (count, count + IMPORT_SIZE), "part of an import: " + context)
                if state.chordsets == count:
                    rolled_back += 1
                else:
                    committed_then_killed += 1
            count = state.chordsets
        print(f"\n  import kills: {IMPORT_KILLS} in {time.monotonic() - started:.0f} s "
              f"({IMPORT_SIZE} chordsets, {duration:.2f} s per import): {rolled_back} before the commit, "
              f"{committed_then_killed} after it, {finished} finished first", flush=True)
        # A loop whose kills all came too late would prove nothing.
        self.assertGreaterEqual(rolled_back, IMPORT_KILLS // 3, "too few kills landed before the commit")


class KillDuringSave(unittest.TestCase):
    def test_save_killed_at_random_moments_leaves_one_whole_save(self):
        rng = random.Random(20260522)
        sandbox = Sandbox(self)
        db = sandbox.path("saves.sqlite")
        prepared = subprocess.run([STRESS, "save-loop", db, "--rows", str(SAVE_ROWS), "--adds", str(SAVE_ADDS),
                                   "--iterations", "1"], capture_output=True, text=True, timeout=120)
        self.assertEqual(prepared.returncode, 0, prepared.stdout + prepared.stderr)
        self.assertIn("committed 1", prepared.stdout)
        # How long one save takes, from `saving K` to `committed K`.
        previous = saved_iteration(db, SAVE_ROWS, SAVE_ADDS)
        self.assertEqual(previous, 1)
        save_seconds = 0.15

        during_save = before_save = 0
        rolled_back = 0
        started = time.monotonic()
        for kill in range(SAVE_KILLS):
            process = subprocess.Popen([STRESS, "save-loop", db, "--rows", str(SAVE_ROWS), "--adds", str(SAVE_ADDS)],
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            lines = ProcessLines(process)
            if kill % 3 == 2:
                # Anywhere: while loading, editing or saving.
                time.sleep(rng.uniform(0, 2.5))
            else:
                # Aimed at the save: some time after `saving K`, within how long a save takes.
                self.assertTrue(lines.saving.wait(timeout=60), "the save loop never reached a save")
                time.sleep(rng.uniform(0, save_seconds))
            kill_hard(process)
            output = lines.finish()
            stderr = process.stderr.read()
            process.stdout.close()
            process.stderr.close()
            context = f"kill {kill}: previous {previous}, printed {output[-3:]}, stderr {stderr[-300:]!r}"
            self.assertFalse([line for line in output if line.startswith("error")], context)
            try:
                iteration = saved_iteration(db, SAVE_ROWS, SAVE_ADDS)
            except AssertionError as error:
                raise AssertionError(f"partial save after {context}: {error}") from None
            starts = [int(line.split()[1]) for line in output if line.startswith("start ")]
            if starts:
                self.assertEqual(starts[0], previous + 1, context)
            progress = [line for line in output if line.startswith(("saving ", "committed "))]
            if not progress:
                self.assertEqual(iteration, previous, context)
                before_save += 1
            elif progress[-1].startswith("committed "):
                self.assertEqual(iteration, int(progress[-1].split()[1]), context)
                before_save += 1
            else:
                saving = int(progress[-1].split()[1])
                self.assertIn(iteration, (saving - 1, saving), context)
                during_save += 1
                if iteration == saving - 1:
                    rolled_back += 1
            if len(progress) >= 2 and progress[-1].startswith("committed"):
                times = {line: t for t, line in lines.lines}
                save_seconds = max(0.02, times[progress[-1]] - times[progress[-2]])
            previous = iteration
        print(f"\n  save kills: {SAVE_KILLS} in {time.monotonic() - started:.0f} s ({SAVE_ROWS + SAVE_ADDS} chordsets "
              f"renamed, recoloured, {SAVE_ADDS} deleted and added per save): {during_save} during save() "
              f"({rolled_back} rolled back, {during_save - rolled_back} already committed), "
              f"{before_save} outside it; reached iteration {previous}", flush=True)
        self.assertGreaterEqual(during_save, SAVE_KILLS // 3, "too few kills landed inside save()")
        self.assertGreater(rolled_back, 0, "no kill interrupted a save before its commit")


class CheckerCanFail(unittest.TestCase):
    """The checks above are only worth something if a partial save or import would fail them."""

    def setUp(self):
        self.sandbox = Sandbox(self)
        self.db = self.sandbox.path("saves.sqlite")
        done = subprocess.run([STRESS, "save-loop", self.db, "--rows", "50", "--adds", "5", "--iterations", "2"],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(saved_iteration(self.db, 50, 5), 2)

    def damage(self, sql):
        copy = self.sandbox.path("damaged.sqlite")
        shutil.copy(self.db, copy)
        connection = sqlite3.connect(copy)
        connection.execute("PRAGMA foreign_keys = OFF")
        connection.executescript(sql)
        connection.commit()
        connection.close()
        return copy

    def test_a_row_from_another_save_is_noticed(self):
        copy = self.damage("UPDATE chordset SET title = 'it1 row 0' WHERE title = 'it2 row 0'")
        with self.assertRaisesRegex(AssertionError, "more than one save"):
            saved_iteration(copy, 50, 5)

    def test_a_missing_colour_change_is_noticed(self):
        copy = self.damage("UPDATE chord SET color = 255 WHERE rowid = (SELECT min(rowid) FROM chord WHERE slot = 2)")
        with self.assertRaisesRegex(AssertionError, "colour change"):
            saved_iteration(copy, 50, 5)

    def test_a_missing_add_is_noticed(self):
        copy = self.damage("DELETE FROM chord WHERE chordset_id = (SELECT id FROM chordset WHERE title = 'it2 add 4');"
                           "DELETE FROM chordset WHERE title = 'it2 add 4'")
        with self.assertRaisesRegex(AssertionError, "added rows"):
            saved_iteration(copy, 50, 5)

    def test_an_orphan_chord_is_noticed(self):
        copy = self.damage("DELETE FROM chordset WHERE title = 'it2 add 3'")
        with self.assertRaisesRegex(AssertionError, "foreign_key_check"):
            saved_iteration(copy, 50, 5)


if __name__ == "__main__":
    unittest.main()
