"""Hardening item 6: export never replaces what it should not. A symbolic link is written
through (the link stays, its target gets the export); anything that is not a regular file is
refused and left as it was; a failed export leaves no temporary file behind."""

import json
import os
import stat
import unittest

from support import SEED_COUNT, Sandbox


class ExportTarget(unittest.TestCase):
    def test_a_symbolic_link_is_written_through_and_stays_a_link(self):
        sandbox = Sandbox(self)
        target = sandbox.path("real.json")
        with open(target, "w") as f:
            f.write("old")
        os.chmod(target, 0o640)
        link = sandbox.path("link.json")
        os.symlink("real.json", link)   # relative, as people make them
        sandbox.ok("--export", link)
        self.assertTrue(os.path.islink(link), "the link was replaced by a file")
        with open(target) as f:
            self.assertEqual(len(json.load(f)["chordsets"]), SEED_COUNT)
        self.assertEqual(stat.S_IMODE(os.stat(target).st_mode), 0o640, "the file's permissions changed")

    def test_a_dangling_link_creates_its_target(self):
        sandbox = Sandbox(self)
        link = sandbox.path("dangling.json")
        os.symlink(sandbox.path("made.json"), link)
        sandbox.ok("--export", link)
        self.assertTrue(os.path.islink(link))
        with open(sandbox.path("made.json")) as f:
            self.assertEqual(json.load(f)["version"], 2)

    def test_devices_folders_and_pipes_are_refused_and_left_alone(self):
        sandbox = Sandbox(self)
        fifo = sandbox.path("pipe")
        os.mkfifo(fifo)
        link_to_null = sandbox.path("null-link.json")
        os.symlink("/dev/null", link_to_null)
        for target in ("/dev/null", fifo, sandbox.path(""), link_to_null):
            with self.subTest(target=target):
                before = os.lstat(target)
                result = sandbox.run("--export", target)
                self.assertEqual(result.returncode, 1, result)
                self.assertIn("not a regular file" if target != sandbox.path("") else "is a folder", result.stderr)
                after = os.lstat(target)
                self.assertEqual((before.st_mode, before.st_ino, before.st_rdev), (after.st_mode, after.st_ino, after.st_rdev))
        self.assertTrue(stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null must still be a device")
        leftovers = [name for name in os.listdir(sandbox.path("")) if name.startswith(".")]
        self.assertEqual(leftovers, [])


if __name__ == "__main__":
    unittest.main()
