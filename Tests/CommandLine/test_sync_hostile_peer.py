"""A sync folder is untrusted input: a peer (or anyone who can write into the folder) may put
any line there that passes its checksum. These tests forge such a peer next to two or three
real data homes and drive them through the command line, as `test_sync.py` does."""

import json
import os
import re
import sqlite3
import subprocess
import time
import uuid
import zlib

import unittest

import support
from support import Sandbox
from test_sync import Machine

PEER = "ab12ab12ab12ab12"
# The largest stamp the text form holds: the year 10889.
FAR_FUTURE_MS = 0xFFFFFFFFFFFF
ESCAPE = "\x1b]0;PWNED\x07"


def escape_value(value):
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def stamp(ms, counter=0, device=PEER):
    return f"{ms:012x}.{counter:04x}.{device}"


def line(key, when, fields):
    payload = key + "\t" + when + "".join(f"\t{name}={escape_value(value)}" for name, value in sorted(fields.items()))
    data = payload.encode("utf-8")
    return f"{zlib.crc32(data):08x} ".encode() + data + b"\n"


def now_ms():
    return int(time.time() * 1000)


class Peer:
    """A forged device: its folder in the sync folder, with change files written by hand."""

    def __init__(self, folder, device=PEER):
        self.directory = os.path.join(folder, "imager-sync", device)
        os.makedirs(self.directory, exist_ok=True)
        self.device = device
        self.sequence = 0

    def write(self, lines, name=None):
        self.sequence += 1
        name = name or f"{self.sequence:010d}.changes"
        path = os.path.join(self.directory, name)
        with open(path, "wb") as f:
            f.write(b"".join(lines))
        return path


def lumi_value(chordset, slot, order, shape="circle", x=0.5, y=0.5, size=0.2, rotation=0, glow=0, color="#FFFFFFFF"):
    return f"{chordset} {slot} {order} {shape} {x} {y} {size} {rotation} {glow} {color}"


