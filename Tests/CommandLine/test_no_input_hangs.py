"""No path given on the command line can hang imager: a pipe or a device where a file is
expected is refused at once with a reason, while a link the user made to a real file is
read as that file."""

import os
import unittest

from support import Sandbox
from test_command_line import empty_seed_dir
from test_from_image import stripes_png


class NoInputHangsTests(unittest.TestCase):
    def setUp(self):
        self.sandbox = Sandbox(self, data_dir=empty_seed_dir(self))

    def assert_refused(self, *args, reason):
        result = self.sandbox.run(*args, timeout=20)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn(reason, result.stderr)
        self.assertLess(result.seconds, 5)
        self.assertEqual(self.sandbox.list(), [], "a refused file added something")

    def test_from_image_refuses_pipes_and_devices_without_waiting(self):
        fifo = self.sandbox.path("picture.png")
        os.mkfifo(fifo)
        link_to_fifo = self.sandbox.path("link.png")
        os.symlink(fifo, link_to_fifo)
        for path in (fifo, link_to_fifo, "/dev/zero", "/dev/null"):
            with self.subTest(path):
                self.assert_refused("--from-image", path, reason="is not a regular file")

    def test_from_image_refuses_a_folder(self):
        self.assert_refused("--from-image", self.sandbox.path(""), reason="is a folder")

    def test_import_refuses_pipes_behind_links(self):
        fifo = self.sandbox.path("pipe.gpl")
        os.mkfifo(fifo)
        link = self.sandbox.path("link.json")
        os.symlink(fifo, link)
        for path in (fifo, link):
            with self.subTest(path):
                self.assert_refused("--import", path, reason="is not a regular file")

    def test_a_link_the_user_made_to_a_picture_is_read(self):
        path = self.sandbox.write_bytes("Stripes.png", stripes_png())
        link = self.sandbox.path("Linked Stripes.png")
        os.symlink(path, link)
        result = self.sandbox.ok("--from-image", link, timeout=30)
        self.assertTrue(result.text.startswith("Linked Stripes\t"), result.text)
        self.assertEqual(len(self.sandbox.list()), 1)


if __name__ == "__main__":
    unittest.main()
