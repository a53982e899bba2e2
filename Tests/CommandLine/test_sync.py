"""Sync through the real binary: two machines are two data homes sharing one folder (as a
folder sync would keep it). Every edit is made with the command line, as the window would
make it, and `--sync` merges by the rules of the README's sync section."""

import os
import re
import shutil
import unittest

from support import SEED_COUNT, Sandbox, seed_chordsets

SYNCED = re.compile(r"^Synced: (\d+) changes? sent, (\d+) received from (\d+) other computers?\n$")
ID_LINE = re.compile(r"^([0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12})\t([^\t\n]*)\t(#[0-9A-F]{6,8}( #[0-9A-F]{6,8}){7})$")


class Machine:
    """One computer: its own data home, syncing through `folder`."""

    def __init__(self, test, folder):
        self.sandbox = Sandbox(test)
        self.folder = folder
        self.sandbox.ok("--sync-folder", folder)

    def ok(self, *args):
        return self.sandbox.ok(*args)

    def run(self, *args):
        return self.sandbox.run(*args)

    def sync(self):
        result = self.ok("--sync")
        match = SYNCED.match(result.text)
        assert match, f"--sync printed {result.text!r}"
        return tuple(int(n) for n in match.groups())

    def ids(self):
        """--list --ids as (id, title, colours) in list order, checking each line."""
        rows = []
        for line in self.ok("--list", "--ids").text.splitlines():
            match = ID_LINE.match(line)
            assert match, f"--list --ids line has the wrong format: {line!r}"
            rows.append((match.group(1), match.group(2), match.group(3).split(" ")))
        return rows

    def titles(self):
        return [title for _, title, _ in self.ids()]


