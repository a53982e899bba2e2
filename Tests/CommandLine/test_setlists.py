"""Set lists through the real binary: `--list-setlists` prints one line per set list (its id,
a tab, its title, a tab, its chordset count), `--export` writes them in JSON version 3 and
`--import` reads them back; an entry naming no chordset refuses the whole file with its path."""
import os
import re
import sqlite3
import unittest
import uuid

from support import SEED_COUNT, Sandbox, chordset, sha256
from test_sync import Machine

SETLIST_LINE = re.compile(r"^([0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12})\t([^\t\n]*)\t(\d+)$")


def row_counts(path):
    connection = sqlite3.connect(path)
    try:
        return [connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("chordset", "chord", "lumi", "setlist", "setlist_entry")]
    finally:
        connection.close()


def new_id():
    return str(uuid.uuid4()).upper()


def show():
    """A version 3 document: four chordsets and two set lists naming them."""
    entries = [chordset(f"song {i}", 100 + i) for i in range(4)]
    ids = [e["id"] for e in entries]
    setlists = [{"id": new_id(), "title": "Friday", "chordsets": [ids[2], ids[0], ids[3], ids[2]]},
                {"id": new_id(), "title": "Encore", "chordsets": [ids[1]]}]
    return {"version": 3, "chordsets": entries, "setlists": setlists}


