"""The sync folder is input from other machines and from whoever else can write into it. Two
or three private data homes share one folder, as in test_sync.py; the folder is then given
links, pipes, folders and huge files where Imager expects its own files, and every round
must go on: write nothing through a link, read nothing without bound, merge the honest rest."""

import os
import sqlite3
import stat
import unittest

from support import Sandbox
from test_sync import SYNCED, Machine

GIB = 1024 * 1024 * 1024
# A run of imager holds about 30 MB on its own; a file read whole would hold its size.
MEMORY_BOUND_KB = 150 * 1024
# A fake device: a valid id no real database will take.
STRANGER = "00000000000000ff"


def device_of(machine):
    with sqlite3.connect(f"file:{machine.sandbox.db}?mode=ro", uri=True) as db:
        return db.execute("SELECT value FROM app_state WHERE key = 'sync.device'").fetchone()[0]


def read_offset(machine, device, name):
    """How far `machine` has read `device`'s file `name`, as its database records it."""
    with sqlite3.connect(f"file:{machine.sandbox.db}?mode=ro", uri=True) as db:
        row = db.execute("SELECT bytes FROM sync_read WHERE device = ? AND file = ?", (device, name)).fetchone()
        return row[0] if row else 0


def sequences(directory):
    return sorted(int(name[:10]) for name in os.listdir(directory) if name[:10].isdigit())