class SyncCommandLineTests(unittest.TestCase):
    def setUp(self):
        self.root = Sandbox(self).root
        self.folder = os.path.join(self.root, "shared")
        os.makedirs(self.folder)

    def machines(self, count=2):
        return [Machine(self, self.folder) for _ in range(count)]

    def settle(self, *machines):
        for _ in range(2):
            for machine in machines:
                machine.sync()

    def test_list_ids_is_the_id_a_tab_then_what_list_prints(self):
        sandbox = Sandbox(self)
        plain = sandbox.ok("--list").text.splitlines()
        with_ids = sandbox.ok("--list", "--ids").text.splitlines()
        self.assertEqual(len(with_ids), SEED_COUNT)
        self.assertEqual([line.split("\t", 1)[1] for line in with_ids], plain)
        self.assertEqual(with_ids[0].split("\t")[0], seed_chordsets()[0]["id"].upper())

    def test_each_edit_saves_and_lists(self):
        sandbox = Sandbox(self)
        first, second = [line.split("\t")[0] for line in sandbox.ok("--list", "--ids").text.splitlines()[:2]]
        sandbox.ok("--rename", first, "  New name ")
        sandbox.ok("--set-color", first, "8", "#10203040")
        sandbox.ok("--move", first, "1")
        rows = sandbox.ok("--list", "--ids").text.splitlines()
        self.assertEqual(rows[0].split("\t")[0], second)
        self.assertEqual(rows[1].split("\t")[1], "New name")
        self.assertTrue(rows[1].endswith(" #10203040"), rows[1])
        sandbox.ok("--delete", second)
        self.assertEqual(len(sandbox.ok("--list").text.splitlines()), SEED_COUNT - 1)
        sandbox.ok("--delete-all")
        self.assertEqual(sandbox.ok("--list").text, "")

    def test_bad_edit_arguments_are_refused_with_a_reason(self):
        sandbox = Sandbox(self)
        first = sandbox.ok("--list", "--ids").text.split("\t")[0]
        unknown = "00000000-0000-4000-8000-000000000000"
        cases = [
            (("--rename", unknown, "x"), 1, "no chordset has the id"),
            (("--rename", first, "   "), 1, "empty"),
            (("--set-color", first, "9", "#FFFFFF"), 2, "slots are 1 to 8"),
            (("--set-color", first, "0", "#FFFFFF"), 2, "slots are 1 to 8"),
            (("--set-color", first, "1", "red"), 2, "not a colour"),
            (("--move", first, "-1"), 2, "not an index"),
            (("--move", first, str(SEED_COUNT)), 1, "indexes are 0 to"),
            (("--delete", "nope"), 2, "not a chordset id"),
            (("--delete",), 2, "needs a chordset ID"),
            (("--sync-folder",), 2, "needs a DIR"),
            (("--sync-folder", os.path.join(self.root, "missing")), 1, "does not exist"),
            (("--sync",), 1, "No sync folder is chosen"),
        ]
        before = sandbox.ok("--list", "--ids").text
        for args, status, words in cases:
            with self.subTest(args=args):
                result = sandbox.run(*args)
                self.assertEqual(result.returncode, status, result)
                self.assertIn(words, result.stderr)
        self.assertEqual(sandbox.ok("--list", "--ids").text, before, "a refused edit changed something")

    def test_two_freshly_seeded_machines_hold_one_copy_of_each_starter(self):
        a, b = self.machines()
        sent, received, others = a.sync()
        self.assertEqual(others, 0)
        self.assertGreater(sent, 0)
        _, received, others = b.sync()
        self.assertEqual(others, 1)
        self.assertGreater(received, 0)
        a.sync()
        self.assertEqual(a.ids(), b.ids())
        self.assertEqual(len(a.ids()), SEED_COUNT)

    def test_a_rename_here_and_a_colour_change_there_both_survive(self):
        a, b = self.machines()
        self.settle(a, b)
        target = a.ids()[2][0]
        a.ok("--rename", target, "Renamed on A")
        b.ok("--set-color", target, "4", "#ABCDEF")
        self.settle(a, b)
        for machine in (a, b):
            row = next(r for r in machine.ids() if r[0] == target)
            self.assertEqual(row[1], "Renamed on A")
            self.assertEqual(row[2][3], "#ABCDEF")
        self.assertEqual(a.ids(), b.ids())

    def test_for_one_field_the_later_edit_wins(self):
        a, b = self.machines()
        self.settle(a, b)
        target = a.ids()[0][0]
        a.ok("--rename", target, "First")
        a.sync()
        b.sync()
        b.ok("--rename", target, "Second, after seeing the first")
        self.settle(a, b)
        self.assertIn("Second, after seeing the first", a.titles())
        self.assertNotIn("First", a.titles())
        self.assertEqual(a.ids(), b.ids())

    def test_a_delete_wins_over_a_concurrent_edit(self):
        a, b = self.machines()
        self.settle(a, b)
        target = a.ids()[1][0]
        b.ok("--rename", target, "Edited on B")
        a.ok("--delete", target)
        self.settle(a, b)
        for machine in (a, b):
            self.assertNotIn(target, [r[0] for r in machine.ids()])
        self.assertEqual(a.ids(), b.ids())

    def test_delete_all_keeps_what_another_machine_added_meanwhile(self):
        a, b = self.machines()
        self.settle(a, b)
        path = b.sandbox.write_json("one.json", {"version": 1, "chordsets": [
            {"title": "Added on B", "chords": [{"color": "#112233"}] * 8}]})
        b.ok("--import", path)
        a.ok("--delete-all")
        self.settle(a, b)
        self.assertEqual(a.titles(), ["Added on B"])
        self.assertEqual(b.titles(), ["Added on B"])

    def test_moves_converge_to_one_order(self):
        a, b = self.machines()
        self.settle(a, b)
        rows = a.ids()
        a.ok("--move", rows[0][0], "3")
        b.ok("--move", rows[5][0], "0")
        self.settle(a, b)
        self.assertEqual(a.ids(), b.ids())
        order = [r[0] for r in a.ids()]
        self.assertEqual(order[0], rows[5][0])

    def test_a_third_machine_joining_later_gets_everything(self):
        a, b = self.machines()
        self.settle(a, b)
        target = a.ids()[0][0]
        a.ok("--rename", target, "Before C joined")
        b.ok("--delete", a.ids()[1][0])
        self.settle(a, b)
        c = Machine(self, self.folder)
        self.settle(a, b, c)
        self.assertEqual(c.ids(), a.ids())
        self.assertEqual(c.ids(), b.ids())

    def test_an_emptied_folder_deletes_nothing(self):
        a, b = self.machines()
        self.settle(a, b)
        before = a.ids()
        shutil.rmtree(os.path.join(self.folder, "imager-sync"))
        self.settle(a, b)
        self.assertEqual(a.ids(), before)
        self.assertEqual(b.ids(), before)

    def test_a_corrupt_record_is_reported_with_its_file_and_the_rest_is_read(self):
        a, b = self.machines()
        self.settle(a, b)
        rows = a.ids()
        a.ok("--rename", rows[0][0], "Good one")
        a.ok("--rename", rows[1][0], "Damaged one")
        a.sync()
        device_dirs = [d for d in os.listdir(os.path.join(self.folder, "imager-sync"))]
        damaged = None
        for device in device_dirs:
            directory = os.path.join(self.folder, "imager-sync", device)
            for name in os.listdir(directory):
                path = os.path.join(directory, name)
                with open(path, "rb") as f:
                    data = f.read()
                if b"Damaged one" in data:
                    with open(path, "wb") as f:
                        f.write(data.replace(b"Damaged one", b"Damaged onf"))
                    damaged = path
        self.assertIsNotNone(damaged)
        result = b.ok("--sync")
        self.assertRegex(result.text, SYNCED)
        self.assertIn(damaged, result.stderr)
        self.assertIn("checksum", result.stderr)
        self.assertIn("Good one", b.titles())
        self.assertNotIn("Damaged onf", b.titles())

    def test_stopping_sync_keeps_the_list_and_sync_then_fails(self):
        a, = self.machines(1)
        a.sync()
        before = a.ids()
        a.ok("--sync-folder", "none")
        self.assertEqual(a.ids(), before)
        result = a.run("--sync")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("No sync folder", result.stderr)

    def test_a_folder_it_cannot_write_into_fails_naming_the_path(self):
        a, = self.machines(1)
        # A file where the imager-sync folder belongs: not writable, even for root.
        blocker = os.path.join(self.folder, "imager-sync")
        with open(blocker, "w") as f:
            f.write("not a folder")
        result = a.run("--sync")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn(blocker, result.stderr)
        self.assertEqual(result.text, "")

if __name__ == "__main__":
    unittest.main()