class HostilePeerTests(unittest.TestCase):
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

    def snapshot_of(self, machine):
        """Everything `machine` would publish: a snapshot it writes into a fresh folder."""
        fresh = os.path.join(self.root, f"fresh-{uuid.uuid4().hex[:8]}")
        os.makedirs(fresh)
        machine.ok("--sync-folder", fresh)
        machine.sync()
        data = b""
        base = os.path.join(fresh, "imager-sync")
        for device in os.listdir(base):
            for name in os.listdir(os.path.join(base, device)):
                if name.endswith(".snapshot") or name.endswith(".changes"):
                    with open(os.path.join(base, device, name), "rb") as f:
                        data += f.read()
        machine.ok("--sync-folder", self.folder)
        return data

    def test_one_bad_value_from_a_peer_never_hides_a_record(self):
        a, b = self.machines()
        self.settle(a, b)
        rows = a.ids()
        later = stamp(now_ms())
        poisons = {
            rows[0][0]: {"position": "nan"},
            rows[1][0]: {"color3": "#zz"},
            rows[2][0]: {"created": "inf"},
            rows[3][0]: {"title": "   "},
            rows[4][0]: {"updated": "1e999", "position": "-inf"},
            rows[5][0]: {"color0": "#12345", "color1": "red"},
        }
        peer = Peer(self.folder)
        peer.write([line("c:" + key, later, fields) for key, fields in poisons.items()])
        result = a.ok("--sync")
        self.assertEqual(a.ids(), rows, "a refused value changed the list")
        # A computer that joins later gets every record, and edits to them still travel.
        c = Machine(self, self.folder)
        self.settle(a, b, c)
        self.assertEqual(c.ids(), a.ids())
        self.assertEqual(b.ids(), a.ids())
        for field in ("position", "color3", "created", "title", "updated", "color0", "color1"):
            self.assertIn(field, result.stderr)
        for key in poisons:
            a.ok("--rename", key, "Edited after the poison " + key[:4])
        self.settle(a, b, c)
        for machine in (b, c):
            titles = machine.titles()
            for key in poisons:
                self.assertIn("Edited after the poison " + key[:4], titles)
        # Nothing of the poison is republished.
        published = self.snapshot_of(a)
        for word in (b"=nan", b"#zz", b"=inf", b"1e999", b"#12345\t", b"=red"):
            self.assertNotIn(word, published)

    def test_a_bad_lumi_value_is_refused_and_the_lumi_stays(self):
        a, b = self.machines()
        self.settle(a, b)
        exported = a.sandbox.export()
        with_lumis = next(entry for entry in exported["chordsets"] if any(chord.get("lumis") for chord in entry["chords"]))
        chordset_id = with_lumis["id"].upper()
        before = [len(chord.get("lumis", [])) for chord in with_lumis["chords"]]
        # The starters' lumi ids are made from their chordset; read them from a's published files.
        lumi_keys = set()
        for device in os.listdir(os.path.join(self.folder, "imager-sync")):
            directory = os.path.join(self.folder, "imager-sync", device)
            for name in os.listdir(directory):
                if not name.endswith((".changes", ".snapshot")):
                    continue
                with open(os.path.join(directory, name), encoding="utf-8") as f:
                    for text in f:
                        parts = text.rstrip("\n").split("\t")
                        if parts[0].split(" ")[-1].startswith("l:") and any(
                                p.startswith("lumi=" + chordset_id) for p in parts[2:]):
                            lumi_keys.add(parts[0].split(" ")[-1])
        self.assertTrue(lumi_keys)
        later = stamp(now_ms())
        bad = [lumi_value(chordset_id, 0, 0, x="nan"), lumi_value(chordset_id, 9, 0), lumi_value(chordset_id, 0, 0, shape="hexagon"),
               lumi_value(chordset_id, 0, 0, size="0"), "garbage"]
        Peer(self.folder).write([line(key, later, {"lumi": bad[i % len(bad)]}) for i, key in enumerate(sorted(lumi_keys))])
        result = a.ok("--sync")
        after = next(entry for entry in a.sandbox.export()["chordsets"] if entry["id"].upper() == chordset_id)
        self.assertEqual([len(chord.get("lumis", [])) for chord in after["chords"]], before)
        self.assertIn("lumi", result.stderr)
        c = Machine(self, self.folder)
        self.settle(a, b, c)
        joined = next(entry for entry in c.sandbox.export()["chordsets"] if entry["id"].upper() == chordset_id)
        self.assertEqual([len(chord.get("lumis", [])) for chord in joined["chords"]], before)

    def test_hostile_values_do_not_spread(self):
        a, b = self.machines()
        self.settle(a, b)
        rows = a.ids()
        target = rows[0][0]
        later = stamp(now_ms())
        huge = "W" * 200_000
        lines = [line("c:" + target, later, {"title": huge}),
                 line("c:" + rows[1][0], later, {"title": "x\x00" * 3000}),
                 line("c:" + rows[2][0], later, {"surprise": "Z" * 50_000})]
        for index in range(200):
            lines.append(line("l:" + str(uuid.uuid4()).upper(), stamp(now_ms(), index),
                              {"lumi": lumi_value(target, 0, index % 32, x=0.1 + index / 1000)}))
        Peer(self.folder).write(lines)
        result = a.ok("--sync")
        entry = next(e for e in a.sandbox.export()["chordsets"] if e["id"].upper() == target)
        self.assertEqual(entry["title"], rows[0][1])
        self.assertLessEqual(len(entry["chords"][0].get("lumis", [])), 32)
        self.assertIn("title", result.stderr)
        self.assertIn("lumis", result.stderr)
        self.assertLess(len(result.stderr), 20_000, "the refusals were not summed up")
        published = self.snapshot_of(a)
        self.assertNotIn(b"WWWWWWWWWW", published)
        self.assertNotIn(b"surprise", published)
        self.assertLess(published.count(target.encode() + b" 0 "), 33)
        c = Machine(self, self.folder)
        self.settle(a, b, c)
        joined = next(e for e in c.sandbox.export()["chordsets"] if e["id"].upper() == target)
        self.assertEqual(joined["title"], rows[0][1])
        self.assertLessEqual(len(joined["chords"][0].get("lumis", [])), 32)
        self.assertEqual(c.ids(), a.ids())

    def test_a_database_a_bad_value_already_reached_heals_when_opened(self):
        a, b = self.machines()
        self.settle(a, b)
        c = Machine(self, self.folder)
        self.settle(a, b, c)
        rows = a.ids()
        hidden, recoloured = rows[0][0], rows[1][0]
        later_ms = now_ms() + 1000
        later = stamp(later_ms)

        def poison(machine, key, fields, drop_row=False):
            """What an older version stored on reading a bad line: the value in the register."""
            connection = sqlite3.connect(machine.sandbox.db)
            body = connection.execute("SELECT body FROM sync_register WHERE key = ?", ("c:" + key,)).fetchone()[0]
            lines = body.split("\n")
            kept = [text for text in lines[1:] if text.split("\t")[0] not in fields]
            kept += [f"{name}\t{value}\t{later}" for name, value in fields.items()]
            connection.execute("UPDATE sync_register SET body = ? WHERE key = ?",
                               ("\n".join([lines[0]] + sorted(kept)), "c:" + key))
            if drop_row:
                # Never shown on a computer that joined after the bad line.
                connection.execute("DELETE FROM chordset WHERE id = ?", (key,))
            # The database as the version before the healing migration left it.
            connection.execute("DELETE FROM grdb_migrations WHERE identifier = 'v5-sync-heal-refused-values'")
            connection.commit()
            connection.close()

        poison(c, hidden, {"position": "nan"}, drop_row=True)
        poison(a, recoloured, {"color3": "#zz", "title": "W" * 100_000})
        self.settle(a, b, c)
        self.assertEqual(c.ids(), rows)
        self.assertEqual(a.ids(), rows)
        published = self.snapshot_of(a)
        self.assertNotIn(b"#zz", published)
        self.assertNotIn(b"WWWWWWWWWW", published)
        # Edits to both still travel. They are made after the bad values' time, as a person's
        # edits are: a computer that never saw that stamp cannot stamp an edit past it earlier.
        time.sleep(max(0, later_ms - now_ms()) / 1000 + 0.05)
        a.ok("--rename", hidden, "Healed and renamed")
        c.ok("--set-color", recoloured, "4", "#ABCDEF")
        self.settle(a, b, c)
        for machine in (a, b, c):
            row = {r[0]: r for r in machine.ids()}
            self.assertEqual(row[hidden][1], "Healed and renamed")
            self.assertEqual(row[recoloured][2][3], "#ABCDEF")

    def test_far_future_lines_are_refused_not_kept(self):
        a, = self.machines(1)
        a.sync()
        key = "c:" + a.ids()[0][0]
        Peer(self.folder).write([line(key, stamp(FAR_FUTURE_MS, n % 0x10000, PEER), {"position": str(n)})
                                 for n in range(30_000)])
        result = a.ok("--sync")
        self.assertNotIn("kept for later", result.text)
        self.assertIn("ahead", result.stderr)
        self.assertLess(len(result.stderr.splitlines()), 50, "30,000 refusals were printed one by one")
        again = a.ok("--sync")
        self.assertNotIn("kept for later", again.text)

    def test_lines_waiting_for_their_time_are_bounded(self):
        a, = self.machines(1)
        a.sync()
        key = "c:" + a.ids()[0][0]
        hour_ahead = now_ms() + 3600 * 1000
        Peer(self.folder).write([line(key, stamp(hour_ahead + n // 0x10000, n % 0x10000, PEER), {"position": str(n)})
                                 for n in range(60_000)])
        result = a.ok("--sync")
        kept = re.search(r"\((\d+) changes stamped in the future kept for later\)", result.text)
        self.assertIsNotNone(kept, result.text)
        self.assertLessEqual(int(kept.group(1)), 50_000)

    def test_an_import_goes_through_while_a_round_works_through_many_waiting_lines(self):
        a, = self.machines(1)
        a.sync()
        # A database of the version before lines waiting were bounded, holding 1.5 million
        # lines stamped far ahead, as a hostile peer's file left them.
        key = "c:" + a.ids()[0][0]
        connection = sqlite3.connect(a.sandbox.db)
        connection.execute("DELETE FROM grdb_migrations WHERE identifier >= 'v4'")
        connection.execute("DROP TABLE setlist_entry")
        connection.execute("DROP TABLE setlist")
        connection.execute("DROP TABLE sync_pending")
        connection.execute("CREATE TABLE sync_pending (line TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID")

        def lines():
            for n in range(1_500_000):
                payload = f"{key}\t{FAR_FUTURE_MS - n:012x}.0000.{PEER}\tposition={n}".encode()
                yield (f"{zlib.crc32(payload):08x} {payload.decode()}\n",)
        connection.executemany("INSERT INTO sync_pending (line) VALUES (?)", lines())
        connection.commit()
        connection.close()
        path = a.sandbox.write_json("one.json", {"version": 1, "chordsets": [
            {"title": "Imported during a round", "chords": [{"color": "#112233"}] * 8}]})
        round_process = subprocess.Popen([support.IMAGER, "--sync"], env=a.sandbox.env,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(1.0)
        imported = a.sandbox.run("--import", path, timeout=300)
        out, err = round_process.communicate(timeout=300)
        self.assertEqual(round_process.returncode, 0, err)
        self.assertEqual(imported.returncode, 0, imported)
        self.assertIn("Imported during a round", a.titles())
        started = time.monotonic()
        a.sync()
        self.assertLess(time.monotonic() - started, 8, "a later round still works through the waiting lines")

    def test_outside_text_never_reaches_the_terminal_raw(self):
        a, = self.machines(1)
        a.sync()
        peer = Peer(self.folder)
        # A record name, a field name and a value with escapes, in a line with a good checksum.
        peer.write([line(ESCAPE + "c:" + a.ids()[0][0], stamp(now_ms()), {"title": "x"}),
                    line("c:" + a.ids()[0][0], stamp(now_ms()), {ESCAPE: "y"}),
                    line("c:" + a.ids()[1][0], ESCAPE, {"title": "x"})])
        # A conflict copy's name, holding a damaged line.
        peer.write([b"00000000 damaged\n"], name="0000000002.sync-conflict-" + ESCAPE + ".changes")
        result = a.ok("--sync")
        self.assertIn("PWNED", result.stderr)
        self.assertNotIn("\x1b", result.stderr)
        self.assertNotIn("\x07", result.stderr)
        # An import's error quoting a title, a shape, a colour.
        cases = [
            {"version": 2, "chordsets": [{"title": ESCAPE, "chords": [{"color": "#000000"}] * 7}]},
            {"version": 2, "chordsets": [{"title": "t", "chords": [{"color": "#000000", "lumis": [
                {"shape": ESCAPE, "x": 0.5, "y": 0.5, "size": 0.2, "color": "#FFFFFF"}]}] + [{"color": "#000000"}] * 7}]},
            {"version": 2, "chordsets": [{"title": "t", "chords": [{"color": ESCAPE}] * 8}]},
            {"version": 2, "chordsets": [{"title": "t", "chords": [{"color": "#000000", "lumis": [
                {"shape": "circle", "x": 0.5, "y": 0.5, "size": 0.2, "color": ESCAPE}]}] + [{"color": "#000000"}] * 7}]},
            {"version": ESCAPE, "chordsets": []},
        ]
        for index, document in enumerate(cases):
            with self.subTest(document=index):
                result = a.run("--import", a.sandbox.write_json(f"bad{index}.json", document))
                self.assertEqual(result.returncode, 1, result)
                self.assertIn("PWNED", result.stderr)
                self.assertNotIn("\x1b", result.stderr)
                self.assertNotIn("\x07", result.stderr)
        named = a.sandbox.path("bad" + ESCAPE + ".json")
        with open(named, "w") as f:
            f.write("{")
        result = a.run("--import", named)
        self.assertEqual(result.returncode, 1, result)
        self.assertNotIn("\x1b", result.stderr)
        # A title with control characters that reached the database some other way (a
        # hand-edited file) is listed, renamed and reported escaped.
        connection = sqlite3.connect(a.sandbox.db)
        first = a.ids()[0][0]
        connection.execute("UPDATE chordset SET title = ? WHERE id = ?", ("Tab\there" + ESCAPE + "\nnext", first))
        connection.commit()
        connection.close()
        listed = a.ok("--list", "--ids").text
        self.assertNotIn("\x1b", listed)
        self.assertEqual(len(listed.splitlines()), len(a.ids()))
        self.assertTrue(all(len(row.split("\t")) == 3 for row in listed.splitlines()), listed)
        for form in ("gpl", "css", "svg"):
            exported = a.ok("--export-palette", first, "-", "--format", form).stdout
            self.assertNotIn(b"\x1b", exported, form)
            self.assertNotIn(b"\x07", exported, form)
        renamed = a.ok("--rename", first, "Clean")
        self.assertIn("PWNED", renamed.stderr)
        self.assertNotIn("\x1b", renamed.stderr)



if __name__ == "__main__":
    unittest.main()
