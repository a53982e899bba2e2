"""The basic command line: --list, --export, --import, --version, --help, exit codes."""

import json
import os
import unittest

from support import SEED_COUNT, Sandbox, document, seed_chordsets


class CommandLineTests(unittest.TestCase):
    def test_version_prints_the_version(self):
        result = Sandbox(self).ok("--version")
        self.assertRegex(result.text, r"^imager \d+\.\d+\.\d+\n$")

    def test_help_names_every_option_and_the_data_file(self):
        text = Sandbox(self).ok("--help").text
        for option in ("--list", "--export FILE", "--import FILE", "--version", "--help"):
            self.assertIn(option, text)
        self.assertIn("io.github.imagerproject.Imager/imager.sqlite", text)

    def test_first_list_seeds_the_starter_chordsets_one_line_each(self):
        sandbox = Sandbox(self)
        rows = sandbox.list()
        expected = [(c["title"], [chord["color"].upper() for chord in c["chords"]]) for c in seed_chordsets()]
        self.assertEqual(rows, expected)
        self.assertEqual(len(rows), SEED_COUNT)
        # Seeding happens once: a second run lists the same ones, not twice as many.
        self.assertEqual(sandbox.list(), expected)

    def test_list_line_is_title_tab_eight_colours(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        colours = ["#000000", "#FFFFFF", "#12345678", "#abcdef", "#ABCDEF80", "#0A0B0C", "#FF0000FF", "#00ff00"]
        sandbox.ok("--import", sandbox.write_json("one.json", {"version": 1, "chordsets": [
            {"title": "Mixed case", "chords": [{"color": c} for c in colours]}]}))
        line = sandbox.ok("--list").text
        # Upper case, and the alpha only when it is not opaque.
        self.assertEqual(line, "Mixed case\t#000000 #FFFFFF #12345678 #ABCDEF #ABCDEF80 #0A0B0C #FF0000 #00FF00\n")

    def test_export_then_import_gives_the_same_export_byte_for_byte(self):
        original = Sandbox(self, data_dir=empty_seed_dir(self))
        doc = document(25, prefix="Round trip")
        doc["chordsets"][3]["title"] = "Ünïcødé \"quoted\" \\ 🎨 مرحبا"
        doc["chordsets"][4]["chords"][7]["color"] = "#11223344"
        doc["chordsets"][5]["createdAt"] = 1517011139.25
        original.ok("--import", original.write_json("in.json", doc))
        exported = original.path("out.json")
        original.ok("--export", exported)
        with open(exported, "rb") as f:
            first = f.read()
        self.assertEqual(first, original.ok("--export", "-").stdout, "--export FILE and --export - differ")

        copy = Sandbox(self, data_dir=empty_seed_dir(self))
        result = copy.ok("--import", exported)
        self.assertIn(f"Imported 25 chordsets from {exported}", result.stderr)
        self.assertEqual(copy.ok("--export", "-").stdout, first)
        exported_doc = json.loads(first)
        self.assertEqual([c["title"] for c in exported_doc["chordsets"]], [c["title"] for c in doc["chordsets"]])
        self.assertEqual([c["id"] for c in exported_doc["chordsets"]], [c["id"] for c in doc["chordsets"]])
        self.assertEqual(exported_doc["chordsets"][5]["createdAt"], 1517011139.25)

    def test_importing_an_export_again_adds_copies_with_new_ids(self):
        sandbox = Sandbox(self)
        exported = sandbox.path("seed-export.json")
        sandbox.ok("--export", exported)
        sandbox.ok("--import", exported)
        chordsets = sandbox.export()["chordsets"]
        self.assertEqual(len(chordsets), 2 * SEED_COUNT)
        self.assertEqual(len({c["id"] for c in chordsets}), 2 * SEED_COUNT)
        self.assertEqual([c["title"] for c in chordsets[SEED_COUNT:]], [c["title"] for c in chordsets[:SEED_COUNT]])

    def test_errors_exit_non_zero_with_a_message(self):
        sandbox = Sandbox(self)
        cases = [
            (["--import"], "needs a FILE"),
            (["--export"], "needs a FILE"),
            (["--list", "extra"], "unexpected argument"),
            (["--import", sandbox.path("missing.json")], "does not exist"),
            (["--import", sandbox.root], "folder"),
            (["--export", sandbox.path("no/such/folder/out.json")], "cannot write"),
        ]
        for arguments, message in cases:
            with self.subTest(arguments=arguments):
                result = sandbox.run(*arguments)
                self.assertGreater(result.returncode, 0, result)
                self.assertIn(message, result.stderr)
                self.assertEqual(result.stdout, b"")

    def test_unknown_option_exits_non_zero_and_names_it(self):
        # Not one of ours, so it reaches the window's option parser; without a display it must
        # still refuse the option by name rather than start, hang or exit 0.
        result = Sandbox(self).run("--frobnicate", timeout=30)
        self.assertGreater(result.returncode, 0, result)
        self.assertIn("frobnicate", result.stderr)


def empty_seed_dir(test):
    """An IMAGER_DATA_DIR whose seed has no chordsets, so a new store starts empty."""
    sandbox = Sandbox(test)
    directory = sandbox.path("seed")
    os.makedirs(directory)
    with open(os.path.join(directory, "seed.json"), "w") as f:
        json.dump({"version": 1, "chordsets": []}, f)
    return directory


if __name__ == "__main__":
    unittest.main()
