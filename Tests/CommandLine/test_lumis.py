"""JSON with lumis (version 2 and on) through the real binary: lumis import, export and come back bit for bit;
a bad lumi refuses the whole file with its zero-based path and the reason."""
import json
import os
import random
import struct
import unittest
from support import SEED_COUNT, Sandbox, chordset, sha256

SHAPES = ["circle", "square", "triangle", "star"]


def random_lumi(rng):
    return {"shape": rng.choice(SHAPES), "x": rng.random(), "y": rng.random(),
            "size": 1 - rng.random(),   # (0, 1]
            "rotation": rng.random() * 360 if rng.random() < 0.9 else 0.1 + 0.2,
            "color": "#%08X" % rng.getrandbits(32), "glow": rng.random()}


def document_with_lumis(count, seed=5):
    rng = random.Random(seed)
    entries = []
    for index in range(count):
        entry = chordset(f"lumis {index}", index)
        for chord in entry["chords"]:
            if rng.random() < 0.7:
                chord["lumis"] = [random_lumi(rng) for _ in range(rng.randint(1, 6))]
        entries.append(entry)
    return {"version": 2, "chordsets": entries}


def bits(value):
    return struct.pack("<d", value)


def colour(text):
    """#RRGGBBFF is #RRGGBB: an opaque colour is written with six digits."""
    text = text.upper()
    return text[:7] if len(text) == 9 and text.endswith("FF") else text


def lumi_key(lumi):
    """Every field, numbers as their 64 bits; rotation and glow default to 0."""
    return (lumi["shape"], bits(lumi["x"]), bits(lumi["y"]), bits(lumi["size"]),
            bits(float(lumi.get("rotation", 0))), colour(lumi["color"]), bits(float(lumi.get("glow", 0))))


def lumis_of(document):
    return [[[lumi_key(l) for l in chord.get("lumis", [])] for chord in entry["chords"]] for entry in document["chordsets"]]


class LumiFileTests(unittest.TestCase):
    def setUp(self):
        self.sandbox = Sandbox(self)
        self.sandbox.list()   # seeds

    def assert_refused(self, document, message):
        path = self.sandbox.write_json("bad.json", document)
        before = sha256(self.sandbox.db)
        result = self.sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertEqual(result.stderr, f"imager: nothing imported: {path}: {message}\n")
        self.assertEqual(sha256(self.sandbox.db), before, "a refused import changed the store")

    def test_export_then_import_keeps_every_lumi_bit_for_bit(self):
        original = document_with_lumis(40)
        self.sandbox.ok("--import", self.sandbox.write_json("lumis.json", original))
        exported = self.sandbox.export()
        self.assertEqual(exported["version"], 3)
        self.assertEqual(lumis_of({"chordsets": exported["chordsets"][SEED_COUNT:]}), lumis_of(original))
        self.assertTrue(all("id" not in l for e in exported["chordsets"] for c in e["chords"] for l in c.get("lumis", [])))
        # Into a fresh database and out again: the same text for the imported part.
        again = Sandbox(self)
        again.ok("--import", again.write_json("exported.json", {"version": 2, "chordsets": exported["chordsets"][SEED_COUNT:]}))
        self.assertEqual(lumis_of({"chordsets": again.export()["chordsets"][SEED_COUNT:]}), lumis_of(original))

    def test_the_starter_chordsets_include_some_with_lumis(self):
        exported = self.sandbox.export()["chordsets"]
        with_lumis = [e["title"] for e in exported if any(c.get("lumis") for c in e["chords"])]
        self.assertEqual(with_lumis, ["Starry Night", "Suns", "Fireflies"])

    def test_version_one_files_still_import(self):
        self.sandbox.ok("--import", self.sandbox.write_json("v1.json", {"version": 1, "chordsets": [chordset("old", 3)]}))
        self.assertEqual(self.sandbox.list()[-1][0], "old")

    def test_version_four_is_refused(self):
        self.assert_refused({"version": 4, "chordsets": []}, '"version" is 4; this Imager reads versions 1, 2 and 3')

    def with_bad_lumi(self, lumi):
        good = {"shape": "circle", "x": 0.5, "y": 0.5, "size": 0.5, "color": "#FFFFFF"}
        document = {"version": 2, "chordsets": [chordset(f"c{i}", i) for i in range(5)]}
        document["chordsets"][3]["chords"][5]["lumis"] = [good, good, lumi]
        return document

    def test_each_kind_of_bad_lumi_is_named_by_its_path(self):
        base = {"shape": "star", "x": 0.5, "y": 0.5, "size": 0.5, "color": "#FFE9A8CC"}
        cases = [
            ({"shape": "hexagon"}, 'shape "hexagon" is not one of circle, square, triangle, star'),
            ({"x": 1.5}, "x 1.5 is not between 0 and 1"),
            ({"y": -1}, "y -1 is not between 0 and 1"),
            ({"size": 0}, "size 0 is not greater than 0 and at most 1"),
            ({"size": 1.25}, "size 1.25 is not greater than 0 and at most 1"),
            ({"rotation": 360}, "rotation 360 is not from 0 to less than 360"),
            ({"glow": 1.01}, "glow 1.01 is not between 0 and 1"),
            ({"x": "left"}, 'x "left" is not a number'),
            ({"color": "#12345G"}, 'color "#12345G" is not a colour; use #RRGGBB or #RRGGBBAA'),
            ({"size": None}, "size null is not a number"),
        ]
        for change, message in cases:
            with self.subTest(change):
                self.assert_refused(self.with_bad_lumi({**base, **change}), f"chordsets[3].chords[5].lumis[2]: {message}")
        missing = dict(base)
        del missing["y"]
        self.assert_refused(self.with_bad_lumi(missing), 'chordsets[3].chords[5].lumis[2]: "y" is missing')
        self.assert_refused(self.with_bad_lumi("star"), "chordsets[3].chords[5].lumis[2]: must be an object")

    def test_more_than_thirty_two_lumis_in_a_chord_are_refused(self):
        document = {"version": 2, "chordsets": [chordset("crowded", 1)]}
        document["chordsets"][0]["chords"][7]["lumis"] = [{"shape": "star", "x": 0.5, "y": 0.5, "size": 0.1, "color": "#FFFFFF"}] * 33
        self.assert_refused(document, "chordsets[0].chords[7].lumis: has 33 lumis; a chord holds at most 32")


if __name__ == "__main__":
    unittest.main()