class SetListCommandTests(unittest.TestCase):
    def setUp(self):
        self.sandbox = Sandbox(self)

    def setlists(self, sandbox=None):
        """--list-setlists as (id, title, count) triples, checking the line format on the way."""
        result = (sandbox or self.sandbox).ok("--list-setlists")
        self.assertEqual(result.stderr, "")
        lines = result.stdout.decode("utf-8").split("\n")
        self.assertEqual(lines[-1], "", "--list-setlists output does not end with a newline")
        rows = []
        for line in lines[:-1]:
            match = SETLIST_LINE.match(line)
            self.assertIsNotNone(match, f"--list-setlists line has the wrong format: {line[:200]!r}")
            rows.append((match.group(1), match.group(2), int(match.group(3))))
        return rows

    def test_a_new_store_has_no_set_lists(self):
        result = self.sandbox.ok("--list-setlists")
        self.assertEqual(result.stdout, b"")

    def test_imported_set_lists_are_listed_with_id_title_and_count(self):
        document = show()
        path = self.sandbox.write_json("show.json", document)
        result = self.sandbox.ok("--import", path)
        self.assertIn(f"Imported 4 chordsets and 2 set lists from {path}", result.stderr)
        expected = [(s["id"], s["title"], len(s["chordsets"])) for s in document["setlists"]]
        self.assertEqual(self.setlists(), expected)

    def test_export_then_import_elsewhere_keeps_the_set_lists(self):
        document = show()
        self.sandbox.ok("--import", self.sandbox.write_json("show.json", document))
        exported = self.sandbox.export()
        self.assertEqual(exported["version"], 3)
        self.assertEqual([s["title"] for s in exported["setlists"]], ["Friday", "Encore"])
        self.assertEqual(exported["setlists"][0]["chordsets"], document["setlists"][0]["chordsets"])
        listed = self.sandbox.ok("--export", self.sandbox.path("out.json"))
        self.assertIn("and 2 set lists to", listed.stderr)

        elsewhere = Sandbox(self)
        elsewhere.ok("--import", elsewhere.write_json("show.json", exported))
        self.assertEqual(self.setlists(elsewhere), self.setlists())
        # The starter chordsets of both stores have the same ids: the second copy of them gets
        # fresh ids, and the set lists' entries name the songs, which kept theirs.
        again = elsewhere.export()
        self.assertEqual([s["chordsets"] for s in again["setlists"]], [s["chordsets"] for s in exported["setlists"]])

    def test_importing_the_same_file_twice_names_the_copies(self):
        document = show()
        path = self.sandbox.write_json("show.json", document)
        self.sandbox.ok("--import", path)
        self.sandbox.ok("--import", path)
        exported = self.sandbox.export()
        titles = [e["title"] for e in exported["chordsets"]]
        self.assertEqual(titles[SEED_COUNT:], [f"song {i}" for i in range(4)] * 2)
        copies = [e["id"] for e in exported["chordsets"][SEED_COUNT + 4:]]
        rows = self.setlists()
        self.assertEqual([(title, count) for _, title, count in rows], [("Friday", 4), ("Encore", 1)] * 2)
        self.assertEqual(len({row[0] for row in rows}), 4, "a set list id already stored gets a fresh one")
        self.assertEqual(exported["setlists"][2]["chordsets"], [copies[2], copies[0], copies[3], copies[2]])
        self.assertEqual(exported["setlists"][0]["chordsets"], document["setlists"][0]["chordsets"])

    def test_an_entry_may_name_a_chordset_already_stored(self):
        stored = self.sandbox.ok("--list", "--ids").text.split("\n")[0].split("\t")[0]
        document = {"version": 3, "chordsets": [], "setlists": [{"title": "Starters", "chordsets": [stored.lower()]}]}
        self.sandbox.ok("--import", self.sandbox.write_json("starters.json", document))
        self.assertEqual([(t, c) for _, t, c in self.setlists()], [("Starters", 1)])
        self.assertEqual(self.sandbox.export()["setlists"][0]["chordsets"], [stored])

    def test_an_entry_naming_no_chordset_refuses_the_whole_file_with_its_path(self):
        self.sandbox.list()   # seeds
        document = show()
        stranger = new_id()
        document["setlists"][0]["chordsets"][3] = stranger
        path = self.sandbox.write_json("show.json", document)
        # Refused inside the store's transaction, after the database is open (opening writes
        # to the file), so what is compared is what the store holds, not the file's bytes.
        before = (self.sandbox.export(), self.setlists(), row_counts(self.sandbox.db))
        result = self.sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertEqual(result.stderr, f"imager: nothing imported: {path}: setlists[0].chordsets[3]: "
                                        f"no chordset has the id {stranger}, in the file or in the list.\n")
        self.assertEqual((self.sandbox.export(), self.setlists(), row_counts(self.sandbox.db)), before,
                         "a refused import changed the store")

    def test_a_bad_entry_is_refused_by_the_reader_with_its_path(self):
        self.sandbox.list()
        document = show()
        document["setlists"][1]["chordsets"] = [document["chordsets"][0]["id"], 12]
        path = self.sandbox.write_json("show.json", document)
        before = sha256(self.sandbox.db)
        result = self.sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertEqual(result.stderr, f"imager: nothing imported: {path}: setlists[1].chordsets[1]: "
                                        "12 is not a chordset id (a UUID)\n")
        self.assertEqual(sha256(self.sandbox.db), before)

    def test_deleting_a_chordset_takes_it_out_of_every_set_list(self):
        document = show()
        self.sandbox.ok("--import", self.sandbox.write_json("show.json", document))
        self.sandbox.ok("--delete", document["chordsets"][2]["id"])
        self.assertEqual([(t, c) for _, t, c in self.setlists()], [("Friday", 2), ("Encore", 1)])
        remaining = self.sandbox.export()["setlists"][0]["chordsets"]
        self.assertEqual(remaining, [document["chordsets"][0]["id"], document["chordsets"][3]["id"]])

    def test_a_title_from_a_hand_edited_database_is_printed_escaped(self):
        self.sandbox.list()   # creates the database
        setlist = new_id()
        connection = sqlite3.connect(self.sandbox.db)
        with connection:
            connection.execute("INSERT INTO setlist (id, title, position, created_at, updated_at) VALUES (?, ?, 0, 0, 0)",
                               (setlist, "\x1b]0;owned\x07Friday\tnight\n"))
        connection.close()
        result = self.sandbox.ok("--list-setlists")
        self.assertEqual(result.stdout, f"{setlist}\t\\x1B]0;owned\\x07Friday\\x09night\\x0A\t0\n".encode())

    def test_an_extra_argument_is_a_usage_error(self):
        result = self.sandbox.run("--list-setlists", "now")
        self.assertEqual(result.returncode, 2, result)
        self.assertIn("unexpected argument “now”", result.stderr)

    def test_help_names_the_command(self):
        self.assertIn("--list-setlists", self.sandbox.ok("--help").text)


class SetListSyncTests(unittest.TestCase):
    """Two data homes sharing one folder: a set list imported on one reaches the other, and a
    chordset deleted on the other leaves it there too."""

    def test_set_lists_sync_through_the_folder(self):
        folder = os.path.join(Sandbox(self).root, "shared")
        os.makedirs(folder)
        a, b = Machine(self, folder), Machine(self, folder)
        document = show()
        a.ok("--import", a.sandbox.write_json("show.json", document))
        for _ in range(2):
            a.sync()
            b.sync()
        listed = b.ok("--list-setlists").text
        self.assertEqual(listed, a.ok("--list-setlists").text)
        self.assertEqual([line.split("\t")[1:] for line in listed.splitlines()], [["Friday", "4"], ["Encore", "1"]])
        b.ok("--delete", document["chordsets"][2]["id"])
        for _ in range(2):
            b.sync()
            a.sync()
        self.assertEqual([line.split("\t")[1:] for line in a.ok("--list-setlists").text.splitlines()],
                         [["Friday", "2"], ["Encore", "1"]])


if __name__ == "__main__":
    unittest.main()
