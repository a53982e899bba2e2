"""A full disk or a read-only data directory. Imports and saves fail with a clear
message and a non-zero exit; the window's edits stay in memory and are written once the disk is
back; the database is never left half-written. Uses small tmpfs mounts (root only: skipped,
and counted as skipped, where mounting is not allowed)."""

import os
import unittest

from support import SEED, SEED_COUNT, Sandbox, StressShell, Tmpfs, document, inspect_database, sha256


class FullDisk(unittest.TestCase):
    def test_import_onto_a_full_disk_fails_clearly_and_the_store_stays_whole(self):
        disk = Tmpfs(self, "2m")
        sandbox = Sandbox(self, data_home=disk.path)
        big = sandbox.write_json("big.json", document(5000))  # about 2.5 MB once stored
        sandbox.list()
        before = sandbox.ok("--export", "-").stdout

        result = sandbox.run("--import", big)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn("is full", result.stderr)
        self.assertIn(sandbox.db, result.stderr)
        inspect_database(sandbox.db).assert_whole(self)
        self.assertEqual(sandbox.ok("--export", "-").stdout, before, "a failed import changed the store")

        # Room again: the same import goes through whole.
        disk.remount("size=64m")
        sandbox.ok("--import", big)
        state = inspect_database(sandbox.db)
        state.assert_whole(self)
        self.assertEqual(state.chordsets, SEED_COUNT + 5000)

    def test_export_onto_a_full_disk_fails_and_leaves_the_earlier_export_whole(self):
        disk = Tmpfs(self, "1m")
        sandbox = Sandbox(self)  # the store is elsewhere; only the export's disk is small
        target = os.path.join(disk.path, "chordsets.json")
        sandbox.ok("--export", target)
        with open(target, "rb") as f:
            earlier = f.read()
        sandbox.ok("--import", sandbox.write_json("big.json", document(5000)))  # about 1.3 MB exported
        result = sandbox.run("--export", target)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn(f"cannot write {target}", result.stderr)
        with open(target, "rb") as f:
            self.assertEqual(f.read(), earlier, "a failed export damaged the earlier one")
        self.assertEqual(os.listdir(disk.path), ["chordsets.json"], "a failed export left a temporary file")

    def test_first_start_on_a_full_disk_fails_clearly(self):
        disk = Tmpfs(self, "1m")
        sandbox = Sandbox(self, data_home=disk.path)
        disk.fill()
        result = sandbox.run("--list")
        self.assertEqual(result.returncode, 1, result)
        self.assertRegex(result.stderr, r"is full|Cannot write")
        self.assertIn(sandbox.data_dir, result.stderr)

    def test_window_keeps_every_edit_while_the_disk_is_full_and_saves_them_when_space_returns(self):
        # 6 MiB: the save of 3000 chordsets also writes their sync registers (about 40% more).
        disk = Tmpfs(self, "6m")
        sandbox = Sandbox(self, data_home=disk.path)
        shell = StressShell(self, env=sandbox.env)
        shell.send(f"startup {sandbox.db} {SEED}")
        self.assertEqual(shell.notices, [])
        filler = disk.fill()

        shell.send("add 3000 kept")
        shell.send("rename 0 Renamed while full")
        shell.send("delete 1")
        shell.send("set-color 2 7 #123456")
        expected = shell.titles()
        reply = shell.send("save", expect="error")
        self.assertRegex(reply, r"^error diskFull: The disk holding .*imager\.sqlite is full\.$")
        self.assertEqual(shell.state(), {"count": SEED_COUNT + 2999, "unsaved": 3003, "saveError": "diskFull"})
        state = inspect_database(sandbox.db, titles=True)
        state.assert_whole(self)
        self.assertEqual(state.chordsets, SEED_COUNT, "a failed save wrote part of itself")

        # Still full: a retry fails the same way and loses nothing.
        self.assertTrue(shell.send("save", expect="error").startswith("error diskFull"))
        self.assertEqual(shell.titles(), expected)

        os.remove(filler)
        shell.send("save", expect="ok saved")
        self.assertEqual(shell.state(), {"count": SEED_COUNT + 2999, "unsaved": 0, "saveError": "none"})
        state = inspect_database(sandbox.db, titles=True)
        state.assert_whole(self)
        self.assertEqual(state.titles, expected)


class ReadOnly(unittest.TestCase):
    def test_import_into_a_read_only_data_directory_fails_clearly_and_changes_nothing(self):
        disk = Tmpfs(self, "8m")
        sandbox = Sandbox(self, data_home=disk.path)
        sandbox.list()
        small = sandbox.write_json("small.json", document(3))
        digest = sha256(sandbox.db)
        disk.remount("ro")

        result = sandbox.run("--import", small)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn(f"Cannot write to {sandbox.db}: Read-only file system.", result.stderr)
        disk.remount("rw")
        self.assertEqual(sha256(sandbox.db), digest)
        inspect_database(sandbox.db).assert_whole(self)

    def test_data_directory_that_cannot_be_created_is_reported(self):
        disk = Tmpfs(self, "1m")
        disk.remount("ro")
        sandbox = Sandbox(self, data_home=disk.path)
        for arguments in (["--list"], ["--import", sandbox.write_json("small.json", document(3))]):
            with self.subTest(arguments=arguments):
                result = sandbox.run(*arguments)
                self.assertEqual(result.returncode, 1, result)
                self.assertIn(f"Cannot write to {sandbox.data_dir}", result.stderr)
                self.assertIn("Read-only file system", result.stderr)

    def test_window_keeps_every_edit_while_the_data_directory_is_read_only(self):
        # Started while the folder is read-only: the store cannot open, the list starts empty,
        # edits stay in memory, and the first save after the folder is writable writes them all.
        # (A tmpfs cannot be remounted read-only while a process has its database open for
        # writing, so a store that turns read-only under a running window is not staged here.)
        disk = Tmpfs(self, "8m")
        disk.remount("ro")
        sandbox = Sandbox(self, data_home=disk.path)
        shell = StressShell(self, env=sandbox.env)
        shell.send(f"startup {sandbox.db} {SEED}")
        self.assertEqual(len(shell.notices), 1, shell.notices)
        self.assertIn("Cannot write", shell.notices[0])
        self.assertIn("kept in memory", shell.notices[0])
        shell.send("add 50 offline")
        shell.send("rename 3 Renamed offline")
        reply = shell.send("save", expect="error")
        self.assertRegex(reply, r"^error notWritable: Cannot write to .*Read-only file system\.$")
        self.assertEqual(shell.state(), {"count": 50, "unsaved": 50, "saveError": "notWritable"})

        disk.remount("rw")
        shell.send("save", expect="ok saved")
        self.assertEqual(shell.state()["unsaved"], 0)
        state = inspect_database(sandbox.db, titles=True)
        state.assert_whole(self)
        self.assertEqual(state.titles, shell.titles())
        self.assertIn("Renamed offline", state.titles)


if __name__ == "__main__":
    unittest.main()
