"""Export never replaces what it should not. A symbolic link is written
through (the link stays, its target gets the export); anything that is not a regular file is
refused and left as it was; a failed export leaves no temporary file behind. In a shared
folder with the sticky bit (/tmp), a link another user made is refused, as the kernel's
protected_symlinks would refuse it: following it would let that user choose which file of
ours the export replaces."""

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
            self.assertEqual(json.load(f)["version"], 3)

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


    def shared_sticky_folder(self, sandbox, owner=0):
        folder = sandbox.path("shared")
        os.mkdir(folder)
        os.chown(folder, owner, owner)
        os.chmod(folder, 0o1777)
        return folder

    @unittest.skipUnless(os.geteuid() == 0, "making a link owned by another user needs root")
    def test_a_link_another_user_planted_in_a_sticky_folder_is_refused(self):
        sandbox = Sandbox(self)
        shared = self.shared_sticky_folder(sandbox)
        victim = sandbox.path("roots-own.conf")
        with open(victim, "w") as f:
            f.write("root's own file")
        for name, destination in (("export.json", victim), ("dangling.json", sandbox.path("made-by-link.json"))):
            with self.subTest(link=name):
                link = os.path.join(shared, name)
                os.symlink(destination, link)
                os.lchown(link, NOBODY, NOBODY)
                result = sandbox.run("--export", link)
                self.assertEqual(result.returncode, 1, result)
                self.assertIn("another user", result.stderr)
                self.assertTrue(os.path.islink(link), "the planted link was replaced")
        with open(victim) as f:
            self.assertEqual(f.read(), "root's own file", "the export replaced the file the link points at")
        self.assertFalse(os.path.exists(sandbox.path("made-by-link.json")), "the export created the link's target")
        self.assertEqual([n for n in os.listdir(shared) if n.startswith(".")], [], "a temporary file was left behind")

    @unittest.skipUnless(os.geteuid() == 0, "making a link owned by another user needs root")
    def test_in_a_sticky_folder_ones_own_link_and_the_folder_owners_link_are_followed(self):
        # protected_symlinks follows a link the follower owns, or one owned by the folder's owner.
        sandbox = Sandbox(self)
        for folder_owner, link_owner in ((0, 0), (NOBODY, NOBODY)):
            with self.subTest(folder_owner=folder_owner, link_owner=link_owner):
                shared = self.shared_sticky_folder(sandbox, owner=folder_owner)
                target = sandbox.path("real.json")
                os.symlink(target, os.path.join(shared, "link.json"))
                os.lchown(os.path.join(shared, "link.json"), link_owner, link_owner)
                sandbox.ok("--export", os.path.join(shared, "link.json"))
                with open(target) as f:
                    self.assertEqual(len(json.load(f)["chordsets"]), SEED_COUNT)
                os.unlink(os.path.join(shared, "link.json"))
                os.rmdir(shared)
                os.unlink(target)


NOBODY = 65534


if __name__ == "__main__":
    unittest.main()
