"""A database that cannot be read (random bytes, a real database cut in half, a text
file, a schema from a newer Imager). The command line explains, exits non-zero and moves nothing;
the window's start-up path (AppStartup.open) moves it aside byte for byte under a timestamped
name, never deleting or overwriting anything, and starts a fresh store."""

import hashlib
import os
import random
import re
import sqlite3
import time
import unittest

from support import ASIDE_NAME, SEED, SEED_COUNT, Sandbox, StressShell, document, inspect_database, sha256

# What each case's message must say.
REASONS = {
    "random bytes": "not an SQLite database",
    "cut in half": "cannot be read",
    "text file": "not an SQLite database",
    "newer schema": "newer version of Imager",
}
MOVED = re.compile(r"moved to (\S+), unchanged")


def damaged_databases(test):
    """name -> bytes, built from a real store holding the seed and 3,000 imported chordsets."""
    sandbox = Sandbox(test)
    sandbox.ok("--import", sandbox.write_json("big.json", document(3000)))
    with open(sandbox.db, "rb") as f:
        real = f.read()
    if os.path.exists(sandbox.db + "-wal"):
        raise AssertionError("the WAL should be checkpointed into the file when imager exits")
    newer = sandbox.path("newer.sqlite")
    with open(newer, "wb") as f:
        f.write(real)
    connection = sqlite3.connect(newer)
    connection.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-a-newer-imager')")
    connection.commit()
    connection.close()
    with open(newer, "rb") as f:
        newer_bytes = f.read()
    return {
        "random bytes": random.Random(5).randbytes(65536),
        "cut in half": real[: len(real) // 2],
        "text file": b"These are my chordsets, typed by hand.\nWarm: yellow, orange, red\n" * 100,
        "newer schema": newer_bytes,
    }


def plant(sandbox, content):
    """Puts `content` where the database goes, with no -wal or -shm beside it."""
    os.makedirs(sandbox.data_dir, exist_ok=True)
    for sidecar in ("-wal", "-shm"):
        if os.path.exists(sandbox.db + sidecar):
            os.remove(sandbox.db + sidecar)
    with open(sandbox.db, "wb") as f:
        f.write(content)


class CommandLineRefusesUnreadableDatabase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cases = damaged_databases(cls)

    def test_list_export_and_import_explain_exit_non_zero_and_move_nothing(self):
        for name, content in self.cases.items():
            for command in ("--list", "--export", "--import"):
                with self.subTest(case=name, command=command):
                    self.refuses(name, content, command)

    def refuses(self, name, content, command):
        sandbox = Sandbox(self)
        plant(sandbox, content)
        arguments = [command]
        if command == "--export":
            arguments.append(sandbox.path("out.json"))
        if command == "--import":
            arguments.append(sandbox.write_json("in.json", document(3)))
        result = sandbox.run(*arguments)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn(sandbox.db, result.stderr)
        self.assertIn(REASONS[name], result.stderr)
        self.assertEqual(result.stdout, b"")
        with open(sandbox.db, "rb") as f:
            self.assertEqual(f.read(), content, "the database file changed")
        # SQLite may leave its -wal/-shm beside a WAL-mode file; nothing is moved or added.
        self.assertLessEqual(set(os.listdir(sandbox.data_dir)),
                             {"imager.sqlite", "imager.sqlite-wal", "imager.sqlite-shm"})
        self.assertFalse(os.path.exists(sandbox.path("out.json")), "--export wrote a file")


class StartupMovesUnreadableDatabaseAside(unittest.TestCase):
    """AppStartup.open, which the window runs, through imager-stress."""

    @classmethod
    def setUpClass(cls):
        cls.cases = damaged_databases(cls)

    def start(self, sandbox):
        shell = StressShell(self, env=dict(sandbox.env, TZ="UTC"))
        shell.send(f"startup {sandbox.db} {SEED}")
        return shell

    def test_each_case_is_moved_aside_byte_for_byte_and_a_fresh_store_starts(self):
        for name, content in self.cases.items():
            if name == "newer schema":
                continue   # never moved: see test_a_newer_database_stays_untouched_and_read_only
            with self.subTest(case=name):
                sandbox = Sandbox(self)
                plant(sandbox, content)
                # A refused command-line run first, as a user might have tried: it must not get in the way.
                self.assertEqual(sandbox.run("--list").returncode, 1)
                shell = self.start(sandbox)
                self.assertEqual(len(shell.notices), 1, shell.notices)
                notice = shell.notices[0]
                self.assertIn(REASONS[name], notice)
                self.assertIn("new, empty database", notice)
                moved = MOVED.search(notice)
                self.assertIsNotNone(moved, notice)
                aside = moved.group(1)
                self.assertEqual(os.path.dirname(aside), sandbox.data_dir)
                self.assertRegex(os.path.basename(aside), ASIDE_NAME)
                with open(aside, "rb") as f:
                    self.assertEqual(f.read(), content, "the file moved aside is not byte for byte the original")
                # The fresh store has the starter chordsets and saves.
                self.assertEqual(shell.state(), {"count": SEED_COUNT, "unsaved": 0, "saveError": "none"})
                shell.send("add 1 after")
                shell.send("save", expect="ok saved")
                shell.close()
                state = inspect_database(sandbox.db)
                state.assert_whole(self)
                self.assertEqual(state.chordsets, SEED_COUNT + 1)
                with open(aside, "rb") as f:
                    self.assertEqual(f.read(), content, "the file moved aside changed afterwards")

    def test_a_newer_database_stays_untouched_and_read_only(self):
        sandbox = Sandbox(self)
        content = self.cases["newer schema"]
        plant(sandbox, content)
        self.assertEqual(sandbox.run("--list").returncode, 1)
        shell = self.start(sandbox)
        self.assertEqual(shell.notices, ["This database was written by a newer version of Imager. "
                                         "Nothing will be changed; edits cannot be saved."])
        shell.send("add 1 after")
        shell.send("save", expect="ok saved")
        shell.close()
        self.assertEqual([name for name in os.listdir(sandbox.data_dir) if ".unreadable-" in name], [])
        with open(sandbox.db, "rb") as f:
            self.assertEqual(f.read(), content, "a newer database must stay byte for byte as it was")

    def test_an_earlier_file_with_the_same_name_is_never_overwritten(self):
        sandbox = Sandbox(self)
        plant(sandbox, self.cases["text file"])
        # Placeholders under every name the next few seconds could give, so the move must pick another.
        now = time.time()
        placeholders = {}
        for offset in range(-1, 6):
            stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now + offset))
            path = f"{sandbox.db}.unreadable-{stamp}"
            with open(path, "wb") as f:
                f.write(f"earlier {offset}".encode())
            placeholders[path] = f"earlier {offset}".encode()
        shell = self.start(sandbox)
        aside = MOVED.search(shell.notices[0]).group(1)
        self.assertNotIn(aside, placeholders)
        self.assertRegex(os.path.basename(aside), ASIDE_NAME)
        with open(aside, "rb") as f:
            self.assertEqual(f.read(), self.cases["text file"])
        for path, content in placeholders.items():
            with open(path, "rb") as f:
                self.assertEqual(f.read(), content, f"{path} was overwritten")
        shell.close()

        # A second bad file in the same folder gets its own name too.
        plant(sandbox, self.cases["random bytes"])
        second = self.start(sandbox)
        other = MOVED.search(second.notices[0]).group(1)
        self.assertNotEqual(other, aside)
        self.assertEqual(sha256(other), sha256_bytes(self.cases["random bytes"]))
        self.assertEqual(sha256(aside), sha256_bytes(self.cases["text file"]))


def sha256_bytes(data):
    return hashlib.sha256(data).hexdigest()


if __name__ == "__main__":
    unittest.main()
