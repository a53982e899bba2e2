"""Hostile input. Titles with quotes, SQL, control characters, NUL, right-to-left
text, emoji and 100 kB go through --import and come back from --list and --export exactly
(control characters dropped, line breaks and tabs made spaces). Malformed, deeply nested,
100 MB, wrongly typed and otherwise invalid files are refused whole with a message naming the
file, the entry and the reason; the store is untouched. A broken seed leaves an empty list
and a message naming the seed file."""

import json
import os
import unicodedata
import unittest

from support import SEED, SEED_COUNT, Sandbox, StressShell, chordset, document, inspect_database, sha256

HOSTILE_TITLES = [
    'He said "hi" and \'bye\'',
    "Robert'); DROP TABLE chordset; --",
    "1; DELETE FROM chord WHERE 1=1",
    "ctrl\x01\x02\x07\x1b[31mred\x7f\x9b",
    "nul\x00inside",
    "line\nbreak\ttab\r\nend",
    "\u2028separators\u2029",
    "مرحبا بالعالم",
    "\u202egnp.exe",
    "👩‍👩‍👧‍👦 family 🏳️‍🌈",
    "e\u0301 combining",
    "\u00a0no-break spaces\u00a0",
    "%s%n%x{0}",
    "<script>alert(1)</script>",
    "\\back\\slash\\",
    "\ufeffbyte order mark first",
    "\U0010ffff last code point",
    "   padded   ",
    ("Wide 🎨 مرحبا " * 8000)[:1_000],   # as long as a title may be (ChordsetTitle.maximumLength)
]


def sanitized(raw):
    """ChordsetTitle.sanitized, as the README states it: line breaks and tabs become spaces,
    other control characters go, and the ends are trimmed of spaces; the rest is kept."""
    out = []
    for ch in raw:
        code = ord(ch)
        if code in (0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029):
            out.append(" ")
        elif code <= 0x1F or 0x7F <= code <= 0x9F:
            continue
        else:
            out.append(ch)
    text = "".join(out)
    space = lambda c: c == "\t" or unicodedata.category(c) == "Zs"
    start, end = 0, len(text)
    while start < end and space(text[start]):
        start += 1
    while end > start and space(text[end - 1]):
        end -= 1
    return text[start:end]


def entry(title="Fine", chords=8, **changes):
    value = {"title": title, "chords": [{"color": "#00FF00"}] * chords}
    value.update(changes)
    return value


def doc(*entries, **root):
    value = {"version": 1, "chordsets": list(entries)}
    value.update(root)
    return json.dumps(value).encode()


DUPLICATE = "6F1C2A52-3B0E-4C5A-9E31-0D6A5B7C8E99"
NESTED = 100_000
# label -> (file content, what the message must say)
REFUSED = {
    "malformed": (b'{"version": 1, "chordsets": [', "is not valid JSON"),
    "not JSON at all": (b"Warm: #F6D14E #F5B04A\n", "is not valid JSON"),
    "empty": (b"", "is not valid JSON"),
    "invalid UTF-8": (doc(entry()).replace(b"Fine", b"Fi\xff\xfene"), "is not valid JSON"),
    "lone surrogate": (doc(entry()).replace(b"Fine", b"Fi\\ud800ne"), "is not valid JSON"),
    "deeply nested lists": (b'{"version": 1, "chordsets": [' + b"[" * NESTED + b"]" * NESTED + b"]}",
                            "is not valid JSON"),
    "deeply nested objects": (b'{"version": 1, "chordsets": [], "x": ' + b'{"a": ' * NESTED + b"1" + b"}" * NESTED + b"}",
                              "is not valid JSON"),
    "top level a list": (b"[]", "top level must be an object"),
    "no version": (json.dumps({"chordsets": []}).encode(), '"version" is missing'),
    "version 4": (doc(entry(), version=4), '"version" is 4'),
    "version as text": (doc(entry(), version="1"), '"version" is "1"'),
    "version true": (doc(entry(), version=True), '"version" is true'),
    "chordsets not a list": (json.dumps({"version": 1, "chordsets": {"a": 1}}).encode(), '"chordsets" must be a list'),
    "entry not an object": (doc(entry(), "Warm"), "chordsets[1] must be an object"),
    "no title": (doc(entry(), {"chords": [{"color": "#000000"}] * 8}), 'chordsets[1] has no "title"'),
    "title a number": (doc(entry(), entry(title=5)), 'chordsets[1]: "title" must be text'),
    "title null": (doc(entry(title=None)), 'chordsets[0]: "title" must be text'),
    "seven chords": (doc(entry(), entry("Short", chords=7)), "chordsets[1] (“Short”) has 7 chords; a chordset has exactly 8"),
    "nine chords": (doc(entry("Long", chords=9)), "chordsets[0] (“Long”) has 9 chords"),
    "no chords": (doc(entry(), {"title": "Empty"}), 'chordsets[1] (“Empty”) has no "chords"'),
    "chords not a list": (doc(entry(chords=0) | {"chords": "#000000"}), '"chords" must be a list'),
    "chord not an object": (doc(entry() | {"chords": ["#000000"] * 8}), 'chord 1 must be an object with a "color"'),
    "colour without #": (doc(entry() | {"chords": [{"color": "00FF00"}] * 8}), 'chord 1 has the colour "00FF00"'),
    "colour named": (doc(entry(), entry("Named") | {"chords": [{"color": "#000000"}] * 7 + [{"color": "red"}]}),
                     'chordsets[1] (“Named”): chord 8 has the colour "red"; use #RRGGBB or #RRGGBBAA'),
    "colour of five digits": (doc(entry() | {"chords": [{"color": "#12345"}] * 8}), 'has the colour "#12345"'),
    "colour a number": (doc(entry() | {"chords": [{"color": 255}] * 8}), "has the colour 255"),
    "colour not hex": (doc(entry() | {"chords": [{"color": "#GG0000"}] * 8}), 'has the colour "#GG0000"'),
    "createdAt as text": (doc(entry(createdAt="yesterday")), '"createdAt" must be a number'),
    "id not a UUID": (doc(entry(id="not-a-uuid")), '"id" "not-a-uuid" is not a UUID'),
    "id a number": (doc(entry(id=7)), '"id" 7 is not a UUID'),
    "title too long": (doc(entry(), entry("x" * 1_001)), "chordsets[1] (“xxxx"),
    "title only spaces": (doc(entry(" \t ")), "chordsets[0] (“ \\x09 ”) has an empty title"),
    "title only a NUL": (doc(entry("\u0000")), "has an empty title"),
    "duplicate ids": (doc(entry(id=DUPLICATE), entry("Twin", id=DUPLICATE)),
                      f"chordsets[1] (“Twin”): duplicate id {DUPLICATE}"),
}


