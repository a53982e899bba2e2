"""What the command line says when it refuses something: plain English, the `imager:` prefix,
the exit status of its kind (2 for a wrong command, 1 for a refused file), and the command that
would do what was meant."""

import os
import subprocess
import unittest

from support import Sandbox, chordset
from test_command_line import empty_seed_dir

USAGE_HINT = "Try “imager --help”"


class CommandLineMessageTests(unittest.TestCase):
    def test_a_chordset_with_one_chord_is_refused_in_the_singular(self):
        sandbox = Sandbox(self)
        entry = chordset("Lonely", 1)
        entry["chords"] = entry["chords"][:1]
        path = sandbox.write_json("one-chord.json", {"version": 1, "chordsets": [entry]})
        result = sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn("has 1 chord;", result.stderr)
        self.assertNotIn("1 chords", result.stderr)

    def test_a_chordset_with_three_chords_is_refused_in_the_plural(self):
        sandbox = Sandbox(self)
        entry = chordset("Short", 2)
        entry["chords"] = entry["chords"][:3]
        path = sandbox.write_json("three-chords.json", {"version": 1, "chordsets": [entry]})
        result = sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn("has 3 chords;", result.stderr)

    def test_counts_of_one_are_singular_in_every_message(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        entry = chordset("Only", 3)
        sandbox.ok("--import", sandbox.write_json("one.json", {"version": 1, "chordsets": [entry]}))
        exported = sandbox.ok("--export", sandbox.path("out.json"))
        self.assertIn("Exported 1 chordset to", exported.stderr)
        refused = sandbox.run("--move", entry["id"], "3")
        self.assertEqual(refused.returncode, 1, refused)
        self.assertIn("there is 1 chordset, so the only index is 0", refused.stderr)
        self.assertNotIn("1 chordsets", exported.stderr + refused.stderr)

    def test_importing_a_photo_says_it_is_a_picture_and_suggests_from_image(self):
        sandbox = Sandbox(self)
        photo = sandbox.path("photo.jpg")
        subprocess.run(["convert", "-size", "16x16", "gradient:red-blue", photo], check=True)
        with open(photo, "rb") as f:
            self.assertEqual(f.read(3), b"\xff\xd8\xff", "ImageMagick did not write a JPEG")
        before = sandbox.export()
        result = sandbox.run("--import", photo)
        self.assertEqual(result.returncode, 1, result)
        self.assertTrue(result.stderr.startswith("imager: "), result)
        self.assertIn("is a JPEG picture", result.stderr)
        self.assertIn("imager --from-image", result.stderr)
        self.assertNotIn("JSON (", result.stderr)
        self.assertNotIn("0xFF", result.stderr)
        self.assertEqual(sandbox.export(), before, "a refused import changed the store")

    def test_a_png_under_a_json_name_is_still_called_a_picture(self):
        sandbox = Sandbox(self)
        path = sandbox.write_bytes("colours.json", b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
        result = sandbox.run("--import", path)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn("is a PNG picture", result.stderr)
        self.assertIn("--from-image", result.stderr)

    def test_an_unknown_option_is_a_usage_error_like_the_others(self):
        sandbox = Sandbox(self)
        for option in ["--frobnicate", "-x", "--frobnicate=3"]:
            with self.subTest(option=option):
                result = sandbox.run(option, timeout=30)
                self.assertEqual(result.returncode, 2, result)
                self.assertTrue(result.stderr.startswith("imager: "), result)
                self.assertIn(option.split("=")[0], result.stderr)
                self.assertIn(USAGE_HINT, result.stderr)
                self.assertEqual(result.stdout, b"")
        # The known usage errors keep the same shape, so the two can be compared.
        known = sandbox.run("--import")
        self.assertEqual(known.returncode, 2, known)
        self.assertIn(USAGE_HINT, known.stderr)

    def test_render_refuses_a_file_name_that_says_another_format(self):
        sandbox = Sandbox(self)
        identifier = sandbox.ok("--list", "--ids").text.split("\t", 1)[0]
        for name in ["x.jpg", "strip.jpeg", "picture", "strip.webp"]:
            with self.subTest(name=name):
                target = sandbox.path(name)
                result = sandbox.run("--render", identifier, target)
                self.assertEqual(result.returncode, 2, result)
                self.assertTrue(result.stderr.startswith("imager: "), result)
                self.assertIn(".png", result.stderr)
                self.assertIn(USAGE_HINT, result.stderr)
                self.assertFalse(os.path.exists(target), f"{name} was written")
        # What the extension says is written, whatever its case.
        target = sandbox.path("strip.PNG")
        sandbox.ok("--render", identifier, target)
        with open(target, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