class UntrustedSyncFolderTests(unittest.TestCase):
    def setUp(self):
        self.root = Sandbox(self).root
        self.folder = os.path.join(self.root, "shared")
        self.devices = os.path.join(self.folder, "imager-sync")
        os.makedirs(self.folder)

    def machines(self, count=2):
        machines = [Machine(self, self.folder) for _ in range(count)]
        for _ in range(2):
            for machine in machines:
                machine.sync()
        return machines

    def own_directory(self, machine):
        return os.path.join(self.devices, device_of(machine))

    def outside(self, name, content=None):
        """A file or folder outside the sync folder, that no round may touch."""
        path = os.path.join(self.root, name)
        if content is not None:
            with open(path, "wb") as f:
                f.write(content)
        return path

    def sync(self, machine):
        """A round that must succeed: its stderr (the reports) is returned."""
        result = machine.sandbox.run("--sync", timeout=60)
        self.assertEqual(result.returncode, 0, result)
        self.assertRegex(result.text, SYNCED)
        return result

    def assert_rename_arrives(self, writer, reader, title):
        """An honest edit on `writer` still reaches `reader` through the folder."""
        target = writer.ids()[0][0]
        writer.ok("--rename", target, title)
        self.sync(writer)
        self.sync(reader)
        self.assertIn(title, reader.titles())

    # Never write through a link.

    def test_own_device_file_linked_to_a_file_outside_is_left_alone(self):
        a, b = self.machines()
        notes = self.outside("notes.txt", b"my notes\n")
        device_file = os.path.join(self.own_directory(a), "device.txt")
        os.remove(device_file)
        os.symlink(notes, device_file)
        a.ok("--sync-folder", self.folder)
        result = self.sync(a)
        with open(notes, "rb") as f:
            self.assertEqual(f.read(), b"my notes\n")
        self.assertEqual(os.readlink(device_file), notes)
        self.assertIn(device_file, result.stderr)
        self.assertIn("link", result.stderr)
        self.assert_rename_arrives(a, b, "Renamed after the link")
        with open(notes, "rb") as f:
            self.assertEqual(f.read(), b"my notes\n")

    def test_own_device_file_as_a_dangling_link_creates_nothing(self):
        a, b = self.machines()
        target = self.outside("made-by-imager.txt")
        device_file = os.path.join(self.own_directory(a), "device.txt")
        os.remove(device_file)
        os.symlink(target, device_file)
        self.sync(a)
        self.assertFalse(os.path.lexists(target))
        self.assertTrue(os.path.islink(device_file))
        self.assert_rename_arrives(a, b, "Renamed after the dangling link")
        self.assertFalse(os.path.lexists(target))

    def test_next_change_file_as_a_link_is_left_alone_and_a_new_file_is_written(self):
        a, b = self.machines()
        directory = self.own_directory(a)
        following = sequences(directory)[-1] + 1
        empty = self.outside("empty.txt", b"")
        nowhere = self.outside("nowhere.changes")
        linked = os.path.join(directory, "%010d.changes" % following)
        dangling = os.path.join(directory, "%010d.changes" % (following + 1))
        os.symlink(empty, linked)
        os.symlink(nowhere, dangling)
        target = a.ids()[0][0]
        a.ok("--rename", target, "Renamed past two links")
        result = self.sync(a)
        self.assertEqual(os.path.getsize(empty), 0)
        self.assertFalse(os.path.lexists(nowhere))
        self.assertTrue(os.path.islink(linked) and os.path.islink(dangling))
        self.assertIn(linked, result.stderr)
        self.sync(b)
        self.assertIn("Renamed past two links", b.titles())
        self.assertEqual(os.path.getsize(empty), 0)

    def test_own_device_folder_linked_to_another_folder_gets_nothing(self):
        a, b = self.machines()
        directory = self.own_directory(a)
        elsewhere = self.outside("elsewhere")
        os.makedirs(elsewhere)
        os.rename(directory, os.path.join(self.root, "moved-away"))
        os.symlink(elsewhere, directory)
        result = self.sync(a)
        self.assertIn(directory, result.stderr)
        self.assertEqual(os.listdir(elsewhere), [])
        self.assertTrue(os.path.islink(directory))
        self.assert_rename_arrives(a, b, "Renamed beside the linked folder")
        self.assertEqual(os.listdir(elsewhere), [])

    def test_devices_folder_as_a_link_is_refused_naming_it(self):
        elsewhere = self.outside("elsewhere")
        os.makedirs(elsewhere)
        os.symlink(elsewhere, self.devices)
        a = Machine(self, self.folder)
        result = a.run("--sync")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn(self.devices, result.stderr)
        self.assertIn("link", result.stderr)
        self.assertEqual(os.listdir(elsewhere), [])

    # One odd entry never stops a round.

    def test_odd_entries_of_another_device_are_reported_and_the_rest_merged(self):
        a, b = self.machines()
        stranger = os.path.join(self.devices, STRANGER)
        os.makedirs(os.path.join(stranger, "0000000001.changes"))
        os.symlink(self.outside("gone.changes"), os.path.join(stranger, "0000000002.changes"))
        os.mkfifo(os.path.join(stranger, "0000000003.changes"))
        os.symlink(os.path.join(self.root, "elsewhere"), os.path.join(self.devices, "00000000000000fe"))
        with open(os.path.join(self.devices, "00000000000000fd"), "w") as f:
            f.write("a file named like a device folder")
        target = a.ids()[0][0]
        a.ok("--rename", target, "Merged past the odd entries")
        self.sync(a)
        result = self.sync(b)
        self.assertIn("Merged past the odd entries", b.titles())
        for name in ("0000000001.changes", "0000000002.changes", "0000000003.changes"):
            self.assertIn(os.path.join(stranger, name), result.stderr)
        for name in ("00000000000000fe", "00000000000000fd"):
            self.assertIn(os.path.join(self.devices, name), result.stderr)
        self.assertTrue(stat.S_ISFIFO(os.lstat(os.path.join(stranger, "0000000003.changes")).st_mode))

    def test_own_device_file_as_a_pipe_does_not_stop_the_round(self):
        a, b = self.machines()
        device_file = os.path.join(self.own_directory(b), "device.txt")
        os.remove(device_file)
        os.mkfifo(device_file)
        target = a.ids()[0][0]
        a.ok("--rename", target, "Merged beside a pipe")
        self.sync(a)
        result = self.sync(b)
        self.assertIn(device_file, result.stderr)
        self.assertIn("Merged beside a pipe", b.titles())
        self.assertTrue(stat.S_ISFIFO(os.lstat(device_file).st_mode))
        self.assert_rename_arrives(b, a, "Sent from beside a pipe")

    def test_own_device_folder_as_a_plain_file_does_not_stop_the_round(self):
        a, b = self.machines()
        directory = self.own_directory(b)
        os.rename(directory, os.path.join(self.root, "moved-away"))
        with open(directory, "w") as f:
            f.write("not a folder")
        result = self.sync(b)
        self.assertIn(directory, result.stderr)
        with open(directory) as f:
            self.assertEqual(f.read(), "not a folder")
        self.assert_rename_arrives(b, a, "Sent past a plain file")

    # Bounded memory and time per file.

    def stranger_file(self, name="0000000001.changes"):
        directory = os.path.join(self.devices, STRANGER)
        os.makedirs(directory, exist_ok=True)
        return os.path.join(directory, name)

    def test_huge_change_files_without_a_newline_are_read_in_bounded_memory(self):
        a, b = self.machines()
        for size in (2 * GIB, 10 * GIB):
            with self.subTest(size=size):
                name = "%010d.changes" % (size // GIB)
                path = self.stranger_file(name)
                with open(path, "wb") as f:
                    f.truncate(size)   # sparse: no disk used, and no newline anywhere
                # Each round reads on from where the last one stopped, never from the start,
                # in bounded memory and time, until the whole file is behind it.
                read = []
                for _ in range(20):
                    result = self.sync(b)
                    self.assertLess(result.max_rss_kb, MEMORY_BOUND_KB, f"peak memory {result.max_rss_kb} kB")
                    self.assertLess(result.seconds, 20)
                    read.append(read_offset(b, STRANGER, name))
                    if read[-1] == size:
                        break
                self.assertEqual(read[-1], size, read)
                self.assertEqual(read, sorted(set(read)), "a round read the file again from an earlier place")
                again = self.sync(b)
                self.assertLess(again.seconds, 5)
                os.remove(path)
        self.assert_rename_arrives(a, b, "Merged after the huge files")

    def test_an_over_long_line_is_skipped_and_the_next_lines_merged(self):
        a, b, c = self.machines(3)
        target = c.ids()[0][0]
        c.ok("--rename", target, "Behind a long line")
        self.sync(c)
        own = self.own_directory(c)
        newest = os.path.join(own, "%010d.changes" % sequences(own)[-1])
        with open(newest, "rb") as f:
            lines = f.read()
        self.assertIn(b"Behind a long line", lines)
        # c's folder goes away; the stranger alone carries its change now.
        os.rename(own, os.path.join(self.root, "moved-away"))
        path = self.stranger_file()
        with open(path, "wb") as f:
            f.truncate(300 * 1024 * 1024)   # a sparse line of 300 MiB of zero bytes
            f.seek(0, os.SEEK_END)
            f.write(b"\n" + lines)
        result = self.sync(b)
        self.assertIn(path + ", at byte 0", result.stderr)
        self.assertIn("Behind a long line", b.titles())
        self.assertLess(result.max_rss_kb, MEMORY_BOUND_KB)

    def test_own_huge_device_file_is_not_read_whole(self):
        a, b = self.machines()
        device_file = os.path.join(self.own_directory(b), "device.txt")
        with open(device_file, "r+b") as f:
            f.truncate(GIB)
        result = self.sync(b)
        self.assertLess(result.max_rss_kb, MEMORY_BOUND_KB, f"peak memory {result.max_rss_kb} kB")
        self.assert_rename_arrives(b, a, "Sent past a huge name file")


if __name__ == "__main__":
    unittest.main()