class HostileTitles(unittest.TestCase):
    def test_a_fifty_megabyte_title_is_refused_and_never_stored(self):
        sandbox = Sandbox(self)
        path = sandbox.path("long-title.json")
        # Written in pieces: a 50 MB string in this process would raise the peak memory that
        # Linux reports for every imager started from it afterwards.
        with open(path, "wb") as f:
            f.write(b'{"version": 1, "chordsets": [{"title": "')
            for _ in range(50):
                f.write(b"y" * 1_000_000)
            f.write(b'", "chords": [' + b",".join([b'{"color": "#112233"}'] * 8) + b"]}]}")
        before = sandbox.list()
        result = sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn("has a title of 50000000 characters; a title has at most 1000", result.stderr)
        self.assertEqual(sandbox.list(), before)

    def test_titles_come_back_from_list_export_and_the_database_exactly(self):
        sandbox = Sandbox(self)
        entries = [chordset(title, i) for i, title in enumerate(HOSTILE_TITLES)]
        sandbox.ok("--import", sandbox.write_json("hostile.json", {"version": 1, "chordsets": entries}))
        expected = [sanitized(t) for t in HOSTILE_TITLES]
        # The oracle itself: what the README says must happen to a few of them.
        self.assertEqual(expected[4], "nulinside")
        self.assertEqual(expected[5], "line break tab  end")
        self.assertEqual(expected[3], "ctrl[31mred")
        self.assertEqual(expected[1], HOSTILE_TITLES[1])
        self.assertEqual(len(expected[-1]), 1_000)

        listed = sandbox.list()
        self.assertEqual([title for title, _ in listed[SEED_COUNT:]], expected)
        exported = sandbox.export()["chordsets"]
        self.assertEqual([c["title"] for c in exported[SEED_COUNT:]], expected)
        self.assertEqual([c["title"] for c in exported[:SEED_COUNT]], ["Warm", "Ocean", "Forest", "Sunset", "Pastel", "Night", "Starry Night", "Suns", "Fireflies"])
        state = inspect_database(sandbox.db, titles=True)
        state.assert_whole(self)
        self.assertEqual(state.titles[SEED_COUNT:], expected)

        # And round trip: the export imports to the same titles again.
        again = Sandbox(self)
        again.ok("--import", sandbox.write_json("exported.json", {"version": 1, "chordsets": exported[SEED_COUNT:]}))
        self.assertEqual([title for title, _ in again.list()[SEED_COUNT:]], expected)


class RefusedFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sandbox = Sandbox(cls)
        cls.sandbox.list()

    def assert_refused(self, path, *fragments, max_seconds=20):
        before = sha256(self.sandbox.db)
        result = self.sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn(f"imager: nothing imported: {path}: ", result.stderr)
        for fragment in fragments:
            self.assertIn(fragment, result.stderr)
        self.assertEqual(result.stdout, b"")
        self.assertLess(result.seconds, max_seconds)
        self.assertEqual(sha256(self.sandbox.db), before, "a refused import changed the store")
        self.assertFalse(os.path.exists(self.sandbox.db + "-wal"), "a refused import opened the store")
        return result

    def test_each_invalid_file_is_refused_whole_with_its_reason(self):
        for label, (content, fragment) in REFUSED.items():
            with self.subTest(label):
                path = self.sandbox.write_bytes(label.replace(" ", "-") + ".json", content)
                self.assert_refused(path, fragment)
        self.assertEqual(len(self.sandbox.list()), SEED_COUNT)

    def test_one_bad_entry_at_the_end_of_a_big_file_refuses_all_of_it(self):
        big = document(5000)
        big["chordsets"][4999]["chords"][3]["color"] = "#12345G"
        path = self.sandbox.write_json("big-bad-end.json", big)
        self.assert_refused(path, "chordsets[4999] (“chordset 4999”): chord 4 has the colour \"#12345G\"")
        self.assertEqual(len(self.sandbox.list()), SEED_COUNT)

    def test_a_file_over_the_limit_is_refused_quickly_without_reading_it(self):
        path = self.sandbox.path("huge.json")
        one = json.dumps(entry()).encode() + b","
        with open(path, "wb") as f:
            f.write(b'{"version": 2, "chordsets": [')
            for _ in range(10 * 1024 * 1024 // (len(one) * 1000) + 1):
                f.write(one * 1000)
            f.write(json.dumps(entry()).encode() + b"]}")
            # Sparse beyond the first 10 MB: the size is over 512 MiB, the disk barely used.
            f.truncate(520 * 1024 * 1024)
        self.assertGreater(os.path.getsize(path), 512 * 1024 * 1024)
        link = self.sandbox.path("link-to-huge.json")
        os.symlink(path, link)
        try:
            for candidate in (path, link):
                with self.subTest(candidate):
                    result = self.assert_refused(candidate, "MB; Imager reads files of up to 512 MiB", max_seconds=5)
                    # It never read the file: a run of imager takes about 30 MB on its own.
                    self.assertLess(result.max_rss_kb, 80 * 1024, f"peak memory {result.max_rss_kb} kB")
        finally:
            os.remove(path)

    def test_devices_and_pipes_are_refused_without_waiting(self):
        fifo = self.sandbox.path("pipe.json")
        os.mkfifo(fifo)
        for path in ("/dev/zero", "/dev/urandom", fifo):
            with self.subTest(path):
                self.assert_refused(path, "is not a regular file", max_seconds=5)


class BrokenSeed(unittest.TestCase):
    CASES = {
        "malformed": (b'{"version": 1, "chordsets": [', "is not valid JSON"),
        "seven chords": (doc(entry(), entry("Short", chords=7)), "chordsets[1] (“Short”) has 7 chords"),
        "version 4": (doc(entry(), version=4), '"version" is 4'),
    }

    def broken_seed_dir(self, sandbox, content):
        directory = sandbox.path("seed")
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, "seed.json"), "wb") as f:
            f.write(content)
        return directory

    def test_command_line_starts_empty_and_names_the_seed_file(self):
        for label, (content, fragment) in self.CASES.items():
            with self.subTest(label):
                sandbox = Sandbox(self)
                seed_dir = self.broken_seed_dir(sandbox, content)
                sandbox.env["IMAGER_DATA_DIR"] = seed_dir
                result = sandbox.ok("--list")
                self.assertEqual(result.stdout, b"")
                self.assertIn(os.path.join(seed_dir, "seed.json"), result.stderr)
                self.assertIn("starter chordsets could not be loaded", result.stderr)
                self.assertIn(fragment, result.stderr)
                state = inspect_database(sandbox.db)
                state.assert_whole(self)
                self.assertEqual(state.chordsets, 0)
                # Not marked as seeded: once the seed is fixed, the next start seeds.
                with open(SEED, "rb") as f:
                    self.broken_seed_dir(sandbox, f.read())
                self.assertEqual(len(sandbox.list()), SEED_COUNT)

    def test_window_starts_empty_and_names_the_seed_file(self):
        for label, (content, fragment) in self.CASES.items():
            with self.subTest(label):
                sandbox = Sandbox(self)
                seed = os.path.join(self.broken_seed_dir(sandbox, content), "seed.json")
                shell = StressShell(self, env=sandbox.env)
                shell.send(f"startup {sandbox.db} {seed}")
                self.assertEqual(len(shell.notices), 1, shell.notices)
                self.assertIn(seed, shell.notices[0])
                self.assertIn(fragment, shell.notices[0])
                self.assertIn("list starts empty", shell.notices[0])
                self.assertEqual(shell.state(), {"count": 0, "unsaved": 0, "saveError": "none"})
                shell.send("add 1 works")
                shell.send("save", expect="ok saved")

    def test_window_with_no_seed_file_starts_empty_and_says_where_it_looked(self):
        sandbox = Sandbox(self)
        missing = sandbox.path("nowhere/seed.json")
        shell = StressShell(self, env=sandbox.env)
        shell.send(f"startup {sandbox.db} {missing}")
        self.assertEqual(len(shell.notices), 1, shell.notices)
        self.assertIn(missing, shell.notices[0])
        self.assertIn("does not exist", shell.notices[0])
        self.assertEqual(shell.state()["count"], 0)


if __name__ == "__main__":
    unittest.main()
