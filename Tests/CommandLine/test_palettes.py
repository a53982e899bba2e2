"""Palettes through the real binary: --export-palette ID FILE in each format (parsed back:
the GIMP palette by its grammar, the SVG with an XML parser, the CSS by its declarations),
and --import of .gpl files, GIMP's own sample palettes among them."""

import os
import re
import unittest
import xml.etree.ElementTree as ElementTree

from support import REPO, Sandbox
from test_command_line import empty_seed_dir

FIXTURES = os.path.join(REPO, "Tests", "Fixtures", "Palettes")
COLOURS = ["#F6D14E", "#000000", "#FFFFFF", "#0963C7", "#12345680", "#010203", "#804020", "#7E4B73"]
GPL_COLOUR = re.compile(r"^ *(\d{1,3}) +(\d{1,3}) +(\d{1,3})\t(.*)$")
SVG = "{http://www.w3.org/2000/svg}"


def rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


class PaletteTests(unittest.TestCase):
    def sandbox_with(self, title, colours=COLOURS):
        """An empty store holding one chordset; returns the sandbox and the chordset's id."""
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        sandbox.ok("--import", sandbox.write_json("one.json", {"version": 1, "chordsets": [
            {"title": title, "chords": [{"color": c} for c in colours]}]}))
        return sandbox, sandbox.export()["chordsets"][0]["id"]

    # MARK: --export-palette

    def test_help_names_the_palette_options(self):
        text = Sandbox(self).ok("--help").text
        self.assertIn("--export-palette ID FILE", text)
        self.assertIn(".gpl", text)

    def test_export_palette_gpl_follows_gimps_grammar(self):
        sandbox, chordset_id = self.sandbox_with("Warm")
        target = sandbox.path("warm.gpl")
        result = sandbox.ok("--export-palette", chordset_id.lower(), target)
        self.assertIn(f"Exported “Warm” to {target}", result.stderr)
        with open(target, encoding="utf-8") as f:
            lines = f.read().split("\n")
        self.assertEqual(lines[:3], ["GIMP Palette", "Name: Warm", "Columns: 8"])
        self.assertTrue(lines[3].startswith("#"))
        self.assertEqual(lines[-1], "")
        body = lines[4:-1]
        self.assertEqual(len(body), 8)
        for number, (line, colour) in enumerate(zip(body, COLOURS), start=1):
            match = GPL_COLOUR.match(line)
            self.assertIsNotNone(match, line)
            self.assertEqual(tuple(int(match.group(i)) for i in (1, 2, 3)), rgb(colour))
            self.assertEqual(match.group(4), str(number))
        self.assertIn("chord 5", lines[3], "the comment says which chord lost its alpha")

    def test_export_palette_css_declares_one_property_per_chord(self):
        sandbox, chordset_id = self.sandbox_with("Été 2024: Warm & Cosy")
        text = sandbox.ok("--export-palette", chordset_id, "-", "--format", "css").text
        block = re.search(r":root \{\n(.*?)\n\}\n$", text, re.S)
        self.assertIsNotNone(block, text)
        declarations = block.group(1).split("\n")
        self.assertEqual(len(declarations), 8)
        for number, (declaration, colour) in enumerate(zip(declarations, COLOURS), start=1):
            self.assertEqual(declaration, f"  --ete-2024-warm-cosy-{number}: {colour};")

    def test_export_palette_svg_is_valid_xml_with_eight_rects(self):
        title = "Fish & <Chips> \"quoted\""
        sandbox, chordset_id = self.sandbox_with(title)
        target = sandbox.path("Strip.SVG")
        sandbox.ok("--export-palette", chordset_id, target)
        root = ElementTree.parse(target).getroot()
        self.assertEqual(root.tag, SVG + "svg")
        self.assertEqual((root.get("width"), root.get("height"), root.get("viewBox")), ("512", "64", "0 0 512 64"))
        self.assertEqual(root.find(SVG + "title").text, title)
        rects = root.findall(SVG + "rect")
        self.assertEqual(len(rects), 8)
        for rect, colour in zip(rects, COLOURS):
            self.assertEqual(rect.get("fill"), colour[:7])
            alpha = int(colour[7:9], 16) if len(colour) == 9 else 255
            self.assertEqual(round(float(rect.get("fill-opacity", "1")) * 255), alpha)

    def test_export_palette_stdout_and_file_give_the_same_bytes(self):
        sandbox, chordset_id = self.sandbox_with("Same")
        for fmt in ("gpl", "css", "svg"):
            with self.subTest(fmt=fmt):
                target = sandbox.path(f"same.{fmt}")
                sandbox.ok("--export-palette", chordset_id, target)
                with open(target, "rb") as f:
                    self.assertEqual(f.read(), sandbox.ok("--export-palette", chordset_id, "-", f"--format={fmt}").stdout)

    def test_export_palette_errors_name_the_problem(self):
        sandbox, chordset_id = self.sandbox_with("Warm")
        cases = [
            (["--export-palette"], 2, "needs a chordset ID and a FILE"),
            (["--export-palette", chordset_id], 2, "needs a chordset ID and a FILE"),
            (["--export-palette", "not-a-uuid", "x.gpl"], 2, "is not a chordset id"),
            (["--export-palette", chordset_id, sandbox.path("x.txt")], 2, ".gpl, .css or .svg"),
            (["--export-palette", chordset_id, "-"], 2, "add --format gpl, css or svg"),
            (["--export-palette", chordset_id, "-", "--format", "png"], 2, "unknown palette format"),
            (["--export-palette", chordset_id, "x.gpl", "extra"], 2, "unexpected argument"),
            (["--export-palette", "00000000-0000-0000-0000-000000000000", sandbox.path("x.gpl")], 1, "no chordset has the id"),
            (["--export-palette", chordset_id, sandbox.path("no/such/folder/x.gpl")], 1, "cannot write"),
        ]
        for arguments, status, message in cases:
            with self.subTest(arguments=arguments):
                result = sandbox.run(*arguments)
                self.assertEqual(result.returncode, status, result)
                self.assertIn(message, result.stderr)
                self.assertEqual(result.stdout, b"")
        self.assertFalse(os.path.exists(sandbox.path("x.gpl")))

    # MARK: --import of .gpl

    def test_import_gimps_sample_palettes(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        expected = {"Default.gpl": (3, "Default", 23, 1), "Bears.gpl": (2, "Bears", 11, 5), "Web.gpl": (2, "Web", 16, 0)}
        for name, (count, title, colours, padded) in expected.items():
            with self.subTest(name=name):
                path = os.path.join(FIXTURES, name)
                result = sandbox.ok("--import", path)
                message = f"Imported {count} chordsets from {path} (a palette of {colours} colours"
                self.assertIn(message, result.stderr)
                self.assertEqual("padded with" in result.stderr, padded > 0, result.stderr)
        titles = [title for title, _ in sandbox.list()]
        self.assertEqual(titles, ["Default 1", "Default 2", "Default 3", "Bears 1", "Bears 2", "Web 1", "Web 2"])
        default = dict(sandbox.list())
        self.assertEqual(default["Default 3"], ["#666666", "#7F7F7F", "#999999", "#B2B2B2", "#CCCCCC", "#E5E5E5", "#FFFFFF", "#FFFFFF"])

    def test_gpl_out_and_in_gives_the_same_colours(self):
        opaque = [c[:7] for c in COLOURS]
        sandbox, chordset_id = self.sandbox_with("Round Trip", opaque)
        target = sandbox.path("round.gpl")
        sandbox.ok("--export-palette", chordset_id, target)
        result = sandbox.ok("--import", target)
        self.assertIn("Imported 1 chordset from", result.stderr)
        self.assertNotIn("padded", result.stderr)
        self.assertEqual(sandbox.list(), [("Round Trip", opaque), ("Round Trip", opaque)])

    def test_a_short_palette_is_padded_and_the_notice_says_so(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        path = sandbox.write_bytes("Three.GPL", b"GIMP Palette\n1 2 3\n4 5 6\n7 8 9\n")
        result = sandbox.ok("--import", path)
        self.assertIn("(a palette of 3 colours; the chordset was padded with 5 copies of its final colour)", result.stderr)
        self.assertEqual(sandbox.list(), [("Three", ["#010203", "#040506"] + ["#070809"] * 6)])

    def test_a_bad_line_refuses_the_whole_palette_naming_file_and_line(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        lines = ["GIMP Palette", "Name: Broken", "#"] + [f"{i} {i} {i}" for i in range(20)] + ["1 2 300"]
        path = sandbox.write_bytes("broken.gpl", ("\n".join(lines) + "\n").encode())
        result = sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn(f"nothing imported: {path}: line 24: the blue value 300 is outside 0 to 255", result.stderr)
        self.assertEqual(sandbox.list(), [])

    def test_a_json_file_named_gpl_is_read_as_a_palette_and_refused(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        path = sandbox.write_json("chordsets.gpl", {"version": 1, "chordsets": []})
        result = sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn("line 1: is not a GIMP palette", result.stderr)


if __name__ == "__main__":
    unittest.main()
